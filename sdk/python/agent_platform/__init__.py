"""agent-platform-client: the Agent Platform API for Python.

    from agent_platform import Client, AsyncClient, NotFoundError

`Client` and `AsyncClient` have one namespace per resource (`client.agents.create(...)`,
`client.chat.stream(...)`); answers are the generated models of
`agent_platform_client.models`; every error answer raises an `APIStatusError` subclass
carrying `status`, `code`, `request_id` and `errors` (every invalid field with its JSON path).
"""
from __future__ import annotations

from ._async_client import AsyncClient
from ._async_stream import AsyncChatStream
from ._base import RetryPolicy
from ._client import Client
from ._stream import ChatStream
from ._errors import (AgentPlatformError, APIConnectionError, APIStatusError, APITimeoutError,
                      AuthenticationError, BadRequestError, ConflictError, InternalServerError,
                      InvalidField, NotFoundError, PayloadTooLargeError, PermissionDeniedError,
                      PreconditionFailedError, RateLimitError, ServiceUnavailableError,
                      SpendCapReachedError, UnprocessableEntityError)
from ._events import (EVENT_TYPES, FINAL_KINDS, AgentHandoffEvent, ApprovalDecidedEvent,
                      ApprovalRequestedEvent, ChatEvent, KnownEvent, MemoryDeletedEvent,
                      MemorySavedEvent, MessageCompletedEvent, MessageDeltaEvent,
                      RunCancelledEvent, RunCompletedEvent, RunFailedEvent, RunStartedEvent,
                      ToolCalledEvent, ToolResultEvent, UnknownEvent)
from ._pages import AsyncPager, Pager
from ._types import NOT_GIVEN, Id, NotGiven, Tagged

__version__ = "1.0.0"

__all__ = [
    "AgentHandoffEvent", "ApprovalDecidedEvent", "ApprovalRequestedEvent", "MemoryDeletedEvent",
    "MemorySavedEvent", "MessageCompletedEvent", "MessageDeltaEvent", "RunCancelledEvent",
    "RunCompletedEvent", "RunFailedEvent", "RunStartedEvent", "ToolCalledEvent",
    "ToolResultEvent",
    "APIConnectionError", "APIStatusError", "APITimeoutError", "AgentPlatformError",
    "AsyncChatStream", "AsyncClient", "AsyncPager", "AuthenticationError", "BadRequestError",
    "ChatEvent", "ChatStream", "Client", "ConflictError", "EVENT_TYPES", "FINAL_KINDS", "Id",
    "InternalServerError", "InvalidField", "KnownEvent", "NOT_GIVEN", "NotFoundError",
    "NotGiven", "Pager", "PayloadTooLargeError", "PermissionDeniedError",
    "PreconditionFailedError", "RateLimitError", "RetryPolicy", "ServiceUnavailableError",
    "SpendCapReachedError", "Tagged", "UnknownEvent", "UnprocessableEntityError",
    "__version__",
]
