from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.org_limits import OrgLimits
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    org_id: UUID,
    *,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/admin/orgs/{org_id}/limits".format(
            org_id=quote(str(org_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | OrgLimits | Problem | None:
    if response.status_code == 200:
        response_200 = OrgLimits.from_dict(response.json())

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

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | OrgLimits | Problem]:
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
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | OrgLimits | Problem]:
    """An organization's usage limits (overrides, defaults), this month's runs, turns in flight

     The organization's usage-limit overrides, the operator's defaults, this month's run count and the
    turns queued or running now. Operator only.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | OrgLimits | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        x_request_id=x_request_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | OrgLimits | Problem | None:
    """An organization's usage limits (overrides, defaults), this month's runs, turns in flight

     The organization's usage-limit overrides, the operator's defaults, this month's run count and the
    turns queued or running now. Operator only.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | OrgLimits | Problem
    """

    return sync_detailed(
        org_id=org_id,
        client=client,
        x_request_id=x_request_id,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | OrgLimits | Problem]:
    """An organization's usage limits (overrides, defaults), this month's runs, turns in flight

     The organization's usage-limit overrides, the operator's defaults, this month's run count and the
    turns queued or running now. Operator only.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | OrgLimits | Problem]
    """

    kwargs = _get_kwargs(
        org_id=org_id,
        x_request_id=x_request_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    org_id: UUID,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | OrgLimits | Problem | None:
    """An organization's usage limits (overrides, defaults), this month's runs, turns in flight

     The organization's usage-limit overrides, the operator's defaults, this month's run count and the
    turns queued or running now. Operator only.

    Args:
        org_id (UUID):
        x_request_id (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | OrgLimits | Problem
    """

    return (
        await asyncio_detailed(
            org_id=org_id,
            client=client,
            x_request_id=x_request_id,
            if_none_match=if_none_match,
        )
    ).parsed
