from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.kb_search_result import KbSearchResult
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    q: str,
    top_k: int | Unset = 5,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    params: dict[str, Any] = {}

    params["q"] = q

    params["top_k"] = top_k

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/knowledge-bases/{id}/search".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> KbSearchResult | Problem | None:
    if response.status_code == 200:
        response_200 = KbSearchResult.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[KbSearchResult | Problem]:
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
    q: str,
    top_k: int | Unset = 5,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[KbSearchResult | Problem]:
    """Search a knowledge base by meaning

     The chunks of the knowledge base's current documents nearest in meaning to `q` (the organization's
    embeddings model; cosine similarity as `score`), best first, each with its document and position.
    409 `vector_search_unavailable` when the database cannot compare vectors,
    `embeddings_not_configured` without an embeddings model ready.

    Args:
        id (UUID):
        q (str):
        top_k (int | Unset):  Default: 5.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[KbSearchResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        q=q,
        top_k=top_k,
        x_request_id=x_request_id,
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
    q: str,
    top_k: int | Unset = 5,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> KbSearchResult | Problem | None:
    """Search a knowledge base by meaning

     The chunks of the knowledge base's current documents nearest in meaning to `q` (the organization's
    embeddings model; cosine similarity as `score`), best first, each with its document and position.
    409 `vector_search_unavailable` when the database cannot compare vectors,
    `embeddings_not_configured` without an embeddings model ready.

    Args:
        id (UUID):
        q (str):
        top_k (int | Unset):  Default: 5.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        KbSearchResult | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        q=q,
        top_k=top_k,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    q: str,
    top_k: int | Unset = 5,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[KbSearchResult | Problem]:
    """Search a knowledge base by meaning

     The chunks of the knowledge base's current documents nearest in meaning to `q` (the organization's
    embeddings model; cosine similarity as `score`), best first, each with its document and position.
    409 `vector_search_unavailable` when the database cannot compare vectors,
    `embeddings_not_configured` without an embeddings model ready.

    Args:
        id (UUID):
        q (str):
        top_k (int | Unset):  Default: 5.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[KbSearchResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        q=q,
        top_k=top_k,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    q: str,
    top_k: int | Unset = 5,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> KbSearchResult | Problem | None:
    """Search a knowledge base by meaning

     The chunks of the knowledge base's current documents nearest in meaning to `q` (the organization's
    embeddings model; cosine similarity as `score`), best first, each with its document and position.
    409 `vector_search_unavailable` when the database cannot compare vectors,
    `embeddings_not_configured` without an embeddings model ready.

    Args:
        id (UUID):
        q (str):
        top_k (int | Unset):  Default: 5.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        KbSearchResult | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            q=q,
            top_k=top_k,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
        )
    ).parsed
