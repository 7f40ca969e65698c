"""The OpenAI-compatible API (``/openai/v1``): models, chat completions and responses, each a
chat turn of the end user (runtime/openai_compat.py, runtime/openai_responses.py). The end
user is the session token's; with an API key, ``X-User-Id`` or else the body's ``user``.
Errors leave in OpenAI's shape (server/openai_errors.py)."""
from __future__ import annotations

from handlers import ok
from runtime import openai_compat, openai_responses
from runtime.chat_stream import EventStream
from store.errors import Invalid

_STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def _user(caller, body: dict) -> str | None:
    if caller.is_session:
        return caller.user_id
    return caller.user_id or body.get("user")


def _no_client_tools(body: dict) -> None:
    if body.get("tools") or body.get("functions"):
        raise Invalid("tools: the model's tools run on the server; tools defined by the client "
                      "are not supported", code=openai_compat.NO_TOOLS)


def _stream(generator, turn: dict) -> EventStream:
    return EventStream(generator, headers={**_STREAM_HEADERS,
                                           "X-Thread-Id": turn["thread"]["id"],
                                           "X-Run-Id": turn["run"]["id"]})


async def _answer(pending, turn: dict):
    body = await pending
    response = ok(body)
    response.headers["X-Thread-Id"] = turn["thread"]["id"]
    response.headers["X-Run-Id"] = turn["run"]["id"]
    return response


def list_openai_models(caller):
    return ok({"object": "list", "data": openai_compat.models(org_id=caller.org_id)})


def create_chat_completion(caller, settings, body):
    _no_client_tools(body)
    history, message = openai_compat.conversation(body["messages"])
    turn = openai_compat.start(settings=settings, org_id=caller.org_id,
                               user_id=_user(caller, body), group_id=caller.group_id,
                               model=body["model"], history=history, message=message,
                               thread_id=body.get("thread_id"))
    if body.get("stream"):
        usage = bool((body.get("stream_options") or {}).get("include_usage"))
        return _stream(openai_compat.chunks(settings=settings, org_id=caller.org_id,
                                            turn=turn, include_usage=usage), turn)
    return _answer(openai_compat.completion(settings=settings, org_id=caller.org_id,
                                            turn=turn), turn)


def create_response(caller, settings, body):
    _no_client_tools(body)
    turn = openai_responses.start(settings=settings, org_id=caller.org_id,
                                  user_id=_user(caller, body), group_id=caller.group_id,
                                  body=body)
    if body.get("stream"):
        return _stream(openai_responses.events(settings=settings, org_id=caller.org_id,
                                               turn=turn), turn)
    return _answer(openai_responses.result(settings=settings, org_id=caller.org_id,
                                           turn=turn), turn)
