"""HTTP for model providers: one pooled async httpx client per process (model calls are
awaited on the turn loop, core/concurrency.py), SSE reading, error mapping, and retries with
exponential backoff + jitter.

A call is retried (bounded by ``max_retries``) on 429, 5xx and connection errors, and on a
retryable error the provider reports inside its stream, but only while nothing has been yielded
to the caller yet. ``Retry-After`` (seconds or HTTP date) and ``retry-after-ms`` are honoured;
a wait longer than ``retry_max_wait`` fails at once instead. Read timeouts are not retried.
"""
from __future__ import annotations

import asyncio
import dataclasses
import email.utils
import json
import logging
import os
import random
import re
import threading
import time
from typing import AsyncIterator, Callable, Iterable, TypeVar

import httpx

from rules import ssrf
from runtime import ssrf_connect
from runtime.models.base import ModelCancelled, ModelError
from runtime.models.sse import SSEMessage, SSEParser, _Lines, iter_sse  # noqa: F401 (re-exported)
from core import concurrency

T = TypeVar("T")
log = logging.getLogger("agent_platform.models")
_aclient: httpx.AsyncClient | None = None
_aclient_pid = 0
CANCEL_POLL_S = 0.05


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


def aclient() -> httpx.AsyncClient:
    """The pooled async client of the turn loop (model calls run there)."""
    global _aclient, _aclient_pid
    if _aclient is None or _aclient_pid != os.getpid():
        _aclient = ssrf_connect.pin_async_httpx(httpx.AsyncClient(limits=httpx.Limits(
            max_connections=None, max_keepalive_connections=100)))
        _aclient_pid = os.getpid()
    return _aclient


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


async def post_sse(*, provider: str, url: str, headers: dict, body: dict,
                   options: HttpOptions, secrets: tuple[str | None, ...] = (),
                   cancel: threading.Event | None = None) -> AsyncIterator[SSEMessage]:
    """One attempt: POST ``body`` as JSON and yield the answer's SSE messages, awaited on the
    event loop (no thread waits for the model). Raises ModelError (``retryable`` set where a
    retry may help). A set ``cancel`` ends the call at once in every state (connecting,
    waiting for the first byte, streaming): the awaiting task is interrupted, the connection
    closed, and ModelCancelled raised."""
    if cancel is not None and cancel.is_set():
        raise ModelCancelled(f"{provider}: cancelled", provider=provider)
    task = asyncio.current_task()
    stop = _interrupt_on(cancel, task)
    started = False
    try:
        async with aclient().stream("POST", url, json=body, headers=headers,
                                    timeout=options.timeout()) as response:
            if response.status_code >= 300:
                raise status_error(provider, response,
                                   _error_message(await response.aread()), secrets)
            if "text/event-stream" not in response.headers.get("content-type", ""):
                raise ModelError(f"{provider}: the endpoint did not answer with an event stream "
                                 f"(content type {response.headers.get('content-type')!r})",
                                 code="model_protocol_error", provider=provider)
            started = True
            parser, lines = SSEParser(), _Lines()
            async for chunk in response.aiter_bytes():
                for line in lines.feed(chunk):
                    message = parser.feed(line)
                    if message is not None:
                        if cancel is not None and cancel.is_set():
                            raise ModelCancelled(f"{provider}: cancelled", provider=provider)
                        yield message
            for line in lines.end():
                message = parser.feed(line)
                if message is not None:
                    yield message
            message = parser.end()
            if message is not None:
                yield message
    except asyncio.CancelledError:
        if stop.fired:
            task.uncancel()
            raise ModelCancelled(f"{provider}: cancelled", provider=provider) from None
        raise
    except httpx.HTTPError as exc:
        raise _transport_error(provider, exc, started) from None
    except ssrf.ERRORS as exc:  # refused when connecting (the name now points elsewhere)
        raise ModelError(f"{provider}: {exc.detail}", code=exc.code, provider=provider) from None
    finally:
        stop.close()


class _Interrupt:
    """Cancels ``task`` when ``cancel`` is set, until closed. A concurrency.Signal wakes it at
    once; a plain threading.Event is polled every CANCEL_POLL_S."""

    def __init__(self, cancel, task):
        self.fired, self.open, self.task = False, True, task
        self._remove = self._poller = None
        if cancel is None:
            return
        loop = asyncio.get_running_loop()
        if isinstance(cancel, concurrency.Signal):
            self._remove = cancel.on_set(loop, self.fire)
        else:
            async def poll():
                while not cancel.is_set():
                    await asyncio.sleep(CANCEL_POLL_S)
                self.fire()
            self._poller = loop.create_task(poll())

    def fire(self) -> None:
        if self.open and not self.fired:
            self.fired = True
            self.task.cancel()

    def close(self) -> None:
        self.open = False
        if self._remove is not None:
            self._remove()
        if self._poller is not None:
            self._poller.cancel()


def _interrupt_on(cancel, task) -> _Interrupt:
    return _Interrupt(cancel, task)


async def _pause(wait: float, cancel) -> bool:
    """Sleep ``wait`` seconds; True when ``cancel`` was set meanwhile."""
    if cancel is None:
        await asyncio.sleep(wait)
        return False
    if isinstance(cancel, concurrency.Signal):
        try:
            await asyncio.wait_for(cancel.wait_async(), wait)
        except asyncio.TimeoutError:
            return False
        return True
    deadline = time.monotonic() + wait
    while not cancel.is_set():
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        await asyncio.sleep(min(CANCEL_POLL_S, left))
    return True


def check_base_url(provider: str, url: str) -> None:
    """The SSRF policy on the URL itself (scheme, literal addresses, allowed names); the
    addresses a name resolves to are checked when the pinned client connects."""
    try:
        ssrf.check_url(url)
    except ssrf.ERRORS as exc:
        raise ModelError(f"{provider}: {exc.detail}", code=exc.code, provider=provider) from None


async def retrying(attempt: Callable[[], AsyncIterator[T]], options: HttpOptions, *,
                   provider: str, cancel: threading.Event | None = None) -> AsyncIterator[T]:
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
                async for item in attempt():
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
        if await _pause(wait, cancel):
            raise ModelCancelled(f"{provider}: cancelled while waiting to retry",
                                 provider=provider)
