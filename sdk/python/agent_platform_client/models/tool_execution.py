from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.execution_status import ExecutionStatus

if TYPE_CHECKING:
    from ..models.error_detail import ErrorDetail


T = TypeVar("T", bound="ToolExecution")


@_attrs_define
class ToolExecution:
    tool_id: UUID
    """ The tool called. """
    status: ExecutionStatus
    http_status: int | None
    """ The upstream HTTP status (HTTP tools). """
    output: Any
    """ The tool's output: parsed JSON, text, or MCP content. """
    error: ErrorDetail | None
    """ Why the call failed (null when it succeeded). """
    output_warning: ErrorDetail | None
    """ The call succeeded but its output does not match the tool's output_schema (code `output_schema_mismatch`,
    the message says where); null when it matches, has no schema or the call failed. The tool was called: its output
    is returned as it came. """
    duration_ms: int
    """ Milliseconds the call took. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail

        tool_id = str(self.tool_id)

        status = self.status.value

        http_status: int | None
        http_status = self.http_status

        output = self.output

        error: dict[str, Any] | None
        if isinstance(self.error, ErrorDetail):
            error = self.error.to_dict()
        else:
            error = self.error

        output_warning: dict[str, Any] | None
        if isinstance(self.output_warning, ErrorDetail):
            output_warning = self.output_warning.to_dict()
        else:
            output_warning = self.output_warning

        duration_ms = self.duration_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool_id": tool_id,
                "status": status,
                "http_status": http_status,
                "output": output,
                "error": error,
                "output_warning": output_warning,
                "duration_ms": duration_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_detail import ErrorDetail

        d = dict(src_dict)
        tool_id = UUID(d.pop("tool_id"))

        status = ExecutionStatus(d.pop("status"))

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))

        output = d.pop("output")

        def _parse_error(data: object) -> ErrorDetail | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ErrorDetail.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorDetail | None, data)

        error = _parse_error(d.pop("error"))

        def _parse_output_warning(data: object) -> ErrorDetail | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                output_warning_type_0 = ErrorDetail.from_dict(data)

                return output_warning_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorDetail | None, data)

        output_warning = _parse_output_warning(d.pop("output_warning"))

        duration_ms = d.pop("duration_ms")

        tool_execution = cls(
            tool_id=tool_id,
            status=status,
            http_status=http_status,
            output=output,
            error=error,
            output_warning=output_warning,
            duration_ms=duration_ms,
        )

        return tool_execution
