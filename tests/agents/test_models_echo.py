"""The echo provider's conventions, provider selection, prices and costs, model settings, and
the interface's own rules (messages, tool call arguments, collect)."""
import dataclasses

import pytest

from runtime.models import (Finish, Message, ModelError, ModelRequest, ModelSettings, Price,
                            PriceTable, TextDelta, ToolCall, ToolCallEvent, ToolSchema, Usage,
                            collect, cost_usd, get_provider)
from runtime.models.anthropic import AnthropicProvider
from runtime.models.echo import EchoProvider
from runtime.models.openai import OpenAIProvider
from store.errors import Invalid
from core.settings import Settings

SEARCH = ToolSchema("search", "Search the web", {"type": "object"})
FETCH = ToolSchema("fetch", "Fetch a page", {"type": "object"})


def echo(*messages, tools=()):
    return get_provider("echo").complete(ModelRequest(messages, tools))


def test_echo_repeats_the_last_user_message_streamed_word_by_word():
    request = ModelRequest([Message.system("be nice"), Message.user("first"),
                            Message.assistant("first"), Message.user("hello  big world ")])
    events = list(get_provider("echo").stream(request))
    assert events == [TextDelta("hello  "), TextDelta("big "), TextDelta("world "),
                      Finish(Usage(7, 3), "stop", "stop", "echo")]
    assert list(get_provider("echo").stream(request)) == events  # deterministic


def test_echo_reports_the_requested_model():
    request = ModelRequest([Message.user("x")], settings=ModelSettings("echo-large"))
    assert get_provider("echo").complete(request).model == "echo-large"


def test_echo_calls_an_offered_tool_and_then_echoes_its_result():
    first = echo(Message.user('call search {"q": "weather Paris"}'), tools=(SEARCH,))
    assert first.text == "" and first.finish_reason == "tool_calls"
    assert first.tool_calls == (ToolCall("call_1", "search", '{"q": "weather Paris"}'),)
    second = echo(Message.user('call search {"q": "weather Paris"}'), first.as_message(),
                  Message.tool("call_1", "sunny, 21C"), tools=(SEARCH,))
    assert second.text == "search: sunny, 21C" and second.finish_reason == "stop"


def test_echo_makes_parallel_calls_one_per_line():
    response = echo(Message.user('call search {"q": "a"}\n\ncall fetch\ncall search {"q": "b"}'),
                    tools=(SEARCH, FETCH))
    assert response.tool_calls == (ToolCall("call_1", "search", '{"q": "a"}'),
                                   ToolCall("call_2", "fetch", "{}"),
                                   ToolCall("call_3", "search", '{"q": "b"}'))
    results = echo(Message.user("..."), response.as_message(),
                   Message.tool("call_1", "A"), Message.tool("call_2", "page", is_error=True),
                   Message.tool("call_3", "B"), tools=(SEARCH, FETCH))
    assert results.text == "search: A\nfetch: page\nsearch: B"


def test_echo_numbers_call_ids_across_the_conversation():
    earlier = Message.assistant("", [ToolCall("call_1", "search"), ToolCall("call_2", "fetch")])
    response = echo(Message.user("call search"), earlier, Message.tool("call_1", "x"),
                    Message.tool("call_2", "y"), Message.assistant("done"),
                    Message.user("call fetch"), tools=(SEARCH, FETCH))
    assert [c.id for c in response.tool_calls] == ["call_3"]


def test_echo_passes_invalid_arguments_through_verbatim():
    response = echo(Message.user("call search {not json"), tools=(SEARCH,))
    assert response.tool_calls == (ToolCall("call_1", "search", "{not json"),)
    with pytest.raises(ValueError):
        response.tool_calls[0].parsed_arguments()


@pytest.mark.parametrize("content", [
    "call search",                        # not offered in this request (see tools below)
    "please call search now",             # not a call line
    "call fetch\nand something else",     # not every line is a call
])
def test_echo_only_calls_offered_tools_on_pure_call_lines(content):
    response = echo(Message.user(content), tools=(FETCH,) if content != "call search" else ())
    assert response.tool_calls == () and response.text == content


def test_echo_with_no_user_message_answers_nothing():
    assert echo(Message.system("only a system prompt")).text == ""


def test_get_provider_selects_and_defaults_to_echo(settings):
    assert isinstance(get_provider(), EchoProvider)
    assert isinstance(get_provider(settings=settings), EchoProvider)
    assert isinstance(get_provider("OpenAI"), OpenAIProvider)
    assert get_provider("openai").base_url == "https://api.openai.com/v1"
    assert get_provider("anthropic").base_url == "https://api.anthropic.com"
    custom = dataclasses.replace(settings, default_model_provider="anthropic",
                                 anthropic_base_url="https://llm.example.com/")
    provider = get_provider(settings=custom)
    assert isinstance(provider, AnthropicProvider)
    assert provider.base_url == "https://llm.example.com"
    with pytest.raises(Invalid) as err:
        get_provider("llama")
    assert err.value.code == "unknown_model_provider"


def test_provider_reprs_never_show_the_key():
    provider = get_provider("openai", api_key="sk-hidden-123456")
    assert "sk-hidden" not in repr(provider) and "sk-hidden" not in str(vars(provider).keys())


def test_model_settings_from_the_environment(tmp_path):
    env = {"AGENT_PLATFORM_DATA_DIR": str(tmp_path), "AGENT_PLATFORM_SECRET_KEY": "k" * 40,
           "AGENT_PLATFORM_MODEL_PROVIDER": "OpenAI",
           "AGENT_PLATFORM_OPENAI_BASE_URL": "http://10.0.0.5:11434/v1",
           "AGENT_PLATFORM_OPENAI_API_KEY": "sk-env-key-0001",
           "AGENT_PLATFORM_ANTHROPIC_BASE_URL": "https://proxy.example.com",
           "AGENT_PLATFORM_ANTHROPIC_API_KEY": "sk-ant-env-0002",
           "AGENT_PLATFORM_MODEL_CONNECT_TIMEOUT": "2.5",
           "AGENT_PLATFORM_MODEL_READ_TIMEOUT": "30",
           "AGENT_PLATFORM_MODEL_MAX_RETRIES": "5",
           "AGENT_PLATFORM_MODEL_RETRY_BACKOFF": "0.25",
           "AGENT_PLATFORM_MODEL_RETRY_MAX_WAIT": "10",
           "AGENT_PLATFORM_MODEL_PRICES": '{"gpt-4o-mini": {"input": 0.15, "output": 0.6}, '
                                          '"claude-x": {"input": 3}}'}
    s = Settings.from_env(env)
    assert (s.default_model_provider, s.openai_base_url, s.openai_api_key) == \
        ("openai", "http://10.0.0.5:11434/v1", "sk-env-key-0001")
    assert (s.anthropic_base_url, s.anthropic_api_key) == \
        ("https://proxy.example.com", "sk-ant-env-0002")
    assert (s.model_connect_timeout, s.model_read_timeout, s.model_max_retries,
            s.model_retry_backoff, s.model_retry_max_wait) == (2.5, 30, 5, 0.25, 10)
    assert s.model_prices == (("claude-x", 3.0, 0.0), ("gpt-4o-mini", 0.15, 0.6))
    assert "sk-env-key" not in repr(s) and "sk-ant-env" not in repr(s)
    hash(s)  # settings stay hashable
    defaults = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path)})
    assert defaults.default_model_provider == "echo" and defaults.model_prices == ()
    assert defaults.openai_api_key is None and defaults.model_max_retries == 2


@pytest.mark.parametrize("name,value", [
    ("AGENT_PLATFORM_MODEL_PRICES", "not json"),
    ("AGENT_PLATFORM_MODEL_PRICES", '["gpt"]'),
    ("AGENT_PLATFORM_MODEL_PRICES", '{"gpt": {"input": -1}}'),
    ("AGENT_PLATFORM_MODEL_PRICES", '{"gpt": {"inp": 1}}'),
    ("AGENT_PLATFORM_MODEL_PRICES", '{"gpt": 3}'),
    ("AGENT_PLATFORM_MODEL_READ_TIMEOUT", "soon"),
    ("AGENT_PLATFORM_MODEL_CONNECT_TIMEOUT", "-1"),
])
def test_bad_model_settings_stop_start_up_with_a_message(tmp_path, name, value):
    with pytest.raises(SystemExit) as err:
        Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path), name: value})
    assert name in str(err.value)


def test_costs_from_the_price_table(tmp_path):
    table = PriceTable.from_settings(Settings.from_env({
        "AGENT_PLATFORM_DATA_DIR": str(tmp_path),
        "AGENT_PLATFORM_MODEL_PRICES": '{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}'}))
    assert table.price("gpt-4o-mini") == Price(0.15, 0.6) and "gpt-4o-mini" in table
    assert table.cost(Usage(1_000_000, 1_000_000), "gpt-4o-mini") == 0.75
    assert table.cost(Usage(1234, 567), "gpt-4o-mini") == 0.0005253  # 0.0001851 + 0.0003402
    assert table.cost(Usage(10**9, 10**9), "unknown-model") == 0.0
    assert table.price("gpt-4o") == Price(0, 0)
    assert cost_usd(Usage(3, 0), Price(0.1, 0)) == 3e-7
    assert cost_usd(Usage(0, 0), Price(5, 15)) == 0.0


def test_usage_adds_up():
    assert Usage(1, 2) + Usage(10, 20) == Usage(11, 22)
    assert Usage(3, 4).total_tokens == 7


@pytest.mark.parametrize("build", [
    lambda: Message("robot", "x"),
    lambda: Message("user", "x", tool_calls=(ToolCall("1", "t"),)),
    lambda: Message("tool", "x"),
    lambda: Message("user", "x", tool_call_id="call_1"),
])
def test_malformed_messages_are_refused(build):
    with pytest.raises(ValueError):
        build()


def test_tool_call_arguments_must_be_a_json_object():
    assert ToolCall("1", "t", "").parsed_arguments() == {}
    assert ToolCall("1", "t", '{"a": [1]}').parsed_arguments() == {"a": [1]}
    for bad in ("[1, 2]", '"text"', "{oops"):
        with pytest.raises(ValueError):
            ToolCall("1", "t", bad).parsed_arguments()


def test_collect_gathers_events_and_requires_a_finish():
    call = ToolCall("c", "t", "{}")
    response = collect([TextDelta("a"), TextDelta("b"), ToolCallEvent(call),
                        Finish(Usage(1, 2), "tool_calls", "tool_use", "m")])
    assert (response.text, response.tool_calls, response.usage, response.finish_reason,
            response.raw_finish_reason, response.model) == \
        ("ab", (call,), Usage(1, 2), "tool_calls", "tool_use", "m")
    with pytest.raises(ModelError) as err:
        collect([TextDelta("a")])
    assert err.value.code == "model_protocol_error"
