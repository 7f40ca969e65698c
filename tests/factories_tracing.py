"""Tracing tests: an in-memory span exporter installed as the service's tracer, and a chat
turn of a network with a handoff and a tool call whose span tree is checked."""
from __future__ import annotations

import contextlib

from tests.factories_chat import post_chat, user, wait_turn
from tests.factories_copilots import make_copilot
from tests.factories_turns import http_tool, openai_agent, use_model_server
from testkit import text, tool_calls
from tests.waiting import wait_until

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_ID = "00f067aa0ba902b7"
SECRET_WORDS = "my private question about invoice 4711"


def finished_spans(exporter, *names: str, timeout: float = 10.0) -> list:
    """The exporter's finished spans once every span named in `names` is among them: a run's
    own span ends just after the run's final state is visible to a client."""
    return list(wait_until(exporter.get_finished_spans, timeout, f"the spans {names}",
                           done=lambda spans: set(names) <= {s.name for s in spans}))


@contextlib.contextmanager
def in_memory_tracing(content: bool = False):
    """The service's tracer exports to memory while the block runs; yields the exporter."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from core import tracing

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracing.install(provider)
    tracing._content = content
    try:
        yield exporter
    finally:
        tracing.install(None)
        tracing._content = False


def network_turn(client, org, model, tools_server, *, wait: bool = True, run_jobs=None,
                 chat_client=None) -> dict:
    """A chat turn (with an incoming traceparent) of a network whose first agent hands off to
    the second, which calls a tool and answers (sent through chat_client when given, then
    run_jobs called). Returns what was made and the POST /v1/chat answer."""
    use_model_server(client, org, model)
    tool = http_tool(client, org, tools_server, name="lookup", path="/echo")
    first = openai_agent(client, org, name="Triage", instructions="Route.")
    second = openai_agent(client, org, name="Billing", instructions="Help.",
                          tool_ids=[tool["id"]])
    net = make_copilot(client, org, agents=[first["id"], second["id"]],
                       handoff_prompt="Billing questions go to Billing.")
    model.enqueue(tool_calls(("handoff_to_Billing", {"reason": "billing"})),
                  tool_calls(("lookup", {"q": "4711"})), text("Invoice 4711 is paid."))
    headers = {**user(org, "tracy"), "traceparent": f"00-{TRACE_ID}-{PARENT_ID}-01"}
    posted = post_chat(chat_client or client, headers, SECRET_WORDS, copilot_id=net["id"])
    if run_jobs is not None:
        run_jobs()
    if wait:
        wait_turn(client, user(org, "tracy"), posted["thread"]["id"], posted["run"]["id"])
    return {"posted": posted, "tool": tool, "first": first, "second": second}


def check_turn_tree(spans, turn: dict) -> None:
    """The request span continues the incoming trace; the turn's span is its descendant; the
    model calls, the handoff and the tool call are the turn's children, with the GenAI
    attributes; no attribute holds the user's words."""
    by_id = {s.context.span_id: s for s in spans}
    traced = [s for s in spans if format(s.context.trace_id, "032x") == TRACE_ID]
    request = [s for s in traced if s.name == "POST post_chat"]
    assert len(request) == 1, [s.name for s in traced]
    request = request[0]
    assert format(request.parent.span_id, "016x") == PARENT_ID
    assert request.attributes["http.response.status_code"] == 202
    turn_span = [s for s in traced if s.name == "invoke_agent copilot"]
    assert len(turn_span) == 1, [s.name for s in traced]
    turn_span = turn_span[0]
    ancestor = turn_span
    while ancestor.parent is not None and ancestor.parent.span_id in by_id:
        ancestor = by_id[ancestor.parent.span_id]
        if ancestor is request:
            break
    assert ancestor is request, "the turn is not in the request's trace"
    run_id = turn["posted"]["run"]["id"]
    assert turn_span.attributes["agent_platform.run.id"] == run_id
    assert turn_span.attributes["gen_ai.agent.id"] == turn["second"]["id"]
    children = sorted((s for s in traced if s.parent and s.parent.span_id ==
                       turn_span.context.span_id), key=lambda s: s.start_time)
    assert [s.name for s in children] == ["chat gpt-test", "handoff", "chat gpt-test",
                                          "execute_tool lookup", "chat gpt-test"]
    chat = children[0]
    assert chat.attributes["gen_ai.operation.name"] == "chat"
    assert chat.attributes["gen_ai.system"] == "openai"
    assert chat.attributes["gen_ai.request.model"] == "gpt-test"
    assert chat.attributes["gen_ai.usage.input_tokens"] > 0
    assert chat.attributes["gen_ai.usage.output_tokens"] > 0
    handoff = children[1]
    assert handoff.attributes["agent_platform.handoff.to_agent_id"] == turn["second"]["id"]
    tool = children[3]
    assert tool.attributes["gen_ai.tool.name"] == "lookup"
    assert tool.attributes["agent_platform.tool.id"] == turn["tool"]["id"]
    for span in spans:
        for value in span.attributes.values():
            assert "4711" not in str(value) and "private" not in str(value), (span.name, value)
