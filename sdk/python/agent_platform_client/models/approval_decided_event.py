from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approval_decided_data import ApprovalDecidedData


T = TypeVar("T", bound="ApprovalDecidedEvent")


@_attrs_define
class ApprovalDecidedEvent:
    """One `approval.decided` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["approval.decided"]
    """ The kind (the `event:` line). """
    data: ApprovalDecidedData
    """ Data of `approval.decided`: a waiting call was approved or denied (by a person or the timeout). Fields may
    be added later: clients ignore what they do not know. """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval_decided_data import ApprovalDecidedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["approval.decided"], d.pop("event"))
        if event != "approval.decided":
            raise ValueError(
                f"event must match const 'approval.decided', got '{event}'"
            )

        data = ApprovalDecidedData.from_dict(d.pop("data"))

        approval_decided_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return approval_decided_event
