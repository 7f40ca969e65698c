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
    from ..models.approval_requested_data import ApprovalRequestedData


T = TypeVar("T", bound="ApprovalRequestedEvent")


@_attrs_define
class ApprovalRequestedEvent:
    """One `approval.requested` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["approval.requested"]
    """ The kind (the `event:` line). """
    data: ApprovalRequestedData
    """ Data of `approval.requested`: the run paused; this call waits for a person's decision (POST
    /v1/runs/{id}/approvals). Fields may be added later: clients ignore what they do not know. """

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
        from ..models.approval_requested_data import ApprovalRequestedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["approval.requested"], d.pop("event"))
        if event != "approval.requested":
            raise ValueError(
                f"event must match const 'approval.requested', got '{event}'"
            )

        data = ApprovalRequestedData.from_dict(d.pop("data"))

        approval_requested_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return approval_requested_event
