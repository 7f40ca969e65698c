from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.kb_document_status import KbDocumentStatus

if TYPE_CHECKING:
    from ..models.error_detail import ErrorDetail
    from ..models.kb_document_progress import KbDocumentProgress


T = TypeVar("T", bound="KbDocument")


@_attrs_define
class KbDocument:
    id: UUID
    """ The document's id. """
    knowledge_base_id: UUID
    """ Its knowledge base. """
    name: str
    """ Its name. """
    content_type: str
    """ Its type. """
    size_bytes: int
    """ Its size as uploaded. """
    status: KbDocumentStatus
    """ `queued` (uploaded), `processing` (being cut and embedded), `ready` (searched), `failed` (with `error`). """
    current: bool
    """ Whether searches see it (false until ready, and for a replaced document). """
    error: ErrorDetail | None
    """ Why it failed (`document_unreadable`, `document_empty`, `document_too_large`, `embedding_failed`,
    `spend_cap_reached`, ...); null otherwise. """
    progress: KbDocumentProgress
    """ How far processing got. """
    created_at: datetime.datetime
    """ When it was uploaded. """
    updated_at: datetime.datetime
    """ When its status last changed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail

        id = str(self.id)

        knowledge_base_id = str(self.knowledge_base_id)

        name = self.name

        content_type = self.content_type

        size_bytes = self.size_bytes

        status = self.status.value

        current = self.current

        error: dict[str, Any] | None
        if isinstance(self.error, ErrorDetail):
            error = self.error.to_dict()
        else:
            error = self.error

        progress = self.progress.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "knowledge_base_id": knowledge_base_id,
                "name": name,
                "content_type": content_type,
                "size_bytes": size_bytes,
                "status": status,
                "current": current,
                "error": error,
                "progress": progress,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_detail import ErrorDetail
        from ..models.kb_document_progress import KbDocumentProgress

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        knowledge_base_id = UUID(d.pop("knowledge_base_id"))

        name = d.pop("name")

        content_type = d.pop("content_type")

        size_bytes = d.pop("size_bytes")

        status = KbDocumentStatus(d.pop("status"))

        current = d.pop("current")

        def _parse_error(data: object) -> ErrorDetail | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ErrorDetail.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorDetail | None, data)

        error = _parse_error(d.pop("error"))

        progress = KbDocumentProgress.from_dict(d.pop("progress"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        kb_document = cls(
            id=id,
            knowledge_base_id=knowledge_base_id,
            name=name,
            content_type=content_type,
            size_bytes=size_bytes,
            status=status,
            current=current,
            error=error,
            progress=progress,
            created_at=created_at,
            updated_at=updated_at,
        )

        return kb_document
