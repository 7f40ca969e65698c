from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_key_create import ApiKeyCreate
from ...models.created_api_key import CreatedApiKey
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    org_id: UUID,
    *,
    body: ApiKeyCreate | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/admin/orgs/{org_id}/api-keys".format(
            org_id=quote(str(org_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedApiKey | Problem | None:
    if response.status_code == 201:
        response_201 = CreatedApiKey.from_dict(response.json())

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
) -> Response[CreatedApiKey | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedApiKey | Problem]:
    """Create an API key for an organization (the key is shown only here)

     Creates an API key bound to the organization. The key is in this response only; it is stored hashed.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        body (ApiKeyCreate | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedApiKey | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreatedApiKey | Problem | None:
    """Create an API key for an organization (the key is shown only here)

     Creates an API key bound to the organization. The key is in this response only; it is stored hashed.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        body (ApiKeyCreate | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedApiKey | Problem
    """

    return sync_detailed(
        org_id=org_id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedApiKey | Problem]:
    """Create an API key for an organization (the key is shown only here)

     Creates an API key bound to the organization. The key is in this response only; it is stored hashed.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        body (ApiKeyCreate | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedApiKey | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApiKeyCreate | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreatedApiKey | Problem | None:
    """Create an API key for an organization (the key is shown only here)

     Creates an API key bound to the organization. The key is in this response only; it is stored hashed.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        body (ApiKeyCreate | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedApiKey | Problem
    """

    return (
        await asyncio_detailed(
            org_id=org_id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
        )
    ).parsed
