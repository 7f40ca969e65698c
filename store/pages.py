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

import peewee

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


class Listing:
    """A list of one model compiled to SQL once per database: the first page and the page
    after a cursor, each a single statement run with fresh parameters. Rows come back as
    light records (attribute access, the selected fields only; a foreign key also under its
    ``<name>_id``), so a page pays neither SQL rendering nor model instances. Used by the
    lists an organization reads most (agents, tools); filtered lists go through ``page``.

    ``build(org_id)`` returns the org-scoped SELECT (store.scope) of the fields to return.
    """

    def __init__(self, build, keys: t.Sequence):
        self._build, self.keys = build, tuple(keys)
        self._compiled: dict = {}

    def _compile(self, after: bool):
        from store.db import database

        db = database.obj
        hit = self._compiled.get(after)
        if hit is not None and hit[0] is db:
            return hit[1:]
        # placeholder values (strings survive the fields' conversions), mapped back to the
        # call's parameters: the org id, the cursor's key values, the limit
        slots = {f"\x00slot{i}": i for i in range(len(self.keys) + 1)}
        names = list(slots)
        query = self._build(names[0])
        if after:
            query = query.where(_after(self.keys, names[1:], False))
        query = query.order_by(*self.keys).limit(_LIMIT_MARK)
        sql, params = query.sql()
        order = [len(slots) if p == _LIMIT_MARK else slots[p] for p in params]
        names = _names(query)
        self._compiled[after] = (db, sql, order, names)
        return sql, order, names

    def page(self, org_id: str, *, limit: int, cursor: str | None) -> tuple[list, str | None]:
        sql, order, names = self._compile(bool(cursor))
        values = [org_id, *([None] * len(self.keys)), limit + 1]
        if cursor:
            for i, (k, v) in enumerate(zip(self.keys, decode(cursor, len(self.keys))), 1):
                values[i] = k.db_value(v)
        rows = _records(sql, [values[i] for i in order], names)
        if len(rows) <= limit:
            return rows, None
        rows = rows[:limit]
        return rows, encode([getattr(rows[-1], k.name) for k in self.keys])


class Record:
    """A row of a Listing or ByIds: its fields as attributes."""


_LIMIT_MARK = 987_654_321


class ByIds:
    """Rows of one model by id, compiled once per database and number of ids, returned as
    Records. ``build(org_id, ids)`` returns the org-scoped SELECT of the fields to return."""

    def __init__(self, build):
        self._build = build
        self._compiled: dict = {}

    def rows(self, org_id: str, ids: t.Sequence[str]) -> list:
        from store.db import database

        if not ids:
            return []
        db = database.obj
        hit = self._compiled.get(len(ids))
        if hit is None or hit[0] is not db:
            marks = [f"\x00slot{i}" for i in range(len(ids) + 1)]
            query = self._build(marks[0], marks[1:])
            sql, params = query.sql()
            index = {m: i for i, m in enumerate(marks)}
            hit = self._compiled[len(ids)] = (db, sql, [index[p] for p in params], _names(query))
        _, sql, order, names = hit
        values = [org_id, *ids]
        return _records(sql, [values[i] for i in order], names)


def _datetime(value):
    return value if isinstance(value, dt.datetime) else dt.datetime.fromisoformat(value)


def _converter(field):
    """How a driver's value becomes the field's Python value; None when it already is one
    (text and integers come back from both drivers as str and int)."""
    if type(field) in _AS_IS or (isinstance(field, peewee.ForeignKeyField)
                                 and type(field.rel_field) in _AS_IS):
        return None
    if type(field) is peewee.BooleanField:
        return bool
    if type(field) is peewee.DateTimeField:
        return _datetime
    return field.python_value


def _names(query) -> tuple:
    fields = query._returning
    return ([f.name for f in fields],
            [(i, _converter(f)) for i, f in enumerate(fields) if _converter(f) is not None],
            [(f.object_id_name, f.name) for f in fields if isinstance(f, peewee.ForeignKeyField)])


def _records(sql: str, params: list, names: tuple) -> list:
    from store.db import database

    keys, conversions, aliases = names
    rows = []
    for raw in database.execute_sql(sql, params).fetchall():
        if conversions:
            raw = list(raw)
            for i, convert in conversions:
                if raw[i] is not None:
                    raw[i] = convert(raw[i])
        record = Record()
        values = record.__dict__
        values.update(zip(keys, raw))
        for alias, name in aliases:
            values[alias] = values[name]
        rows.append(record)
    return rows


_AS_IS = {peewee.CharField, peewee.TextField, peewee.IntegerField, peewee.AutoField}
