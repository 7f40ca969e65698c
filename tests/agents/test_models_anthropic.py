"""The anthropic provider against the suite's Messages API server: streaming, tool use,
tool results as user-role tool_result blocks, system prompt, usage, stream errors."""
import dataclasses

import pytest

from rules import ssrf
from runtime.models import (Finish, Message, ModelError, ModelRequest, ModelSettings, TextDelta,
                            ToolCall, ToolCallEvent, ToolSchema, Usage, get_provider)
from testkit import AnthropicServer, Reply, sse, text, tool_calls

KEY = "sk-ant-test-0123456789abcdef"
WEATHER = ToolSchema("get_weather", "Weather for a city",
                     {"type": "object", "properties": {"city": {"type": "string"}},
                      "required": ["city"]})
TIME = ToolSchema("get_time", "Time in a zone")


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


@pytest.fixture(scope="module")
def server():
    with AnthropicServer(api_key=KEY) as srv:
        yield srv


@pytest.fixture
def anthropic(server):
    server.reset()
    yield get_provider("anthropic", base_url=server.base_url, api_key=KEY, max_retries=0)
    assert server.pending == 0, "a scripted reply was not consumed"


def ask(content="What is the weather in Paris?", tools=(WEATHER,), **settings):
    return ModelRequest([Message.system("You are terse."), Message.system("Answer in English."),
                         Message.user(content)], tools,
                        ModelSettings(settings.pop("model", "claude-test"), **settings))


def test_text_streams_as_deltas_then_finish_with_usage(server, anthropic):
    server.enqueue(text("It is sunny in Paris.", input_tokens=25, output_tokens=6))
    events = list(anthropic.stream(ask(temperature=0.5)))
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "It is sunny in Paris."
    assert len(events) == 6
    assert events[-1] == Finish(Usage(25, 6), "stop", "end_turn", "claude-test")

    request = server.last_request
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == KEY
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in request.headers
    assert request.body == {
        "model": "claude-test", "max_tokens": 4096, "stream": True, "temperature": 0.5,
        "system": "You are terse.\n\nAnswer in English.",
        "messages": [{"role": "user", "content": [
            {"type": "text", "text": "What is the weather in Paris?"}]}],
        "tools": [{"name": "get_weather", "description": "Weather for a city",
                   "input_schema": WEATHER.parameters}],
    }


def test_max_tokens_and_empty_parameters(server, anthropic):
    server.enqueue(text("ok"))
    anthropic.complete(ask(tools=(TIME,), max_tokens=50))
    body = server.last_request.body
    assert body["max_tokens"] == 50 and "temperature" not in body
    assert body["tools"][0]["input_schema"] == {"type": "object", "properties": {}}


def test_one_tool_call(server, anthropic):
    server.enqueue(tool_calls(("toolu_01", "get_weather", {"city": "Paris"}),
                              input_tokens=40, output_tokens=15))
    events = list(anthropic.stream(ask()))
    assert events == [ToolCallEvent(ToolCall("toolu_01", "get_weather", '{"city": "Paris"}')),
                      Finish(Usage(40, 15), "tool_calls", "tool_use", "claude-test")]


def test_parallel_tool_calls_after_text(server, anthropic):
    server.enqueue(tool_calls(("toolu_1", "get_weather", {"city": "Paris"}),
                              ("toolu_2", "get_time", {"tz": "Europe/Paris"}),
                              text="Checking both."))
    response = anthropic.complete(ask(tools=(WEATHER, TIME)))
    assert response.text == "Checking both."
    assert [(c.id, c.name, c.parsed_arguments()) for c in response.tool_calls] == [
        ("toolu_1", "get_weather", {"city": "Paris"}),
        ("toolu_2", "get_time", {"tz": "Europe/Paris"})]
    assert response.finish_reason == "tool_calls"


def test_tool_results_go_back_as_one_user_message_of_tool_result_blocks(server, anthropic):
    server.enqueue(tool_calls(("toolu_1", "get_weather", {"city": "Paris"}),
                              ("toolu_2", "get_time", {}), text="Let me look."),
                   text("Sunny at noon."))
    request = ask(tools=(WEATHER, TIME))
    first = anthropic.complete(request)
    followup = dataclasses.replace(request, messages=request.messages + (
        first.as_message(),
        Message.tool("toolu_1", '{"sky": "clear"}'),
        Message.tool("toolu_2", "clock unavailable", is_error=True),
        Message.user("And tomorrow?")))
    assert anthropic.complete(followup).text == "Sunny at noon."
    body = server.last_request.body
    assert body["system"] == "You are terse.\n\nAnswer in English."
    assert body["messages"][1:] == [
        {"role": "assistant", "content": [
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_1", "name": "get_weather",
             "input": {"city": "Paris"}},
            {"type": "tool_use", "id": "toolu_2", "name": "get_time", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": '{"sky": "clear"}'},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": "clock unavailable",
             "is_error": True},
            {"type": "text", "text": "And tomorrow?"}]},
    ]


def test_the_server_refuses_unanswered_tool_use(server, anthropic):
    call = ToolCall("toolu_x", "get_weather", '{"city": "Rome"}')
    bad = ModelRequest([Message.user("hi"), Message.assistant("", [call]), Message.user("?")],
                       settings=ModelSettings("claude-test"))
    with pytest.raises(ModelError) as err:
        anthropic.complete(bad)
    assert err.value.code == "model_bad_request" and "tool_result" not in err.value.detail


def test_stop_reasons_map_onto_finish_reasons(server, anthropic):
    server.enqueue(text("cut", finish_reason="max_tokens"), text("no", finish_reason="refusal"),
                   text("end", finish_reason="stop_sequence"))
    assert anthropic.complete(ask()).finish_reason == "length"
    assert anthropic.complete(ask()).finish_reason == "content_filter"
    response = anthropic.complete(ask())
    assert (response.finish_reason, response.raw_finish_reason) == ("stop", "stop_sequence")


def test_cache_tokens_count_as_input(server, anthropic):
    server.enqueue(Reply(raw=[
        sse({"type": "message_start", "message": {"model": "claude-x", "usage": {
            "input_tokens": 5, "cache_creation_input_tokens": 100,
            "cache_read_input_tokens": 20, "output_tokens": 1}}}, "message_start"),
        sse({"type": "content_block_start", "index": 0,
             "content_block": {"type": "text", "text": "Hel"}}, "content_block_start"),
        sse({"type": "content_block_delta", "index": 0,
             "delta": {"type": "text_delta", "text": "lo"}}, "content_block_delta"),
        sse({"type": "content_block_stop", "index": 0}, "content_block_stop"),
        sse({"type": "message_delta", "delta": {"stop_reason": "end_turn"},
             "usage": {"output_tokens": 3}}, "message_delta"),
        sse({"type": "message_stop"}, "message_stop")]))
    response = anthropic.complete(ask())
    assert response.text == "Hello" and response.model == "claude-x"
    assert response.usage == Usage(125, 3)


def test_an_error_event_in_the_stream_is_retried_before_anything_was_yielded(server):
    server.reset()
    provider = get_provider("anthropic", base_url=server.base_url, api_key=KEY, max_retries=1,
                            backoff=0.01)
    server.enqueue(Reply(stream_error="overloaded_error"), text("fine now"))
    assert provider.complete(ask()).text == "fine now"
    assert len(server.requests) == 2
    server.enqueue(Reply(stream_error="invalid_request_error"))
    with pytest.raises(ModelError) as err:
        provider.complete(ask())
    assert err.value.code == "model_error" and "invalid_request_error" in err.value.detail
    assert len(server.requests) == 3


def test_a_stream_without_message_stop_is_interrupted(server, anthropic):
    server.enqueue(Reply(raw=[sse({"type": "message_start", "message": {"usage": {}}})]))
    with pytest.raises(ModelError) as err:
        anthropic.complete(ask())
    assert err.value.code == "model_stream_interrupted"


def test_a_base_url_ending_in_v1_is_accepted(server):
    server.reset()
    server.enqueue(text("ok"))
    provider = get_provider("anthropic", base_url=server.base_url + "/v1/", api_key=KEY)
    assert provider.complete(ask()).text == "ok"
    assert server.last_request.path == "/v1/messages"
