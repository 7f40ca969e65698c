from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.import_result import ImportResult
from ...models.openapi_document import OpenApiDocument
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: OpenApiDocument | File | Unset = UNSET,
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
        "url": "/v1/tool-providers/{id}/import".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, OpenApiDocument):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, File):
        _kwargs["content"] = body.payload
        headers["Content-Type"] = "application/yaml"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ImportResult | Problem | None:
    if response.status_code == 201:
        response_201 = ImportResult.from_dict(response.json())

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
) -> Response[ImportResult | Problem]:
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
    body: OpenApiDocument | File | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[ImportResult | Problem]:
    """Create one api tool per operation of an OpenAPI 3.x document (JSON or YAML)

     Each operation (GET, POST, PUT, PATCH, DELETE) becomes a tool under the naming rules of POST
    /v1/tools: operationId (or summary) names it and is kept as `operation_id`; tags and deprecated
    carry over; `input_schema` holds the parameters (each marked `x-in`: path, query or header) and the
    JSON request body; `output_schema` is the first 2xx JSON response. Local `$ref`s are resolved;
    OpenAPI 3.0 schemas become JSON Schema (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    `example`). Operations whose method+path or operation_id are already used, or whose method is not
    supported, and a 3.1 document's `webhooks` (requests the API sends) are listed in `skipped` with the
    reason. A document over the import's limits (bytes, values, expanded size: settings) is 413. Only
    into an api provider (409 `provider_not_api`).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (OpenApiDocument): An OpenAPI 3.x document: 3.0 with `paths`; 3.1 with `paths`,
            `webhooks` or `components` (the import answers 400 `invalid_openapi_document` for a
            document without them).
        body (File): An OpenAPI 3.x document in YAML (or JSON) text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
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
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: OpenApiDocument | File | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> ImportResult | Problem | None:
    """Create one api tool per operation of an OpenAPI 3.x document (JSON or YAML)

     Each operation (GET, POST, PUT, PATCH, DELETE) becomes a tool under the naming rules of POST
    /v1/tools: operationId (or summary) names it and is kept as `operation_id`; tags and deprecated
    carry over; `input_schema` holds the parameters (each marked `x-in`: path, query or header) and the
    JSON request body; `output_schema` is the first 2xx JSON response. Local `$ref`s are resolved;
    OpenAPI 3.0 schemas become JSON Schema (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    `example`). Operations whose method+path or operation_id are already used, or whose method is not
    supported, and a 3.1 document's `webhooks` (requests the API sends) are listed in `skipped` with the
    reason. A document over the import's limits (bytes, values, expanded size: settings) is 413. Only
    into an api provider (409 `provider_not_api`).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (OpenApiDocument): An OpenAPI 3.x document: 3.0 with `paths`; 3.1 with `paths`,
            `webhooks` or `components` (the import answers 400 `invalid_openapi_document` for a
            document without them).
        body (File): An OpenAPI 3.x document in YAML (or JSON) text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportResult | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: OpenApiDocument | File | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[ImportResult | Problem]:
    """Create one api tool per operation of an OpenAPI 3.x document (JSON or YAML)

     Each operation (GET, POST, PUT, PATCH, DELETE) becomes a tool under the naming rules of POST
    /v1/tools: operationId (or summary) names it and is kept as `operation_id`; tags and deprecated
    carry over; `input_schema` holds the parameters (each marked `x-in`: path, query or header) and the
    JSON request body; `output_schema` is the first 2xx JSON response. Local `$ref`s are resolved;
    OpenAPI 3.0 schemas become JSON Schema (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    `example`). Operations whose method+path or operation_id are already used, or whose method is not
    supported, and a 3.1 document's `webhooks` (requests the API sends) are listed in `skipped` with the
    reason. A document over the import's limits (bytes, values, expanded size: settings) is 413. Only
    into an api provider (409 `provider_not_api`).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (OpenApiDocument): An OpenAPI 3.x document: 3.0 with `paths`; 3.1 with `paths`,
            `webhooks` or `components` (the import answers 400 `invalid_openapi_document` for a
            document without them).
        body (File): An OpenAPI 3.x document in YAML (or JSON) text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: OpenApiDocument | File | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> ImportResult | Problem | None:
    """Create one api tool per operation of an OpenAPI 3.x document (JSON or YAML)

     Each operation (GET, POST, PUT, PATCH, DELETE) becomes a tool under the naming rules of POST
    /v1/tools: operationId (or summary) names it and is kept as `operation_id`; tags and deprecated
    carry over; `input_schema` holds the parameters (each marked `x-in`: path, query or header) and the
    JSON request body; `output_schema` is the first 2xx JSON response. Local `$ref`s are resolved;
    OpenAPI 3.0 schemas become JSON Schema (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`,
    `example`). Operations whose method+path or operation_id are already used, or whose method is not
    supported, and a 3.1 document's `webhooks` (requests the API sends) are listed in `skipped` with the
    reason. A document over the import's limits (bytes, values, expanded size: settings) is 413. Only
    into an api provider (409 `provider_not_api`).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (OpenApiDocument): An OpenAPI 3.x document: 3.0 with `paths`; 3.1 with `paths`,
            `webhooks` or `components` (the import answers 400 `invalid_openapi_document` for a
            document without them).
        body (File): An OpenAPI 3.x document in YAML (or JSON) text.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportResult | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_organization_id=x_organization_id,
        )
    ).parsed
