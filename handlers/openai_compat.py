"""The OpenAI-compatible API (``/openai/v1``): models, chat completions and responses, each a
chat turn of the end user (runtime/protocols/openai_compat.py, runtime/protocols/openai_responses.py). The end
user is the session token's; with an API key, ``X-User-Id`` or else the body's ``user``.
Errors leave in OpenAI's shape (server/openai_errors.py). The turn is started on the server's
loop (database work in hops), its thread's events subscribed first."""
from __future__ import annotations

from handlers import ok
from runtime.protocols import openai_compat
from runtime.protocols import openai_responses
from runtime.chat.stream import EventStream
from store import limits
from store.errors import Invalid

_STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


class TurnStream(EventStream):
    """The turn's event stream; its subscription ends with the response, even when the body
    never started (the client left at once)."""

    def __init__(self, content, *, settings, turn: dict):
        super().__init__(content, headers={**_STREAM_HEADERS, **_ids(turn)})
        self.settings, self.turn = settings, turn

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            await openai_compat.close(self.settings, self.turn)


def _ids(turn: dict) -> dict:
    return {"X-Thread-Id": turn["thread"]["id"], "X-Run-Id": turn["run"]["id"]}


def _on_loop(answer):
    """The answer's coroutine, run on the server's loop with what this request notes of its
    run quota (its RateLimit fields show what its own run left)."""
    seen = limits.run_quota_seen.get()

    async def run():
        if seen is not None:
            limits.run_quota_seen.set(seen)
        return await answer()

    return run()


def _user(caller, body: dict) -> str | None:
    if caller.is_session:
        return caller.user_id
    return caller.user_id or body.get("user")


def _no_client_tools(body: dict) -> None:
    if body.get("tools") or body.get("functions"):
        raise Invalid("tools: the model's tools run on the server; tools defined by the client "
                      "are not supported", code=openai_compat.NO_TOOLS)


def list_openai_models(caller):
    return ok({"object": "list", "data": openai_compat.models(org_id=caller.org_id)})


def create_chat_completion(caller, settings, body):
    _no_client_tools(body)
    history, message = openai_compat.conversation(body["messages"])
    org_id = caller.org_id

    async def answer():
        turn = await openai_compat.start(
            settings=settings, org_id=org_id, user_id=_user(caller, body),
            group_id=caller.group_id, model=body["model"], history=history, message=message,
            thread_id=body.get("thread_id"))
        if body.get("stream"):
            usage = bool((body.get("stream_options") or {}).get("include_usage"))
            return TurnStream(openai_compat.chunks(settings=settings, org_id=org_id, turn=turn,
                                                   include_usage=usage),
                              settings=settings, turn=turn)
        response = ok(await openai_compat.completion(settings=settings, org_id=org_id,
                                                     turn=turn))
        response.headers.update(_ids(turn))
        return response

    return _on_loop(answer)


def create_response(caller, settings, body):
    _no_client_tools(body)
    org_id = caller.org_id

    async def answer():
        turn = await openai_responses.start(settings=settings, org_id=org_id,
                                            user_id=_user(caller, body),
                                            group_id=caller.group_id, body=body)
        if body.get("stream"):
            return TurnStream(openai_responses.events(settings=settings, org_id=org_id,
                                                      turn=turn),
                              settings=settings, turn=turn)
        response = ok(await openai_responses.result(settings=settings, org_id=org_id,
                                                    turn=turn))
        response.headers.update(_ids(turn))
        return response

    return _on_loop(answer)
