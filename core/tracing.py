"""OpenTelemetry traces, off unless configured: the standard ``OTEL_*`` variables
(``OTEL_EXPORTER_OTLP_ENDPOINT`` or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``; also
``OTEL_SERVICE_NAME``, ``OTEL_RESOURCE_ATTRIBUTES``, ``OTEL_TRACES_SAMPLER``, ...) turn on an
OTLP exporter over HTTP with a batch processor. Off, nothing of OpenTelemetry is imported
and every function here costs one test of a module global.

Spans: each HTTP request (server), turn, model call (GenAI semantic conventions), tool call,
handoff, workflow run and step, and scheduler fire. The trace context travels with queued
work (``inject`` into the job, ``attach`` where it runs), so a chat turn executed by a worker
is one trace with the request that queued it; an incoming ``traceparent`` is honoured.

Attributes carry ids, names, statuses, token counts; never a prompt, a message, a tool's
input or output, nor a credential, unless ``AGENT_PLATFORM_TRACE_CONTENT`` allows message
content (``content_allowed``).
"""
from __future__ import annotations

import contextlib
import os
import threading

_tracer = None
_provider = None
_content = False
_lock = threading.Lock()
_NULL = contextlib.nullcontext()
TRACER_NAME = "agent_platform"


def configure(settings) -> None:
    """Turn tracing on for this process when settings say an OTLP endpoint is configured."""
    global _content
    _content = bool(getattr(settings, "trace_content", False))
    if not settings.tracing or _tracer is not None:
        return
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    named = os.environ.get("OTEL_SERVICE_NAME") or "service.name=" in os.environ.get(
        "OTEL_RESOURCE_ATTRIBUTES", "")
    provider = TracerProvider(resource=Resource.create(
        {} if named else {"service.name": "agent-platform"}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    install(provider)


def install(provider) -> None:
    """Use this tracer provider (configure's OTLP one, or a test's with an in-memory
    exporter); None turns tracing off again."""
    global _tracer, _provider
    with _lock:
        if _provider is not None and _provider is not provider:
            _provider.shutdown()
        _provider = provider
        _tracer = provider.get_tracer(TRACER_NAME) if provider is not None else None


def shutdown() -> None:
    """Flush and stop the exporter (process exit)."""
    if _provider is not None:
        _provider.shutdown()


def enabled() -> bool:
    return _tracer is not None


def content_allowed() -> bool:
    return _content and _tracer is not None


def span(name: str, attributes: dict | None = None, kind: str | None = None):
    """A context manager: a span child of the current one (yields it), or nothing when off."""
    if _tracer is None:
        return _NULL
    return _span(name, attributes, kind)


@contextlib.contextmanager
def _span(name, attributes, kind):
    from opentelemetry import trace

    span_kind = getattr(trace.SpanKind, kind.upper()) if kind else trace.SpanKind.INTERNAL
    # exceptions are not recorded: their messages may hold data; the span gets their type
    with _tracer.start_as_current_span(name, kind=span_kind, attributes=_clean(attributes),
                                       record_exception=False,
                                       set_status_on_exception=False) as current:
        try:
            yield current
        except BaseException as exc:
            fail(current, type(exc).__name__)
            raise


def set_attributes(current, attributes: dict) -> None:
    if current is not None:
        current.set_attributes(_clean(attributes))


def fail(current, code: str | None) -> None:
    """Mark a span as failed with an error code (never a message that may hold data)."""
    if current is None:
        return
    from opentelemetry.trace import Status, StatusCode

    current.set_status(Status(StatusCode.ERROR, code))
    if code:
        current.set_attribute("error.type", code)


def _clean(attributes: dict | None) -> dict:
    return {k: v for k, v in (attributes or {}).items() if v is not None}


def current_trace_id() -> str | None:
    if _tracer is None:
        return None
    from opentelemetry import trace

    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else None


def inject() -> dict | None:
    """The current trace context as a carrier (``traceparent``, ...) for queued work."""
    if _tracer is None:
        return None
    from opentelemetry.propagate import inject as otel_inject

    carrier: dict = {}
    otel_inject(carrier)
    return carrier or None


def attach(carrier: dict | None):
    """A context manager making carrier's trace context current (incoming ``traceparent``,
    a job's context); nothing when off or without a carrier."""
    if _tracer is None or not carrier:
        return _NULL
    return _attached(carrier)


@contextlib.contextmanager
def _attached(carrier):
    from opentelemetry import context
    from opentelemetry.propagate import extract

    token = context.attach(extract(carrier))
    try:
        yield
    finally:
        context.detach(token)


def bind(fn):
    """fn bound to the current context (for a thread pool), or fn itself when off."""
    if _tracer is None:
        return fn
    import contextvars

    ctx = contextvars.copy_context()
    return lambda *args, **kwargs: ctx.run(fn, *args, **kwargs)


class _Open:
    """A span started by ``start`` and current until ``end``."""

    def __init__(self, name, attributes, kind):
        from opentelemetry import context, trace

        span_kind = getattr(trace.SpanKind, kind.upper()) if kind else trace.SpanKind.INTERNAL
        self.span = _tracer.start_span(name, kind=span_kind, attributes=_clean(attributes))
        self.token = context.attach(trace.set_span_in_context(self.span))

    def end(self, error: str | None = None, **attributes) -> None:
        from opentelemetry import context

        set_attributes(self.span, attributes)
        if error:
            fail(self.span, error)
        context.detach(self.token)
        self.span.end()


class _Closed:
    span = None

    def end(self, error: str | None = None, **attributes) -> None:
        return None


_CLOSED = _Closed()


def start(name: str, attributes: dict | None = None, kind: str | None = None):
    """Start a span that stays current until ``.end(error=None, **attributes)`` (in the same
    thread); a no-op handle when tracing is off."""
    return _CLOSED if _tracer is None else _Open(name, attributes, kind)


def shown_path(path: str) -> str:
    """A request's path as logs and traces show it: the token of an inbound trigger's URL
    (`/hooks/{token}`, a credential) left out."""
    return "/hooks/{token}" if path.startswith("/hooks/") else path


class _Request:
    """The server span of one HTTP request, child of the request's ``traceparent`` if any."""

    def __init__(self, scope):
        from opentelemetry import context, trace
        from opentelemetry.propagate import extract

        carrier = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())
                   if k in (b"traceparent", b"tracestate")}
        method = scope.get("method", "")
        parent = extract(carrier) if carrier else None
        self.span = _tracer.start_span(f"{method}", context=parent, kind=trace.SpanKind.SERVER,
                                       attributes={"http.request.method": method,
                                                   "url.path": shown_path(scope.get("path", "")),
                                                   "url.scheme": scope.get("scheme", "http")})
        self.token = context.attach(trace.set_span_in_context(self.span, parent))
        self.trace_id = format(self.span.get_span_context().trace_id, "032x")

    def end(self, operation: str | None, status: int) -> None:
        from opentelemetry import context

        name = operation.rpartition(".")[2] if operation else None
        if name:
            self.span.update_name(f"{self.span.name} {name}")
            self.span.set_attribute("agent_platform.operation", name)
        self.span.set_attribute("http.response.status_code", status)
        if status >= 500:
            fail(self.span, str(status))
        context.detach(self.token)
        self.span.end()


def start_request(scope):
    """The span of an HTTP request (ASGI scope), or None when tracing is off."""
    return None if _tracer is None else _Request(scope)
