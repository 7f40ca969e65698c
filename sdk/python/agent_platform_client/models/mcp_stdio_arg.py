from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="McpStdioArg")


@_attrs_define
class McpStdioArg:
    """An argument of a stdio program; `secret` ones are stored encrypted, never returned."""

    value: str
    """ The argument. """
    secret: bool | Unset = False
    """ Whether it is a secret (never returned). """

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        secret = d.pop("secret", UNSET)

        mcp_stdio_arg = cls(
            value=value,
            secret=secret,
        )

        return mcp_stdio_arg
