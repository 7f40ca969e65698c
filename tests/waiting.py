"""Waiting in tests: one poll loop and one time scale.

``AGENT_PLATFORM_TEST_TIME_SCALE`` (default 1) multiplies every deadline of the suite: the
timeouts of ``wait_until``, the start-up deadlines of the processes the tests launch and the
timeouts of the tests' own HTTP clients. On a loaded machine (``tests/run.sh`` raises it when
the load average is high) the deadlines grow; what the tests assert does not change. Tests
assert behaviour and order, never how fast something happened (speed belongs in ``bench/``).

    from tests.waiting import scaled, wait_until

    server = wait_until(lambda: connect(port), 20, f"a server on port {port}", retry_on=(OSError,))
    run = wait_until(lambda: get_run(run_id), 20, f"run {run_id} to end",
                     done=lambda run: run["status"] in FINAL)  # a failure shows the last run
"""
from __future__ import annotations

import os
import time
from typing import Callable, TypeVar

T = TypeVar("T")


def _time_scale() -> float:
    raw = os.environ.get("AGENT_PLATFORM_TEST_TIME_SCALE", "").strip() or "1"
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"AGENT_PLATFORM_TEST_TIME_SCALE must be a number, not {raw!r}") from None
    if value < 1:
        raise ValueError(f"AGENT_PLATFORM_TEST_TIME_SCALE must be at least 1, not {raw!r}")
    return value


TIME_SCALE = _time_scale()
POLL_EVERY = 0.02


def scaled(seconds: float) -> float:
    """A deadline of the tests, in seconds, stretched by AGENT_PLATFORM_TEST_TIME_SCALE."""
    return seconds * TIME_SCALE


class WaitTimeout(AssertionError):
    """What was awaited did not happen within the (scaled) deadline."""


def wait_until(predicate: Callable[[], T], timeout: float, what: str, *,
               every: float = POLL_EVERY,
               retry_on: tuple[type[BaseException], ...] = (),
               sleep: Callable[[float], object] = time.sleep,
               done: Callable[[T], object] = bool) -> T:
    """Call ``predicate`` until its value is ``done`` (by default: truthy) and return the value.

    ``timeout`` is scaled by AGENT_PLATFORM_TEST_TIME_SCALE. An exception of a ``retry_on``
    type counts as "not yet" (a server still starting); any other exception fails at once.
    When the deadline passes the failure names ``what`` and shows the predicate's last value
    or exception. ``sleep`` waits between two calls (a browser page waits through its own).
    """
    deadline = time.monotonic() + scaled(timeout)
    last: object = None
    error: BaseException | None = None
    while True:
        try:
            last, error = predicate(), None
        except retry_on as exc:
            last, error = None, exc
        if error is None and done(last):  # type: ignore[arg-type]
            return last  # type: ignore[return-value]
        if time.monotonic() >= deadline:
            seen = f"last exception: {error!r}" if error is not None else f"last value: {last!r}"
            raise WaitTimeout(f"waited {scaled(timeout):g} s for {what}; {seen}") from error
        sleep(every)
