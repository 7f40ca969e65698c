from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.organization_apply_result import OrganizationApplyResult
from ...models.organization_document_request import OrganizationDocumentRequest
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    params: dict[str, Any] = {}

    params["prune"] = prune

    params["deploy"] = deploy

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organization/apply",
        "params": params,
    }

    if isinstance(body, OrganizationDocumentRequest):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, File):
        _kwargs["content"] = body.payload
        headers["Content-Type"] = "application/yaml"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OrganizationApplyResult | Problem | None:
    if response.status_code == 200:
        response_200 = OrganizationApplyResult.from_dict(response.json())

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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

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
) -> Response[OrganizationApplyResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[OrganizationApplyResult | Problem]:
    """Apply a document, all of it or nothing

     Carries out the plan of the document in one transaction: every create, update and delete goes
    through the same rules as the API (names, conflicts, the SSRF policy, rebuilds), and any refusal
    leaves the organization unchanged (400 `document_invalid` listing the problems, or the API's own
    error naming the object). Applying the same document twice changes nothing the second time
    (`changed: false`). Applies of one organization run one after another; with `If-Match` (the revision
    of an export or a plan) an apply whose organization changed since is 412 `precondition_failed`.
    `prune=true` deletes what the document leaves out (groups excepted); `deploy=true` deploys each
    network the document names `current` on staging or prod where it is not. A placeholder without a
    value for a credential not stored here is invalid.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        if_match (str | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizationApplyResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        prune=prune,
        deploy=deploy,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> OrganizationApplyResult | Problem | None:
    """Apply a document, all of it or nothing

     Carries out the plan of the document in one transaction: every create, update and delete goes
    through the same rules as the API (names, conflicts, the SSRF policy, rebuilds), and any refusal
    leaves the organization unchanged (400 `document_invalid` listing the problems, or the API's own
    error naming the object). Applying the same document twice changes nothing the second time
    (`changed: false`). Applies of one organization run one after another; with `If-Match` (the revision
    of an export or a plan) an apply whose organization changed since is 412 `precondition_failed`.
    `prune=true` deletes what the document leaves out (groups excepted); `deploy=true` deploys each
    network the document names `current` on staging or prod where it is not. A placeholder without a
    value for a credential not stored here is invalid.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        if_match (str | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizationApplyResult | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        prune=prune,
        deploy=deploy,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[OrganizationApplyResult | Problem]:
    """Apply a document, all of it or nothing

     Carries out the plan of the document in one transaction: every create, update and delete goes
    through the same rules as the API (names, conflicts, the SSRF policy, rebuilds), and any refusal
    leaves the organization unchanged (400 `document_invalid` listing the problems, or the API's own
    error naming the object). Applying the same document twice changes nothing the second time
    (`changed: false`). Applies of one organization run one after another; with `If-Match` (the revision
    of an export or a plan) an apply whose organization changed since is 412 `precondition_failed`.
    `prune=true` deletes what the document leaves out (groups excepted); `deploy=true` deploys each
    network the document names `current` on staging or prod where it is not. A placeholder without a
    value for a credential not stored here is invalid.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        if_match (str | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizationApplyResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        prune=prune,
        deploy=deploy,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> OrganizationApplyResult | Problem | None:
    """Apply a document, all of it or nothing

     Carries out the plan of the document in one transaction: every create, update and delete goes
    through the same rules as the API (names, conflicts, the SSRF policy, rebuilds), and any refusal
    leaves the organization unchanged (400 `document_invalid` listing the problems, or the API's own
    error naming the object). Applying the same document twice changes nothing the second time
    (`changed: false`). Applies of one organization run one after another; with `If-Match` (the revision
    of an export or a plan) an apply whose organization changed since is 412 `precondition_failed`.
    `prune=true` deletes what the document leaves out (groups excepted); `deploy=true` deploys each
    network the document names `current` on staging or prod where it is not. A placeholder without a
    value for a credential not stored here is invalid.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        if_match (str | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizationApplyResult | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            prune=prune,
            deploy=deploy,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            if_match=if_match,
        )
    ).parsed
