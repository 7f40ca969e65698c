from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.org_limits import OrgLimits
from ...models.org_limits_update import OrgLimitsUpdate
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    org_id: UUID,
    *,
    body: OrgLimitsUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/admin/orgs/{org_id}/limits".format(
            org_id=quote(str(org_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OrgLimits | Problem | None:
    if response.status_code == 200:
        response_200 = OrgLimits.from_dict(response.json())

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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OrgLimits | Problem]:
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
    body: OrgLimitsUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[OrgLimits | Problem]:
    """Replace an organization's usage limit overrides

     A missing or null field removes that override (the setting applies again); 0 means unlimited. Other
    processes see the change within AGENT_PLATFORM_LIMITS_CACHE_SECONDS. `turns_in_flight` overrides
    AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT, the turns the organization may have queued or running at once.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_match (str | Unset):
        body (OrgLimitsUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrgLimits | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        body=body,
        x_request_id=x_request_id,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrgLimitsUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> OrgLimits | Problem | None:
    """Replace an organization's usage limit overrides

     A missing or null field removes that override (the setting applies again); 0 means unlimited. Other
    processes see the change within AGENT_PLATFORM_LIMITS_CACHE_SECONDS. `turns_in_flight` overrides
    AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT, the turns the organization may have queued or running at once.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_match (str | Unset):
        body (OrgLimitsUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrgLimits | Problem
    """

    return sync_detailed(
        org_id=org_id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrgLimitsUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[OrgLimits | Problem]:
    """Replace an organization's usage limit overrides

     A missing or null field removes that override (the setting applies again); 0 means unlimited. Other
    processes see the change within AGENT_PLATFORM_LIMITS_CACHE_SECONDS. `turns_in_flight` overrides
    AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT, the turns the organization may have queued or running at once.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_match (str | Unset):
        body (OrgLimitsUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrgLimits | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        body=body,
        x_request_id=x_request_id,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrgLimitsUpdate,
    x_request_id: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> OrgLimits | Problem | None:
    """Replace an organization's usage limit overrides

     A missing or null field removes that override (the setting applies again); 0 means unlimited. Other
    processes see the change within AGENT_PLATFORM_LIMITS_CACHE_SECONDS. `turns_in_flight` overrides
    AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT, the turns the organization may have queued or running at once.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_match (str | Unset):
        body (OrgLimitsUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrgLimits | Problem
    """

    return (
        await asyncio_detailed(
            org_id=org_id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            if_match=if_match,
        )
    ).parsed
