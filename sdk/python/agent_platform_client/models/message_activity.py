from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MessageActivity")


@_attrs_define
class MessageActivity:
    type_: str
    """ `tool_call` or `handoff`; other kinds may be added (a client shows what it knows and skips the rest). """
    name: str | Unset = UNSET
    """ The tool called (tool_call). """
    status: str | Unset = UNSET
    """ How the call ended (tool_call): succeeded or failed. """
    tool_call_id: str | Unset = UNSET
    """ The call's id (tool_call). """
    reason: None | str | Unset = UNSET
    """ Why the conversation was passed on (handoff). """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        status = self.status

        tool_call_id = self.tool_call_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if status is not UNSET:
            field_dict["status"] = status
        if tool_call_id is not UNSET:
            field_dict["tool_call_id"] = tool_call_id
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = d.pop("type")

        name = d.pop("name", UNSET)

        status = d.pop("status", UNSET)

        tool_call_id = d.pop("tool_call_id", UNSET)

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        message_activity = cls(
            type_=type_,
            name=name,
            status=status,
            tool_call_id=tool_call_id,
            reason=reason,
        )

        return message_activity
