from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.experiment_assign import ExperimentAssign
from ...models.experiment_assignment import ExperimentAssignment
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ExperimentAssign,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID,
    x_user_id: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    headers["X-Organization-Id"] = x_organization_id

    headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/experiments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ExperimentAssignment | Problem | None:
    if response.status_code == 200:
        response_200 = ExperimentAssignment.from_dict(response.json())

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
) -> Response[ExperimentAssignment | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ExperimentAssign,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID,
    x_user_id: str,
) -> Response[ExperimentAssignment | Problem]:
    """Assign the end user to a variant of a named experiment (deterministic, sticky)

     Requires both `X-Organization-Id` and `X-User-Id`. The first assignment of a user to an experiment
    is a weighted choice derived from a hash of (organization, experiment, user), so it is the same on
    every server; it is then stored and returned unchanged on later calls as long as the stored variant
    is still offered.

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID):
        x_user_id (str): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ExperimentAssign):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExperimentAssignment | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
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
    body: ExperimentAssign,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID,
    x_user_id: str,
) -> ExperimentAssignment | Problem | None:
    """Assign the end user to a variant of a named experiment (deterministic, sticky)

     Requires both `X-Organization-Id` and `X-User-Id`. The first assignment of a user to an experiment
    is a weighted choice derived from a hash of (organization, experiment, user), so it is the same on
    every server; it is then stored and returned unchanged on later calls as long as the stored variant
    is still offered.

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID):
        x_user_id (str): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ExperimentAssign):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExperimentAssignment | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ExperimentAssign,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID,
    x_user_id: str,
) -> Response[ExperimentAssignment | Problem]:
    """Assign the end user to a variant of a named experiment (deterministic, sticky)

     Requires both `X-Organization-Id` and `X-User-Id`. The first assignment of a user to an experiment
    is a weighted choice derived from a hash of (organization, experiment, user), so it is the same on
    every server; it is then stored and returned unchanged on later calls as long as the stored variant
    is still offered.

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID):
        x_user_id (str): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ExperimentAssign):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExperimentAssignment | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ExperimentAssign,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID,
    x_user_id: str,
) -> ExperimentAssignment | Problem | None:
    """Assign the end user to a variant of a named experiment (deterministic, sticky)

     Requires both `X-Organization-Id` and `X-User-Id`. The first assignment of a user to an experiment
    is a weighted choice derived from a hash of (organization, experiment, user), so it is the same on
    every server; it is then stored and returned unchanged on later calls as long as the stored variant
    is still offered.

    Args:
        x_request_id (str | Unset):
        x_organization_id (UUID):
        x_user_id (str): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ExperimentAssign):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExperimentAssignment | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
