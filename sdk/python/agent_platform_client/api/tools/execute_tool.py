from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tool_execute import ToolExecute
from ...models.tool_execution import ToolExecution
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tool_id: UUID,
    *,
    body: ToolExecute | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tools/{tool_id}/execute".format(
            tool_id=quote(str(tool_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ToolExecution | None:
    if response.status_code == 200:
        response_200 = ToolExecution.from_dict(response.json())

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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
) -> Response[Problem | ToolExecution]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tool_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ToolExecute | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | ToolExecution]:
    """Call a tool now

     The input is validated against the tool's input_schema (400 `tool_input_invalid`). An HTTP tool
    fills `{param}` placeholders of its path from the input; the other inputs go to the query (GET,
    DELETE) or the JSON body (POST, PUT, PATCH) unless their schema says otherwise with `x-in` (path,
    query, header, body). The provider's base_url (or the end user's `base_url` override) passes the
    SSRF policy when resolved; timeout_ms is enforced; the provider's auth is injected server-side (the
    end user's credentials win). Redirects are not followed. A disabled tool is 409 `tool_disabled`. The
    outcome of the call is in the 200 body: `status` failed with an `error.code` (`timeout`,
    `connection_failed`, `http_error`, `tool_error`, `url_not_allowed`, ...). An output that does not
    match the tool's output_schema does not fail a call that was made: it succeeds with an
    `output_warning` (`output_schema_mismatch`). Credentials never appear in the result.

    Args:
        tool_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ToolExecute | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolExecution]
    """

    kwargs = _get_kwargs(
        tool_id=tool_id,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tool_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ToolExecute | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | ToolExecution | None:
    """Call a tool now

     The input is validated against the tool's input_schema (400 `tool_input_invalid`). An HTTP tool
    fills `{param}` placeholders of its path from the input; the other inputs go to the query (GET,
    DELETE) or the JSON body (POST, PUT, PATCH) unless their schema says otherwise with `x-in` (path,
    query, header, body). The provider's base_url (or the end user's `base_url` override) passes the
    SSRF policy when resolved; timeout_ms is enforced; the provider's auth is injected server-side (the
    end user's credentials win). Redirects are not followed. A disabled tool is 409 `tool_disabled`. The
    outcome of the call is in the 200 body: `status` failed with an `error.code` (`timeout`,
    `connection_failed`, `http_error`, `tool_error`, `url_not_allowed`, ...). An output that does not
    match the tool's output_schema does not fail a call that was made: it succeeds with an
    `output_warning` (`output_schema_mismatch`). Credentials never appear in the result.

    Args:
        tool_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ToolExecute | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolExecution
    """

    return sync_detailed(
        tool_id=tool_id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    tool_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ToolExecute | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[Problem | ToolExecution]:
    """Call a tool now

     The input is validated against the tool's input_schema (400 `tool_input_invalid`). An HTTP tool
    fills `{param}` placeholders of its path from the input; the other inputs go to the query (GET,
    DELETE) or the JSON body (POST, PUT, PATCH) unless their schema says otherwise with `x-in` (path,
    query, header, body). The provider's base_url (or the end user's `base_url` override) passes the
    SSRF policy when resolved; timeout_ms is enforced; the provider's auth is injected server-side (the
    end user's credentials win). Redirects are not followed. A disabled tool is 409 `tool_disabled`. The
    outcome of the call is in the 200 body: `status` failed with an `error.code` (`timeout`,
    `connection_failed`, `http_error`, `tool_error`, `url_not_allowed`, ...). An output that does not
    match the tool's output_schema does not fail a call that was made: it succeeds with an
    `output_warning` (`output_schema_mismatch`). Credentials never appear in the result.

    Args:
        tool_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ToolExecute | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ToolExecution]
    """

    kwargs = _get_kwargs(
        tool_id=tool_id,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tool_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ToolExecute | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Problem | ToolExecution | None:
    """Call a tool now

     The input is validated against the tool's input_schema (400 `tool_input_invalid`). An HTTP tool
    fills `{param}` placeholders of its path from the input; the other inputs go to the query (GET,
    DELETE) or the JSON body (POST, PUT, PATCH) unless their schema says otherwise with `x-in` (path,
    query, header, body). The provider's base_url (or the end user's `base_url` override) passes the
    SSRF policy when resolved; timeout_ms is enforced; the provider's auth is injected server-side (the
    end user's credentials win). Redirects are not followed. A disabled tool is 409 `tool_disabled`. The
    outcome of the call is in the 200 body: `status` failed with an `error.code` (`timeout`,
    `connection_failed`, `http_error`, `tool_error`, `url_not_allowed`, ...). An output that does not
    match the tool's output_schema does not fail a call that was made: it succeeds with an
    `output_warning` (`output_schema_mismatch`). Credentials never appear in the result.

    Args:
        tool_id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (ToolExecute | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ToolExecution
    """

    return (
        await asyncio_detailed(
            tool_id=tool_id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_organization_id=x_organization_id,
        )
    ).parsed
