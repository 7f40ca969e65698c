"""The openai provider against the suite's OpenAI-compatible server: streaming, tool calls,
tool results, usage, in-stream errors, cancellation, SSRF, where keys go."""
import dataclasses
import threading
import time

import pytest

from rules import ssrf
from runtime.models import (Finish, Message, ModelCancelled, ModelError, ModelRequest,
                            ModelSettings, TextDelta, ToolCall, ToolCallEvent, ToolSchema, Usage,
                            collect, get_provider)
from testkit import OpenAIServer, Reply, sse, text, tool_calls
from tests.waiting import scaled

KEY = "sk-test-0123456789abcdef"
WEATHER = ToolSchema("get_weather", "Weather for a city",
                     {"type": "object", "properties": {"city": {"type": "string"}},
                      "required": ["city"]})
TIME = ToolSchema("get_time", "Time in a zone", {"type": "object",
                                                  "properties": {"tz": {"type": "string"}}})


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


@pytest.fixture(scope="module")
def server():
    with OpenAIServer(api_key=KEY) as srv:
        yield srv


@pytest.fixture
def openai(server):
    server.reset()
    yield get_provider("openai", base_url=server.base_url, api_key=KEY, max_retries=0)
    assert server.pending == 0, "a scripted reply was not consumed"


def ask(content="What is the weather in Paris?", tools=(WEATHER,), **settings):
    return ModelRequest([Message.system("You are terse."), Message.user(content)], tools,
                        ModelSettings(settings.pop("model", "gpt-test"), **settings))


def test_text_streams_as_deltas_then_finish_with_usage(server, openai):
    server.enqueue(text("It is sunny in Paris.", input_tokens=21, output_tokens=6))
    events = list(openai.stream(ask(temperature=0.2, max_tokens=64)))
    deltas = [e.text for e in events if isinstance(e, TextDelta)]
    assert len(deltas) == 5 and "".join(deltas) == "It is sunny in Paris."
    assert events[-1] == Finish(Usage(21, 6), "stop", "stop", "gpt-test")
    assert all(not isinstance(e, Finish) for e in events[:-1])

    request = server.last_request
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body == {
        "model": "gpt-test", "stream": True, "stream_options": {"include_usage": True},
        "temperature": 0.2, "max_tokens": 64,
        "messages": [{"role": "system", "content": "You are terse."},
                     {"role": "user", "content": "What is the weather in Paris?"}],
        "tools": [{"type": "function", "function": {
            "name": "get_weather", "description": "Weather for a city",
            "parameters": WEATHER.parameters}}],
    }


def test_no_tools_and_defaults_leave_the_fields_out(server, openai):
    server.enqueue(text("hi"))
    assert openai.complete(ask("hello", tools=())).text == "hi"
    body = server.last_request.body
    assert "tools" not in body and "temperature" not in body and "max_tokens" not in body


def test_one_tool_call(server, openai):
    server.enqueue(tool_calls(("call_abc", "get_weather", {"city": "Paris"}),
                              input_tokens=30, output_tokens=12))
    events = list(openai.stream(ask()))
    assert events == [ToolCallEvent(ToolCall("call_abc", "get_weather", '{"city": "Paris"}')),
                      Finish(Usage(30, 12), "tool_calls", "tool_calls", "gpt-test")]
    assert events[0].call.parsed_arguments() == {"city": "Paris"}


@pytest.mark.parametrize("interleave", [False, True])
def test_parallel_tool_calls_are_assembled_by_index(server, openai, interleave):
    server.enqueue(tool_calls(("call_1", "get_weather", {"city": "Paris"}),
                              ("call_2", "get_time", {"tz": "Europe/Paris"}),
                              ("call_3", "get_weather", {"city": "Oslo, Norway"}),
                              text="Let me check.", interleave=interleave))
    response = openai.complete(ask(tools=(WEATHER, TIME)))
    assert response.text == "Let me check."
    assert response.tool_calls == (
        ToolCall("call_1", "get_weather", '{"city": "Paris"}'),
        ToolCall("call_2", "get_time", '{"tz": "Europe/Paris"}'),
        ToolCall("call_3", "get_weather", '{"city": "Oslo, Norway"}'))
    assert response.finish_reason == "tool_calls"
    assert response.as_message() == Message.assistant("Let me check.", response.tool_calls)


def test_tool_results_go_back_as_tool_messages(server, openai):
    server.enqueue(tool_calls(("call_1", "get_weather", {"city": "Paris"}),
                              ("call_2", "get_time", {"tz": "UTC"})),
                   text("Sunny, and it is noon."))
    request = ask(tools=(WEATHER, TIME))
    first = openai.complete(request)
    followup = dataclasses.replace(request, messages=request.messages + (
        first.as_message(),
        Message.tool("call_1", '{"sky": "clear"}'),
        Message.tool("call_2", "upstream timed out", is_error=True)))
    assert openai.complete(followup).text == "Sunny, and it is noon."
    sent = server.last_request.body["messages"]
    assert sent[2:] == [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
            {"id": "call_2", "type": "function",
             "function": {"name": "get_time", "arguments": '{"tz": "UTC"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": '{"sky": "clear"}'},
        {"role": "tool", "tool_call_id": "call_2", "content": "upstream timed out"},
    ]


def test_the_server_refuses_a_tool_result_that_answers_nothing(server, openai):
    bad = ModelRequest([Message.user("hi"), Message.tool("call_9", "x")],
                       settings=ModelSettings("gpt-test"))
    with pytest.raises(ModelError) as err:
        openai.complete(bad)
    assert err.value.code == "model_bad_request" and err.value.upstream_status == 400
    assert "role 'tool'" not in err.value.detail  # the provider's words go to the log only


def test_finish_reasons_and_reported_model(server, openai):
    server.enqueue(text("truncat", finish_reason="length", model="gpt-test-2024-01-01"))
    response = openai.complete(ask())
    assert (response.finish_reason, response.raw_finish_reason) == ("length", "length")
    assert response.model == "gpt-test-2024-01-01"


def test_a_stream_without_usage_counts_zero_and_ids_are_filled_in(server, openai):
    server.enqueue(Reply(raw=[
        sse({"choices": [{"index": 0, "delta": {"role": "assistant", "content": "ok"}}]}),
        sse({"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "function": {"name": "get_weather", "arguments": '{"city":'}}]}}]}),
        sse({"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "function": {"arguments": ' "Rome"}'}}]}}]}),
        sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}),
        sse("[DONE]")]))
    response = openai.complete(ask())
    assert response.usage == Usage(0, 0)
    assert response.tool_calls == (ToolCall("call_0", "get_weather", '{"city": "Rome"}'),)
    assert response.finish_reason == "tool_calls" and response.raw_finish_reason == "stop"


def test_an_error_inside_the_stream_is_a_model_error(server, openai):
    server.enqueue(Reply(stream_error=f"backend exploded for key {KEY}"))
    with pytest.raises(ModelError) as err:
        openai.complete(ask())
    assert err.value.code == "model_unavailable" and "backend exploded" not in err.value.detail
    assert KEY not in str(err.value)


def test_a_stream_that_stops_early_is_interrupted_and_not_retried_after_text(server):
    server.reset()
    server.enqueue(Reply(raw=[sse({"choices": [{"index": 0, "delta": {"content": "par"}}]})]))
    stream = get_provider("openai", base_url=server.base_url, api_key=KEY, max_retries=2,
                          backoff=0.01).stream(ask())
    assert next(stream) == TextDelta("par")
    with pytest.raises(ModelError) as err:
        next(stream)
    assert err.value.code == "model_stream_interrupted"
    assert len(server.requests) == 1  # the caller already has part of the answer


def test_cancel_stops_the_stream(server, openai):
    server.enqueue(text("one two three four five six", chunk_delay=0.05))
    cancel = threading.Event()
    seen = []
    with pytest.raises(ModelCancelled):
        for event in openai.stream(ask(), cancel=cancel):
            seen.append(event)
            cancel.set()
    assert len(seen) == 1


def test_the_base_url_must_pass_the_ssrf_policy(server, openai, settings):
    ssrf.configure([])
    try:
        with pytest.raises(ModelError) as err:
            openai.complete(ask())
    finally:
        ssrf.configure(settings.ssrf_allow)
    assert err.value.code == "url_not_allowed"
    assert server.requests == []


def test_the_operators_key_only_goes_to_the_operators_endpoint(server, settings):
    server.reset()
    configured = dataclasses.replace(settings, openai_base_url=server.base_url,
                                     openai_api_key=KEY, model_max_retries=0)
    server.enqueue(text("a"), text("b"))
    assert get_provider("openai", settings=configured).complete(ask()).text == "a"
    assert server.last_request.headers["authorization"] == f"Bearer {KEY}"
    other = dataclasses.replace(configured, openai_base_url="https://api.openai.com/v1")
    with pytest.raises(ModelError) as err:  # an org's own endpoint never gets the operator's key
        get_provider("openai", settings=other, base_url=server.base_url).complete(ask())
    assert err.value.code == "model_auth_failed"
    assert "authorization" not in server.last_request.headers


def test_complete_equals_collect_of_stream(server, openai):
    server.enqueue(text("same answer", tool_calls=[("c1", "get_weather", {"city": "X"})]),
                   text("same answer", tool_calls=[("c1", "get_weather", {"city": "X"})]))
    assert collect(openai.stream(ask())) == openai.complete(ask())


def test_connections_are_reused_between_calls(server, openai):
    server.enqueue(text("one"), tool_calls(("get_weather", {"city": "Paris"})), text("three"))
    for _ in range(3):
        openai.complete(ask())
    assert len({r.client for r in server.requests}) == 1


def test_closing_the_stream_early_closes_the_response_at_once(server):
    server.reset()
    server.enqueue(text("a b c", stall_after=2))
    stream = get_provider("openai", base_url=server.base_url, api_key=KEY,
                          read_timeout=30).stream(ask())
    assert next(stream) == TextDelta("a ")
    started = time.monotonic()
    stream.close()
    assert time.monotonic() - started < scaled(1)  # not the 30 s read timeout


@pytest.mark.parametrize("reply,fragment", [
    (Reply(raw=[sse({"choices": ["not an object"]}), sse("[DONE]")]), "unexpected shape"),
    (Reply(raw=["data: {broken\n\n"]), "malformed JSON"),
    (Reply(raw=[sse([1, 2])]), "unexpected value"),
    (Reply(raw=['{"id": "x"}'], headers={"Content-Type": "application/json"}), "event stream"),
])
def test_malformed_streams_are_protocol_errors(server, openai, reply, fragment):
    server.enqueue(reply)
    with pytest.raises(ModelError) as err:
        openai.complete(ask())
    assert err.value.code == "model_protocol_error" and fragment in err.value.detail
    assert len(server.requests) == 1
