"""Prompt block references in agent instructions: `{{block:NAME}}` (pure, no I/O).

NAME is 1-64 letters, digits, `_` or `-`. Spaces inside the braces are allowed
(`{{ block:tone }}`). A block's own text is inserted as is: references inside a block are
not expanded (blocks do not nest).
"""
from __future__ import annotations

import re

NAME = r"[A-Za-z0-9_-]{1,64}"
NAME_PATTERN = re.compile(rf"^{NAME}$")
REFERENCE = re.compile(r"\{\{\s*block:(" + NAME + r")\s*\}\}")


def references(text: str | None) -> list[str]:
    """The block names text references, in order of first use, each once."""
    return [*dict.fromkeys(REFERENCE.findall(text or ""))]


def render(text: str | None, blocks: dict[str, str]) -> str | None:
    """text with every reference replaced by its block's text (all must be in blocks)."""
    if text is None:
        return None
    return REFERENCE.sub(lambda m: blocks[m.group(1)], text)
