from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hook_accepted import HookAccepted
from ...models.hook_payload import HookPayload
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    token: str,
    *,
    body: HookPayload,
    x_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/hooks/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> HookAccepted | Problem | None:
    if response.status_code == 202:
        response_202 = HookAccepted.from_dict(response.json())

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
) -> Response[HookAccepted | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: HookPayload,
    x_request_id: str | Unset = UNSET,
) -> Response[HookAccepted | Problem]:
    """Another system's webhook starts a run (no bearer token)

     The trigger's verification is checked over the body as sent: Standard Webhooks headers (a timestamp
    within 5 minutes), `X-Hub-Signature-256` (`hmac_sha256`, as GitHub signs), or `Authorization: Bearer
    <secret>`. An unknown token is 404 `trigger_not_found`, a bad signature 401 `invalid_signature`, a
    timestamp too old or too new 401 `signature_expired`, a disabled trigger 403 `trigger_disabled`. A
    call that repeats a delivery id (`webhook-id`, `X-GitHub-Delivery` or `Idempotency-Key`) within 24
    hours answers the first call's run with `duplicate: true` and starts nothing. The payload (JSON) is
    mapped into the run, which is admitted like any run (rate limit, spend cap, monthly run quota) and
    carries the trigger's id (`trigger_id` on the run, filter `trigger_id` of the run lists).

    Args:
        token (str):
        x_request_id (str | Unset):
        body (HookPayload): The sender's JSON payload, checked against the trigger's signature
            exactly as sent; the trigger's `input` mapping reads it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HookAccepted | Problem]
    """

    kwargs = _get_kwargs(
        token=token,
        body=body,
        x_request_id=x_request_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: HookPayload,
    x_request_id: str | Unset = UNSET,
) -> HookAccepted | Problem | None:
    """Another system's webhook starts a run (no bearer token)

     The trigger's verification is checked over the body as sent: Standard Webhooks headers (a timestamp
    within 5 minutes), `X-Hub-Signature-256` (`hmac_sha256`, as GitHub signs), or `Authorization: Bearer
    <secret>`. An unknown token is 404 `trigger_not_found`, a bad signature 401 `invalid_signature`, a
    timestamp too old or too new 401 `signature_expired`, a disabled trigger 403 `trigger_disabled`. A
    call that repeats a delivery id (`webhook-id`, `X-GitHub-Delivery` or `Idempotency-Key`) within 24
    hours answers the first call's run with `duplicate: true` and starts nothing. The payload (JSON) is
    mapped into the run, which is admitted like any run (rate limit, spend cap, monthly run quota) and
    carries the trigger's id (`trigger_id` on the run, filter `trigger_id` of the run lists).

    Args:
        token (str):
        x_request_id (str | Unset):
        body (HookPayload): The sender's JSON payload, checked against the trigger's signature
            exactly as sent; the trigger's `input` mapping reads it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HookAccepted | Problem
    """

    return sync_detailed(
        token=token,
        client=client,
        body=body,
        x_request_id=x_request_id,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: HookPayload,
    x_request_id: str | Unset = UNSET,
) -> Response[HookAccepted | Problem]:
    """Another system's webhook starts a run (no bearer token)

     The trigger's verification is checked over the body as sent: Standard Webhooks headers (a timestamp
    within 5 minutes), `X-Hub-Signature-256` (`hmac_sha256`, as GitHub signs), or `Authorization: Bearer
    <secret>`. An unknown token is 404 `trigger_not_found`, a bad signature 401 `invalid_signature`, a
    timestamp too old or too new 401 `signature_expired`, a disabled trigger 403 `trigger_disabled`. A
    call that repeats a delivery id (`webhook-id`, `X-GitHub-Delivery` or `Idempotency-Key`) within 24
    hours answers the first call's run with `duplicate: true` and starts nothing. The payload (JSON) is
    mapped into the run, which is admitted like any run (rate limit, spend cap, monthly run quota) and
    carries the trigger's id (`trigger_id` on the run, filter `trigger_id` of the run lists).

    Args:
        token (str):
        x_request_id (str | Unset):
        body (HookPayload): The sender's JSON payload, checked against the trigger's signature
            exactly as sent; the trigger's `input` mapping reads it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HookAccepted | Problem]
    """

    kwargs = _get_kwargs(
        token=token,
        body=body,
        x_request_id=x_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: HookPayload,
    x_request_id: str | Unset = UNSET,
) -> HookAccepted | Problem | None:
    """Another system's webhook starts a run (no bearer token)

     The trigger's verification is checked over the body as sent: Standard Webhooks headers (a timestamp
    within 5 minutes), `X-Hub-Signature-256` (`hmac_sha256`, as GitHub signs), or `Authorization: Bearer
    <secret>`. An unknown token is 404 `trigger_not_found`, a bad signature 401 `invalid_signature`, a
    timestamp too old or too new 401 `signature_expired`, a disabled trigger 403 `trigger_disabled`. A
    call that repeats a delivery id (`webhook-id`, `X-GitHub-Delivery` or `Idempotency-Key`) within 24
    hours answers the first call's run with `duplicate: true` and starts nothing. The payload (JSON) is
    mapped into the run, which is admitted like any run (rate limit, spend cap, monthly run quota) and
    carries the trigger's id (`trigger_id` on the run, filter `trigger_id` of the run lists).

    Args:
        token (str):
        x_request_id (str | Unset):
        body (HookPayload): The sender's JSON payload, checked against the trigger's signature
            exactly as sent; the trigger's `input` mapping reads it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HookAccepted | Problem
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
            body=body,
            x_request_id=x_request_id,
        )
    ).parsed
