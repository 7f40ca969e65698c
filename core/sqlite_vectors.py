"""sqlite-vec, loaded into every SQLite connection when the package is installed.

The interpreter's ``sqlite3`` module may be built without ``enable_load_extension`` (pyenv's
default); the SQLite library it links still loads extensions, so the loader then calls the
library's own ``sqlite3_enable_load_extension`` / ``sqlite3_load_extension`` on the
connection's handle. Whether it worked is ``loaded(conn)``: semantic search needs it, and
without it answers 409 ``vector_search_unavailable`` (store/vectors.py).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sqlite3
import sys

_lib = None
_path: str | None = None
_failed = False


def _extension_path() -> str | None:
    global _path, _failed
    if _path is None and not _failed:
        try:
            import sqlite_vec
            _path = sqlite_vec.loadable_path()
        except Exception:  # not installed, or no build for this platform
            _failed = True
    return _path


def _library():
    global _lib
    if _lib is None:
        name = ctypes.util.find_library("sqlite3") or "libsqlite3.so.0"
        lib = ctypes.CDLL(name)
        lib.sqlite3_enable_load_extension.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.sqlite3_load_extension.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                               ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)]
        _lib = lib
    return _lib


def _handle(conn: sqlite3.Connection) -> int | None:
    """The connection's `sqlite3 *` (CPython's pysqlite_Connection: the first field after
    the object header)."""
    if sys.implementation.name != "cpython" or not isinstance(conn, sqlite3.Connection):
        return None
    return ctypes.c_void_p.from_address(id(conn) + 2 * ctypes.sizeof(ctypes.c_void_p)).value


def load(conn: sqlite3.Connection) -> bool:
    """Load sqlite-vec into conn; False when it cannot be (never raises)."""
    path = _extension_path()
    if path is None:
        return False
    try:
        if hasattr(conn, "enable_load_extension"):
            conn.enable_load_extension(True)
            try:
                conn.load_extension(path)
            finally:
                conn.enable_load_extension(False)
        else:
            handle = _handle(conn)
            if not handle:
                return False
            lib = _library()
            if lib.sqlite3_enable_load_extension(handle, 1) != 0:
                return False
            error = ctypes.c_char_p()
            try:
                if lib.sqlite3_load_extension(handle, path.encode(), None,
                                              ctypes.byref(error)) != 0:
                    return False
            finally:
                lib.sqlite3_enable_load_extension(handle, 0)
        return loaded(conn)
    except Exception:
        return False


def loaded(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT vec_version()").fetchone()
        return True
    except sqlite3.Error:
        return False
