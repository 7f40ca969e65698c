from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.http_method import HttpMethod
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_schema import JsonSchema


T = TypeVar("T", bound="ToolCreate")


@_attrs_define
class ToolCreate:
    tool_provider_id: UUID
    """ The provider (of type api, in the caller's organization). """
    name: str
    """ The tool's name; `/`, `{` and `}` are stripped, and a taken name gets the method (and a counter) appended.
    """
    path: str
    """ Path appended to the provider's base URL; `{param}` placeholders take input values. """
    description: None | str | Unset = UNSET
    """ What the tool does; the model reads it. """
    method: HttpMethod | Unset = UNSET
    input_schema: JsonSchema | None | Unset = UNSET
    """ JSON Schema of the input; null: none; at most 256 KiB as compact JSON. """
    output_schema: JsonSchema | None | Unset = UNSET
    """ JSON Schema of the output; null: none; at most 256 KiB as compact JSON. """
    timeout_ms: int | Unset = 30000
    """ Bound on one call in milliseconds (default 30000). """
    is_enabled: bool | Unset = True
    """ Whether agents may call the tool (default true). """
    operation_id: str | Unset = UNSET
    """ Unique within the provider; default null (none). """
    tags: list[str] | None | Unset = UNSET
    """ Free labels (default null). """
    deprecated: bool | Unset = False
    """ Marked deprecated (default false). """
    requires_approval: bool | Unset = False
    """ A call by an agent waits for a person's approval (POST /v1/runs/{id}/approvals) before it runs (default
    false). """
    approval_timeout_s: int | None | Unset = UNSET
    """ Seconds a call waits for approval before it is denied (60 s to 30 days; null: 24 hours). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.json_schema import JsonSchema

        tool_provider_id = str(self.tool_provider_id)

        name = self.name

        path = self.path

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value

        input_schema: dict[str, Any] | None | Unset
        if isinstance(self.input_schema, Unset):
            input_schema = UNSET
        elif isinstance(self.input_schema, JsonSchema):
            input_schema = self.input_schema.to_dict()
        else:
            input_schema = self.input_schema

        output_schema: dict[str, Any] | None | Unset
        if isinstance(self.output_schema, Unset):
            output_schema = UNSET
        elif isinstance(self.output_schema, JsonSchema):
            output_schema = self.output_schema.to_dict()
        else:
            output_schema = self.output_schema

        timeout_ms = self.timeout_ms

        is_enabled = self.is_enabled

        operation_id = self.operation_id

        tags: list[str] | None | Unset
        if isinstance(self.tags, Unset):
            tags = UNSET
        elif isinstance(self.tags, list):
            tags = self.tags

        else:
            tags = self.tags

        deprecated = self.deprecated

        requires_approval = self.requires_approval

        approval_timeout_s: int | None | Unset
        if isinstance(self.approval_timeout_s, Unset):
            approval_timeout_s = UNSET
        else:
            approval_timeout_s = self.approval_timeout_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool_provider_id": tool_provider_id,
                "name": name,
                "path": path,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if method is not UNSET:
            field_dict["method"] = method
        if input_schema is not UNSET:
            field_dict["input_schema"] = input_schema
        if output_schema is not UNSET:
            field_dict["output_schema"] = output_schema
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms
        if is_enabled is not UNSET:
            field_dict["is_enabled"] = is_enabled
        if operation_id is not UNSET:
            field_dict["operation_id"] = operation_id
        if tags is not UNSET:
            field_dict["tags"] = tags
        if deprecated is not UNSET:
            field_dict["deprecated"] = deprecated
        if requires_approval is not UNSET:
            field_dict["requires_approval"] = requires_approval
        if approval_timeout_s is not UNSET:
            field_dict["approval_timeout_s"] = approval_timeout_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_schema import JsonSchema

        d = dict(src_dict)
        tool_provider_id = UUID(d.pop("tool_provider_id"))

        name = d.pop("name")

        path = d.pop("path")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _method = d.pop("method", UNSET)
        method: HttpMethod | Unset
        if isinstance(_method, Unset):
            method = UNSET
        else:
            method = HttpMethod(_method)

        def _parse_input_schema(data: object) -> JsonSchema | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_schema_type_0 = JsonSchema.from_dict(data)

                return input_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonSchema | None | Unset, data)

        input_schema = _parse_input_schema(d.pop("input_schema", UNSET))

        def _parse_output_schema(data: object) -> JsonSchema | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                output_schema_type_0 = JsonSchema.from_dict(data)

                return output_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonSchema | None | Unset, data)

        output_schema = _parse_output_schema(d.pop("output_schema", UNSET))

        timeout_ms = d.pop("timeout_ms", UNSET)

        is_enabled = d.pop("is_enabled", UNSET)

        operation_id = d.pop("operation_id", UNSET)

        def _parse_tags(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = cast(list[str], data)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tags = _parse_tags(d.pop("tags", UNSET))

        deprecated = d.pop("deprecated", UNSET)

        requires_approval = d.pop("requires_approval", UNSET)

        def _parse_approval_timeout_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        approval_timeout_s = _parse_approval_timeout_s(
            d.pop("approval_timeout_s", UNSET)
        )

        tool_create = cls(
            tool_provider_id=tool_provider_id,
            name=name,
            path=path,
            description=description,
            method=method,
            input_schema=input_schema,
            output_schema=output_schema,
            timeout_ms=timeout_ms,
            is_enabled=is_enabled,
            operation_id=operation_id,
            tags=tags,
            deprecated=deprecated,
            requires_approval=requires_approval,
            approval_timeout_s=approval_timeout_s,
        )

        return tool_create
