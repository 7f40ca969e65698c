"""The documentation holds together: README links every page of docs/, every relative link of
README.md and docs/*.md names a file that exists (and a heading that exists, for #anchors), and
what README says about the install matches pyproject.toml."""
from __future__ import annotations

import re
import tomllib

from tests.docs_blocks import ROOT, documents

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(), flags=re.M | re.S)
    return {slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def test_every_relative_link_resolves():
    broken = []
    for doc in documents():
        for target in LINK.findall(doc.read_text()):
            if re.match(r"[a-z]+:", target):
                continue  # http(s), mailto: not checked here
            file_part, _, anchor = target.partition("#")
            path = (doc.parent / file_part).resolve() if file_part else doc
            if not path.exists():
                broken.append(f"{doc.name}: {target} (no such file)")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(f"{doc.name}: {target} (no such heading)")
    assert broken == []


def test_readme_links_every_page_of_docs():
    readme = (ROOT / "README.md").read_text()
    linked = {t.split("#")[0] for t in LINK.findall(readme)}
    pages = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert pages - linked == set()


def test_readme_states_the_python_the_package_requires():
    required = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    version = required.removeprefix(">=")
    assert f"Python {version} or newer" in (ROOT / "README.md").read_text()
