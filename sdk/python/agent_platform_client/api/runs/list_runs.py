import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.run_status import RunStatus
from ...models.turn_kind import TurnKind
from ...models.turn_run_list import TurnRunList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    trigger_id: UUID | Unset = UNSET,
    kind: TurnKind | Unset = UNSET,
    status: RunStatus | Unset = UNSET,
    agent_id: UUID | Unset = UNSET,
    copilot_id: UUID | Unset = UNSET,
    workflow_id: UUID | Unset = UNSET,
    user_id: str | Unset = UNSET,
    group_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
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

    json_trigger_id: str | Unset = UNSET
    if not isinstance(trigger_id, Unset):
        json_trigger_id = str(trigger_id)
    params["trigger_id"] = json_trigger_id

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_agent_id: str | Unset = UNSET
    if not isinstance(agent_id, Unset):
        json_agent_id = str(agent_id)
    params["agent_id"] = json_agent_id

    json_copilot_id: str | Unset = UNSET
    if not isinstance(copilot_id, Unset):
        json_copilot_id = str(copilot_id)
    params["copilot_id"] = json_copilot_id

    json_workflow_id: str | Unset = UNSET
    if not isinstance(workflow_id, Unset):
        json_workflow_id = str(workflow_id)
    params["workflow_id"] = json_workflow_id

    params["user_id"] = user_id

    params["group_id"] = group_id

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/runs",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TurnRunList | None:
    if response.status_code == 200:
        response_200 = TurnRunList.from_dict(response.json())

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
) -> Response[Problem | TurnRunList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    trigger_id: UUID | Unset = UNSET,
    kind: TurnKind | Unset = UNSET,
    status: RunStatus | Unset = UNSET,
    agent_id: UUID | Unset = UNSET,
    copilot_id: UUID | Unset = UNSET,
    workflow_id: UUID | Unset = UNSET,
    user_id: str | Unset = UNSET,
    group_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | TurnRunList]:
    """List runs of agents and networks, newest first

     The organization's runs (one turn each: chat turns, runs without a thread, the agent and network
    steps of workflow runs), filtered, newest first. A session token, or an API key with `X-User-Id`,
    lists only that user's runs.

    Args:
        trigger_id (UUID | Unset):
        kind (TurnKind | Unset):
        status (RunStatus | Unset):
        agent_id (UUID | Unset):
        copilot_id (UUID | Unset):
        workflow_id (UUID | Unset):
        user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        group_id (str | Unset): The customer's id of a group; the Default group is `default`.
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnRunList]
    """

    kwargs = _get_kwargs(
        trigger_id=trigger_id,
        kind=kind,
        status=status,
        agent_id=agent_id,
        copilot_id=copilot_id,
        workflow_id=workflow_id,
        user_id=user_id,
        group_id=group_id,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
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
    trigger_id: UUID | Unset = UNSET,
    kind: TurnKind | Unset = UNSET,
    status: RunStatus | Unset = UNSET,
    agent_id: UUID | Unset = UNSET,
    copilot_id: UUID | Unset = UNSET,
    workflow_id: UUID | Unset = UNSET,
    user_id: str | Unset = UNSET,
    group_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | TurnRunList | None:
    """List runs of agents and networks, newest first

     The organization's runs (one turn each: chat turns, runs without a thread, the agent and network
    steps of workflow runs), filtered, newest first. A session token, or an API key with `X-User-Id`,
    lists only that user's runs.

    Args:
        trigger_id (UUID | Unset):
        kind (TurnKind | Unset):
        status (RunStatus | Unset):
        agent_id (UUID | Unset):
        copilot_id (UUID | Unset):
        workflow_id (UUID | Unset):
        user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        group_id (str | Unset): The customer's id of a group; the Default group is `default`.
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnRunList
    """

    return sync_detailed(
        client=client,
        trigger_id=trigger_id,
        kind=kind,
        status=status,
        agent_id=agent_id,
        copilot_id=copilot_id,
        workflow_id=workflow_id,
        user_id=user_id,
        group_id=group_id,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    trigger_id: UUID | Unset = UNSET,
    kind: TurnKind | Unset = UNSET,
    status: RunStatus | Unset = UNSET,
    agent_id: UUID | Unset = UNSET,
    copilot_id: UUID | Unset = UNSET,
    workflow_id: UUID | Unset = UNSET,
    user_id: str | Unset = UNSET,
    group_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | TurnRunList]:
    """List runs of agents and networks, newest first

     The organization's runs (one turn each: chat turns, runs without a thread, the agent and network
    steps of workflow runs), filtered, newest first. A session token, or an API key with `X-User-Id`,
    lists only that user's runs.

    Args:
        trigger_id (UUID | Unset):
        kind (TurnKind | Unset):
        status (RunStatus | Unset):
        agent_id (UUID | Unset):
        copilot_id (UUID | Unset):
        workflow_id (UUID | Unset):
        user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        group_id (str | Unset): The customer's id of a group; the Default group is `default`.
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnRunList]
    """

    kwargs = _get_kwargs(
        trigger_id=trigger_id,
        kind=kind,
        status=status,
        agent_id=agent_id,
        copilot_id=copilot_id,
        workflow_id=workflow_id,
        user_id=user_id,
        group_id=group_id,
        created_after=created_after,
        created_before=created_before,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    trigger_id: UUID | Unset = UNSET,
    kind: TurnKind | Unset = UNSET,
    status: RunStatus | Unset = UNSET,
    agent_id: UUID | Unset = UNSET,
    copilot_id: UUID | Unset = UNSET,
    workflow_id: UUID | Unset = UNSET,
    user_id: str | Unset = UNSET,
    group_id: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | TurnRunList | None:
    """List runs of agents and networks, newest first

     The organization's runs (one turn each: chat turns, runs without a thread, the agent and network
    steps of workflow runs), filtered, newest first. A session token, or an API key with `X-User-Id`,
    lists only that user's runs.

    Args:
        trigger_id (UUID | Unset):
        kind (TurnKind | Unset):
        status (RunStatus | Unset):
        agent_id (UUID | Unset):
        copilot_id (UUID | Unset):
        workflow_id (UUID | Unset):
        user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        group_id (str | Unset): The customer's id of a group; the Default group is `default`.
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnRunList
    """

    return (
        await asyncio_detailed(
            client=client,
            trigger_id=trigger_id,
            kind=kind,
            status=status,
            agent_id=agent_id,
            copilot_id=copilot_id,
            workflow_id=workflow_id,
            user_id=user_id,
            group_id=group_id,
            created_after=created_after,
            created_before=created_before,
            limit=limit,
            cursor=cursor,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
