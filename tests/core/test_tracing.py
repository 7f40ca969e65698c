"""OpenTelemetry traces on the embedded default (in-process jobs), with an in-memory
exporter: the span tree of a chat turn with a handoff and a tool call, the incoming
traceparent honoured, the trace id in the log lines, message content only when allowed,
and tracing off unless an OTLP endpoint is configured."""
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from core import tracing
from core.settings import Settings
from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_identity import capture_all_logs
from tests.factories_tracing import (SECRET_WORDS, TRACE_ID, check_turn_tree, finished_spans,
                                     in_memory_tracing, network_turn)
from tests.fixtures_turns import allow_loopback, model, tools_server  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


def test_a_chat_turn_is_one_trace_with_its_request(client, model, tools_server):
    org = make_org(client)
    with in_memory_tracing() as exporter, capture_all_logs() as lines:
        turn = network_turn(client, org, model, tools_server)
        spans = finished_spans(exporter, "POST post_chat", "invoke_agent copilot")
    check_turn_tree(spans, turn)
    run_id = turn["posted"]["run"]["id"]
    ends = [line for line in lines if "turn finished" in line and run_id in line]
    assert len(ends) == 1 and f"'trace_id': '{TRACE_ID}'" in ends[0]


def test_message_content_only_when_allowed(client, model, tools_server):
    org = make_org(client)
    with in_memory_tracing(content=True) as exporter:
        network_turn(client, org, model, tools_server)
        spans = exporter.get_finished_spans()
    inputs = [s.attributes.get("gen_ai.input.messages") for s in spans
              if s.name.startswith("chat ")]
    assert inputs and SECRET_WORDS in inputs[0]


def test_a_workflow_run_and_its_steps_are_spans(client):
    from tests.factories_chat import make_agent
    from tests.factories_workflows import make_workflow, start_run, wait_run

    org = make_org(client)
    agent = make_agent(client, org["headers"])
    workflow = make_workflow(client, org, steps=[{"id": "ask", "type": "agent",
                                                  "ref": agent["id"], "input": "{{input.q}}"}])
    with in_memory_tracing() as exporter:
        run = start_run(client, org["headers"], workflow["id"], {"q": "hello"})
        assert wait_run(client, org["headers"], run["id"])["status"] == "succeeded"
        spans = finished_spans(exporter, "POST run_workflow", "workflow_run")
    names = {s.name: s for s in spans}
    assert {"workflow_run", "workflow_step ask", "invoke_agent agent", "chat echo"} <= set(names)
    assert names["workflow_step ask"].parent.span_id == names["workflow_run"].context.span_id
    assert names["invoke_agent agent"].parent.span_id == \
        names["workflow_step ask"].context.span_id
    request = names["POST run_workflow"]
    assert names["workflow_run"].context.trace_id == request.context.trace_id


class _Collector(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):  # noqa: N802
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.seen.append((self.path, self.headers.get("Content-Type"), body))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        return None


def test_the_otlp_exporter_sends_to_the_collector(tmp_path, monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Collector)
    server.seen = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT",
                           f"http://127.0.0.1:{server.server_address[1]}")
        monkeypatch.setenv("OTEL_SERVICE_NAME", "ap-test")
        configured = make_settings("sqlite:///" + str(tmp_path / "x.db"), tmp_path,
                                   tracing=True)
        tracing.configure(configured)
        with tracing.span("probe", {"agent_platform.probe": 1}):
            trace_id = tracing.current_trace_id()
        tracing._provider.force_flush()
        assert trace_id and len(trace_id) == 32
        assert [(path, ctype) for path, ctype, _ in server.seen] == [
            ("/v1/traces", "application/x-protobuf")]
        body = server.seen[0][2]
        assert b"probe" in body and b"ap-test" in body  # the span, the service name
    finally:
        tracing.install(None)
        server.shutdown()


def test_tracing_is_off_unless_an_endpoint_is_configured(tmp_path):
    base = {"AGENT_PLATFORM_DATA_DIR": str(tmp_path), "AGENT_PLATFORM_SECRET_KEY": "k" * 32}
    assert not Settings.from_env(base).tracing
    assert Settings.from_env({**base, "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}
                             ).tracing
    assert not Settings.from_env({**base, "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318",
                                  "OTEL_SDK_DISABLED": "true"}).tracing
    assert Settings.from_env({**base, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318/v1/traces"}
                             ).tracing
    assert not tracing.enabled()  # the test app runs without a tracer
    assert tracing.span("x") is tracing.span("y")  # off: one shared no-op
