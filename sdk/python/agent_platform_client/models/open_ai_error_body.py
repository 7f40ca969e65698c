from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OpenAIErrorBody")


@_attrs_define
class OpenAIErrorBody:
    """What went wrong."""

    message: str
    """ A readable explanation. """
    type_: str
    """ OpenAI's error type (`invalid_request_error`, `authentication_error`, `permission_error`,
    `rate_limit_error`, `server_error`). """
    param: None | str
    """ Always null. """
    code: None | str
    """ The service's error code (docs/errors.md). """

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        type_ = self.type_

        param: None | str
        param = self.param

        code: None | str
        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "type": type_,
                "param": param,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message = d.pop("message")

        type_ = d.pop("type")

        def _parse_param(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        param = _parse_param(d.pop("param"))

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        open_ai_error_body = cls(
            message=message,
            type_=type_,
            param=param,
            code=code,
        )

        return open_ai_error_body
