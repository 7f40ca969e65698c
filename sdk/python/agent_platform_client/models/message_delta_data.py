from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MessageDeltaData")


@_attrs_define
class MessageDeltaData:
    """Data of `message.delta`: a piece of the answer as the model streams it; the pieces concatenated are the answer.
    Fields may be added later: clients ignore what they do not know.

    """

    run_id: UUID
    """ The run (turn) the event belongs to. """
    agent_id: UUID
    """ The agent that is answering. """
    text: str
    """ The next piece of the answer. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        agent_id = str(self.agent_id)

        text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "agent_id": agent_id,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        agent_id = UUID(d.pop("agent_id"))

        text = d.pop("text")

        message_delta_data = cls(
            run_id=run_id,
            agent_id=agent_id,
            text=text,
        )

        message_delta_data.additional_properties = d
        return message_delta_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
