from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chat_completion import ChatCompletion
from ...models.chat_completion_request import ChatCompletionRequest
from ...models.open_ai_error import OpenAIError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ChatCompletionRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/openai/v1/chat/completions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChatCompletion | OpenAIError | None:
    if response.status_code == 200:
        response_200 = ChatCompletion.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OpenAIError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OpenAIError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = OpenAIError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = OpenAIError.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = OpenAIError.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = OpenAIError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = OpenAIError.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = OpenAIError.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = OpenAIError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = OpenAIError.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = OpenAIError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChatCompletion | OpenAIError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChatCompletionRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[ChatCompletion | OpenAIError]:
    """OpenAI-compatible: a chat completion answered by an agent or a network

     OpenAI's Chat Completions: the turn runs on the server as a chat turn of the end user (`POST
    /v1/chat`): the model's tools, handoffs, memory, prompt blocks, approvals, limits and spend caps all
    apply, and the answer is the assistant message. `model` is an id or alias from `GET
    /openai/v1/models` (404 `model_not_found` otherwise). The end user is the session token's, or
    `X-User-Id` (else `user`) with an API key. The messages before the last user message are the
    conversation so far (stored in a new thread); `thread_id` (an extension) continues one of the user's
    threads instead, and every answer names its thread (`thread_id`, `X-Thread-Id`). System and
    developer messages are left out (the network's instructions apply), sampling fields are accepted and
    ignored (the agents' model settings apply), and `tools` is refused with 400
    `client_tools_not_supported`. `stream: true` answers Server-Sent Events of `chat.completion.chunk`
    objects ending with `data: [DONE]`. `usage` is the turn's tokens, `id` the run id (`GET
    /v1/runs/{id}`). A failed turn is 500 with the run's error code (`x-should-retry: false`). Errors
    are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ChatCompletionRequest): OpenAI's chat completion request. Sampling fields
            (`temperature`, `top_p`, `max_tokens`, ...) are accepted and ignored: the agents' own
            model settings apply.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatCompletion | OpenAIError]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_user_id=x_user_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ChatCompletionRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> ChatCompletion | OpenAIError | None:
    """OpenAI-compatible: a chat completion answered by an agent or a network

     OpenAI's Chat Completions: the turn runs on the server as a chat turn of the end user (`POST
    /v1/chat`): the model's tools, handoffs, memory, prompt blocks, approvals, limits and spend caps all
    apply, and the answer is the assistant message. `model` is an id or alias from `GET
    /openai/v1/models` (404 `model_not_found` otherwise). The end user is the session token's, or
    `X-User-Id` (else `user`) with an API key. The messages before the last user message are the
    conversation so far (stored in a new thread); `thread_id` (an extension) continues one of the user's
    threads instead, and every answer names its thread (`thread_id`, `X-Thread-Id`). System and
    developer messages are left out (the network's instructions apply), sampling fields are accepted and
    ignored (the agents' model settings apply), and `tools` is refused with 400
    `client_tools_not_supported`. `stream: true` answers Server-Sent Events of `chat.completion.chunk`
    objects ending with `data: [DONE]`. `usage` is the turn's tokens, `id` the run id (`GET
    /v1/runs/{id}`). A failed turn is 500 with the run's error code (`x-should-retry: false`). Errors
    are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ChatCompletionRequest): OpenAI's chat completion request. Sampling fields
            (`temperature`, `top_p`, `max_tokens`, ...) are accepted and ignored: the agents' own
            model settings apply.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatCompletion | OpenAIError
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChatCompletionRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[ChatCompletion | OpenAIError]:
    """OpenAI-compatible: a chat completion answered by an agent or a network

     OpenAI's Chat Completions: the turn runs on the server as a chat turn of the end user (`POST
    /v1/chat`): the model's tools, handoffs, memory, prompt blocks, approvals, limits and spend caps all
    apply, and the answer is the assistant message. `model` is an id or alias from `GET
    /openai/v1/models` (404 `model_not_found` otherwise). The end user is the session token's, or
    `X-User-Id` (else `user`) with an API key. The messages before the last user message are the
    conversation so far (stored in a new thread); `thread_id` (an extension) continues one of the user's
    threads instead, and every answer names its thread (`thread_id`, `X-Thread-Id`). System and
    developer messages are left out (the network's instructions apply), sampling fields are accepted and
    ignored (the agents' model settings apply), and `tools` is refused with 400
    `client_tools_not_supported`. `stream: true` answers Server-Sent Events of `chat.completion.chunk`
    objects ending with `data: [DONE]`. `usage` is the turn's tokens, `id` the run id (`GET
    /v1/runs/{id}`). A failed turn is 500 with the run's error code (`x-should-retry: false`). Errors
    are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ChatCompletionRequest): OpenAI's chat completion request. Sampling fields
            (`temperature`, `top_p`, `max_tokens`, ...) are accepted and ignored: the agents' own
            model settings apply.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatCompletion | OpenAIError]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ChatCompletionRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> ChatCompletion | OpenAIError | None:
    """OpenAI-compatible: a chat completion answered by an agent or a network

     OpenAI's Chat Completions: the turn runs on the server as a chat turn of the end user (`POST
    /v1/chat`): the model's tools, handoffs, memory, prompt blocks, approvals, limits and spend caps all
    apply, and the answer is the assistant message. `model` is an id or alias from `GET
    /openai/v1/models` (404 `model_not_found` otherwise). The end user is the session token's, or
    `X-User-Id` (else `user`) with an API key. The messages before the last user message are the
    conversation so far (stored in a new thread); `thread_id` (an extension) continues one of the user's
    threads instead, and every answer names its thread (`thread_id`, `X-Thread-Id`). System and
    developer messages are left out (the network's instructions apply), sampling fields are accepted and
    ignored (the agents' model settings apply), and `tools` is refused with 400
    `client_tools_not_supported`. `stream: true` answers Server-Sent Events of `chat.completion.chunk`
    objects ending with `data: [DONE]`. `usage` is the turn's tokens, `id` the run id (`GET
    /v1/runs/{id}`). A failed turn is 500 with the run's error code (`x-should-retry: false`). Errors
    are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ChatCompletionRequest): OpenAI's chat completion request. Sampling fields
            (`temperature`, `top_p`, `max_tokens`, ...) are accepted and ignored: the agents' own
            model settings apply.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatCompletion | OpenAIError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_user_id=x_user_id,
        )
    ).parsed
