"""MkDocs hooks of the documentation site: README.md becomes the home page (index.md), and
links between README.md and docs/ are rewritten to the site's layout."""
from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent


def on_files(files, config):
    files.append(File.generated(config, "index.md", content=(ROOT / "README.md").read_text()))
    return files


def on_page_markdown(markdown, page, config, files):
    if page.file.src_uri == "index.md":
        return re.sub(r"\]\(docs/", "](", markdown)
    return re.sub(r"\]\(\.\./README\.md", "](index.md", markdown)
