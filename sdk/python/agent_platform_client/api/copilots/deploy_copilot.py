from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.copilot_deploy import CopilotDeploy
from ...models.copilot_deploy_result import CopilotDeployResult
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: CopilotDeploy,
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
        "url": "/v1/copilots/{id}/deploy".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CopilotDeployResult | Problem | None:
    if response.status_code == 200:
        response_200 = CopilotDeployResult.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = CopilotDeployResult.from_dict(response.json())

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
) -> Response[CopilotDeployResult | Problem]:
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
    body: CopilotDeploy,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[CopilotDeployResult | Problem]:
    """Promote a dev network to staging or prod

     Copies the dev network's configuration, with each agent pinned to its current version
    (`agentVersionId`), onto its `target` network (created on the first deploy, linked by
    `source_copilot_id`), in one transaction, and records the deployment. With `from: staging` (target
    prod only) the staging network's live snapshot is copied instead (409 `network_not_deployed` when
    staging was never deployed). Only a dev network can be deployed (409 `network_not_dev`); an agent
    without a current version or a deleted workflow is 409 `agent_unavailable` / `workflow_unavailable`.
    201 when the target network was created by this deploy, 200 when it was updated.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (CopilotDeploy): `{target: staging|prod, from?: dev}` deploys the dev network's
            current configuration; `{target: prod, from: staging}` promotes what is live on staging to
            prod. Staging onto staging is 400 `invalid_deploy_source`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CopilotDeployResult | Problem]
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
    body: CopilotDeploy,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> CopilotDeployResult | Problem | None:
    """Promote a dev network to staging or prod

     Copies the dev network's configuration, with each agent pinned to its current version
    (`agentVersionId`), onto its `target` network (created on the first deploy, linked by
    `source_copilot_id`), in one transaction, and records the deployment. With `from: staging` (target
    prod only) the staging network's live snapshot is copied instead (409 `network_not_deployed` when
    staging was never deployed). Only a dev network can be deployed (409 `network_not_dev`); an agent
    without a current version or a deleted workflow is 409 `agent_unavailable` / `workflow_unavailable`.
    201 when the target network was created by this deploy, 200 when it was updated.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (CopilotDeploy): `{target: staging|prod, from?: dev}` deploys the dev network's
            current configuration; `{target: prod, from: staging}` promotes what is live on staging to
            prod. Staging onto staging is 400 `invalid_deploy_source`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CopilotDeployResult | Problem
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
    body: CopilotDeploy,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> Response[CopilotDeployResult | Problem]:
    """Promote a dev network to staging or prod

     Copies the dev network's configuration, with each agent pinned to its current version
    (`agentVersionId`), onto its `target` network (created on the first deploy, linked by
    `source_copilot_id`), in one transaction, and records the deployment. With `from: staging` (target
    prod only) the staging network's live snapshot is copied instead (409 `network_not_deployed` when
    staging was never deployed). Only a dev network can be deployed (409 `network_not_dev`); an agent
    without a current version or a deleted workflow is 409 `agent_unavailable` / `workflow_unavailable`.
    201 when the target network was created by this deploy, 200 when it was updated.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (CopilotDeploy): `{target: staging|prod, from?: dev}` deploys the dev network's
            current configuration; `{target: prod, from: staging}` promotes what is live on staging to
            prod. Staging onto staging is 400 `invalid_deploy_source`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CopilotDeployResult | Problem]
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
    body: CopilotDeploy,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
) -> CopilotDeployResult | Problem | None:
    """Promote a dev network to staging or prod

     Copies the dev network's configuration, with each agent pinned to its current version
    (`agentVersionId`), onto its `target` network (created on the first deploy, linked by
    `source_copilot_id`), in one transaction, and records the deployment. With `from: staging` (target
    prod only) the staging network's live snapshot is copied instead (409 `network_not_deployed` when
    staging was never deployed). Only a dev network can be deployed (409 `network_not_dev`); an agent
    without a current version or a deleted workflow is 409 `agent_unavailable` / `workflow_unavailable`.
    201 when the target network was created by this deploy, 200 when it was updated.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_organization_id (UUID | Unset):
        body (CopilotDeploy): `{target: staging|prod, from?: dev}` deploys the dev network's
            current configuration; `{target: prod, from: staging}` promotes what is live on staging to
            prod. Staging onto staging is 400 `invalid_deploy_source`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CopilotDeployResult | Problem
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
