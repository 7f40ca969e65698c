import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.usage_group_by import UsageGroupBy
from ...models.usage_report import UsageReport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    start: datetime.datetime | Unset = UNSET,
    end: datetime.datetime | Unset = UNSET,
    group_by: UsageGroupBy | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    params: dict[str, Any] = {}

    json_start: str | Unset = UNSET
    if not isinstance(start, Unset):
        json_start = start.isoformat()
    params["start"] = json_start

    json_end: str | Unset = UNSET
    if not isinstance(end, Unset):
        json_end = end.isoformat()
    params["end"] = json_end

    json_group_by: str | Unset = UNSET
    if not isinstance(group_by, Unset):
        json_group_by = group_by.value

    params["group_by"] = json_group_by

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/usage",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | UsageReport | None:
    if response.status_code == 200:
        response_200 = UsageReport.from_dict(response.json())

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
) -> Response[Problem | UsageReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    start: datetime.datetime | Unset = UNSET,
    end: datetime.datetime | Unset = UNSET,
    group_by: UsageGroupBy | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | UsageReport]:
    """Tokens, cost and runs over a time range

     Sums of the spend ledger (one entry per finished run: its tokens and its cost) over `[start, end)`,
    in total and, with `group_by`, per group billed, end user, agent, network or model (largest cost
    first). The sums are the ledger's exactly; `cost_micro_usd` is the exact integer amount. The runs of
    a workflow's agent and network steps are counted as the runs they are.

    Args:
        start (datetime.datetime | Unset):
        end (datetime.datetime | Unset):
        group_by (UsageGroupBy | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UsageReport]
    """

    kwargs = _get_kwargs(
        start=start,
        end=end,
        group_by=group_by,
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
    start: datetime.datetime | Unset = UNSET,
    end: datetime.datetime | Unset = UNSET,
    group_by: UsageGroupBy | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | UsageReport | None:
    """Tokens, cost and runs over a time range

     Sums of the spend ledger (one entry per finished run: its tokens and its cost) over `[start, end)`,
    in total and, with `group_by`, per group billed, end user, agent, network or model (largest cost
    first). The sums are the ledger's exactly; `cost_micro_usd` is the exact integer amount. The runs of
    a workflow's agent and network steps are counted as the runs they are.

    Args:
        start (datetime.datetime | Unset):
        end (datetime.datetime | Unset):
        group_by (UsageGroupBy | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UsageReport
    """

    return sync_detailed(
        client=client,
        start=start,
        end=end,
        group_by=group_by,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    start: datetime.datetime | Unset = UNSET,
    end: datetime.datetime | Unset = UNSET,
    group_by: UsageGroupBy | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | UsageReport]:
    """Tokens, cost and runs over a time range

     Sums of the spend ledger (one entry per finished run: its tokens and its cost) over `[start, end)`,
    in total and, with `group_by`, per group billed, end user, agent, network or model (largest cost
    first). The sums are the ledger's exactly; `cost_micro_usd` is the exact integer amount. The runs of
    a workflow's agent and network steps are counted as the runs they are.

    Args:
        start (datetime.datetime | Unset):
        end (datetime.datetime | Unset):
        group_by (UsageGroupBy | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UsageReport]
    """

    kwargs = _get_kwargs(
        start=start,
        end=end,
        group_by=group_by,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    start: datetime.datetime | Unset = UNSET,
    end: datetime.datetime | Unset = UNSET,
    group_by: UsageGroupBy | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | UsageReport | None:
    """Tokens, cost and runs over a time range

     Sums of the spend ledger (one entry per finished run: its tokens and its cost) over `[start, end)`,
    in total and, with `group_by`, per group billed, end user, agent, network or model (largest cost
    first). The sums are the ledger's exactly; `cost_micro_usd` is the exact integer amount. The runs of
    a workflow's agent and network steps are counted as the runs they are.

    Args:
        start (datetime.datetime | Unset):
        end (datetime.datetime | Unset):
        group_by (UsageGroupBy | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UsageReport
    """

    return (
        await asyncio_detailed(
            client=client,
            start=start,
            end=end,
            group_by=group_by,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
        )
    ).parsed
