"""The documentation site builds with MkDocs in strict mode: README.md as its home page and
every page of docs/, no broken link, #anchor or unlisted file (mkdocs.yml, docs_site.py)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.docs_blocks import ROOT


def test_the_site_builds_in_strict_mode(tmp_path):
    if os.environ.get("AGENT_PLATFORM_TEST_DATABASE_URL", "").startswith("postgres"):
        pytest.skip("the site does not depend on the database: built on the SQLite pass")
    pytest.importorskip("mkdocs", reason="pip install -e '.[dev]' brings MkDocs")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    home = (tmp_path / "site" / "index.html").read_text()
    assert "Five-minute tutorial" in home and 'href="settings.html"' in home
    pages = {p.stem for p in (ROOT / "docs").glob("*.md")}
    assert pages <= {p.stem for p in (tmp_path / "site").glob("*.html")}
