"""The C allocator of a serving process: at most a few glibc malloc arenas.

glibc gives threads that contend for the allocator arenas of their own, up to eight per core.
`serve` runs request handlers, job runs and SQLite statements on dozens of threads, and each
arena keeps the free memory it fragments into for itself: the process grew by about 0.8 MB
per 1,000 chat turns, all of it free memory inside the arenas (the live Python objects and
SQLite's memory stayed flat). With two arenas the free memory is shared and reused instead.
Most allocations happen under the GIL anyway, so more arenas gain little.

MALLOC_ARENA_MAX, when the operator sets it, wins (glibc reads it itself at start-up). On
other C libraries (musl, macOS) nothing is done.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os

ARENAS = 2
_M_ARENA_MAX = -8  # mallopt's parameter number (malloc.h)


def limit_arenas(arenas: int = ARENAS, environ=os.environ) -> int | None:
    """Cap the number of glibc malloc arenas of this process before its threads start; the
    cap set, or None when left alone (MALLOC_ARENA_MAX set, or not glibc)."""
    if environ.get("MALLOC_ARENA_MAX"):
        return None
    mallopt = _mallopt()
    if mallopt is None or not mallopt(_M_ARENA_MAX, arenas):
        return None
    return arenas


def _mallopt():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        if not hasattr(libc, "gnu_get_libc_version"):  # glibc only: musl has no arenas
            return None
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return None
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return mallopt
