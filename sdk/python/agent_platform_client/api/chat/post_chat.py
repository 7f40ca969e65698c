from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.agent_chat_request import AgentChatRequest
from ...models.chat_turn import ChatTurn
from ...models.copilot_chat_request import CopilotChatRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AgentChatRequest | CopilotChatRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/chat",
    }

    if isinstance(body, AgentChatRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChatTurn | Problem | None:
    if response.status_code == 202:
        response_202 = ChatTurn.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChatTurn | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AgentChatRequest | CopilotChatRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[ChatTurn | Problem]:
    """Run one chat turn in a thread of the end user

     Sends the end user's `message` to an agent (`agent_id`) or a network (`copilot_id`; exactly one of
    the two) and answers at once with 202, without waiting for the model: the thread (created on first
    use when `thread_id` is left out, titled from the message), the user's stored message and the queued
    run. The turn runs as a job; follow it with `GET /v1/chat/stream?thread_id=`. The end user is the
    session token's, or `X-User-Id` with an API key (without it: 400 `user_required`). A thread of
    another user or organization is 404 `thread_not_found`; an unknown agent 404. While the thread's
    turn is still queued or running, `multitask_strategy` decides: `reject` (the default) answers 409
    `turn_in_progress` (cancel it with `DELETE /v1/chat/stream`); `enqueue` stores the message and
    queues its turn behind the current one and those already waiting (they run one after another in the
    order they were posted; each sees the answers before it); `interrupt` cancels the current turn (its
    partial answer is kept, marked `interrupted`) and the turns waiting behind it, and the new turn
    starts once the current one has ended. A waiting turn is `queued` and is not yet the thread's
    `last_run_id`. Usage limits and a group at its spend cap are 429. 429 `concurrency_limit_reached`
    (with `Retry-After`) when the organization or the end user already has its limit of turns queued or
    running (a turn waiting behind another counts).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgentChatRequest | CopilotChatRequest): A message to an agent (`agent_id`) or to a
            network (`copilot_id`): exactly one of the two.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatTurn | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: AgentChatRequest | CopilotChatRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> ChatTurn | Problem | None:
    """Run one chat turn in a thread of the end user

     Sends the end user's `message` to an agent (`agent_id`) or a network (`copilot_id`; exactly one of
    the two) and answers at once with 202, without waiting for the model: the thread (created on first
    use when `thread_id` is left out, titled from the message), the user's stored message and the queued
    run. The turn runs as a job; follow it with `GET /v1/chat/stream?thread_id=`. The end user is the
    session token's, or `X-User-Id` with an API key (without it: 400 `user_required`). A thread of
    another user or organization is 404 `thread_not_found`; an unknown agent 404. While the thread's
    turn is still queued or running, `multitask_strategy` decides: `reject` (the default) answers 409
    `turn_in_progress` (cancel it with `DELETE /v1/chat/stream`); `enqueue` stores the message and
    queues its turn behind the current one and those already waiting (they run one after another in the
    order they were posted; each sees the answers before it); `interrupt` cancels the current turn (its
    partial answer is kept, marked `interrupted`) and the turns waiting behind it, and the new turn
    starts once the current one has ended. A waiting turn is `queued` and is not yet the thread's
    `last_run_id`. Usage limits and a group at its spend cap are 429. 429 `concurrency_limit_reached`
    (with `Retry-After`) when the organization or the end user already has its limit of turns queued or
    running (a turn waiting behind another counts).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgentChatRequest | CopilotChatRequest): A message to an agent (`agent_id`) or to a
            network (`copilot_id`): exactly one of the two.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatTurn | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AgentChatRequest | CopilotChatRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[ChatTurn | Problem]:
    """Run one chat turn in a thread of the end user

     Sends the end user's `message` to an agent (`agent_id`) or a network (`copilot_id`; exactly one of
    the two) and answers at once with 202, without waiting for the model: the thread (created on first
    use when `thread_id` is left out, titled from the message), the user's stored message and the queued
    run. The turn runs as a job; follow it with `GET /v1/chat/stream?thread_id=`. The end user is the
    session token's, or `X-User-Id` with an API key (without it: 400 `user_required`). A thread of
    another user or organization is 404 `thread_not_found`; an unknown agent 404. While the thread's
    turn is still queued or running, `multitask_strategy` decides: `reject` (the default) answers 409
    `turn_in_progress` (cancel it with `DELETE /v1/chat/stream`); `enqueue` stores the message and
    queues its turn behind the current one and those already waiting (they run one after another in the
    order they were posted; each sees the answers before it); `interrupt` cancels the current turn (its
    partial answer is kept, marked `interrupted`) and the turns waiting behind it, and the new turn
    starts once the current one has ended. A waiting turn is `queued` and is not yet the thread's
    `last_run_id`. Usage limits and a group at its spend cap are 429. 429 `concurrency_limit_reached`
    (with `Retry-After`) when the organization or the end user already has its limit of turns queued or
    running (a turn waiting behind another counts).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgentChatRequest | CopilotChatRequest): A message to an agent (`agent_id`) or to a
            network (`copilot_id`): exactly one of the two.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatTurn | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AgentChatRequest | CopilotChatRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> ChatTurn | Problem | None:
    """Run one chat turn in a thread of the end user

     Sends the end user's `message` to an agent (`agent_id`) or a network (`copilot_id`; exactly one of
    the two) and answers at once with 202, without waiting for the model: the thread (created on first
    use when `thread_id` is left out, titled from the message), the user's stored message and the queued
    run. The turn runs as a job; follow it with `GET /v1/chat/stream?thread_id=`. The end user is the
    session token's, or `X-User-Id` with an API key (without it: 400 `user_required`). A thread of
    another user or organization is 404 `thread_not_found`; an unknown agent 404. While the thread's
    turn is still queued or running, `multitask_strategy` decides: `reject` (the default) answers 409
    `turn_in_progress` (cancel it with `DELETE /v1/chat/stream`); `enqueue` stores the message and
    queues its turn behind the current one and those already waiting (they run one after another in the
    order they were posted; each sees the answers before it); `interrupt` cancels the current turn (its
    partial answer is kept, marked `interrupted`) and the turns waiting behind it, and the new turn
    starts once the current one has ended. A waiting turn is `queued` and is not yet the thread's
    `last_run_id`. Usage limits and a group at its spend cap are 429. 429 `concurrency_limit_reached`
    (with `Retry-After`) when the organization or the end user already has its limit of turns queued or
    running (a turn waiting behind another counts).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgentChatRequest | CopilotChatRequest): A message to an agent (`agent_id`) or to a
            network (`copilot_id`): exactly one of the two.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatTurn | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
