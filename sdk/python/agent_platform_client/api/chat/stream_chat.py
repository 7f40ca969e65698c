from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    thread_id: UUID,
    last_event_id_query: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_organization_id, Unset):
        headers["X-Organization-Id"] = x_organization_id

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    json_thread_id = str(thread_id)
    params["thread_id"] = json_thread_id

    params["last_event_id"] = last_event_id_query

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/chat/stream",
        "params": params,
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
    thread_id: UUID,
    last_event_id_query: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Server-Sent Events of a thread's turns

     A `text/event-stream` of the thread's turn events (all kinds and their data:
    docs/events.md). Each event has `id: <seq>` (per thread, increasing by one),
    `event: <kind>` and `data: <JSON object>`.

    * Without `Last-Event-ID`: the thread's latest turn from its first event (live while
      it runs), so posting a message and then opening the stream never misses anything.
    * With `Last-Event-ID` (header; the `last_event_id` query parameter when the header
      cannot be set): exactly the events after that id, none lost, none repeated.
    * The stream ends after a turn's final event (`run.completed`, `run.failed` or
      `run.cancelled`). With nothing to replay (no turn yet, or resumed after a final
      event) it waits for the thread's next turn.
    * A comment line `: keep-alive` is sent after AGENT_PLATFORM_CHAT_KEEPALIVE_S seconds
      (default 15) without an event.

    A turn does not depend on the request: a client that disconnects reconnects with the
    last id it saw and receives the rest.

    Args:
        thread_id (UUID):
        last_event_id_query (int | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        thread_id=thread_id,
        last_event_id_query=last_event_id_query,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    thread_id: UUID,
    last_event_id_query: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Problem | str | None:
    """Server-Sent Events of a thread's turns

     A `text/event-stream` of the thread's turn events (all kinds and their data:
    docs/events.md). Each event has `id: <seq>` (per thread, increasing by one),
    `event: <kind>` and `data: <JSON object>`.

    * Without `Last-Event-ID`: the thread's latest turn from its first event (live while
      it runs), so posting a message and then opening the stream never misses anything.
    * With `Last-Event-ID` (header; the `last_event_id` query parameter when the header
      cannot be set): exactly the events after that id, none lost, none repeated.
    * The stream ends after a turn's final event (`run.completed`, `run.failed` or
      `run.cancelled`). With nothing to replay (no turn yet, or resumed after a final
      event) it waits for the thread's next turn.
    * A comment line `: keep-alive` is sent after AGENT_PLATFORM_CHAT_KEEPALIVE_S seconds
      (default 15) without an event.

    A turn does not depend on the request: a client that disconnects reconnects with the
    last id it saw and receives the rest.

    Args:
        thread_id (UUID):
        last_event_id_query (int | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        thread_id=thread_id,
        last_event_id_query=last_event_id_query,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    thread_id: UUID,
    last_event_id_query: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Server-Sent Events of a thread's turns

     A `text/event-stream` of the thread's turn events (all kinds and their data:
    docs/events.md). Each event has `id: <seq>` (per thread, increasing by one),
    `event: <kind>` and `data: <JSON object>`.

    * Without `Last-Event-ID`: the thread's latest turn from its first event (live while
      it runs), so posting a message and then opening the stream never misses anything.
    * With `Last-Event-ID` (header; the `last_event_id` query parameter when the header
      cannot be set): exactly the events after that id, none lost, none repeated.
    * The stream ends after a turn's final event (`run.completed`, `run.failed` or
      `run.cancelled`). With nothing to replay (no turn yet, or resumed after a final
      event) it waits for the thread's next turn.
    * A comment line `: keep-alive` is sent after AGENT_PLATFORM_CHAT_KEEPALIVE_S seconds
      (default 15) without an event.

    A turn does not depend on the request: a client that disconnects reconnects with the
    last id it saw and receives the rest.

    Args:
        thread_id (UUID):
        last_event_id_query (int | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        thread_id=thread_id,
        last_event_id_query=last_event_id_query,
        x_request_id=x_request_id,
        x_organization_id=x_organization_id,
        x_user_id=x_user_id,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    thread_id: UUID,
    last_event_id_query: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    x_organization_id: UUID | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Problem | str | None:
    """Server-Sent Events of a thread's turns

     A `text/event-stream` of the thread's turn events (all kinds and their data:
    docs/events.md). Each event has `id: <seq>` (per thread, increasing by one),
    `event: <kind>` and `data: <JSON object>`.

    * Without `Last-Event-ID`: the thread's latest turn from its first event (live while
      it runs), so posting a message and then opening the stream never misses anything.
    * With `Last-Event-ID` (header; the `last_event_id` query parameter when the header
      cannot be set): exactly the events after that id, none lost, none repeated.
    * The stream ends after a turn's final event (`run.completed`, `run.failed` or
      `run.cancelled`). With nothing to replay (no turn yet, or resumed after a final
      event) it waits for the thread's next turn.
    * A comment line `: keep-alive` is sent after AGENT_PLATFORM_CHAT_KEEPALIVE_S seconds
      (default 15) without an event.

    A turn does not depend on the request: a client that disconnects reconnects with the
    last id it saw and receives the rest.

    Args:
        thread_id (UUID):
        last_event_id_query (int | Unset):
        x_request_id (str | Unset):
        x_organization_id (UUID | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            thread_id=thread_id,
            last_event_id_query=last_event_id_query,
            x_request_id=x_request_id,
            x_organization_id=x_organization_id,
            x_user_id=x_user_id,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
