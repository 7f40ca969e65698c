from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.open_ai_error import OpenAIError
from ...models.response_object import ResponseObject
from ...models.response_request import ResponseRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ResponseRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/openai/v1/responses",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OpenAIError | ResponseObject | None:
    if response.status_code == 200:
        response_200 = ResponseObject.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OpenAIError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OpenAIError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = OpenAIError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = OpenAIError.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = OpenAIError.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = OpenAIError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = OpenAIError.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = OpenAIError.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = OpenAIError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = OpenAIError.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = OpenAIError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OpenAIError | ResponseObject]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ResponseRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[OpenAIError | ResponseObject]:
    """OpenAI-compatible: a response (Responses API) answered by an agent or a network

     OpenAI's Responses API over a chat turn, as `POST /openai/v1/chat/completions`: `input` is the
    user's text, or messages (the last one the user's; those before it start a new thread). A response's
    `id` is its run id; `previous_response_id` (a response of the same end user) continues that
    response's thread (404 `response_not_found` otherwise). A failed or cancelled turn is a response
    with `status` `failed` or `cancelled` and its `error`. `stream: true` answers OpenAI's response
    events (`response.created`, ..., `response.output_text.delta`, ..., `response.completed`,
    `response.failed` or `response.incomplete`). `instructions` and sampling fields are accepted and
    ignored; `tools` is refused with 400 `client_tools_not_supported`. Errors are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ResponseRequest): OpenAI's Responses API request. Sampling fields are accepted and
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenAIError | ResponseObject]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_user_id=x_user_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ResponseRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> OpenAIError | ResponseObject | None:
    """OpenAI-compatible: a response (Responses API) answered by an agent or a network

     OpenAI's Responses API over a chat turn, as `POST /openai/v1/chat/completions`: `input` is the
    user's text, or messages (the last one the user's; those before it start a new thread). A response's
    `id` is its run id; `previous_response_id` (a response of the same end user) continues that
    response's thread (404 `response_not_found` otherwise). A failed or cancelled turn is a response
    with `status` `failed` or `cancelled` and its `error`. `stream: true` answers OpenAI's response
    events (`response.created`, ..., `response.output_text.delta`, ..., `response.completed`,
    `response.failed` or `response.incomplete`). `instructions` and sampling fields are accepted and
    ignored; `tools` is refused with 400 `client_tools_not_supported`. Errors are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ResponseRequest): OpenAI's Responses API request. Sampling fields are accepted and
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenAIError | ResponseObject
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ResponseRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[OpenAIError | ResponseObject]:
    """OpenAI-compatible: a response (Responses API) answered by an agent or a network

     OpenAI's Responses API over a chat turn, as `POST /openai/v1/chat/completions`: `input` is the
    user's text, or messages (the last one the user's; those before it start a new thread). A response's
    `id` is its run id; `previous_response_id` (a response of the same end user) continues that
    response's thread (404 `response_not_found` otherwise). A failed or cancelled turn is a response
    with `status` `failed` or `cancelled` and its `error`. `stream: true` answers OpenAI's response
    events (`response.created`, ..., `response.output_text.delta`, ..., `response.completed`,
    `response.failed` or `response.incomplete`). `instructions` and sampling fields are accepted and
    ignored; `tools` is refused with 400 `client_tools_not_supported`. Errors are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ResponseRequest): OpenAI's Responses API request. Sampling fields are accepted and
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenAIError | ResponseObject]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        idempotency_key=idempotency_key,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ResponseRequest,
    x_request_id: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> OpenAIError | ResponseObject | None:
    """OpenAI-compatible: a response (Responses API) answered by an agent or a network

     OpenAI's Responses API over a chat turn, as `POST /openai/v1/chat/completions`: `input` is the
    user's text, or messages (the last one the user's; those before it start a new thread). A response's
    `id` is its run id; `previous_response_id` (a response of the same end user) continues that
    response's thread (404 `response_not_found` otherwise). A failed or cancelled turn is a response
    with `status` `failed` or `cancelled` and its `error`. `stream: true` answers OpenAI's response
    events (`response.created`, ..., `response.output_text.delta`, ..., `response.completed`,
    `response.failed` or `response.incomplete`). `instructions` and sampling fields are accepted and
    ignored; `tools` is refused with 400 `client_tools_not_supported`. Errors are in OpenAI's shape.

    Args:
        x_request_id (str | Unset):
        idempotency_key (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).
        body (ResponseRequest): OpenAI's Responses API request. Sampling fields are accepted and
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenAIError | ResponseObject
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            idempotency_key=idempotency_key,
            x_user_id=x_user_id,
        )
    ).parsed
