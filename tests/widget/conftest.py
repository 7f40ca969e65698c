"""The widget room's fixtures: one headless Chromium per module (the system browser), a
browser context per test, the app served on a free port, the model server of a module with
nothing left queued from an earlier test (tests/widget/pages.py)."""
from tests.widget.pages import (  # noqa: F401 (fixtures of the room)
    browser, context, fresh_model, model, served)
