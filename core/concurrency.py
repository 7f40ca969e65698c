"""The process's event loop for waiting work, and the small pool its blocking hops run on.

Turns spend their time waiting: on a model's stream, on a tool's answer. They run as tasks on
ONE event loop per process (the thread ``turn-loop``), so a thousand waiting turns hold no OS
thread and no database connection each. Work that blocks (a database statement, a call into
synchronous code) is a short *hop* onto a small thread pool (``db-hop``, sized by
AGENT_PLATFORM_DB_HOP_THREADS), each hop with a pooled database connection of its own.

    future = concurrency.submit(settings, coroutine)      # from any thread: a Future
    value = concurrency.call(settings, coroutine)         # from a thread: wait for it
    value = await concurrency.hop(fn, *args)              # from the loop: run fn on the pool
    for item in concurrency.iterate(settings, agen): ...  # drive an async generator from sync code

``Signal`` is a threading.Event that wakes waiters on the loop too (a turn's cancel flag: set
from a request thread or the watcher, it interrupts the turn's awaited model stream or tool
call at once).

The process's other long-lived threads and pools are created here too, named, so that one
place knows what a process runs (``inventory``) and stops it:

    pool = concurrency.pool("handler", 40)                # a named ThreadPoolExecutor
    concurrency.thread("outbox-relay", relay._loop)       # a named daemon thread, started

Everything here is created on first use and stopped by ``shutdown`` (the process's exit):
the turn loop, the hop pool and every pool made by ``pool``; a thread made by ``thread`` ends
with its owner's stop signal or with the process (daemon).
"""
from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import contextvars
import functools
import logging
import threading
from typing import AsyncIterator, Awaitable, Callable, Iterator, TypeVar

T = TypeVar("T")
log = logging.getLogger("agent_platform.concurrency")
DEFAULT_HOP_THREADS = 8


class _Plumbing:
    def __init__(self):
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.hops: concurrent.futures.ThreadPoolExecutor | None = None
        self.hop_threads = DEFAULT_HOP_THREADS
        self.outage_wait_s = 30.0
        self.pools: list[tuple[str, int, concurrent.futures.ThreadPoolExecutor]] = []
        self.threads: list[threading.Thread] = []


_state = _Plumbing()


def pool(name: str, threads: int) -> concurrent.futures.ThreadPoolExecutor:
    """A new thread pool of the process, its threads named ``name_N``; shut down (pending
    work cancelled) by ``shutdown``."""
    made = concurrent.futures.ThreadPoolExecutor(max(1, int(threads)), thread_name_prefix=name)
    with _state.lock:
        _state.pools = [p for p in _state.pools if not p[2]._shutdown]
        _state.pools.append((name, max(1, int(threads)), made))
    return made


def thread(name: str, target: Callable[..., object], *args, start: bool = True) -> threading.Thread:
    """A daemon thread of the process named ``name``, started unless ``start`` is False."""
    made = threading.Thread(target=target, args=args, name=name, daemon=True)
    with _state.lock:
        _state.threads = [t for t in _state.threads if t.is_alive() or t.ident is None]
        _state.threads.append(made)
    if start:
        made.start()
    return made


def inventory() -> list[dict]:
    """What the process runs now: {kind, name, threads, alive} of the turn loop, the hop pool,
    each pool and each thread made here."""
    with _state.lock:
        out = []
        if _state.thread is not None:
            out.append({"kind": "loop", "name": "turn-loop", "threads": 1,
                        "alive": _state.thread.is_alive()})
        if _state.hops is not None:
            out.append({"kind": "pool", "name": "db-hop", "threads": _state.hop_threads,
                        "alive": not _state.hops._shutdown})
        out += [{"kind": "pool", "name": name, "threads": size, "alive": not made._shutdown}
                for name, size, made in _state.pools]
        out += [{"kind": "thread", "name": t.name, "threads": 1, "alive": t.is_alive()}
                for t in _state.threads]
        return out


def owns(candidate: threading.Thread) -> bool:
    """Whether the thread is the turn loop's, a hop's, or one of a pool or thread made here."""
    with _state.lock:
        if candidate is _state.thread or candidate in _state.threads:
            return True
        pools = [made for _, _, made in _state.pools]
        if _state.hops is not None:
            pools.append(_state.hops)
        return any(candidate in getattr(made, "_threads", ()) for made in pools)


def configure(settings) -> None:
    """Size the hop pool from the settings (before its first use)."""
    threads = getattr(settings, "db_hop_threads", None)
    with _state.lock:
        if threads:
            _state.hop_threads = int(threads)
        _state.outage_wait_s = getattr(settings, "db_outage_wait_ms", 30000) / 1000


def loop() -> asyncio.AbstractEventLoop:
    """The process's turn loop, started on first use."""
    with _state.lock:
        if _state.loop is None or _state.thread is None or not _state.thread.is_alive():
            ready = threading.Event()
            new = asyncio.new_event_loop()

            def run():
                asyncio.set_event_loop(new)
                ready.set()
                new.run_forever()

            _state.loop = new
            _state.thread = threading.Thread(target=run, name="turn-loop", daemon=True)
            _state.thread.start()
            ready.wait()
            atexit.register(shutdown)
        return _state.loop


def _hop_pool() -> concurrent.futures.ThreadPoolExecutor:
    with _state.lock:
        if _state.hops is None:
            _state.hops = concurrent.futures.ThreadPoolExecutor(
                _state.hop_threads, thread_name_prefix="db-hop")  # (inventory lists it)
        return _state.hops


def on_loop() -> bool:
    """Whether the caller runs on the turn loop's thread."""
    return _state.thread is not None and threading.current_thread() is _state.thread


def submit(coroutine: Awaitable[T]) -> "concurrent.futures.Future[T]":
    """Schedule the coroutine on the turn loop, in the caller's context (request id, trace);
    its Future, from any thread."""
    context = contextvars.copy_context()
    target = loop()
    result: concurrent.futures.Future = concurrent.futures.Future()

    def settle(task: asyncio.Task) -> None:
        if task.cancelled():
            result.set_exception(concurrent.futures.CancelledError())
        elif task.exception() is not None:
            result.set_exception(task.exception())
        else:
            result.set_result(task.result())

    def start() -> None:
        if not result.set_running_or_notify_cancel():
            coroutine.close()
            return
        target.create_task(coroutine, context=context).add_done_callback(settle)

    target.call_soon_threadsafe(start)
    return result


def call(coroutine: Awaitable[T]) -> T:
    """Run the coroutine on the turn loop and wait for its result (from a thread that is not
    the loop's: a job or a request thread)."""
    if on_loop():
        raise RuntimeError("concurrency.call from the turn loop would block it")
    return submit(coroutine).result()


async def on_turn_loop(coroutine: Awaitable[T]) -> T:
    """Await the coroutine on the turn loop, from whichever loop the caller runs on (a job
    runner's own loop hands it over and waits for it)."""
    if on_loop():
        return await coroutine
    return await asyncio.wrap_future(submit(coroutine))


class _NotConnected(Exception):
    """No connection could be opened for a hop: nothing of it ran."""

    def __init__(self, error: BaseException):
        super().__init__(str(error))
        self.error = error


def _with_connection(fn, args, kwargs):
    from core import db

    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(db.connection())
        except Exception as exc:
            raise _NotConnected(exc) from exc
        return fn(*args, **kwargs)


async def hop(fn: Callable[..., T], *args, **kwargs) -> T:
    """Run fn(*args, **kwargs) on the hop pool with a database connection; the caller's
    context (request id, trace) goes along. While the database refuses connections (a
    restart) the hop waits and tries again, up to AGENT_PLATFORM_DB_OUTAGE_WAIT_MS: nothing
    of it ran, so a turn outlives a short outage instead of failing on it."""
    from core import db

    context = contextvars.copy_context()
    call_ = functools.partial(context.run, _with_connection, fn, args, kwargs)
    running = asyncio.get_running_loop()
    deadline, pause = None, 0.1
    while True:
        try:
            return await running.run_in_executor(_hop_pool(), call_)
        except _NotConnected as failed:
            error = failed.error
        now = running.time()
        deadline = deadline if deadline is not None else now + _state.outage_wait_s
        if not db.unreachable(error) or now >= deadline:
            raise error  # as raised (outside the handler: its own context is kept)
        await asyncio.sleep(min(pause, max(0.0, deadline - now)))
        pause = min(2.0, pause * 2)


async def hop_again(fn: Callable[..., T], *args, **kwargs) -> T:
    """``hop`` for work that may safely run twice: a hop whose connection the database lost
    under it (a restart) is run again, within AGENT_PLATFORM_DB_OUTAGE_WAIT_MS, instead of
    failing its turn."""
    from core import db

    running = asyncio.get_running_loop()
    deadline, pause = None, 0.1
    while True:
        try:
            return await hop(fn, *args, **kwargs)
        except Exception as exc:
            now = running.time()
            deadline = deadline if deadline is not None else now + _state.outage_wait_s
            if not db.unreachable(exc) or now >= deadline:
                raise
        await asyncio.sleep(pause)
        pause = min(2.0, pause * 2)


def iterate(agen: AsyncIterator[T]) -> Iterator[T]:
    """The items of an async generator, for synchronous code (each step runs on the loop)."""
    target = loop()
    try:
        while True:
            try:
                yield asyncio.run_coroutine_threadsafe(agen.__anext__(), target).result()
            except StopAsyncIteration:
                return
    finally:
        closing = getattr(agen, "aclose", None)
        if closing is not None and target.is_running():  # (a stopped loop: the exit)
            try:
                asyncio.run_coroutine_threadsafe(closing(), target).result(timeout=10)
            except concurrent.futures.TimeoutError:
                log.warning("an abandoned stream did not close in time")


class Signal(threading.Event):
    """A threading.Event whose ``set`` also runs callbacks on their event loops (to wake a
    task waiting for it); ``on_set`` returns a function removing the callback."""

    def __init__(self):
        super().__init__()
        self._callbacks: dict[int, tuple] = {}
        self._next = 0
        self._guard = threading.Lock()

    def set(self) -> None:
        super().set()
        with self._guard:
            callbacks = list(self._callbacks.values())
        for target, callback in callbacks:
            try:
                target.call_soon_threadsafe(callback)
            except RuntimeError:  # its loop closed
                pass

    def on_set(self, target: asyncio.AbstractEventLoop, callback: Callable[[], None]):
        with self._guard:
            self._next += 1
            key = self._next
            self._callbacks[key] = (target, callback)
        if self.is_set():
            target.call_soon_threadsafe(callback)

        def remove():
            with self._guard:
                self._callbacks.pop(key, None)
        return remove

    async def wait_async(self) -> None:
        """Return once the signal is set."""
        if self.is_set():
            return
        waiter = asyncio.get_running_loop().create_future()
        remove = self.on_set(asyncio.get_running_loop(),
                             lambda: waiter.done() or waiter.set_result(None))
        try:
            await waiter
        finally:
            remove()


class AtCapacity(Exception):
    """No turn slot of this process came free in time."""


_slots: dict = {}


@contextlib.asynccontextmanager
async def turn_slot(settings, wait_s: float | None = None):
    """Hold one of the process's turn slots (AGENT_PLATFORM_TURNS_IN_FLIGHT) while the block
    runs; waits in order for a free one, at most ``wait_s`` seconds (then AtCapacity)."""
    size = getattr(settings, "turns_in_flight", 1000)
    loop_ = asyncio.get_running_loop()
    semaphore = _slots.get((id(loop_), size))
    if semaphore is None:
        semaphore = _slots[(id(loop_), size)] = asyncio.Semaphore(size)
    if wait_s is None:
        await semaphore.acquire()
    else:
        try:
            await asyncio.wait_for(semaphore.acquire(), wait_s)
        except asyncio.TimeoutError:
            raise AtCapacity() from None
    try:
        yield
    finally:
        semaphore.release()


def shutdown(wait: bool = True) -> None:
    """Stop the turn loop, the hop pool and the pools made by ``pool`` (the process's exit)."""
    with _state.lock:
        target, runner, hops = _state.loop, _state.thread, _state.hops
        pools, _state.pools = _state.pools, []
        _state.loop = _state.thread = _state.hops = None
    if target is not None and runner is not None and runner.is_alive():
        target.call_soon_threadsafe(target.stop)
        if wait:
            runner.join(timeout=5)
    if hops is not None:
        hops.shutdown(wait=wait, cancel_futures=True)
    for _, _, made in pools:
        made.shutdown(wait=False, cancel_futures=True)
