from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.copilot_list import CopilotList
from ...models.environment import Environment
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    environment: Environment | Unset = UNSET,
    source_copilot_id: UUID | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    params: dict[str, Any] = {}

    json_environment: str | Unset = UNSET
    if not isinstance(environment, Unset):
        json_environment = environment.value

    params["environment"] = json_environment

    json_source_copilot_id: str | Unset = UNSET
    if not isinstance(source_copilot_id, Unset):
        json_source_copilot_id = str(source_copilot_id)
    params["source_copilot_id"] = json_source_copilot_id

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/copilots",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CopilotList | Problem | None:
    if response.status_code == 200:
        response_200 = CopilotList.from_dict(response.json())

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
) -> Response[CopilotList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    environment: Environment | Unset = UNSET,
    source_copilot_id: UUID | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[CopilotList | Problem]:
    """List the organization's networks (copilots), oldest first

     The organization's networks, oldest first, one page at a time; `environment` and `source_copilot_id`
    filter.

    Args:
        environment (Environment | Unset):
        source_copilot_id (UUID | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CopilotList | Problem]
    """

    kwargs = _get_kwargs(
        environment=environment,
        source_copilot_id=source_copilot_id,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    environment: Environment | Unset = UNSET,
    source_copilot_id: UUID | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> CopilotList | Problem | None:
    """List the organization's networks (copilots), oldest first

     The organization's networks, oldest first, one page at a time; `environment` and `source_copilot_id`
    filter.

    Args:
        environment (Environment | Unset):
        source_copilot_id (UUID | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CopilotList | Problem
    """

    return sync_detailed(
        client=client,
        environment=environment,
        source_copilot_id=source_copilot_id,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    environment: Environment | Unset = UNSET,
    source_copilot_id: UUID | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[CopilotList | Problem]:
    """List the organization's networks (copilots), oldest first

     The organization's networks, oldest first, one page at a time; `environment` and `source_copilot_id`
    filter.

    Args:
        environment (Environment | Unset):
        source_copilot_id (UUID | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CopilotList | Problem]
    """

    kwargs = _get_kwargs(
        environment=environment,
        source_copilot_id=source_copilot_id,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    environment: Environment | Unset = UNSET,
    source_copilot_id: UUID | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> CopilotList | Problem | None:
    """List the organization's networks (copilots), oldest first

     The organization's networks, oldest first, one page at a time; `environment` and `source_copilot_id`
    filter.

    Args:
        environment (Environment | Unset):
        source_copilot_id (UUID | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CopilotList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            environment=environment,
            source_copilot_id=source_copilot_id,
            limit=limit,
            cursor=cursor,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
        )
    ).parsed
