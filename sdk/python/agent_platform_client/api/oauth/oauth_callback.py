from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.oauth_connected import OAuthConnected
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    integration: str,
    *,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    error_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    authuser: str | Unset = UNSET,
    hd: str | Unset = UNSET,
    prompt: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    params: dict[str, Any] = {}

    params["state"] = state

    params["code"] = code

    params["error"] = error

    params["error_description"] = error_description

    params["error_uri"] = error_uri

    params["scope"] = scope

    params["iss"] = iss

    params["session_state"] = session_state

    params["authuser"] = authuser

    params["hd"] = hd

    params["prompt"] = prompt

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/{integration}/callback".format(
            integration=quote(str(integration), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OAuthConnected | Problem | None:
    if response.status_code == 200:
        response_200 = OAuthConnected.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OAuthConnected | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    integration: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    error_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    authuser: str | Unset = UNSET,
    hd: str | Unset = UNSET,
    prompt: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
) -> Response[OAuthConnected | Problem]:
    """OAuth callback of a third-party tool integration (no bearer token)

     `integration` is the tool provider's id. Verifies the signed `state` (good once: a second callback
    with it is 403 `oauth_state_used`), exchanges `code` (with the PKCE verifier) at the provider's
    token URL and stores the access and refresh tokens in the user's tools_auth entry of that provider.

    Args:
        integration (str):
        state (str):
        code (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        error_uri (str | Unset):
        scope (str | Unset):
        iss (str | Unset):
        session_state (str | Unset):
        authuser (str | Unset):
        hd (str | Unset):
        prompt (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthConnected | Problem]
    """

    kwargs = _get_kwargs(
        integration=integration,
        state=state,
        code=code,
        error=error,
        error_description=error_description,
        error_uri=error_uri,
        scope=scope,
        iss=iss,
        session_state=session_state,
        authuser=authuser,
        hd=hd,
        prompt=prompt,
        x_request_id=x_request_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    integration: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    error_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    authuser: str | Unset = UNSET,
    hd: str | Unset = UNSET,
    prompt: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
) -> OAuthConnected | Problem | None:
    """OAuth callback of a third-party tool integration (no bearer token)

     `integration` is the tool provider's id. Verifies the signed `state` (good once: a second callback
    with it is 403 `oauth_state_used`), exchanges `code` (with the PKCE verifier) at the provider's
    token URL and stores the access and refresh tokens in the user's tools_auth entry of that provider.

    Args:
        integration (str):
        state (str):
        code (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        error_uri (str | Unset):
        scope (str | Unset):
        iss (str | Unset):
        session_state (str | Unset):
        authuser (str | Unset):
        hd (str | Unset):
        prompt (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthConnected | Problem
    """

    return sync_detailed(
        integration=integration,
        client=client,
        state=state,
        code=code,
        error=error,
        error_description=error_description,
        error_uri=error_uri,
        scope=scope,
        iss=iss,
        session_state=session_state,
        authuser=authuser,
        hd=hd,
        prompt=prompt,
        x_request_id=x_request_id,
    ).parsed


async def asyncio_detailed(
    integration: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    error_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    authuser: str | Unset = UNSET,
    hd: str | Unset = UNSET,
    prompt: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
) -> Response[OAuthConnected | Problem]:
    """OAuth callback of a third-party tool integration (no bearer token)

     `integration` is the tool provider's id. Verifies the signed `state` (good once: a second callback
    with it is 403 `oauth_state_used`), exchanges `code` (with the PKCE verifier) at the provider's
    token URL and stores the access and refresh tokens in the user's tools_auth entry of that provider.

    Args:
        integration (str):
        state (str):
        code (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        error_uri (str | Unset):
        scope (str | Unset):
        iss (str | Unset):
        session_state (str | Unset):
        authuser (str | Unset):
        hd (str | Unset):
        prompt (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthConnected | Problem]
    """

    kwargs = _get_kwargs(
        integration=integration,
        state=state,
        code=code,
        error=error,
        error_description=error_description,
        error_uri=error_uri,
        scope=scope,
        iss=iss,
        session_state=session_state,
        authuser=authuser,
        hd=hd,
        prompt=prompt,
        x_request_id=x_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    integration: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    error_uri: str | Unset = UNSET,
    scope: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
    authuser: str | Unset = UNSET,
    hd: str | Unset = UNSET,
    prompt: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
) -> OAuthConnected | Problem | None:
    """OAuth callback of a third-party tool integration (no bearer token)

     `integration` is the tool provider's id. Verifies the signed `state` (good once: a second callback
    with it is 403 `oauth_state_used`), exchanges `code` (with the PKCE verifier) at the provider's
    token URL and stores the access and refresh tokens in the user's tools_auth entry of that provider.

    Args:
        integration (str):
        state (str):
        code (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        error_uri (str | Unset):
        scope (str | Unset):
        iss (str | Unset):
        session_state (str | Unset):
        authuser (str | Unset):
        hd (str | Unset):
        prompt (str | Unset):
        x_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthConnected | Problem
    """

    return (
        await asyncio_detailed(
            integration=integration,
            client=client,
            state=state,
            code=code,
            error=error,
            error_description=error_description,
            error_uri=error_uri,
            scope=scope,
            iss=iss,
            session_state=session_state,
            authuser=authuser,
            hd=hd,
            prompt=prompt,
            x_request_id=x_request_id,
        )
    ).parsed
