"""The text of an uploaded document, and its chunks.

Plain text and Markdown are read as UTF-8; HTML through the standard library's parser
(scripts, styles and other non-content elements dropped, block elements ending paragraphs);
PDF through pypdf (each page's text); DOCX through python-docx (paragraphs, then tables).
A document that cannot be read raises DocumentError (the document fails with its code).

Chunks: paragraphs (blank-line separated; a Markdown heading also starts one) packed into
chunks of at most ``size`` characters, a Markdown heading starting a new chunk; a paragraph longer than that is cut at word
boundaries; each chunk after the first of a run of cuts repeats the last ``overlap``
characters of the one before, so that a sentence cut in two is whole in one of them.
"""
from __future__ import annotations

import html.parser
import io
import re


class DocumentError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def extract(content_type: str, data: bytes) -> str:
    if content_type in ("text/plain", "text/markdown"):
        return _utf8(data)
    if content_type == "text/html":
        return _html(_utf8(data))
    if content_type == "application/pdf":
        return _pdf(data)
    return _docx(data)


def _utf8(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentError("document_unreadable", "the document is not UTF-8 text") from None


_SKIP = {"script", "style", "noscript", "template", "head", "svg"}
_BLOCK = {"p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr",
          "table", "section", "article", "header", "footer", "pre", "blockquote", "hr"}


class _Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in _SKIP:
            self.skipping += 1
        elif tag in _BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag):
        if tag in _SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def _html(text: str) -> str:
    parser = _Text()
    parser.feed(text)
    parser.close()
    joined = "".join(parser.parts)
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", joined)]
    return "\n\n".join(p for p in paragraphs if p)


def _pdf(data: bytes) -> str:
    import pypdf

    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise DocumentError("document_unreadable", "the PDF is encrypted")
        return "\n\n".join((page.extract_text() or "").strip() for page in reader.pages)
    except DocumentError:
        raise
    except Exception as exc:  # pypdf raises many kinds for a damaged file
        raise DocumentError("document_unreadable", f"the PDF cannot be read: {exc}") from None


def _docx(data: bytes) -> str:
    import docx

    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:
        raise DocumentError("document_unreadable", f"the DOCX cannot be read: {exc}") from None
    parts = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            parts.append(" | ".join(cell.text for cell in row.cells))
    return "\n\n".join(p for p in parts if p.strip())


_HEADING = re.compile(r"^#{1,6}\s", re.M)


def paragraphs(text: str) -> list[str]:
    text = _HEADING.sub(lambda m: "\n\n" + m.group(0), text.replace("\r\n", "\n"))
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def _cut(paragraph: str, size: int, overlap: int) -> list[str]:
    pieces, start = [], 0
    while start < len(paragraph):
        end = min(len(paragraph), start + size)
        if end < len(paragraph):
            space = paragraph.rfind(" ", start + size // 2, end)
            end = space if space > start else end
        pieces.append(paragraph[start:end].strip())
        if end >= len(paragraph):
            break
        back = paragraph.rfind(" ", end - overlap, end) if overlap else -1
        start = back + 1 if overlap and back > start else (end - overlap if overlap else end)
    return [p for p in pieces if p]


def chunk(text: str, *, size: int, overlap: int) -> list[str]:
    chunks: list[str] = []
    current = ""
    for paragraph in paragraphs(text):
        if current and paragraph.startswith("#") and _HEADING.match(paragraph):
            chunks.append(current)  # a Markdown heading starts a chunk of its own
            current = ""
        if len(paragraph) > size:
            if current:
                chunks.append(current)
                current = ""
            chunks.extend(_cut(paragraph, size, overlap))
            continue
        if current and len(current) + 2 + len(paragraph) > size:
            chunks.append(current)
            current = ""
        current = f"{current}\n\n{paragraph}" if current else paragraph
    if current:
        chunks.append(current)
    return chunks
