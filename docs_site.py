"""MkDocs hooks of the documentation site: README.md becomes the home page (index.md), links
between README.md and docs/ are rewritten to the site's layout, and links to other files of
the repository (outside docs/, not part of the site) become their path in plain text
(tests/test_docs_links.py checks that they resolve)."""
from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def on_files(files, config):
    files.append(File.generated(config, "index.md", content=(ROOT / "README.md").read_text()))
    return files


def _site_link(match: re.Match, *, home: bool) -> str:
    label, target = match.groups()
    if re.match(r"[a-z]+:|#", target):
        return match.group(0)
    if home:
        if target.startswith("docs/"):
            return f"[{label}]({target.removeprefix('docs/')})"
        path = target
    else:
        if target.startswith("../README.md"):
            return f"[{label}]({target.replace('../README.md', 'index.md', 1)})"
        if not target.startswith("../"):
            return match.group(0)
        path = target.removeprefix("../")
    return label if label == f"`{path}`" else f"{label} (`{path}`)"


def on_page_markdown(markdown, page, config, files):
    home = page.file.src_uri == "index.md"
    return LINK.sub(lambda m: _site_link(m, home=home), markdown)
