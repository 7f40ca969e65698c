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
    from ..models.run_started_data import RunStartedData


T = TypeVar("T", bound="RunStartedEvent")


@_attrs_define
class RunStartedEvent:
    """One `run.started` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["run.started"]
    """ The kind (the `event:` line). """
    data: RunStartedData
    """ Data of `run.started`: the turn began executing. Fields may be added later: clients ignore what they do not
    know. """

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
        from ..models.run_started_data import RunStartedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["run.started"], d.pop("event"))
        if event != "run.started":
            raise ValueError(f"event must match const 'run.started', got '{event}'")

        data = RunStartedData.from_dict(d.pop("data"))

        run_started_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return run_started_event
