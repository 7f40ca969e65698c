from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tool_input import ToolInput


T = TypeVar("T", bound="ToolExecute")


@_attrs_define
class ToolExecute:
    input_: ToolInput | Unset = UNSET
    """ A tool's input: an object matching the tool's input_schema. """

    def to_dict(self) -> dict[str, Any]:
        input_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_, Unset):
            input_ = self.input_.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if input_ is not UNSET:
            field_dict["input"] = input_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tool_input import ToolInput

        d = dict(src_dict)
        _input_ = d.pop("input", UNSET)
        input_: ToolInput | Unset
        if isinstance(_input_, Unset):
            input_ = UNSET
        else:
            input_ = ToolInput.from_dict(_input_)

        tool_execute = cls(
            input_=input_,
        )

        return tool_execute
