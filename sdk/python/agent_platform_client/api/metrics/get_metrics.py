from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[Problem | str]:
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
) -> Response[Problem | str]:
    """Prometheus metrics (operator token)

     The Prometheus text exposition of every process of this host that shares the metrics directory
    (`serve` and its workers, `worker`, `scheduler`), plus the queues at scrape time: HTTP requests,
    runs, model and tool calls, MCP connections, queue depth and age, scheduler fires, open streams,
    database connections (docs/operating.md). Only the operator token reaches it; 404 when metrics are
    off (`AGENT_PLATFORM_METRICS=off`). `AGENT_PLATFORM_METRICS_PORT` serves the same on a port of its
    own instead.

    Args:
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
) -> Problem | str | None:
    """Prometheus metrics (operator token)

     The Prometheus text exposition of every process of this host that shares the metrics directory
    (`serve` and its workers, `worker`, `scheduler`), plus the queues at scrape time: HTTP requests,
    runs, model and tool calls, MCP connections, queue depth and age, scheduler fires, open streams,
    database connections (docs/operating.md). Only the operator token reaches it; 404 when metrics are
    off (`AGENT_PLATFORM_METRICS=off`). `AGENT_PLATFORM_METRICS_PORT` serves the same on a port of its
    own instead.

    Args:
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        x_request_id=x_request_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Prometheus metrics (operator token)

     The Prometheus text exposition of every process of this host that shares the metrics directory
    (`serve` and its workers, `worker`, `scheduler`), plus the queues at scrape time: HTTP requests,
    runs, model and tool calls, MCP connections, queue depth and age, scheduler fires, open streams,
    database connections (docs/operating.md). Only the operator token reaches it; 404 when metrics are
    off (`AGENT_PLATFORM_METRICS=off`). `AGENT_PLATFORM_METRICS_PORT` serves the same on a port of its
    own instead.

    Args:
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
) -> Problem | str | None:
    """Prometheus metrics (operator token)

     The Prometheus text exposition of every process of this host that shares the metrics directory
    (`serve` and its workers, `worker`, `scheduler`), plus the queues at scrape time: HTTP requests,
    runs, model and tool calls, MCP connections, queue depth and age, scheduler fires, open streams,
    database connections (docs/operating.md). Only the operator token reaches it; 404 when metrics are
    off (`AGENT_PLATFORM_METRICS=off`). `AGENT_PLATFORM_METRICS_PORT` serves the same on a port of its
    own instead.

    Args:
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            x_request_id=x_request_id,
        )
    ).parsed
