"""Serve's C allocator (server/malloc.py): at most two glibc malloc arenas, set before the
process starts its threads, unless the operator set MALLOC_ARENA_MAX."""
from __future__ import annotations

import argparse
import gc
import platform
import subprocess
import sys

import pytest

from server import asgi, cli, malloc
from core.settings import Settings
from tests.factories_workflows import ROOT
from tests.waiting import scaled

glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc arenas")

# A fresh process: optionally caps the arenas, then holds eight threads that each allocated,
# and prints the cap and the number of arenas glibc reports (malloc_info: one <heap> each).
THREADS = """
import ctypes, os, sys, tempfile, threading
from server import malloc
cap = malloc.limit_arenas() if sys.argv[1] == "cap" else None
ready, release = threading.Barrier(9), threading.Event()
def work():
    bytearray(64 * 1024)
    ready.wait()
    release.wait()
threads = [threading.Thread(target=work) for _ in range(8)]
for thread in threads:
    thread.start()
ready.wait()
libc = ctypes.CDLL("libc.so.6")
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = (ctypes.c_char_p, ctypes.c_char_p)
libc.fclose.argtypes = (ctypes.c_void_p,)
libc.malloc_info.argtypes = (ctypes.c_int, ctypes.c_void_p)
with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "info.xml").encode()
    fp = libc.fopen(path, b"w")
    libc.malloc_info(0, fp)
    libc.fclose(fp)
    arenas = open(path).read().count("<heap nr=")
release.set()
print(cap, arenas)
"""


def _arenas(mode: str) -> tuple[str, int]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", THREADS, mode], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=scaled(60), check=True)
    cap, arenas = proc.stdout.split()
    return cap, int(arenas)


@glibc
def test_threads_share_two_arenas_once_capped():
    cap, arenas = _arenas("leave")  # glibc: a new arena for each new thread, up to 8 per core
    assert cap == "None" and arenas > malloc.ARENAS
    assert _arenas("cap") == (str(malloc.ARENAS), malloc.ARENAS)


def test_the_operators_malloc_arena_max_wins():
    assert malloc.limit_arenas(environ={"MALLOC_ARENA_MAX": "8"}) is None


@pytest.fixture()
def steps(monkeypatch):
    """The order in which serve caps the arenas, builds the app and starts serving."""
    done = []
    monkeypatch.setattr(malloc, "limit_arenas", lambda *a, **k: done.append("arenas"))
    monkeypatch.setattr("server.app.create_app", lambda *a, **k: done.append("app"))
    monkeypatch.setattr(asgi, "run", lambda *a, **k: done.append("serve") or 0)
    monkeypatch.setattr(cli, "_observe", lambda *a, **k: None)
    monkeypatch.setattr(gc, "freeze", lambda: None)
    monkeypatch.setattr(Settings, "from_env", staticmethod(lambda: None))
    for name in ("AGENT_PLATFORM_VALIDATED_DOCUMENTS", "AGENT_PLATFORM_HOST",
                 "AGENT_PLATFORM_PORT", "AGENT_PLATFORM_SECRET_KEY", "AGENT_PLATFORM_DATA_DIR"):
        monkeypatch.setenv(name, "")  # restored afterwards: serve sets them for its workers
    return done


def test_serve_caps_the_arenas_before_building_the_app(steps, settings):
    cli.cmd_serve(settings, argparse.Namespace(host=None, port=None, workers=None,
                                               migrate=False))
    assert steps == ["arenas", "app", "serve"]


def test_each_worker_of_serve_caps_its_arenas_first(steps):
    asgi.make_app()
    assert steps == ["arenas", "app"]
