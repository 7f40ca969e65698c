from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_provider_create import ApiProviderCreate
from ...models.mcp_provider_create import McpProviderCreate
from ...models.problem import Problem
from ...models.tool_provider_result import ToolProviderResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ApiProviderCreate | McpProviderCreate,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tool-providers",
    }

    if isinstance(body, ApiProviderCreate):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ToolProviderResult | None:
    if response.status_code == 201:
        response_201 = ToolProviderResult.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[Problem | ToolProviderResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ApiProviderCreate | McpProviderCreate,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | ToolProviderResult]:
    """Create a tool provider (an mcp provider's tools are discovered at once)

     Credentials in `auth` and MCP `headers` are write-only: they are stored encrypted and responses only
    name the fields that are set. Every URL passes the SSRF policy. An mcp provider is discovered
    immediately; a server that cannot be reached still creates the provider and is reported in
    `rebuild.tools.mcpErrors`. stdio servers need the operator setting AGENT_PLATFORM_MCP_STDIO (403
    `mcp_stdio_disabled` otherwise).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ApiProviderCreate | McpProviderCreate): An `api` provider (tools made by hand) or an
            `mcp` provider (tools discovered).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolProviderResult]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ApiProviderCreate | McpProviderCreate,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | ToolProviderResult | None:
    """Create a tool provider (an mcp provider's tools are discovered at once)

     Credentials in `auth` and MCP `headers` are write-only: they are stored encrypted and responses only
    name the fields that are set. Every URL passes the SSRF policy. An mcp provider is discovered
    immediately; a server that cannot be reached still creates the provider and is reported in
    `rebuild.tools.mcpErrors`. stdio servers need the operator setting AGENT_PLATFORM_MCP_STDIO (403
    `mcp_stdio_disabled` otherwise).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ApiProviderCreate | McpProviderCreate): An `api` provider (tools made by hand) or an
            `mcp` provider (tools discovered).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolProviderResult
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ApiProviderCreate | McpProviderCreate,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | ToolProviderResult]:
    """Create a tool provider (an mcp provider's tools are discovered at once)

     Credentials in `auth` and MCP `headers` are write-only: they are stored encrypted and responses only
    name the fields that are set. Every URL passes the SSRF policy. An mcp provider is discovered
    immediately; a server that cannot be reached still creates the provider and is reported in
    `rebuild.tools.mcpErrors`. stdio servers need the operator setting AGENT_PLATFORM_MCP_STDIO (403
    `mcp_stdio_disabled` otherwise).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ApiProviderCreate | McpProviderCreate): An `api` provider (tools made by hand) or an
            `mcp` provider (tools discovered).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolProviderResult]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ApiProviderCreate | McpProviderCreate,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | ToolProviderResult | None:
    """Create a tool provider (an mcp provider's tools are discovered at once)

     Credentials in `auth` and MCP `headers` are write-only: they are stored encrypted and responses only
    name the fields that are set. Every URL passes the SSRF policy. An mcp provider is discovered
    immediately; a server that cannot be reached still creates the provider and is reported in
    `rebuild.tools.mcpErrors`. stdio servers need the operator setting AGENT_PLATFORM_MCP_STDIO (403
    `mcp_stdio_disabled` otherwise).

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ApiProviderCreate | McpProviderCreate): An `api` provider (tools made by hand) or an
            `mcp` provider (tools discovered).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolProviderResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_organization_id=x_organization_id,
        )
    ).parsed
