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
    from ..models.run_completed_data import RunCompletedData


T = TypeVar("T", bound="RunCompletedEvent")


@_attrs_define
class RunCompletedEvent:
    """One `run.completed` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["run.completed"]
    """ The kind (the `event:` line). """
    data: RunCompletedData
    """ Data of `run.completed` (final): the turn succeeded. Fields may be added later: clients ignore what they do
    not know. """

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
        from ..models.run_completed_data import RunCompletedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["run.completed"], d.pop("event"))
        if event != "run.completed":
            raise ValueError(f"event must match const 'run.completed', got '{event}'")

        data = RunCompletedData.from_dict(d.pop("data"))

        run_completed_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return run_completed_event
