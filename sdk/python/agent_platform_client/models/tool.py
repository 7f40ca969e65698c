from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.json_schema import JsonSchema


T = TypeVar("T", bound="Tool")


@_attrs_define
class Tool:
    id: UUID
    """ The tool's id. """
    tool_provider_id: UUID
    """ The tool's provider. """
    name: str
    """ Unique within the provider; may differ from what was sent. """
    description: None | str
    """ What the tool does; the model reads it. """
    method: str
    """ HTTP method (api tools), or `MCP` for discovered tools. """
    path: str
    """ Path under the provider's base URL (api tools), or the MCP tool's name. """
    input_schema: JsonSchema | None
    """ JSON Schema of the input; null: none. """
    output_schema: JsonSchema | None
    """ JSON Schema of the output; null: none. """
    timeout_ms: int | None
    """ null for MCP tools (the MCP call timeout setting applies). """
    is_enabled: bool
    """ Whether agents may call the tool. """
    operation_id: None | str
    """ Unique within the provider; null: none. """
    tags: list[str] | None
    """ Free labels (carried over from an imported OpenAPI document). """
    deprecated: bool | None
    """ Marked deprecated (carried over from an imported OpenAPI document). """
    requires_approval: bool
    """ A call by an agent waits for a person's approval before it runs. """
    approval_timeout_s: int | None
    """ Seconds a call waits for approval before it is denied (null - 24 hours). """
    created_at: datetime.datetime
    """ When the tool was created. """
    updated_at: datetime.datetime
    """ When the tool was last changed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.json_schema import JsonSchema

        id = str(self.id)

        tool_provider_id = str(self.tool_provider_id)

        name = self.name

        description: None | str
        description = self.description

        method = self.method

        path = self.path

        input_schema: dict[str, Any] | None
        if isinstance(self.input_schema, JsonSchema):
            input_schema = self.input_schema.to_dict()
        else:
            input_schema = self.input_schema

        output_schema: dict[str, Any] | None
        if isinstance(self.output_schema, JsonSchema):
            output_schema = self.output_schema.to_dict()
        else:
            output_schema = self.output_schema

        timeout_ms: int | None
        timeout_ms = self.timeout_ms

        is_enabled = self.is_enabled

        operation_id: None | str
        operation_id = self.operation_id

        tags: list[str] | None
        if isinstance(self.tags, list):
            tags = self.tags

        else:
            tags = self.tags

        deprecated: bool | None
        deprecated = self.deprecated

        requires_approval = self.requires_approval

        approval_timeout_s: int | None
        approval_timeout_s = self.approval_timeout_s

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "tool_provider_id": tool_provider_id,
                "name": name,
                "description": description,
                "method": method,
                "path": path,
                "input_schema": input_schema,
                "output_schema": output_schema,
                "timeout_ms": timeout_ms,
                "is_enabled": is_enabled,
                "operation_id": operation_id,
                "tags": tags,
                "deprecated": deprecated,
                "requires_approval": requires_approval,
                "approval_timeout_s": approval_timeout_s,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_schema import JsonSchema

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        tool_provider_id = UUID(d.pop("tool_provider_id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        method = d.pop("method")

        path = d.pop("path")

        def _parse_input_schema(data: object) -> JsonSchema | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_schema_type_0 = JsonSchema.from_dict(data)

                return input_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonSchema | None, data)

        input_schema = _parse_input_schema(d.pop("input_schema"))

        def _parse_output_schema(data: object) -> JsonSchema | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                output_schema_type_0 = JsonSchema.from_dict(data)

                return output_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonSchema | None, data)

        output_schema = _parse_output_schema(d.pop("output_schema"))

        def _parse_timeout_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        timeout_ms = _parse_timeout_ms(d.pop("timeout_ms"))

        is_enabled = d.pop("is_enabled")

        def _parse_operation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        operation_id = _parse_operation_id(d.pop("operation_id"))

        def _parse_tags(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = cast(list[str], data)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        tags = _parse_tags(d.pop("tags"))

        def _parse_deprecated(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        deprecated = _parse_deprecated(d.pop("deprecated"))

        requires_approval = d.pop("requires_approval")

        def _parse_approval_timeout_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approval_timeout_s = _parse_approval_timeout_s(d.pop("approval_timeout_s"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        tool = cls(
            id=id,
            tool_provider_id=tool_provider_id,
            name=name,
            description=description,
            method=method,
            path=path,
            input_schema=input_schema,
            output_schema=output_schema,
            timeout_ms=timeout_ms,
            is_enabled=is_enabled,
            operation_id=operation_id,
            tags=tags,
            deprecated=deprecated,
            requires_approval=requires_approval,
            approval_timeout_s=approval_timeout_s,
            created_at=created_at,
            updated_at=updated_at,
        )

        return tool
