from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.approval_decision_request import ApprovalDecisionRequest
from ...models.approval_decision_result import ApprovalDecisionResult
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: ApprovalDecisionRequest,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/runs/{id}/approvals".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApprovalDecisionResult | Problem | None:
    if response.status_code == 200:
        response_200 = ApprovalDecisionResult.from_dict(response.json())

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
) -> Response[ApprovalDecisionResult | Problem]:
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
    body: ApprovalDecisionRequest,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[ApprovalDecisionResult | Problem]:
    """Approve or deny a tool call a run waits for

     A run is `awaiting_approval` when its agent called a tool that needs a person's approval (the tool's
    `requires_approval`, or the agent's `approval_tool_ids`); the stream sent an `approval.requested`
    event with the tool, its arguments and the `call_id`. Decide each waiting call: `approve` runs it,
    `deny` gives the model a denial result. When every waiting call is decided the run continues (in
    whichever worker takes it). Every decision is an `approval` step of the run with who decided and
    when. A workflow run waits the same way when a tool step calls a tool that requires approval (call
    id `step_{stepId}`; `deny` fails the step with `approval_denied`, which fails the run unless the
    step has `continue_on_error`) or an agent or network step's turn waits (its calls are listed on the
    step, deciding on the workflow run's id or on the turn's is the same); the waiting step's
    `approvals` records every decision. A session token decides only its own user's runs (others are
    404), the API key any run of the organization (with `X-User-Id`, that user's). 409
    `run_not_awaiting_approval` when the run is not waiting, `approval_already_decided` for a call
    decided before; 404 `approval_not_found` for a call id the run does not wait for.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ApprovalDecisionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApprovalDecisionResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
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
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApprovalDecisionRequest,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> ApprovalDecisionResult | Problem | None:
    """Approve or deny a tool call a run waits for

     A run is `awaiting_approval` when its agent called a tool that needs a person's approval (the tool's
    `requires_approval`, or the agent's `approval_tool_ids`); the stream sent an `approval.requested`
    event with the tool, its arguments and the `call_id`. Decide each waiting call: `approve` runs it,
    `deny` gives the model a denial result. When every waiting call is decided the run continues (in
    whichever worker takes it). Every decision is an `approval` step of the run with who decided and
    when. A workflow run waits the same way when a tool step calls a tool that requires approval (call
    id `step_{stepId}`; `deny` fails the step with `approval_denied`, which fails the run unless the
    step has `continue_on_error`) or an agent or network step's turn waits (its calls are listed on the
    step, deciding on the workflow run's id or on the turn's is the same); the waiting step's
    `approvals` records every decision. A session token decides only its own user's runs (others are
    404), the API key any run of the organization (with `X-User-Id`, that user's). 409
    `run_not_awaiting_approval` when the run is not waiting, `approval_already_decided` for a call
    decided before; 404 `approval_not_found` for a call id the run does not wait for.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ApprovalDecisionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApprovalDecisionResult | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApprovalDecisionRequest,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[ApprovalDecisionResult | Problem]:
    """Approve or deny a tool call a run waits for

     A run is `awaiting_approval` when its agent called a tool that needs a person's approval (the tool's
    `requires_approval`, or the agent's `approval_tool_ids`); the stream sent an `approval.requested`
    event with the tool, its arguments and the `call_id`. Decide each waiting call: `approve` runs it,
    `deny` gives the model a denial result. When every waiting call is decided the run continues (in
    whichever worker takes it). Every decision is an `approval` step of the run with who decided and
    when. A workflow run waits the same way when a tool step calls a tool that requires approval (call
    id `step_{stepId}`; `deny` fails the step with `approval_denied`, which fails the run unless the
    step has `continue_on_error`) or an agent or network step's turn waits (its calls are listed on the
    step, deciding on the workflow run's id or on the turn's is the same); the waiting step's
    `approvals` records every decision. A session token decides only its own user's runs (others are
    404), the API key any run of the organization (with `X-User-Id`, that user's). 409
    `run_not_awaiting_approval` when the run is not waiting, `approval_already_decided` for a call
    decided before; 404 `approval_not_found` for a call id the run does not wait for.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ApprovalDecisionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApprovalDecisionResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ApprovalDecisionRequest,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> ApprovalDecisionResult | Problem | None:
    """Approve or deny a tool call a run waits for

     A run is `awaiting_approval` when its agent called a tool that needs a person's approval (the tool's
    `requires_approval`, or the agent's `approval_tool_ids`); the stream sent an `approval.requested`
    event with the tool, its arguments and the `call_id`. Decide each waiting call: `approve` runs it,
    `deny` gives the model a denial result. When every waiting call is decided the run continues (in
    whichever worker takes it). Every decision is an `approval` step of the run with who decided and
    when. A workflow run waits the same way when a tool step calls a tool that requires approval (call
    id `step_{stepId}`; `deny` fails the step with `approval_denied`, which fails the run unless the
    step has `continue_on_error`) or an agent or network step's turn waits (its calls are listed on the
    step, deciding on the workflow run's id or on the turn's is the same); the waiting step's
    `approvals` records every decision. A session token decides only its own user's runs (others are
    404), the API key any run of the organization (with `X-User-Id`, that user's). 409
    `run_not_awaiting_approval` when the run is not waiting, `approval_already_decided` for a call
    decided before; 404 `approval_not_found` for a call id the run does not wait for.

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ApprovalDecisionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApprovalDecisionResult | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
        )
    ).parsed
