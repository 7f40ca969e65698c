from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chat_completion_message import ChatCompletionMessage
    from ..models.chat_completion_stream_options import ChatCompletionStreamOptions
    from ..models.free_form_object import FreeFormObject


T = TypeVar("T", bound="ChatCompletionRequest")


@_attrs_define
class ChatCompletionRequest:
    """OpenAI's chat completion request. Sampling fields (`temperature`, `top_p`, `max_tokens`, ...) are accepted and
    ignored: the agents' own model settings apply.

    """

    model: str
    """ An id or alias of `GET /openai/v1/models`. """
    messages: list[ChatCompletionMessage]
    """ The conversation, the user's new message last. """
    stream: bool | Unset = False
    """ Answer Server-Sent Events of chunks. """
    stream_options: ChatCompletionStreamOptions | Unset = UNSET
    """ Options of a streamed answer. """
    user: str | Unset = UNSET
    """ The end user, with an API key and no `X-User-Id` (ignored with a session token). """
    thread_id: UUID | Unset = UNSET
    """ Extension: continue this thread of the end user (the earlier messages sent are then ignored). """
    temperature: float | Unset = UNSET
    """ Ignored. """
    top_p: float | Unset = UNSET
    """ Ignored. """
    max_tokens: int | Unset = UNSET
    """ Ignored. """
    max_completion_tokens: int | Unset = UNSET
    """ Ignored. """
    n: int | Unset = UNSET
    """ One choice only. """
    stop: list[str] | str | Unset = UNSET
    """ Stop sequences (accepted and ignored). """
    presence_penalty: float | Unset = UNSET
    """ Ignored. """
    frequency_penalty: float | Unset = UNSET
    """ Ignored. """
    seed: int | Unset = UNSET
    """ Ignored. """
    metadata: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    store: bool | Unset = UNSET
    """ Ignored (every turn is stored in its thread). """
    logprobs: bool | Unset = UNSET
    """ Ignored. """
    response_format: FreeFormObject | Unset = UNSET
    """ Any JSON object. """
    reasoning_effort: str | Unset = UNSET
    """ Ignored. """
    service_tier: str | Unset = UNSET
    """ Ignored. """
    parallel_tool_calls: bool | Unset = UNSET
    """ Ignored. """
    tools: list[FreeFormObject] | Unset = UNSET
    """ A list of JSON objects. """
    functions: list[FreeFormObject] | Unset = UNSET
    """ A list of JSON objects. """
    tool_choice: FreeFormObject | str | Unset = UNSET
    """ OpenAI's `tool_choice` (accepted when no tools are sent, and ignored). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.free_form_object import FreeFormObject

        model = self.model

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        stream = self.stream

        stream_options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stream_options, Unset):
            stream_options = self.stream_options.to_dict()

        user = self.user

        thread_id: str | Unset = UNSET
        if not isinstance(self.thread_id, Unset):
            thread_id = str(self.thread_id)

        temperature = self.temperature

        top_p = self.top_p

        max_tokens = self.max_tokens

        max_completion_tokens = self.max_completion_tokens

        n = self.n

        stop: list[str] | str | Unset
        if isinstance(self.stop, Unset):
            stop = UNSET
        elif isinstance(self.stop, list):
            stop = self.stop

        else:
            stop = self.stop

        presence_penalty = self.presence_penalty

        frequency_penalty = self.frequency_penalty

        seed = self.seed

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        store = self.store

        logprobs = self.logprobs

        response_format: dict[str, Any] | Unset = UNSET
        if not isinstance(self.response_format, Unset):
            response_format = self.response_format.to_dict()

        reasoning_effort = self.reasoning_effort

        service_tier = self.service_tier

        parallel_tool_calls = self.parallel_tool_calls

        tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = []
            for componentsschemas_free_form_object_list_item_data in self.tools:
                componentsschemas_free_form_object_list_item = (
                    componentsschemas_free_form_object_list_item_data.to_dict()
                )
                tools.append(componentsschemas_free_form_object_list_item)

        functions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.functions, Unset):
            functions = []
            for componentsschemas_free_form_object_list_item_data in self.functions:
                componentsschemas_free_form_object_list_item = (
                    componentsschemas_free_form_object_list_item_data.to_dict()
                )
                functions.append(componentsschemas_free_form_object_list_item)

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
                "messages": messages,
            }
        )
        if stream is not UNSET:
            field_dict["stream"] = stream
        if stream_options is not UNSET:
            field_dict["stream_options"] = stream_options
        if user is not UNSET:
            field_dict["user"] = user
        if thread_id is not UNSET:
            field_dict["thread_id"] = thread_id
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if top_p is not UNSET:
            field_dict["top_p"] = top_p
        if max_tokens is not UNSET:
            field_dict["max_tokens"] = max_tokens
        if max_completion_tokens is not UNSET:
            field_dict["max_completion_tokens"] = max_completion_tokens
        if n is not UNSET:
            field_dict["n"] = n
        if stop is not UNSET:
            field_dict["stop"] = stop
        if presence_penalty is not UNSET:
            field_dict["presence_penalty"] = presence_penalty
        if frequency_penalty is not UNSET:
            field_dict["frequency_penalty"] = frequency_penalty
        if seed is not UNSET:
            field_dict["seed"] = seed
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if store is not UNSET:
            field_dict["store"] = store
        if logprobs is not UNSET:
            field_dict["logprobs"] = logprobs
        if response_format is not UNSET:
            field_dict["response_format"] = response_format
        if reasoning_effort is not UNSET:
            field_dict["reasoning_effort"] = reasoning_effort
        if service_tier is not UNSET:
            field_dict["service_tier"] = service_tier
        if parallel_tool_calls is not UNSET:
            field_dict["parallel_tool_calls"] = parallel_tool_calls
        if tools is not UNSET:
            field_dict["tools"] = tools
        if functions is not UNSET:
            field_dict["functions"] = functions
        if tool_choice is not UNSET:
            field_dict["tool_choice"] = tool_choice

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_completion_message import ChatCompletionMessage
        from ..models.chat_completion_stream_options import ChatCompletionStreamOptions
        from ..models.free_form_object import FreeFormObject

        d = dict(src_dict)
        model = d.pop("model")

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = ChatCompletionMessage.from_dict(messages_item_data)

            messages.append(messages_item)

        stream = d.pop("stream", UNSET)

        _stream_options = d.pop("stream_options", UNSET)
        stream_options: ChatCompletionStreamOptions | Unset
        if isinstance(_stream_options, Unset):
            stream_options = UNSET
        else:
            stream_options = ChatCompletionStreamOptions.from_dict(_stream_options)

        user = d.pop("user", UNSET)

        _thread_id = d.pop("thread_id", UNSET)
        thread_id: UUID | Unset
        if isinstance(_thread_id, Unset):
            thread_id = UNSET
        else:
            thread_id = UUID(_thread_id)

        temperature = d.pop("temperature", UNSET)

        top_p = d.pop("top_p", UNSET)

        max_tokens = d.pop("max_tokens", UNSET)

        max_completion_tokens = d.pop("max_completion_tokens", UNSET)

        n = d.pop("n", UNSET)

        def _parse_stop(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_chat_completion_stop_type_1 = cast(list[str], data)

                return componentsschemas_chat_completion_stop_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        stop = _parse_stop(d.pop("stop", UNSET))

        presence_penalty = d.pop("presence_penalty", UNSET)

        frequency_penalty = d.pop("frequency_penalty", UNSET)

        seed = d.pop("seed", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: FreeFormObject | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = FreeFormObject.from_dict(_metadata)

        store = d.pop("store", UNSET)

        logprobs = d.pop("logprobs", UNSET)

        _response_format = d.pop("response_format", UNSET)
        response_format: FreeFormObject | Unset
        if isinstance(_response_format, Unset):
            response_format = UNSET
        else:
            response_format = FreeFormObject.from_dict(_response_format)

        reasoning_effort = d.pop("reasoning_effort", UNSET)

        service_tier = d.pop("service_tier", UNSET)

        parallel_tool_calls = d.pop("parallel_tool_calls", UNSET)

        _tools = d.pop("tools", UNSET)
        tools: list[FreeFormObject] | Unset = UNSET
        if _tools is not UNSET:
            tools = []
            for componentsschemas_free_form_object_list_item_data in _tools:
                componentsschemas_free_form_object_list_item = FreeFormObject.from_dict(
                    componentsschemas_free_form_object_list_item_data
                )

                tools.append(componentsschemas_free_form_object_list_item)

        _functions = d.pop("functions", UNSET)
        functions: list[FreeFormObject] | Unset = UNSET
        if _functions is not UNSET:
            functions = []
            for componentsschemas_free_form_object_list_item_data in _functions:
                componentsschemas_free_form_object_list_item = FreeFormObject.from_dict(
                    componentsschemas_free_form_object_list_item_data
                )

                functions.append(componentsschemas_free_form_object_list_item)

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

        chat_completion_request = cls(
            model=model,
            messages=messages,
            stream=stream,
            stream_options=stream_options,
            user=user,
            thread_id=thread_id,
            temperature=temperature,
            top_p=top_p,
            max_tokens=max_tokens,
            max_completion_tokens=max_completion_tokens,
            n=n,
            stop=stop,
            presence_penalty=presence_penalty,
            frequency_penalty=frequency_penalty,
            seed=seed,
            metadata=metadata,
            store=store,
            logprobs=logprobs,
            response_format=response_format,
            reasoning_effort=reasoning_effort,
            service_tier=service_tier,
            parallel_tool_calls=parallel_tool_calls,
            tools=tools,
            functions=functions,
            tool_choice=tool_choice,
        )

        return chat_completion_request
