"""Retries, backoff, Retry-After, timeouts and error messages of both HTTP providers, against the
suite's servers (each test runs on the OpenAI and on the Anthropic wire)."""
import socket
import threading
import time

import pytest

from rules import ssrf
from runtime.models import (HttpOptions, Message, ModelCancelled, ModelError, ModelRequest,
                            ModelSettings, TextDelta, get_provider)
from testkit import AnthropicServer, OpenAIServer, drop, error, slow, text
from tests.waiting import scaled

KEY = "sk-secret-key-0123456789abcdef"
REQUEST = ModelRequest([Message.user("hello")], settings=ModelSettings("test-model"))
SERVERS = {"openai": OpenAIServer, "anthropic": AnthropicServer}


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


@pytest.fixture(scope="module", params=sorted(SERVERS))
def wire(request):
    with SERVERS[request.param](api_key=KEY) as server:
        yield request.param, server


@pytest.fixture
def server(wire):
    wire[1].reset()
    yield wire[1]
    assert wire[1].pending == 0, "a scripted reply was not consumed"


@pytest.fixture
def connect(wire):
    """A provider on this wire's server; keyword arguments go to get_provider."""
    def make(**options):
        options = {"api_key": KEY, "backoff": 0.01, **options}
        return get_provider(wire[0], base_url=wire[1].base_url, **options)
    return make


def test_429_then_success_is_retried(server, connect):
    server.enqueue(error(429, "slow down"), text("done"))
    assert connect(max_retries=2).complete(REQUEST).text == "done"
    assert len(server.requests) == 2
    assert server.requests[0].body == server.requests[1].body


def test_5xx_then_success_is_retried(server, connect):
    server.enqueue(error(503), error(502), text("back"))
    assert connect(max_retries=2).complete(REQUEST).text == "back"
    assert len(server.requests) == 3


def test_500s_exhaust_the_retries(server, connect):
    server.enqueue(*[error(500, "internal failure")] * 3)
    with pytest.raises(ModelError) as err:
        connect(max_retries=2).complete(REQUEST)
    assert len(server.requests) == 3
    e = err.value
    assert (e.code, e.upstream_status, e.retryable, e.status) == \
        ("model_unavailable", 500, True, 502)
    assert "internal failure" not in e.detail and "after 3 attempts" in e.detail


def test_retry_after_is_honoured(server, connect):
    server.enqueue(error(429, retry_after=1), text("waited"))
    started = time.monotonic()
    assert connect(max_retries=1).complete(REQUEST).text == "waited"
    assert 1.0 <= time.monotonic() - started < scaled(3)


def test_retry_after_ms_is_honoured(server, connect):
    server.enqueue(error(429, headers={"retry-after-ms": "300"}), text("waited"))
    started = time.monotonic()
    assert connect(max_retries=1).complete(REQUEST).text == "waited"
    assert 0.3 <= time.monotonic() - started < scaled(2)


def test_a_retry_after_beyond_the_limit_fails_at_once(server, connect):
    server.enqueue(error(429, "quota", retry_after=3600))
    started = time.monotonic()
    with pytest.raises(ModelError) as err:
        connect(max_retries=3, retry_max_wait=30).complete(REQUEST)
    assert time.monotonic() - started < scaled(1)  # not the 3600 s asked for
    assert (err.value.code, err.value.retry_after) == ("model_rate_limited", 3600)
    assert len(server.requests) == 1


def test_401_is_a_clear_error_without_the_key(server, connect):
    server.enqueue(text("never sent"))  # the server refuses the key before answering
    wrong = "sk-wrong-key-9876543210"
    with pytest.raises(ModelError) as err:
        connect(api_key=wrong, max_retries=3).complete(REQUEST)
    assert len(server.requests) == 1  # not retried
    e = err.value
    assert (e.code, e.upstream_status, e.retryable) == ("model_auth_failed", 401, False)
    assert wrong not in str(e) and wrong not in e.detail and KEY not in e.detail
    assert "credentials" in e.detail


def test_4xx_messages_go_to_the_operators_log_only_with_the_key_redacted(server, connect,
                                                                          caplog):
    truncated = KEY[:8] + "***" + KEY[-4:]
    server.enqueue(error(400, f"model 'nope' does not exist (key {KEY}, shown {truncated})"))
    with caplog.at_level("WARNING", logger="agent_platform.models"), \
            pytest.raises(ModelError) as err:
        connect(max_retries=3).complete(REQUEST)
    assert len(server.requests) == 1
    assert (err.value.code, err.value.upstream_status) == ("model_bad_request", 400)
    assert "does not exist" not in err.value.detail and KEY not in err.value.detail
    logged = [r.fields["provider_message"] for r in caplog.records
              if getattr(r, "fields", {}).get("provider_message")]
    assert logged and "model 'nope' does not exist" in logged[-1]
    assert KEY not in logged[-1] and KEY[:8] not in logged[-1] and "[redacted]" in logged[-1]


def test_a_slow_server_hits_the_read_timeout(server, connect):
    server.enqueue(slow(text("too late"), 3))
    started = time.monotonic()
    with pytest.raises(ModelError) as err:
        connect(read_timeout=0.3, max_retries=2).complete(REQUEST)
    assert 0.3 <= time.monotonic() - started < scaled(1.5)
    assert err.value.code == "model_timeout"
    assert len(server.requests) == 1  # timeouts are not retried


def test_a_stream_that_stalls_midway_times_out_after_its_text(wire, server, connect):
    # the first text delta is the 2nd frame on the OpenAI wire, the 4th on Anthropic's
    server.enqueue(text("a b c", stall_after={"openai": 2, "anthropic": 4}[wire[0]]))
    seen = []
    with pytest.raises(ModelError) as err:
        for event in connect(read_timeout=0.3, max_retries=2).stream(REQUEST):
            seen.append(event)
    assert err.value.code == "model_timeout"
    assert seen == [TextDelta("a ")]
    assert len(server.requests) == 1


def test_a_dropped_connection_is_retried(server, connect):
    server.enqueue(drop(), text("second try"))
    assert connect(max_retries=1).complete(REQUEST).text == "second try"
    assert len(server.requests) == 2


def test_nothing_listening_is_unavailable_after_retries(wire):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again: nothing listens there
    provider = get_provider(wire[0], base_url=f"http://127.0.0.1:{port}", api_key=KEY,
                            max_retries=2, backoff=0.01)
    with pytest.raises(ModelError) as err:
        provider.complete(REQUEST)
    assert err.value.code == "model_unavailable" and "after 3 attempts" in err.value.detail
    assert KEY not in str(err.value)


def test_cancel_interrupts_a_retry_wait(server, connect):
    server.enqueue(error(503, retry_after=20))
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    started = time.monotonic()
    with pytest.raises(ModelCancelled):
        connect(max_retries=1).complete(REQUEST, cancel=cancel)
    assert time.monotonic() - started < scaled(2)  # not the 20 s retry wait


def test_backoff_grows_exponentially_with_jitter_and_a_ceiling():
    options = HttpOptions(backoff=0.5, backoff_max=4)
    for retry, ceiling in enumerate([0.5, 1, 2, 4, 4, 4]):
        delays = {options.delay(retry, None) for _ in range(50)}
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(delays) > 1  # jittered
    assert options.delay(0, 7.5) == 7.5  # the provider's Retry-After wins


def test_timeouts_and_retries_come_from_settings(settings):
    from dataclasses import replace

    tuned = replace(settings, model_connect_timeout=1.5, model_read_timeout=9,
                    model_max_retries=4, model_retry_backoff=0.2, model_retry_max_wait=5)
    provider = get_provider("openai", settings=tuned, read_timeout=3)
    assert provider.options == HttpOptions(connect_timeout=1.5, read_timeout=3, max_retries=4,
                                           backoff=0.2, retry_max_wait=5)
