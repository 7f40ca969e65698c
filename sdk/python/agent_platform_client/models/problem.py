from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details with a stable machine-readable `code`. Extension members may be added."""

    type_: str
    """ URI naming the problem type. """
    title: str
    """ Short, human-readable summary of the problem type. """
    status: int
    """ The HTTP status code. """
    detail: str
    """ Explanation specific to this occurrence. """
    code: str
    """ Stable snake_case error code, e.g. `tool_name_conflict`. """
    request_id: str
    """ The request's id, as in its `X-Request-Id` response header. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
                "request_id": request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = d.pop("code")

        request_id = d.pop("request_id")

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            request_id=request_id,
        )

        problem.additional_properties = d
        return problem

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
