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
    from ..models.run_cancelled_data import RunCancelledData


T = TypeVar("T", bound="RunCancelledEvent")


@_attrs_define
class RunCancelledEvent:
    """One `run.cancelled` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["run.cancelled"]
    """ The kind (the `event:` line). """
    data: RunCancelledData
    """ Data of `run.cancelled` (final): the turn was cancelled (DELETE /v1/chat/stream, or a message sent with
    `multitask_strategy: interrupt`). Fields may be added later: clients ignore what they do not know. """

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
        from ..models.run_cancelled_data import RunCancelledData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["run.cancelled"], d.pop("event"))
        if event != "run.cancelled":
            raise ValueError(f"event must match const 'run.cancelled', got '{event}'")

        data = RunCancelledData.from_dict(d.pop("data"))

        run_cancelled_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return run_cancelled_event
