from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.knowledge_base_body import KnowledgeBaseBody
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/knowledge-bases/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | KnowledgeBaseBody | Problem | None:
    if response.status_code == 200:
        response_200 = KnowledgeBaseBody.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | KnowledgeBaseBody | Problem]:
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
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Any | KnowledgeBaseBody | Problem]:
    """Get a knowledge base

     One knowledge base with its counts of current documents and their chunks.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | KnowledgeBaseBody | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        x_request_id=x_request_id,
        if_none_match=if_none_match,
        x_organization_id=x_organization_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Any | KnowledgeBaseBody | Problem | None:
    """Get a knowledge base

     One knowledge base with its counts of current documents and their chunks.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | KnowledgeBaseBody | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        x_request_id=x_request_id,
        if_none_match=if_none_match,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Any | KnowledgeBaseBody | Problem]:
    """Get a knowledge base

     One knowledge base with its counts of current documents and their chunks.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | KnowledgeBaseBody | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        x_request_id=x_request_id,
        if_none_match=if_none_match,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Any | KnowledgeBaseBody | Problem | None:
    """Get a knowledge base

     One knowledge base with its counts of current documents and their chunks.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | KnowledgeBaseBody | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            x_request_id=x_request_id,
            if_none_match=if_none_match,
            x_organization_id=x_organization_id,
        )
    ).parsed
