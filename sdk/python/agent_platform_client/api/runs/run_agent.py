from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.turn_run_request import TurnRunRequest
from ...models.turn_run_result import TurnRunResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: TurnRunRequest,
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
        "url": "/v1/agents/{id}/run".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TurnRunResult | None:
    if response.status_code == 200:
        response_200 = TurnRunResult.from_dict(response.json())

        return response_200

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
) -> Response[Problem | TurnRunResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TurnRunRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | TurnRunResult]:
    """Run one turn of an agent, without a thread

     Runs the agent's last good build on `input` synchronously: its model, its tool calls (with the end
    user's stored credentials: the session's user, or `X-User-Id` with an API key), up to its
    `max_steps`. Answers 200 with the run whatever its outcome: a failed run has `status: failed`,
    `error.code` (`max_steps_exceeded`, `agent_not_built`, `model_unavailable`, ...) and `output: null`.
    Admission first: 429 `concurrency_limit_reached` when the organization or the end user already has
    its limit of turns queued or running, 429 `spend_cap_reached` when the billed group is at its
    monthly cap, 429 `usage_limit_reached` when the organization's run quota is used up. The request
    holds no thread while the run executes; when the process has no free turn slot within
    `AGENT_PLATFORM_SYNC_RUN_WAIT_MS`, 503 `at_capacity` with `Retry-After`.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (TurnRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnRunResult]
    """

    kwargs = _get_kwargs(
        id=id,
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
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TurnRunRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | TurnRunResult | None:
    """Run one turn of an agent, without a thread

     Runs the agent's last good build on `input` synchronously: its model, its tool calls (with the end
    user's stored credentials: the session's user, or `X-User-Id` with an API key), up to its
    `max_steps`. Answers 200 with the run whatever its outcome: a failed run has `status: failed`,
    `error.code` (`max_steps_exceeded`, `agent_not_built`, `model_unavailable`, ...) and `output: null`.
    Admission first: 429 `concurrency_limit_reached` when the organization or the end user already has
    its limit of turns queued or running, 429 `spend_cap_reached` when the billed group is at its
    monthly cap, 429 `usage_limit_reached` when the organization's run quota is used up. The request
    holds no thread while the run executes; when the process has no free turn slot within
    `AGENT_PLATFORM_SYNC_RUN_WAIT_MS`, 503 `at_capacity` with `Retry-After`.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (TurnRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnRunResult
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TurnRunRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | TurnRunResult]:
    """Run one turn of an agent, without a thread

     Runs the agent's last good build on `input` synchronously: its model, its tool calls (with the end
    user's stored credentials: the session's user, or `X-User-Id` with an API key), up to its
    `max_steps`. Answers 200 with the run whatever its outcome: a failed run has `status: failed`,
    `error.code` (`max_steps_exceeded`, `agent_not_built`, `model_unavailable`, ...) and `output: null`.
    Admission first: 429 `concurrency_limit_reached` when the organization or the end user already has
    its limit of turns queued or running, 429 `spend_cap_reached` when the billed group is at its
    monthly cap, 429 `usage_limit_reached` when the organization's run quota is used up. The request
    holds no thread while the run executes; when the process has no free turn slot within
    `AGENT_PLATFORM_SYNC_RUN_WAIT_MS`, 503 `at_capacity` with `Retry-After`.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (TurnRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnRunResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TurnRunRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | TurnRunResult | None:
    """Run one turn of an agent, without a thread

     Runs the agent's last good build on `input` synchronously: its model, its tool calls (with the end
    user's stored credentials: the session's user, or `X-User-Id` with an API key), up to its
    `max_steps`. Answers 200 with the run whatever its outcome: a failed run has `status: failed`,
    `error.code` (`max_steps_exceeded`, `agent_not_built`, `model_unavailable`, ...) and `output: null`.
    Admission first: 429 `concurrency_limit_reached` when the organization or the end user already has
    its limit of turns queued or running, 429 `spend_cap_reached` when the billed group is at its
    monthly cap, 429 `usage_limit_reached` when the organization's run quota is used up. The request
    holds no thread while the run executes; when the process has no free turn slot within
    `AGENT_PLATFORM_SYNC_RUN_WAIT_MS`, 503 `at_capacity` with `Retry-After`.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (TurnRunRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnRunResult
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
