from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.organization_document_request import OrganizationDocumentRequest
from ...models.organization_plan import OrganizationPlan
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    params: dict[str, Any] = {}

    params["prune"] = prune

    params["deploy"] = deploy

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organization/plan",
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
) -> OrganizationPlan | Problem | None:
    if response.status_code == 200:
        response_200 = OrganizationPlan.from_dict(response.json())

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
) -> Response[OrganizationPlan | Problem]:
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
) -> Response[OrganizationPlan | Problem]:
    """What applying a document would change (nothing is changed)

     Compares the document with the organization: what would be created, changed (field by field; a
    credential only as changed, never its value) and deleted (only with `prune=true`; otherwise objects
    the document leaves out are listed as `unmanaged`), what is invalid (names that refer to nothing,
    and whatever the API itself would refuse: the plan carries the changes out in a transaction it rolls
    back), which placeholders have a value (`supplied`), keep the value stored here (`stored`) or have
    none (`missing`), which networks would be deployed (`deploy=true`) and which agents rebuilt.
    `revision` is the configuration revision planned against: apply with `If-Match` set to it to apply
    exactly what was reviewed. A document of a newer apiVersion is 400 `api_version_unsupported`; one
    that does not match `/schemas/organization-v1.json`, 400 `document_invalid`.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizationPlan | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        prune=prune,
        deploy=deploy,
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
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> OrganizationPlan | Problem | None:
    """What applying a document would change (nothing is changed)

     Compares the document with the organization: what would be created, changed (field by field; a
    credential only as changed, never its value) and deleted (only with `prune=true`; otherwise objects
    the document leaves out are listed as `unmanaged`), what is invalid (names that refer to nothing,
    and whatever the API itself would refuse: the plan carries the changes out in a transaction it rolls
    back), which placeholders have a value (`supplied`), keep the value stored here (`stored`) or have
    none (`missing`), which networks would be deployed (`deploy=true`) and which agents rebuilt.
    `revision` is the configuration revision planned against: apply with `If-Match` set to it to apply
    exactly what was reviewed. A document of a newer apiVersion is 400 `api_version_unsupported`; one
    that does not match `/schemas/organization-v1.json`, 400 `document_invalid`.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizationPlan | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        prune=prune,
        deploy=deploy,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: OrganizationDocumentRequest | File | Unset = UNSET,
    prune: bool | Unset = False,
    deploy: bool | Unset = False,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[OrganizationPlan | Problem]:
    """What applying a document would change (nothing is changed)

     Compares the document with the organization: what would be created, changed (field by field; a
    credential only as changed, never its value) and deleted (only with `prune=true`; otherwise objects
    the document leaves out are listed as `unmanaged`), what is invalid (names that refer to nothing,
    and whatever the API itself would refuse: the plan carries the changes out in a transaction it rolls
    back), which placeholders have a value (`supplied`), keep the value stored here (`stored`) or have
    none (`missing`), which networks would be deployed (`deploy=true`) and which agents rebuilt.
    `revision` is the configuration revision planned against: apply with `If-Match` set to it to apply
    exactly what was reviewed. A document of a newer apiVersion is 400 `api_version_unsupported`; one
    that does not match `/schemas/organization-v1.json`, 400 `document_invalid`.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OrganizationPlan | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        prune=prune,
        deploy=deploy,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
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
) -> OrganizationPlan | Problem | None:
    """What applying a document would change (nothing is changed)

     Compares the document with the organization: what would be created, changed (field by field; a
    credential only as changed, never its value) and deleted (only with `prune=true`; otherwise objects
    the document leaves out are listed as `unmanaged`), what is invalid (names that refer to nothing,
    and whatever the API itself would refuse: the plan carries the changes out in a transaction it rolls
    back), which placeholders have a value (`supplied`), keep the value stored here (`stored`) or have
    none (`missing`), which networks would be deployed (`deploy=true`) and which agents rebuilt.
    `revision` is the configuration revision planned against: apply with `If-Match` set to it to apply
    exactly what was reviewed. A document of a newer apiVersion is 400 `api_version_unsupported`; one
    that does not match `/schemas/organization-v1.json`, 400 `document_invalid`.

    Args:
        prune (bool | Unset):  Default: False.
        deploy (bool | Unset):  Default: False.
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        body (OrganizationDocumentRequest): An organization document to plan or apply, with the
            values of its placeholders in `secrets` (a request only: an export never holds one).
        body (File): The document in YAML (or JSON), optionally followed (`---`) by a `kind:
            Secrets` document with the placeholders' values.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OrganizationPlan | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            prune=prune,
            deploy=deploy,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
        )
    ).parsed
