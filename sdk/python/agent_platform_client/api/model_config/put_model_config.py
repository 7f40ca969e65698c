from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.model_config import ModelConfig
from ...models.model_config_update import ModelConfigUpdate
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ModelConfigUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/model-config",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ModelConfig | Problem | None:
    if response.status_code == 200:
        response_200 = ModelConfig.from_dict(response.json())

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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[ModelConfig | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ModelConfigUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[ModelConfig | Problem]:
    """Replace the organization's model configuration

     `default_provider` is used by agents whose `model.provider` is null (null: the operator's default).
    A provider's `base_url` passes the SSRF policy (403 `url_not_allowed`, 400 `invalid_url`); `api_key`
    is stored encrypted, write-only: an omitted `api_key` keeps the stored key, null removes it. The
    organization's key is only sent to the organization's base URL, or to the operator's when it set
    none.

    Args:
        x_request_id (str | Unset):
        if_match (str | Unset):
        x_organization_id (UUID | Unset):
        body (ModelConfigUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ModelConfig | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        if_match=if_match,
        x_organization_id=x_organization_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ModelConfigUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> ModelConfig | Problem | None:
    """Replace the organization's model configuration

     `default_provider` is used by agents whose `model.provider` is null (null: the operator's default).
    A provider's `base_url` passes the SSRF policy (403 `url_not_allowed`, 400 `invalid_url`); `api_key`
    is stored encrypted, write-only: an omitted `api_key` keeps the stored key, null removes it. The
    organization's key is only sent to the organization's base URL, or to the operator's when it set
    none.

    Args:
        x_request_id (str | Unset):
        if_match (str | Unset):
        x_organization_id (UUID | Unset):
        body (ModelConfigUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ModelConfig | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        if_match=if_match,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ModelConfigUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[ModelConfig | Problem]:
    """Replace the organization's model configuration

     `default_provider` is used by agents whose `model.provider` is null (null: the operator's default).
    A provider's `base_url` passes the SSRF policy (403 `url_not_allowed`, 400 `invalid_url`); `api_key`
    is stored encrypted, write-only: an omitted `api_key` keeps the stored key, null removes it. The
    organization's key is only sent to the organization's base URL, or to the operator's when it set
    none.

    Args:
        x_request_id (str | Unset):
        if_match (str | Unset):
        x_organization_id (UUID | Unset):
        body (ModelConfigUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ModelConfig | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        if_match=if_match,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ModelConfigUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> ModelConfig | Problem | None:
    """Replace the organization's model configuration

     `default_provider` is used by agents whose `model.provider` is null (null: the operator's default).
    A provider's `base_url` passes the SSRF policy (403 `url_not_allowed`, 400 `invalid_url`); `api_key`
    is stored encrypted, write-only: an omitted `api_key` keeps the stored key, null removes it. The
    organization's key is only sent to the organization's base URL, or to the operator's when it set
    none.

    Args:
        x_request_id (str | Unset):
        if_match (str | Unset):
        x_organization_id (UUID | Unset):
        body (ModelConfigUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ModelConfig | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            if_match=if_match,
            x_organization_id=x_organization_id,
        )
    ).parsed
