from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from .. import types
from ..models.kb_content_type import KbContentType
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="KbDocumentUpload")


@_attrs_define
class KbDocumentUpload:
    file: File
    """ The document's bytes (at most 4 MiB). """
    name: str | Unset = UNSET
    """ The document's name (default: the file's name). """
    content_type: KbContentType | Unset = UNSET
    """ A document's type (plain text, Markdown, HTML, PDF or DOCX). """

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        name = self.name

        content_type: str | Unset = UNSET
        if not isinstance(self.content_type, Unset):
            content_type = self.content_type.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "file": file,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if content_type is not UNSET:
            field_dict["content_type"] = content_type

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.name, Unset):
            files.append(("name", (None, str(self.name).encode(), "text/plain")))

        if not isinstance(self.content_type, Unset):
            files.append(
                (
                    "content_type",
                    (None, str(self.content_type.value).encode(), "text/plain"),
                )
            )

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        name = d.pop("name", UNSET)

        _content_type = d.pop("content_type", UNSET)
        content_type: KbContentType | Unset
        if isinstance(_content_type, Unset):
            content_type = UNSET
        else:
            content_type = KbContentType(_content_type)

        kb_document_upload = cls(
            file=file,
            name=name,
            content_type=content_type,
        )

        return kb_document_upload
