from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.open_ai_error import OpenAIError
from ...models.open_ai_model_list import OpenAIModelList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-Id"] = x_request_id

    if not isinstance(x_user_id, Unset):
        headers["X-User-Id"] = x_user_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/openai/v1/models",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OpenAIError | OpenAIModelList | None:
    if response.status_code == 200:
        response_200 = OpenAIModelList.from_dict(response.json())

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
) -> Response[OpenAIError | OpenAIModelList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[OpenAIError | OpenAIModelList]:
    """OpenAI-compatible: the models (agents and deployed networks) the caller may use

     OpenAI's model list (`GET /models`): every agent of the organization and every deployed (staging or
    prod) network, each by its id and, when unique, by a readable alias (an agent's name as a slug,
    `support-bot`; a network's slug and environment, `shop:prod`). Any of them is a `model` for `POST
    /openai/v1/chat/completions` and `POST /openai/v1/responses`; the id of a dev network is accepted
    too. Errors are in OpenAI's shape (`{"error": {"message", "type", "param", "code"}}`).

    Args:
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenAIError | OpenAIModelList]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
        x_user_id=x_user_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> OpenAIError | OpenAIModelList | None:
    """OpenAI-compatible: the models (agents and deployed networks) the caller may use

     OpenAI's model list (`GET /models`): every agent of the organization and every deployed (staging or
    prod) network, each by its id and, when unique, by a readable alias (an agent's name as a slug,
    `support-bot`; a network's slug and environment, `shop:prod`). Any of them is a `model` for `POST
    /openai/v1/chat/completions` and `POST /openai/v1/responses`; the id of a dev network is accepted
    too. Errors are in OpenAI's shape (`{"error": {"message", "type", "param", "code"}}`).

    Args:
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenAIError | OpenAIModelList
    """

    return sync_detailed(
        client=client,
        x_request_id=x_request_id,
        x_user_id=x_user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> Response[OpenAIError | OpenAIModelList]:
    """OpenAI-compatible: the models (agents and deployed networks) the caller may use

     OpenAI's model list (`GET /models`): every agent of the organization and every deployed (staging or
    prod) network, each by its id and, when unique, by a readable alias (an agent's name as a slug,
    `support-bot`; a network's slug and environment, `shop:prod`). Any of them is a `model` for `POST
    /openai/v1/chat/completions` and `POST /openai/v1/responses`; the id of a dev network is accepted
    too. Errors are in OpenAI's shape (`{"error": {"message", "type", "param", "code"}}`).

    Args:
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenAIError | OpenAIModelList]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
        x_user_id=x_user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    x_user_id: str | Unset = UNSET,
) -> OpenAIError | OpenAIModelList | None:
    """OpenAI-compatible: the models (agents and deployed networks) the caller may use

     OpenAI's model list (`GET /models`): every agent of the organization and every deployed (staging or
    prod) network, each by its id and, when unique, by a readable alias (an agent's name as a slug,
    `support-bot`; a network's slug and environment, `shop:prod`). Any of them is a `model` for `POST
    /openai/v1/chat/completions` and `POST /openai/v1/responses`; the id of a dev network is accepted
    too. Errors are in OpenAI's shape (`{"error": {"message", "type", "param", "code"}}`).

    Args:
        x_request_id (str | Unset):
        x_user_id (str | Unset): The customer's id of an end user (no slash, whitespace or control
            characters).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenAIError | OpenAIModelList
    """

    return (
        await asyncio_detailed(
            client=client,
            x_request_id=x_request_id,
            x_user_id=x_user_id,
        )
    ).parsed
