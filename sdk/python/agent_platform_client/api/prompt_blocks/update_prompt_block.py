from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.prompt_block_result import PromptBlockResult
from ...models.prompt_block_update import PromptBlockUpdate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: PromptBlockUpdate,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/prompt-blocks/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | PromptBlockResult | None:
    if response.status_code == 200:
        response_200 = PromptBlockResult.from_dict(response.json())

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
) -> Response[Problem | PromptBlockResult]:
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
    body: PromptBlockUpdate,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | PromptBlockResult]:
    """Update a prompt block (a new version; rebuilds the agents that use it)

     Given fields replace the current ones and are saved as a new immutable version. Every agent whose
    current instructions reference the block is rebuilt with the new text; the answer carries the
    rebuild result (the shape of creating a tool). Staging and prod networks keep the block versions
    their deployment pinned. Renaming a block in use is 409 `prompt_block_in_use` (its references would
    break).

    Args:
        id (UUID):
        x_organization_id (UUID | Unset):
        body (PromptBlockUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PromptBlockResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
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
    body: PromptBlockUpdate,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | PromptBlockResult | None:
    """Update a prompt block (a new version; rebuilds the agents that use it)

     Given fields replace the current ones and are saved as a new immutable version. Every agent whose
    current instructions reference the block is rebuilt with the new text; the answer carries the
    rebuild result (the shape of creating a tool). Staging and prod networks keep the block versions
    their deployment pinned. Renaming a block in use is 409 `prompt_block_in_use` (its references would
    break).

    Args:
        id (UUID):
        x_organization_id (UUID | Unset):
        body (PromptBlockUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PromptBlockResult
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: PromptBlockUpdate,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | PromptBlockResult]:
    """Update a prompt block (a new version; rebuilds the agents that use it)

     Given fields replace the current ones and are saved as a new immutable version. Every agent whose
    current instructions reference the block is rebuilt with the new text; the answer carries the
    rebuild result (the shape of creating a tool). Staging and prod networks keep the block versions
    their deployment pinned. Renaming a block in use is 409 `prompt_block_in_use` (its references would
    break).

    Args:
        id (UUID):
        x_organization_id (UUID | Unset):
        body (PromptBlockUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PromptBlockResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: PromptBlockUpdate,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | PromptBlockResult | None:
    """Update a prompt block (a new version; rebuilds the agents that use it)

     Given fields replace the current ones and are saved as a new immutable version. Every agent whose
    current instructions reference the block is rebuilt with the new text; the answer carries the
    rebuild result (the shape of creating a tool). Staging and prod networks keep the block versions
    their deployment pinned. Renaming a block in use is 409 `prompt_block_in_use` (its references would
    break).

    Args:
        id (UUID):
        x_organization_id (UUID | Unset):
        body (PromptBlockUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PromptBlockResult
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_organization_id=x_organization_id,
        )
    ).parsed
