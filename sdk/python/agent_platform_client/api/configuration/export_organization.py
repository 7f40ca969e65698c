from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.organization_document import OrganizationDocument
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organization/export",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OrganizationDocument | Problem | None:
    if response.status_code == 200:
        response_200 = OrganizationDocument.from_dict(response.content)

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OrganizationDocument | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[OrganizationDocument | Problem]:
    """The organization as a document (YAML, or JSON)

     The organization's configuration as one versioned document: tool providers (every credential a named
    `${NAME}` placeholder, never a value) with their hand-made tools, prompt blocks, agents, networks
    (with where each is deployed), workflows, the organization's schedules, groups with their caps and
    the allowed browser origins. Objects refer to each other by name, and the order is stable: two
    exports of an unchanged organization are byte-identical. YAML unless `Accept` asks for
    `application/json`. 409 `ambiguous_names` when two objects of one kind share a name. Its JSON Schema
    is `/schemas/organization-v1.json` (docs/config-as-code.md).

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizationDocument | Problem]
    """

    kwargs = _get_kwargs(
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
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> OrganizationDocument | Problem | None:
    """The organization as a document (YAML, or JSON)

     The organization's configuration as one versioned document: tool providers (every credential a named
    `${NAME}` placeholder, never a value) with their hand-made tools, prompt blocks, agents, networks
    (with where each is deployed), workflows, the organization's schedules, groups with their caps and
    the allowed browser origins. Objects refer to each other by name, and the order is stable: two
    exports of an unchanged organization are byte-identical. YAML unless `Accept` asks for
    `application/json`. 409 `ambiguous_names` when two objects of one kind share a name. Its JSON Schema
    is `/schemas/organization-v1.json` (docs/config-as-code.md).

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizationDocument | Problem
    """

    return sync_detailed(
        client=client,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[OrganizationDocument | Problem]:
    """The organization as a document (YAML, or JSON)

     The organization's configuration as one versioned document: tool providers (every credential a named
    `${NAME}` placeholder, never a value) with their hand-made tools, prompt blocks, agents, networks
    (with where each is deployed), workflows, the organization's schedules, groups with their caps and
    the allowed browser origins. Objects refer to each other by name, and the order is stable: two
    exports of an unchanged organization are byte-identical. YAML unless `Accept` asks for
    `application/json`. 409 `ambiguous_names` when two objects of one kind share a name. Its JSON Schema
    is `/schemas/organization-v1.json` (docs/config-as-code.md).

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizationDocument | Problem]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> OrganizationDocument | Problem | None:
    """The organization as a document (YAML, or JSON)

     The organization's configuration as one versioned document: tool providers (every credential a named
    `${NAME}` placeholder, never a value) with their hand-made tools, prompt blocks, agents, networks
    (with where each is deployed), workflows, the organization's schedules, groups with their caps and
    the allowed browser origins. Objects refer to each other by name, and the order is stable: two
    exports of an unchanged organization are byte-identical. YAML unless `Accept` asks for
    `application/json`. 409 `ambiguous_names` when two objects of one kind share a name. Its JSON Schema
    is `/schemas/organization-v1.json` (docs/config-as-code.md).

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizationDocument | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
        )
    ).parsed
