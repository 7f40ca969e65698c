from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HookAccepted")


@_attrs_define
class HookAccepted:
    run_id: UUID
    """ The run started: a workflow run (GET /v1/workflow-runs/{id}) or a network's chat turn (GET /v1/runs/{id}).
    """
    trigger_id: UUID
    """ The trigger. """
    duplicate: bool
    """ The delivery id was seen before; nothing new started. """
    thread_id: UUID | Unset = UNSET
    """ A network trigger's thread. """

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        trigger_id = str(self.trigger_id)

        duplicate = self.duplicate

        thread_id: str | Unset = UNSET
        if not isinstance(self.thread_id, Unset):
            thread_id = str(self.thread_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "trigger_id": trigger_id,
                "duplicate": duplicate,
            }
        )
        if thread_id is not UNSET:
            field_dict["thread_id"] = thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        trigger_id = UUID(d.pop("trigger_id"))

        duplicate = d.pop("duplicate")

        _thread_id = d.pop("thread_id", UNSET)
        thread_id: UUID | Unset
        if isinstance(_thread_id, Unset):
            thread_id = UNSET
        else:
            thread_id = UUID(_thread_id)

        hook_accepted = cls(
            run_id=run_id,
            trigger_id=trigger_id,
            duplicate=duplicate,
            thread_id=thread_id,
        )

        return hook_accepted
