from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.kb_document_body import KbDocumentBody
from ...models.kb_document_create import KbDocumentCreate
from ...models.kb_document_upload import KbDocumentUpload
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: KbDocumentCreate | KbDocumentUpload | Unset = UNSET,
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
        "url": "/v1/knowledge-bases/{id}/documents".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, KbDocumentCreate):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, KbDocumentUpload):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> KbDocumentBody | Problem | None:
    if response.status_code == 202:
        response_202 = KbDocumentBody.from_dict(response.json())

        return response_202

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
) -> Response[KbDocumentBody | Problem]:
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
    body: KbDocumentCreate | KbDocumentUpload | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[KbDocumentBody | Problem]:
    """Add (or replace) a document

     Uploads a document: JSON `{name, content, content_type}` (text), or a multipart upload (`file`, with
    optional `name` and `content_type`; the file's own name and type otherwise). Text, Markdown, HTML,
    PDF and DOCX, at most 4 MiB (413 `document_too_large`); another type is 409
    `unsupported_content_type`. Answers 202 with the document `queued`: a background job reads it, cuts
    it into chunks and embeds them (`processing`, with `progress`), then it is `ready`, or `failed` with
    `error`. A document with the name of a current one replaces it atomically once ready: searches see
    the old one until then, never part of either.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (KbDocumentCreate):
        body (KbDocumentUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[KbDocumentBody | Problem]
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
    body: KbDocumentCreate | KbDocumentUpload | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> KbDocumentBody | Problem | None:
    """Add (or replace) a document

     Uploads a document: JSON `{name, content, content_type}` (text), or a multipart upload (`file`, with
    optional `name` and `content_type`; the file's own name and type otherwise). Text, Markdown, HTML,
    PDF and DOCX, at most 4 MiB (413 `document_too_large`); another type is 409
    `unsupported_content_type`. Answers 202 with the document `queued`: a background job reads it, cuts
    it into chunks and embeds them (`processing`, with `progress`), then it is `ready`, or `failed` with
    `error`. A document with the name of a current one replaces it atomically once ready: searches see
    the old one until then, never part of either.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (KbDocumentCreate):
        body (KbDocumentUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        KbDocumentBody | Problem
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
    body: KbDocumentCreate | KbDocumentUpload | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[KbDocumentBody | Problem]:
    """Add (or replace) a document

     Uploads a document: JSON `{name, content, content_type}` (text), or a multipart upload (`file`, with
    optional `name` and `content_type`; the file's own name and type otherwise). Text, Markdown, HTML,
    PDF and DOCX, at most 4 MiB (413 `document_too_large`); another type is 409
    `unsupported_content_type`. Answers 202 with the document `queued`: a background job reads it, cuts
    it into chunks and embeds them (`processing`, with `progress`), then it is `ready`, or `failed` with
    `error`. A document with the name of a current one replaces it atomically once ready: searches see
    the old one until then, never part of either.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (KbDocumentCreate):
        body (KbDocumentUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[KbDocumentBody | Problem]
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
    body: KbDocumentCreate | KbDocumentUpload | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> KbDocumentBody | Problem | None:
    """Add (or replace) a document

     Uploads a document: JSON `{name, content, content_type}` (text), or a multipart upload (`file`, with
    optional `name` and `content_type`; the file's own name and type otherwise). Text, Markdown, HTML,
    PDF and DOCX, at most 4 MiB (413 `document_too_large`); another type is 409
    `unsupported_content_type`. Answers 202 with the document `queued`: a background job reads it, cuts
    it into chunks and embeds them (`processing`, with `progress`), then it is `ready`, or `failed` with
    `error`. A document with the name of a current one replaces it atomically once ready: searches see
    the old one until then, never part of either.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (KbDocumentCreate):
        body (KbDocumentUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        KbDocumentBody | Problem
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
