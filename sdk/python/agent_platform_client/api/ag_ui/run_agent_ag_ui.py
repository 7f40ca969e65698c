from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ag_ui_run_agent_input import AgUiRunAgentInput
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: AgUiRunAgentInput,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/agents/{id}/ag-ui".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

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
) -> Response[Problem | str]:
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
    body: AgUiRunAgentInput,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """AG-UI: run a turn of an agent and stream AG-UI events

     As `POST /v1/copilots/{id}/ag-ui`, for one agent (its steps are that agent's). An AG-UI endpoint
    (protocol 1.0) for CopilotKit and other AG-UI front-ends: takes AG-UI's `RunAgentInput` and answers
    an SSE stream of AG-UI events. The end user is the session token's (the browser; CORS as for every
    session-token operation), or `X-User-Id` with an API key. `threadId` names the user's thread: one of
    its thread ids, or the client's own id, linked to the thread its first run creates (seeded with the
    messages sent before the last user message). The last user message is the turn's input (a chat turn,
    as `POST /v1/chat`: same limits, spend caps, masking and tracing). Events: `RUN_STARTED`,
    `STEP_STARTED`/`STEP_FINISHED` per agent (a handoff finishes one step and starts the next),
    `TEXT_MESSAGE_START`/`CONTENT`/`END`, `TOOL_CALL_START`/`ARGS`/`END`/`RESULT`, `CUSTOM`
    (`memory.saved`, `memory.deleted`, `approval.decided`), then `RUN_FINISHED` (with `usage`) or
    `RUN_ERROR`. A tool call that needs approval ends the run with `RUN_FINISHED` whose outcome is
    `interrupt` (one interrupt per waiting call); the next run of the thread answers it with `resume`
    entries (`payload: {"decision": "approve" | "deny", "comment"}`; `status: cancelled` denies), and
    its stream follows the turn as it continues. Tools the client offers are not given to the network.
    Errors before the stream starts are problem+json (404 `thread_not_found`, 409 `turn_in_progress` or
    `run_not_awaiting_approval`, 400 `invalid_messages` or `invalid_resume`, 429).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgUiRunAgentInput): AG-UI's `RunAgentInput`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_request_id=x_request_id,
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
    body: AgUiRunAgentInput,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | str | None:
    """AG-UI: run a turn of an agent and stream AG-UI events

     As `POST /v1/copilots/{id}/ag-ui`, for one agent (its steps are that agent's). An AG-UI endpoint
    (protocol 1.0) for CopilotKit and other AG-UI front-ends: takes AG-UI's `RunAgentInput` and answers
    an SSE stream of AG-UI events. The end user is the session token's (the browser; CORS as for every
    session-token operation), or `X-User-Id` with an API key. `threadId` names the user's thread: one of
    its thread ids, or the client's own id, linked to the thread its first run creates (seeded with the
    messages sent before the last user message). The last user message is the turn's input (a chat turn,
    as `POST /v1/chat`: same limits, spend caps, masking and tracing). Events: `RUN_STARTED`,
    `STEP_STARTED`/`STEP_FINISHED` per agent (a handoff finishes one step and starts the next),
    `TEXT_MESSAGE_START`/`CONTENT`/`END`, `TOOL_CALL_START`/`ARGS`/`END`/`RESULT`, `CUSTOM`
    (`memory.saved`, `memory.deleted`, `approval.decided`), then `RUN_FINISHED` (with `usage`) or
    `RUN_ERROR`. A tool call that needs approval ends the run with `RUN_FINISHED` whose outcome is
    `interrupt` (one interrupt per waiting call); the next run of the thread answers it with `resume`
    entries (`payload: {"decision": "approve" | "deny", "comment"}`; `status: cancelled` denies), and
    its stream follows the turn as it continues. Tools the client offers are not given to the network.
    Errors before the stream starts are problem+json (404 `thread_not_found`, 409 `turn_in_progress` or
    `run_not_awaiting_approval`, 400 `invalid_messages` or `invalid_resume`, 429).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgUiRunAgentInput): AG-UI's `RunAgentInput`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: AgUiRunAgentInput,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """AG-UI: run a turn of an agent and stream AG-UI events

     As `POST /v1/copilots/{id}/ag-ui`, for one agent (its steps are that agent's). An AG-UI endpoint
    (protocol 1.0) for CopilotKit and other AG-UI front-ends: takes AG-UI's `RunAgentInput` and answers
    an SSE stream of AG-UI events. The end user is the session token's (the browser; CORS as for every
    session-token operation), or `X-User-Id` with an API key. `threadId` names the user's thread: one of
    its thread ids, or the client's own id, linked to the thread its first run creates (seeded with the
    messages sent before the last user message). The last user message is the turn's input (a chat turn,
    as `POST /v1/chat`: same limits, spend caps, masking and tracing). Events: `RUN_STARTED`,
    `STEP_STARTED`/`STEP_FINISHED` per agent (a handoff finishes one step and starts the next),
    `TEXT_MESSAGE_START`/`CONTENT`/`END`, `TOOL_CALL_START`/`ARGS`/`END`/`RESULT`, `CUSTOM`
    (`memory.saved`, `memory.deleted`, `approval.decided`), then `RUN_FINISHED` (with `usage`) or
    `RUN_ERROR`. A tool call that needs approval ends the run with `RUN_FINISHED` whose outcome is
    `interrupt` (one interrupt per waiting call); the next run of the thread answers it with `resume`
    entries (`payload: {"decision": "approve" | "deny", "comment"}`; `status: cancelled` denies), and
    its stream follows the turn as it continues. Tools the client offers are not given to the network.
    Errors before the stream starts are problem+json (404 `thread_not_found`, 409 `turn_in_progress` or
    `run_not_awaiting_approval`, 400 `invalid_messages` or `invalid_resume`, 429).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgUiRunAgentInput): AG-UI's `RunAgentInput`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        x_request_id=x_request_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: AgUiRunAgentInput,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Problem | str | None:
    """AG-UI: run a turn of an agent and stream AG-UI events

     As `POST /v1/copilots/{id}/ag-ui`, for one agent (its steps are that agent's). An AG-UI endpoint
    (protocol 1.0) for CopilotKit and other AG-UI front-ends: takes AG-UI's `RunAgentInput` and answers
    an SSE stream of AG-UI events. The end user is the session token's (the browser; CORS as for every
    session-token operation), or `X-User-Id` with an API key. `threadId` names the user's thread: one of
    its thread ids, or the client's own id, linked to the thread its first run creates (seeded with the
    messages sent before the last user message). The last user message is the turn's input (a chat turn,
    as `POST /v1/chat`: same limits, spend caps, masking and tracing). Events: `RUN_STARTED`,
    `STEP_STARTED`/`STEP_FINISHED` per agent (a handoff finishes one step and starts the next),
    `TEXT_MESSAGE_START`/`CONTENT`/`END`, `TOOL_CALL_START`/`ARGS`/`END`/`RESULT`, `CUSTOM`
    (`memory.saved`, `memory.deleted`, `approval.decided`), then `RUN_FINISHED` (with `usage`) or
    `RUN_ERROR`. A tool call that needs approval ends the run with `RUN_FINISHED` whose outcome is
    `interrupt` (one interrupt per waiting call); the next run of the thread answers it with `resume`
    entries (`payload: {"decision": "approve" | "deny", "comment"}`; `status: cancelled` denies), and
    its stream follows the turn as it continues. Tools the client offers are not given to the network.
    Errors before the stream starts are problem+json (404 `thread_not_found`, 409 `turn_in_progress` or
    `run_not_awaiting_approval`, 400 `invalid_messages` or `invalid_resume`, 429).

    Args:
        id (UUID):
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (AgUiRunAgentInput): AG-UI's `RunAgentInput`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            x_user_id=x_user_id,
        )
    ).parsed
