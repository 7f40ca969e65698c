from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ag_ui_resume_status import AgUiResumeStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgUiResumeEntry")


@_attrs_define
class AgUiResumeEntry:
    """The answer to one interrupt (one tool call waiting for approval)."""

    interrupt_id: str
    """ The interrupt (the waiting call's id). """
    status: AgUiResumeStatus
    """ Whether an interrupt was answered or abandoned. """
    payload: Any | Unset = UNSET
    """ `{"decision": "approve" | "deny", "comment"}`. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        interrupt_id = self.interrupt_id

        status = self.status.value

        payload = self.payload

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "interruptId": interrupt_id,
                "status": status,
            }
        )
        if payload is not UNSET:
            field_dict["payload"] = payload

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        interrupt_id = d.pop("interruptId")

        status = AgUiResumeStatus(d.pop("status"))

        payload = d.pop("payload", UNSET)

        ag_ui_resume_entry = cls(
            interrupt_id=interrupt_id,
            status=status,
            payload=payload,
        )

        ag_ui_resume_entry.additional_properties = d
        return ag_ui_resume_entry

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
