from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.http_method import HttpMethod
from ...models.problem import Problem
from ...models.provider_type import ProviderType
from ...models.tool_list import ToolList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    tool_provider_id: UUID | Unset = UNSET,
    provider_type: ProviderType | Unset = UNSET,
    is_enabled: bool | Unset = UNSET,
    method: HttpMethod | Unset = UNSET,
    tag: str | Unset = UNSET,
    name: str | Unset = UNSET,
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

    json_tool_provider_id: str | Unset = UNSET
    if not isinstance(tool_provider_id, Unset):
        json_tool_provider_id = str(tool_provider_id)
    params["tool_provider_id"] = json_tool_provider_id

    json_provider_type: str | Unset = UNSET
    if not isinstance(provider_type, Unset):
        json_provider_type = provider_type.value

    params["provider_type"] = json_provider_type

    params["is_enabled"] = is_enabled

    json_method: str | Unset = UNSET
    if not isinstance(method, Unset):
        json_method = method.value

    params["method"] = json_method

    params["tag"] = tag

    params["name"] = name

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tools",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ToolList | None:
    if response.status_code == 200:
        response_200 = ToolList.from_dict(response.json())

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
) -> Response[Problem | ToolList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    tool_provider_id: UUID | Unset = UNSET,
    provider_type: ProviderType | Unset = UNSET,
    is_enabled: bool | Unset = UNSET,
    method: HttpMethod | Unset = UNSET,
    tag: str | Unset = UNSET,
    name: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | ToolList]:
    """List the organization's tools, with filters

     The organization's tools, oldest first, one page at a time; the query parameters filter.

    Args:
        tool_provider_id (UUID | Unset):
        provider_type (ProviderType | Unset):
        is_enabled (bool | Unset):
        method (HttpMethod | Unset):
        tag (str | Unset):
        name (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolList]
    """

    kwargs = _get_kwargs(
        tool_provider_id=tool_provider_id,
        provider_type=provider_type,
        is_enabled=is_enabled,
        method=method,
        tag=tag,
        name=name,
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
    tool_provider_id: UUID | Unset = UNSET,
    provider_type: ProviderType | Unset = UNSET,
    is_enabled: bool | Unset = UNSET,
    method: HttpMethod | Unset = UNSET,
    tag: str | Unset = UNSET,
    name: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | ToolList | None:
    """List the organization's tools, with filters

     The organization's tools, oldest first, one page at a time; the query parameters filter.

    Args:
        tool_provider_id (UUID | Unset):
        provider_type (ProviderType | Unset):
        is_enabled (bool | Unset):
        method (HttpMethod | Unset):
        tag (str | Unset):
        name (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolList
    """

    return sync_detailed(
        client=client,
        tool_provider_id=tool_provider_id,
        provider_type=provider_type,
        is_enabled=is_enabled,
        method=method,
        tag=tag,
        name=name,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    tool_provider_id: UUID | Unset = UNSET,
    provider_type: ProviderType | Unset = UNSET,
    is_enabled: bool | Unset = UNSET,
    method: HttpMethod | Unset = UNSET,
    tag: str | Unset = UNSET,
    name: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | ToolList]:
    """List the organization's tools, with filters

     The organization's tools, oldest first, one page at a time; the query parameters filter.

    Args:
        tool_provider_id (UUID | Unset):
        provider_type (ProviderType | Unset):
        is_enabled (bool | Unset):
        method (HttpMethod | Unset):
        tag (str | Unset):
        name (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolList]
    """

    kwargs = _get_kwargs(
        tool_provider_id=tool_provider_id,
        provider_type=provider_type,
        is_enabled=is_enabled,
        method=method,
        tag=tag,
        name=name,
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
    tool_provider_id: UUID | Unset = UNSET,
    provider_type: ProviderType | Unset = UNSET,
    is_enabled: bool | Unset = UNSET,
    method: HttpMethod | Unset = UNSET,
    tag: str | Unset = UNSET,
    name: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | ToolList | None:
    """List the organization's tools, with filters

     The organization's tools, oldest first, one page at a time; the query parameters filter.

    Args:
        tool_provider_id (UUID | Unset):
        provider_type (ProviderType | Unset):
        is_enabled (bool | Unset):
        method (HttpMethod | Unset):
        tag (str | Unset):
        name (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolList
    """

    return (
        await asyncio_detailed(
            client=client,
            tool_provider_id=tool_provider_id,
            provider_type=provider_type,
            is_enabled=is_enabled,
            method=method,
            tag=tag,
            name=name,
            limit=limit,
            cursor=cursor,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
        )
    ).parsed
