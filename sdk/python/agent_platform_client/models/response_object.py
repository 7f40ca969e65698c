from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

from ..models.response_status import ResponseStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.free_form_object import FreeFormObject
    from ..models.response_error import ResponseError
    from ..models.response_output_message import ResponseOutputMessage
    from ..models.response_usage import ResponseUsage


T = TypeVar("T", bound="ResponseObject")


@_attrs_define
class ResponseObject:
    """OpenAI's response object, for one chat turn."""

    id: UUID
    """ The turn's run id (a `previous_response_id` for the next one). """
    object_: Literal["response"]
    """ Always `response`. """
    created_at: int
    """ When (Unix seconds). """
    status: ResponseStatus
    """ Where a response stands. """
    model: str
    """ The model as requested. """
    output: list[ResponseOutputMessage]
    """ The assistant's message (none for a turn that failed before answering). """
    previous_response_id: None | UUID
    """ The response this one continues. """
    error: None | ResponseError
    """ Why it failed. """
    usage: None | ResponseUsage
    """ The turn's tokens (null while in progress). """
    thread_id: UUID
    """ Extension: the thread. """
    incomplete_details: None | Unset = UNSET
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """
    instructions: None | Unset = UNSET
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """
    metadata: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    parallel_tool_calls: bool | Unset = UNSET
    """ Always false. """
    temperature: None | Unset = UNSET
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """
    top_p: None | Unset = UNSET
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """
    tool_choice: str | Unset = UNSET
    """ Always `auto`. """
    tools: list[str] | Unset = UNSET
    """ Always empty. """
    text: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    truncation: str | Unset = UNSET
    """ Always `disabled`. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.response_error import ResponseError
        from ..models.response_usage import ResponseUsage

        id = str(self.id)

        object_ = self.object_

        created_at = self.created_at

        status = self.status.value

        model = self.model

        output = []
        for output_item_data in self.output:
            output_item = output_item_data.to_dict()
            output.append(output_item)

        previous_response_id: None | str
        if isinstance(self.previous_response_id, UUID):
            previous_response_id = str(self.previous_response_id)
        else:
            previous_response_id = self.previous_response_id

        error: dict[str, Any] | None
        if isinstance(self.error, ResponseError):
            error = self.error.to_dict()
        else:
            error = self.error

        usage: dict[str, Any] | None
        if isinstance(self.usage, ResponseUsage):
            usage = self.usage.to_dict()
        else:
            usage = self.usage

        thread_id = str(self.thread_id)

        incomplete_details: None | Unset
        if isinstance(self.incomplete_details, Unset):
            incomplete_details = UNSET
        else:
            incomplete_details = self.incomplete_details

        instructions: None | Unset
        if isinstance(self.instructions, Unset):
            instructions = UNSET
        else:
            instructions = self.instructions

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        parallel_tool_calls = self.parallel_tool_calls

        temperature: None | Unset
        if isinstance(self.temperature, Unset):
            temperature = UNSET
        else:
            temperature = self.temperature

        top_p: None | Unset
        if isinstance(self.top_p, Unset):
            top_p = UNSET
        else:
            top_p = self.top_p

        tool_choice = self.tool_choice

        tools: list[str] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = self.tools

        text: dict[str, Any] | Unset = UNSET
        if not isinstance(self.text, Unset):
            text = self.text.to_dict()

        truncation = self.truncation

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "object": object_,
                "created_at": created_at,
                "status": status,
                "model": model,
                "output": output,
                "previous_response_id": previous_response_id,
                "error": error,
                "usage": usage,
                "thread_id": thread_id,
            }
        )
        if incomplete_details is not UNSET:
            field_dict["incomplete_details"] = incomplete_details
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if parallel_tool_calls is not UNSET:
            field_dict["parallel_tool_calls"] = parallel_tool_calls
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if top_p is not UNSET:
            field_dict["top_p"] = top_p
        if tool_choice is not UNSET:
            field_dict["tool_choice"] = tool_choice
        if tools is not UNSET:
            field_dict["tools"] = tools
        if text is not UNSET:
            field_dict["text"] = text
        if truncation is not UNSET:
            field_dict["truncation"] = truncation

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.free_form_object import FreeFormObject
        from ..models.response_error import ResponseError
        from ..models.response_output_message import ResponseOutputMessage
        from ..models.response_usage import ResponseUsage

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        object_ = cast(Literal["response"], d.pop("object"))
        if object_ != "response":
            raise ValueError(f"object must match const 'response', got '{object_}'")

        created_at = d.pop("created_at")

        status = ResponseStatus(d.pop("status"))

        model = d.pop("model")

        output = []
        _output = d.pop("output")
        for output_item_data in _output:
            output_item = ResponseOutputMessage.from_dict(output_item_data)

            output.append(output_item)

        def _parse_previous_response_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_response_id_type_0 = UUID(data)

                return previous_response_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        previous_response_id = _parse_previous_response_id(
            d.pop("previous_response_id")
        )

        def _parse_error(data: object) -> None | ResponseError:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ResponseError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResponseError, data)

        error = _parse_error(d.pop("error"))

        def _parse_usage(data: object) -> None | ResponseUsage:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_type_0 = ResponseUsage.from_dict(data)

                return usage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResponseUsage, data)

        usage = _parse_usage(d.pop("usage"))

        thread_id = UUID(d.pop("thread_id"))

        def _parse_incomplete_details(data: object) -> None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | Unset, data)

        incomplete_details = _parse_incomplete_details(
            d.pop("incomplete_details", UNSET)
        )

        def _parse_instructions(data: object) -> None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | Unset, data)

        instructions = _parse_instructions(d.pop("instructions", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: FreeFormObject | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = FreeFormObject.from_dict(_metadata)

        parallel_tool_calls = d.pop("parallel_tool_calls", UNSET)

        def _parse_temperature(data: object) -> None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | Unset, data)

        temperature = _parse_temperature(d.pop("temperature", UNSET))

        def _parse_top_p(data: object) -> None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | Unset, data)

        top_p = _parse_top_p(d.pop("top_p", UNSET))

        tool_choice = d.pop("tool_choice", UNSET)

        tools = cast(list[str], d.pop("tools", UNSET))

        _text = d.pop("text", UNSET)
        text: FreeFormObject | Unset
        if isinstance(_text, Unset):
            text = UNSET
        else:
            text = FreeFormObject.from_dict(_text)

        truncation = d.pop("truncation", UNSET)

        response_object = cls(
            id=id,
            object_=object_,
            created_at=created_at,
            status=status,
            model=model,
            output=output,
            previous_response_id=previous_response_id,
            error=error,
            usage=usage,
            thread_id=thread_id,
            incomplete_details=incomplete_details,
            instructions=instructions,
            metadata=metadata,
            parallel_tool_calls=parallel_tool_calls,
            temperature=temperature,
            top_p=top_p,
            tool_choice=tool_choice,
            tools=tools,
            text=text,
            truncation=truncation,
        )

        return response_object
