from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.memory_list import MemoryList
from ...models.memory_search_mode import MemorySearchMode
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    q: str | Unset = UNSET,
    mode: MemorySearchMode | Unset = UNSET,
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

    params["q"] = q

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/memories",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MemoryList | Problem | None:
    if response.status_code == 200:
        response_200 = MemoryList.from_dict(response.json())

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
) -> Response[MemoryList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    q: str | Unset = UNSET,
    mode: MemorySearchMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[MemoryList | Problem]:
    """The end user's memories, newest first, or those matching `q`

     The calling end user's memories (a session token's user, or `X-User-Id` with the API key; without a
    user 400 `user_required`), newest first, one page at a time. With `q`, a search instead, best
    matches first with their `score`, at most `limit` (50 at most), on one page (`next_cursor` null):
    `keyword` finds memories containing any word of `q` (or a word starting with it); `semantic` those
    nearest in meaning (the organization's embeddings model); `hybrid` fuses both rankings.

    Args:
        q (str | Unset):
        mode (MemorySearchMode | Unset): `keyword` (full-text), `semantic` (by meaning, the
            organization's embeddings model) or `hybrid` (both rankings fused by reciprocal rank).
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
        Response[MemoryList | Problem]
    """

    kwargs = _get_kwargs(
        q=q,
        mode=mode,
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
    q: str | Unset = UNSET,
    mode: MemorySearchMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> MemoryList | Problem | None:
    """The end user's memories, newest first, or those matching `q`

     The calling end user's memories (a session token's user, or `X-User-Id` with the API key; without a
    user 400 `user_required`), newest first, one page at a time. With `q`, a search instead, best
    matches first with their `score`, at most `limit` (50 at most), on one page (`next_cursor` null):
    `keyword` finds memories containing any word of `q` (or a word starting with it); `semantic` those
    nearest in meaning (the organization's embeddings model); `hybrid` fuses both rankings.

    Args:
        q (str | Unset):
        mode (MemorySearchMode | Unset): `keyword` (full-text), `semantic` (by meaning, the
            organization's embeddings model) or `hybrid` (both rankings fused by reciprocal rank).
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
        MemoryList | Problem
    """

    return sync_detailed(
        client=client,
        q=q,
        mode=mode,
        limit=limit,
        cursor=cursor,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    q: str | Unset = UNSET,
    mode: MemorySearchMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[MemoryList | Problem]:
    """The end user's memories, newest first, or those matching `q`

     The calling end user's memories (a session token's user, or `X-User-Id` with the API key; without a
    user 400 `user_required`), newest first, one page at a time. With `q`, a search instead, best
    matches first with their `score`, at most `limit` (50 at most), on one page (`next_cursor` null):
    `keyword` finds memories containing any word of `q` (or a word starting with it); `semantic` those
    nearest in meaning (the organization's embeddings model); `hybrid` fuses both rankings.

    Args:
        q (str | Unset):
        mode (MemorySearchMode | Unset): `keyword` (full-text), `semantic` (by meaning, the
            organization's embeddings model) or `hybrid` (both rankings fused by reciprocal rank).
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
        Response[MemoryList | Problem]
    """

    kwargs = _get_kwargs(
        q=q,
        mode=mode,
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
    q: str | Unset = UNSET,
    mode: MemorySearchMode | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> MemoryList | Problem | None:
    """The end user's memories, newest first, or those matching `q`

     The calling end user's memories (a session token's user, or `X-User-Id` with the API key; without a
    user 400 `user_required`), newest first, one page at a time. With `q`, a search instead, best
    matches first with their `score`, at most `limit` (50 at most), on one page (`next_cursor` null):
    `keyword` finds memories containing any word of `q` (or a word starting with it); `semantic` those
    nearest in meaning (the organization's embeddings model); `hybrid` fuses both rankings.

    Args:
        q (str | Unset):
        mode (MemorySearchMode | Unset): `keyword` (full-text), `semantic` (by meaning, the
            organization's embeddings model) or `hybrid` (both rankings fused by reciprocal rank).
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
        MemoryList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            q=q,
            mode=mode,
            limit=limit,
            cursor=cursor,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
