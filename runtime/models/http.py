"""HTTP for model providers: one pooled httpx client per process, SSE reading, error mapping,
and retries with exponential backoff + jitter.

A call is retried (bounded by ``max_retries``) on 429, 5xx and connection errors, and on a
retryable error the provider reports inside its stream, but only while nothing has been yielded
to the caller yet. ``Retry-After`` (seconds or HTTP date) and ``retry-after-ms`` are honoured;
a wait longer than ``retry_max_wait`` fails at once instead. Read timeouts are not retried.
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import email.utils
import functools
import json
import logging
import os
import queue
import random
import re
import threading
import time
from typing import Callable, Iterable, Iterator, TypeVar

import httpx

from rules import ssrf
from rules.outside_text import clean
from runtime import ssrf_connect
from runtime.models.base import ModelCancelled, ModelError
from store.errors import Invalid

T = TypeVar("T")
log = logging.getLogger("agent_platform.models")
_client: httpx.Client | None = None
_client_pid = 0
_client_lock = threading.Lock()


@dataclasses.dataclass(frozen=True)
class HttpOptions:
    connect_timeout: float = 10.0
    read_timeout: float = 120.0
    max_retries: int = 2
    backoff: float = 0.5
    backoff_max: float = 20.0
    retry_max_wait: float = 60.0

    @classmethod
    def from_settings(cls, settings, **overrides) -> "HttpOptions":
        values = {}
        if settings is not None:
            values = dict(connect_timeout=settings.model_connect_timeout,
                          read_timeout=settings.model_read_timeout,
                          max_retries=settings.model_max_retries,
                          backoff=settings.model_retry_backoff,
                          retry_max_wait=settings.model_retry_max_wait)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def timeout(self) -> httpx.Timeout:
        return httpx.Timeout(connect=self.connect_timeout, read=self.read_timeout,
                             write=self.read_timeout, pool=self.connect_timeout)

    def delay(self, retry: int, retry_after: float | None) -> float:
        """Seconds to wait before retry number ``retry`` (0-based)."""
        if retry_after is not None:
            return retry_after
        ceiling = min(self.backoff_max, self.backoff * (2 ** retry))
        return ceiling / 2 + random.uniform(0, ceiling / 2)


def client() -> httpx.Client:
    """The process's pooled client (re-created after a fork)."""
    global _client, _client_pid
    with _client_lock:
        if _client is None or _client_pid != os.getpid():
            _client = ssrf_connect.pin_httpx(httpx.Client(limits=httpx.Limits(
                max_connections=200, max_keepalive_connections=50)))
            _client_pid = os.getpid()
        return _client


@dataclasses.dataclass(frozen=True)
class SSEMessage:
    event: str
    data: str

    def json(self, provider: str) -> dict:
        try:
            value = json.loads(self.data)
        except ValueError as exc:
            raise ModelError(f"{provider}: the stream carried malformed JSON",
                             code="model_protocol_error", provider=provider) from exc
        if not isinstance(value, dict):
            raise ModelError(f"{provider}: the stream carried an unexpected value",
                             code="model_protocol_error", provider=provider)
        return clean(value)  # NUL and lone surrogates become U+FFFD (rules/outside_text.py)


def iter_sse(lines: Iterable[str]) -> Iterator[SSEMessage]:
    """Server-Sent Events from text lines (fields ``event`` and ``data``; comments skipped)."""
    event, data = "", []
    for line in lines:
        if line == "":
            if data:
                yield SSEMessage(event or "message", "\n".join(data))
            event, data = "", []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if field == "event":
            event = value
        elif field == "data":
            data.append(value)
    if data:
        yield SSEMessage(event or "message", "\n".join(data))


def redact(text: str, secrets: Iterable[str | None]) -> str:
    """The text with every form of each secret masked, and any run of six or more
    characters of a secret (a key the provider shows truncated, ``sk-abc...xyz``)."""
    from rules.masking import Masker

    keys = [s for s in secrets if s and len(s) >= 4]
    text = Masker(keys).text(text)
    for key in keys:
        if len(key) >= 12:
            grams = {key[i:i + 6] for i in range(len(key) - 5)}
            text = re.sub("|".join(map(re.escape, sorted(grams))), "[redacted]", text)
    return text


def log_provider_error(provider: str, status: int | None, message: str,
                       secrets: Iterable[str | None]) -> None:
    """The provider's own error text goes to the operator's log only (masked); end users
    see a code and the provider's status."""
    log.warning("model provider error", extra={"fields": {
        "provider": provider, "upstream_status": status,
        "provider_message": redact(str(message), secrets)[:1000]}})


def _retry_after(headers: httpx.Headers) -> float | None:
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return max(0.0, float(raw_ms) / 1000)
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def status_error(provider: str, response: httpx.Response, message: str,
                 secrets: Iterable[str | None]) -> ModelError:
    """The ModelError for a non-2xx answer: a code and the provider's status. The
    provider's own message is logged for the operator (masked), never relayed."""
    status = response.status_code
    if message:
        log_provider_error(provider, status, message, secrets)
    if status in (401, 403):
        return ModelError(f"{provider} refused the credentials (HTTP {status}); check the "
                          "API key configured for this provider", code="model_auth_failed",
                          provider=provider, upstream_status=status)
    if status == 429:
        return ModelError(f"{provider} is rate limiting requests (HTTP 429)",
                          code="model_rate_limited", provider=provider, upstream_status=status,
                          retryable=True, retry_after=_retry_after(response.headers))
    if status >= 500:
        return ModelError(f"{provider} is unavailable (HTTP {status})",
                          code="model_unavailable", provider=provider, upstream_status=status,
                          retryable=True, retry_after=_retry_after(response.headers))
    return ModelError(f"{provider} rejected the request (HTTP {status}); the provider's "
                      "message is in the service log", code="model_bad_request",
                      provider=provider, upstream_status=status)


def _transport_error(provider: str, exc: httpx.HTTPError, started: bool) -> ModelError:
    kind = type(exc).__name__
    if isinstance(exc, (httpx.ReadTimeout, httpx.WriteTimeout, httpx.PoolTimeout)):
        return ModelError(f"{provider} did not answer in time ({kind})", code="model_timeout",
                          provider=provider)
    if started:
        return ModelError(f"{provider}: the response stream was interrupted ({kind})",
                          code="model_stream_interrupted", provider=provider, retryable=True)
    return ModelError(f"{provider} could not be reached ({kind})", code="model_unavailable",
                      provider=provider, retryable=True)


def _error_message(body: bytes) -> str:
    """The human message of a provider's JSON error body (both wire formats), else its text."""
    try:
        value = json.loads(body)
    except ValueError:
        return body.decode("utf-8", "replace")[:300]
    if isinstance(value, dict):
        error = value.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return error["message"]
        if isinstance(error, str):
            return error
        if isinstance(value.get("message"), str):
            return value["message"]
    return ""


def _post_sse(*, provider: str, url: str, headers: dict, body: dict, options: HttpOptions,
              secrets: tuple[str | None, ...] = ()) -> Iterator[SSEMessage]:
    started = False
    try:
        with client().stream("POST", url, json=body, headers=headers,
                             timeout=options.timeout()) as response:
            if response.status_code >= 300:
                raise status_error(provider, response, _error_message(response.read()), secrets)
            if "text/event-stream" not in response.headers.get("content-type", ""):
                raise ModelError(f"{provider}: the endpoint did not answer with an event stream "
                                 f"(content type {response.headers.get('content-type')!r})",
                                 code="model_protocol_error", provider=provider)
            started = True
            yield from iter_sse(response.iter_lines())
    except httpx.HTTPError as exc:
        raise _transport_error(provider, exc, started) from None
    except ssrf.ERRORS as exc:  # refused when connecting (the name now points elsewhere)
        raise ModelError(f"{provider}: {exc.detail}", code=exc.code, provider=provider) from None


CANCEL_POLL_S = 0.05
_END = object()
_executor: concurrent.futures.ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def _calls() -> concurrent.futures.ThreadPoolExecutor:
    """The threads cancellable model calls run on: reused, not started per call. A call ends
    when its answer does or when its connection is shut down (a cancel), freeing its thread."""
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = concurrent.futures.ThreadPoolExecutor(max_workers=256,
                                                              thread_name_prefix="model-call")
        return _executor


def post_sse(*, provider: str, url: str, headers: dict, body: dict, options: HttpOptions,
             secrets: tuple[str | None, ...] = (),
             cancel: threading.Event | None = None) -> Iterator[SSEMessage]:
    """One attempt: POST ``body`` as JSON and yield the answer's SSE messages.
    Raises ModelError (``retryable`` set where a retry may help).

    With ``cancel``, the call runs on a thread of its own and this generator waits for its
    messages or the cancel, whichever comes first: a cancel ends the call within
    CANCEL_POLL_S in every state (connecting, waiting for the first byte, streaming),
    shutting its connection down, and raises ModelCancelled."""
    call = functools.partial(_post_sse, provider=provider, url=url, headers=headers, body=body,
                             options=options, secrets=secrets)
    if cancel is None:
        yield from call()
        return
    if cancel.is_set():
        raise ModelCancelled(f"{provider}: cancelled", provider=provider)
    items: queue.SimpleQueue = queue.SimpleQueue()
    stop = threading.Event()
    connection = ssrf_connect.Call()

    def produce():
        try:
            with connection.running():
                for message in call():
                    items.put(message)
                    if stop.is_set():
                        return
            items.put(_END)
        except BaseException as exc:  # handed to the consumer, raised there
            items.put(exc)

    _calls().submit(produce)
    over = False  # the call ended by itself (its connection is back in the pool)
    try:
        while True:
            try:
                item = items.get(timeout=CANCEL_POLL_S)
            except queue.Empty:
                item = None
            if cancel.is_set():
                raise ModelCancelled(f"{provider}: cancelled", provider=provider)
            if item is None:
                continue
            if item is _END:
                over = True
                return
            if isinstance(item, BaseException):
                over = True
                raise item
            yield item
    finally:
        stop.set()
        if not over:
            connection.abort()  # closes the model connection


def check_base_url(provider: str, url: str) -> None:
    """The SSRF policy, at call time; a refusal is a ModelError with the policy's code."""
    try:
        ssrf_connect.resolve(url)
    except ssrf.ERRORS as exc:
        raise ModelError(f"{provider}: {exc.detail}", code=exc.code, provider=provider) from None


def retrying(attempt: Callable[[], Iterator[T]], options: HttpOptions, *, provider: str,
             cancel: threading.Event | None = None) -> Iterator[T]:
    """Run ``attempt`` and yield its items; on a retryable ModelError raised before any item was
    yielded, wait (backoff + jitter, or the provider's Retry-After) and try again. A stream of
    an unexpected shape (the parser tripping over it) is a ``model_protocol_error``."""
    retry = 0
    while True:
        if cancel is not None and cancel.is_set():
            raise ModelCancelled(f"{provider}: cancelled", provider=provider)
        yielded = False
        try:
            try:
                for item in attempt():
                    yielded = True
                    yield item
                return
            except (AttributeError, KeyError, TypeError, ValueError) as exc:
                raise ModelError(f"{provider}: the response had an unexpected shape "
                                 f"({type(exc).__name__})", code="model_protocol_error",
                                 provider=provider) from None
        except ModelError as exc:
            if isinstance(exc, ModelCancelled) or yielded or not exc.retryable:
                raise
            wait = options.delay(retry, exc.retry_after)
            if retry >= max(0, options.max_retries) or wait > options.retry_max_wait:
                if retry:
                    exc.detail = f"{exc.detail} (after {retry + 1} attempts)"
                    exc.args = (exc.detail,)
                raise
            retry += 1
        if cancel is not None:
            if cancel.wait(wait):
                raise ModelCancelled(f"{provider}: cancelled while waiting to retry",
                                     provider=provider)
        else:
            time.sleep(wait)
