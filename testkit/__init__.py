"""Model servers shared by the test suite and the benchmarks (``bench/`` imports them from here,
not from ``tests/``): real HTTP servers on 127.0.0.1 that speak the OpenAI Chat Completions and
the Anthropic Messages wire formats (SSE streaming, tool calls, usage, errors).

    from testkit import OpenAIServer, AnthropicServer, text, tool_calls, error, drop, slow

    with OpenAIServer(api_key="sk-test") as server:               # random port, own thread
        server.enqueue(tool_calls(("get_weather", {"city": "Paris"}),      # parallel calls
                                  ("get_time", {"tz": "UTC"})),
                       text("It is sunny."))                      # next request's answer
        provider = get_provider("openai", base_url=server.base_url, api_key="sk-test")
        ...
        server.requests[0].body["messages"]                       # what the client sent
        server.requests[1].headers["authorization"]

Script: ``enqueue(*replies)`` queues answers, one per POST, in order; when the queue is empty
``responder(request) -> Reply`` (constructor argument or attribute) answers, else a 500.
Replies: ``text(s)``, ``tool_calls(*calls, text="")`` (a call is ``(id, name, args)`` or
``(name, args)``; args a dict or raw JSON text), ``error(status, message, retry_after=...)``,
``drop()`` (close without answering), ``slow(reply, seconds)`` (silence first). Every reply takes
``input_tokens``, ``output_tokens``, ``finish_reason``, ``chunk_delay``, ``stall_after``
(silence after N frames), ``headers``, ``model`` (reported back), ``interleave``,
``stream_error`` (an error event inside the stream), ``raw`` (SSE frames sent verbatim).
Record: ``requests`` (``RecordedRequest(method, path, headers, body, raw)``), ``last_request``,
``pending`` (replies still queued), ``reset()``.
Connect with ``server.base_url`` (OpenAI: ``http://127.0.0.1:PORT/v1``; Anthropic:
``http://127.0.0.1:PORT``). With ``api_key=...`` the server refuses other keys with a 401
(whose message repeats the key sent, as a careless provider would). Both servers also refuse
what the real APIs refuse (e.g. a tool result that answers no earlier tool call) with a 400.
"""
from testkit.anthropic_server import AnthropicServer
from testkit.openai_server import OpenAIServer
from testkit.scripted import (RecordedRequest, Reply, ScriptedServer, drop, error, slow,
                              sse, text, tool_calls)

__all__ = ["AnthropicServer", "OpenAIServer", "RecordedRequest", "Reply", "ScriptedServer",
           "drop", "error", "slow", "sse", "text", "tool_calls"]
