from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.turn_run_body import TurnRunBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    thread_id: UUID,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    params: dict[str, Any] = {}

    json_thread_id = str(thread_id)
    params["thread_id"] = json_thread_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/chat/stream",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TurnRunBody | None:
    if response.status_code == 202:
        response_202 = TurnRunBody.from_dict(response.json())

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
) -> Response[Problem | TurnRunBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    thread_id: UUID,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | TurnRunBody]:
    """Cancel the thread's running turn

     Asks the thread's queued or running turn to stop, in whichever process runs it; the stream then ends
    with `run.cancelled` (after `message.completed` with `interrupted: true` when the turn had begun to
    answer: its partial answer is kept). The turns waiting behind it (sent with `multitask_strategy:
    enqueue`) are cancelled too, without events. 409 `no_active_turn` when no turn is queued, running or
    waiting. Answers 202 with the run as it is when the request is recorded.

    Args:
        thread_id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnRunBody]
    """

    kwargs = _get_kwargs(
        thread_id=thread_id,
        x_request_id=x_request_id,
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
    thread_id: UUID,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | TurnRunBody | None:
    """Cancel the thread's running turn

     Asks the thread's queued or running turn to stop, in whichever process runs it; the stream then ends
    with `run.cancelled` (after `message.completed` with `interrupted: true` when the turn had begun to
    answer: its partial answer is kept). The turns waiting behind it (sent with `multitask_strategy:
    enqueue`) are cancelled too, without events. 409 `no_active_turn` when no turn is queued, running or
    waiting. Answers 202 with the run as it is when the request is recorded.

    Args:
        thread_id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnRunBody
    """

    return sync_detailed(
        client=client,
        thread_id=thread_id,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    thread_id: UUID,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | TurnRunBody]:
    """Cancel the thread's running turn

     Asks the thread's queued or running turn to stop, in whichever process runs it; the stream then ends
    with `run.cancelled` (after `message.completed` with `interrupted: true` when the turn had begun to
    answer: its partial answer is kept). The turns waiting behind it (sent with `multitask_strategy:
    enqueue`) are cancelled too, without events. 409 `no_active_turn` when no turn is queued, running or
    waiting. Answers 202 with the run as it is when the request is recorded.

    Args:
        thread_id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnRunBody]
    """

    kwargs = _get_kwargs(
        thread_id=thread_id,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    thread_id: UUID,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | TurnRunBody | None:
    """Cancel the thread's running turn

     Asks the thread's queued or running turn to stop, in whichever process runs it; the stream then ends
    with `run.cancelled` (after `message.completed` with `interrupted: true` when the turn had begun to
    answer: its partial answer is kept). The turns waiting behind it (sent with `multitask_strategy:
    enqueue`) are cancelled too, without events. 409 `no_active_turn` when no turn is queued, running or
    waiting. Answers 202 with the run as it is when the request is recorded.

    Args:
        thread_id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnRunBody
    """

    return (
        await asyncio_detailed(
            client=client,
            thread_id=thread_id,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
