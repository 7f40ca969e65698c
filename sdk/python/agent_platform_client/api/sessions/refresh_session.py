from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.session_refresh import SessionRefresh
from ...models.session_tokens import SessionTokens
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SessionRefresh,
    x_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/refresh",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SessionTokens | None:
    if response.status_code == 200:
        response_200 = SessionTokens.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[Problem | SessionTokens]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRefresh,
    x_request_id: str | Unset = UNSET,
) -> Response[Problem | SessionTokens]:
    """Exchange a refresh token for a new token pair (no bearer token)

     Refresh tokens rotate: each one is good for one refresh. Presenting a refresh token that was already
    used revokes the session (401 `refresh_token_reused`). A browser may call it cross-origin from an
    origin an organization allows (docs/conventions.md).

    Args:
        x_request_id (str | Unset):
        body (SessionRefresh):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionTokens]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRefresh,
    x_request_id: str | Unset = UNSET,
) -> Problem | SessionTokens | None:
    """Exchange a refresh token for a new token pair (no bearer token)

     Refresh tokens rotate: each one is good for one refresh. Presenting a refresh token that was already
    used revokes the session (401 `refresh_token_reused`). A browser may call it cross-origin from an
    origin an organization allows (docs/conventions.md).

    Args:
        x_request_id (str | Unset):
        body (SessionRefresh):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionTokens
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRefresh,
    x_request_id: str | Unset = UNSET,
) -> Response[Problem | SessionTokens]:
    """Exchange a refresh token for a new token pair (no bearer token)

     Refresh tokens rotate: each one is good for one refresh. Presenting a refresh token that was already
    used revokes the session (401 `refresh_token_reused`). A browser may call it cross-origin from an
    origin an organization allows (docs/conventions.md).

    Args:
        x_request_id (str | Unset):
        body (SessionRefresh):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionTokens]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SessionRefresh,
    x_request_id: str | Unset = UNSET,
) -> Problem | SessionTokens | None:
    """Exchange a refresh token for a new token pair (no bearer token)

     Refresh tokens rotate: each one is good for one refresh. Presenting a refresh token that was already
    used revokes the session (401 `refresh_token_reused`). A browser may call it cross-origin from an
    origin an organization allows (docs/conventions.md).

    Args:
        x_request_id (str | Unset):
        body (SessionRefresh):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionTokens
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
        )
    ).parsed
