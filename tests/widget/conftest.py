"""The widget room's fixtures: one headless Chromium per module (the system browser), a
browser context per test, the app served on a free port (tests/widget/pages.py)."""
from tests.widget.pages import browser, context, served  # noqa: F401 (fixtures of the room)
