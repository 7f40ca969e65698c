from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chat_completion_message import ChatCompletionMessage
    from ..models.free_form_object import FreeFormObject


T = TypeVar("T", bound="ResponseRequest")


@_attrs_define
class ResponseRequest:
    """OpenAI's Responses API request. Sampling fields are accepted and ignored."""

    model: str
    """ An id or alias of `GET /openai/v1/models`. """
    input_: list[ChatCompletionMessage] | str
    """ The user's text, or messages. """
    previous_response_id: UUID | Unset = UNSET
    """ Continue the thread of this response (a run of the same end user). """
    stream: bool | Unset = False
    """ Answer Server-Sent Events of response events. """
    user: str | Unset = UNSET
    """ The end user, with an API key and no `X-User-Id` (ignored with a session token). """
    instructions: str | Unset = UNSET
    """ Ignored (the network's instructions apply). """
    temperature: float | Unset = UNSET
    """ Ignored. """
    top_p: float | Unset = UNSET
    """ Ignored. """
    max_output_tokens: int | Unset = UNSET
    """ Ignored. """
    metadata: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    store: bool | Unset = UNSET
    """ Ignored (every turn is stored in its thread). """
    text: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    reasoning: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    truncation: str | Unset = UNSET
    """ Ignored. """
    parallel_tool_calls: bool | Unset = UNSET
    """ Ignored. """
    service_tier: str | Unset = UNSET
    """ Ignored. """
    include: list[str] | Unset = UNSET
    """ A list of strings. """
    tools: list[FreeFormObject] | Unset = UNSET
    """ A list of JSON objects. """
    tool_choice: FreeFormObject | str | Unset = UNSET
    """ OpenAI's `tool_choice` (accepted when no tools are sent, and ignored). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.free_form_object import FreeFormObject

        model = self.model

        input_: list[dict[str, Any]] | str
        if isinstance(self.input_, list):
            input_ = []
            for componentsschemas_response_input_items_item_data in self.input_:
                componentsschemas_response_input_items_item = (
                    componentsschemas_response_input_items_item_data.to_dict()
                )
                input_.append(componentsschemas_response_input_items_item)

        else:
            input_ = self.input_

        previous_response_id: str | Unset = UNSET
        if not isinstance(self.previous_response_id, Unset):
            previous_response_id = str(self.previous_response_id)

        stream = self.stream

        user = self.user

        instructions = self.instructions

        temperature = self.temperature

        top_p = self.top_p

        max_output_tokens = self.max_output_tokens

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        store = self.store

        text: dict[str, Any] | Unset = UNSET
        if not isinstance(self.text, Unset):
            text = self.text.to_dict()

        reasoning: dict[str, Any] | Unset = UNSET
        if not isinstance(self.reasoning, Unset):
            reasoning = self.reasoning.to_dict()

        truncation = self.truncation

        parallel_tool_calls = self.parallel_tool_calls

        service_tier = self.service_tier

        include: list[str] | Unset = UNSET
        if not isinstance(self.include, Unset):
            include = self.include

        tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = []
            for componentsschemas_free_form_object_list_item_data in self.tools:
                componentsschemas_free_form_object_list_item = (
                    componentsschemas_free_form_object_list_item_data.to_dict()
                )
                tools.append(componentsschemas_free_form_object_list_item)

        tool_choice: dict[str, Any] | str | Unset
        if isinstance(self.tool_choice, Unset):
            tool_choice = UNSET
        elif isinstance(self.tool_choice, FreeFormObject):
            tool_choice = self.tool_choice.to_dict()
        else:
            tool_choice = self.tool_choice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "model": model,
                "input": input_,
            }
        )
        if previous_response_id is not UNSET:
            field_dict["previous_response_id"] = previous_response_id
        if stream is not UNSET:
            field_dict["stream"] = stream
        if user is not UNSET:
            field_dict["user"] = user
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if top_p is not UNSET:
            field_dict["top_p"] = top_p
        if max_output_tokens is not UNSET:
            field_dict["max_output_tokens"] = max_output_tokens
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if store is not UNSET:
            field_dict["store"] = store
        if text is not UNSET:
            field_dict["text"] = text
        if reasoning is not UNSET:
            field_dict["reasoning"] = reasoning
        if truncation is not UNSET:
            field_dict["truncation"] = truncation
        if parallel_tool_calls is not UNSET:
            field_dict["parallel_tool_calls"] = parallel_tool_calls
        if service_tier is not UNSET:
            field_dict["service_tier"] = service_tier
        if include is not UNSET:
            field_dict["include"] = include
        if tools is not UNSET:
            field_dict["tools"] = tools
        if tool_choice is not UNSET:
            field_dict["tool_choice"] = tool_choice

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_completion_message import ChatCompletionMessage
        from ..models.free_form_object import FreeFormObject

        d = dict(src_dict)
        model = d.pop("model")

        def _parse_input_(data: object) -> list[ChatCompletionMessage] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_response_input_type_1 = []
                _componentsschemas_response_input_type_1 = data
                for (
                    componentsschemas_response_input_items_item_data
                ) in _componentsschemas_response_input_type_1:
                    componentsschemas_response_input_items_item = (
                        ChatCompletionMessage.from_dict(
                            componentsschemas_response_input_items_item_data
                        )
                    )

                    componentsschemas_response_input_type_1.append(
                        componentsschemas_response_input_items_item
                    )

                return componentsschemas_response_input_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ChatCompletionMessage] | str, data)

        input_ = _parse_input_(d.pop("input"))

        _previous_response_id = d.pop("previous_response_id", UNSET)
        previous_response_id: UUID | Unset
        if isinstance(_previous_response_id, Unset):
            previous_response_id = UNSET
        else:
            previous_response_id = UUID(_previous_response_id)

        stream = d.pop("stream", UNSET)

        user = d.pop("user", UNSET)

        instructions = d.pop("instructions", UNSET)

        temperature = d.pop("temperature", UNSET)

        top_p = d.pop("top_p", UNSET)

        max_output_tokens = d.pop("max_output_tokens", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: FreeFormObject | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = FreeFormObject.from_dict(_metadata)

        store = d.pop("store", UNSET)

        _text = d.pop("text", UNSET)
        text: FreeFormObject | Unset
        if isinstance(_text, Unset):
            text = UNSET
        else:
            text = FreeFormObject.from_dict(_text)

        _reasoning = d.pop("reasoning", UNSET)
        reasoning: FreeFormObject | Unset
        if isinstance(_reasoning, Unset):
            reasoning = UNSET
        else:
            reasoning = FreeFormObject.from_dict(_reasoning)

        truncation = d.pop("truncation", UNSET)

        parallel_tool_calls = d.pop("parallel_tool_calls", UNSET)

        service_tier = d.pop("service_tier", UNSET)

        include = cast(list[str], d.pop("include", UNSET))

        _tools = d.pop("tools", UNSET)
        tools: list[FreeFormObject] | Unset = UNSET
        if _tools is not UNSET:
            tools = []
            for componentsschemas_free_form_object_list_item_data in _tools:
                componentsschemas_free_form_object_list_item = FreeFormObject.from_dict(
                    componentsschemas_free_form_object_list_item_data
                )

                tools.append(componentsschemas_free_form_object_list_item)

        def _parse_tool_choice(data: object) -> FreeFormObject | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_tool_choice_type_1 = FreeFormObject.from_dict(data)

                return componentsschemas_tool_choice_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FreeFormObject | str | Unset, data)

        tool_choice = _parse_tool_choice(d.pop("tool_choice", UNSET))

        response_request = cls(
            model=model,
            input_=input_,
            previous_response_id=previous_response_id,
            stream=stream,
            user=user,
            instructions=instructions,
            temperature=temperature,
            top_p=top_p,
            max_output_tokens=max_output_tokens,
            metadata=metadata,
            store=store,
            text=text,
            reasoning=reasoning,
            truncation=truncation,
            parallel_tool_calls=parallel_tool_calls,
            service_tier=service_tier,
            include=include,
            tools=tools,
            tool_choice=tool_choice,
        )

        return response_request
