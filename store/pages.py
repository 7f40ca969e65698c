"""One cursor pagination for every list: keyset pages over the list's ordering key.

A list takes ``limit`` and ``cursor`` and answers ``(rows, next_cursor)``. The cursor names
the last row of the previous page by its ordering key: ``<time in µs since the epoch>_<id>``
for lists in time order (created, last message), ``<number>`` for lists in number order
(message positions, agent versions). A page costs one query however deep it is, and rows
added meanwhile are neither skipped nor repeated. Clients treat cursors as opaque; every
string of the documented pattern is a position to page from, so none is refused.
"""
from __future__ import annotations

import datetime as dt
import re
import typing as t

from store.errors import Invalid

_EPOCH = dt.datetime(1970, 1, 1)
PATTERN = re.compile(r"^([0-9]{1,17})(?:_([0-9a-f-]{36}))?$")


def _micros(value: dt.datetime) -> int:
    return (value.replace(tzinfo=None) - _EPOCH) // dt.timedelta(microseconds=1)


def encode(values: t.Sequence) -> str:
    """The cursor naming a row with these key values: (time, id) or (number,)."""
    if len(values) == 2:
        return f"{_micros(values[0])}_{values[1]}"
    return str(int(values[0]))


def decode(cursor: str, size: int) -> list:
    """The key values a cursor names (a time cursor without its id starts before every row
    of that time)."""
    match = PATTERN.match(cursor)
    if match is None:
        raise Invalid("the cursor is not one this list returned (pass `next_cursor` as is)",
                      code="invalid_cursor")
    number, row_id = int(match.group(1)), match.group(2) or ""
    if size == 2:
        return [_EPOCH + dt.timedelta(microseconds=number), row_id]
    return [number]


def _after(keys, values, desc: bool):
    """Rows after (values) in the order of keys: a lexicographic keyset condition."""
    first, value = keys[0], values[0]
    beyond = first < value if desc else first > value
    if len(keys) == 1:
        return beyond
    return beyond | ((first == value) & _after(keys[1:], values[1:], desc))


def page(query, keys: t.Sequence, *, limit: int, cursor: str | None, desc: bool = False,
         keep: t.Callable | None = None) -> tuple[list, str | None]:
    """One page of query ordered by keys: ``(time field, id field)`` or ``(number field,)``.
    keep, when given, filters rows in Python (for conditions SQL cannot state portably); the
    page is still one query."""
    if cursor:
        values = decode(cursor, len(keys))
        if len(keys) == 2 and desc and not values[1]:
            values[1] = "~"  # a time without an id: before every row of that time (descending)
        query = query.where(_after(keys, values, desc))
    query = query.order_by(*[k.desc() if desc else k for k in keys])
    if keep is None:
        rows = [*query.limit(limit + 1)]
    else:
        rows = []
        for row in query.iterator():
            if keep(row):
                rows.append(row)
                if len(rows) > limit:
                    break
    if len(rows) <= limit:
        return rows, None
    rows = rows[:limit]
    last = rows[-1]
    return rows, encode([getattr(last, k.name) for k in keys])
