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
import json
import operator
import re
import typing as t

import peewee

from store.errors import Invalid

_EPOCH = dt.datetime(1970, 1, 1)
PATTERN = re.compile(r"^([0-9]{1,17})(?:_([0-9a-f-]{36}))?$")


def _micros(value: dt.datetime | str) -> int:
    if isinstance(value, str):  # a Record's time as SQLite stores it
        value = dt.datetime.fromisoformat(value)
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
    light records (read-only attribute access, the selected fields only; a foreign key also under its
    ``<name>_id``), so a page pays neither SQL rendering nor model instances. Used by the
    lists an organization reads most (agents, tools); filtered lists go through ``page``.

    ``build(org_id)`` returns the org-scoped SELECT (store.scope) of the fields to return.
    """

    def __init__(self, build, keys: t.Sequence):
        self._build, self.keys = build, tuple(keys)
        self._compiled: dict = {}

    def _compile(self, after: bool):
        from core.db import database

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
        make = _maker(query)
        self._compiled[after] = (db, sql, order, make)
        return sql, order, make

    def page(self, org_id: str, *, limit: int, cursor: str | None) -> tuple[list, str | None]:
        sql, order, make = self._compile(bool(cursor))
        values = [org_id, *([None] * len(self.keys)), limit + 1]
        if cursor:
            for i, (k, v) in enumerate(zip(self.keys, decode(cursor, len(self.keys))), 1):
                values[i] = k.db_value(v)
        rows = _records(sql, [values[i] for i in order], make)
        if len(rows) <= limit:
            return rows, None
        rows = rows[:limit]
        return rows, encode([getattr(rows[-1], k.name) for k in self.keys])


class Record(tuple):
    """A row of a Listing or ByIds: its fields as attributes (read only)."""

    __slots__ = ()


_LIMIT_MARK = 987_654_321


class ByIds:
    """Rows of one model by id, compiled once per database and number of ids, returned as
    Records. ``build(org_id, ids)`` returns the org-scoped SELECT of the fields to return."""

    def __init__(self, build):
        self._build = build
        self._compiled: dict = {}

    def rows(self, org_id: str, ids: t.Sequence[str]) -> list:
        from core.db import database

        if not ids:
            return []
        db = database.obj
        hit = self._compiled.get(len(ids))
        if hit is None or hit[0] is not db:
            marks = [f"\x00slot{i}" for i in range(len(ids) + 1)]
            query = self._build(marks[0], marks[1:])
            sql, params = query.sql()
            index = {m: i for i, m in enumerate(marks)}
            hit = self._compiled[len(ids)] = (db, sql, [index[p] for p in params], _maker(query))
        _, sql, order, make = hit
        values = [org_id, *ids]
        return _records(sql, [values[i] for i in order], make)


def _json(value):
    # SQLite returns JSON columns as text; psycopg has decoded them already
    return json.loads(value) if type(value) is str else value


def _converter(field):
    """How a driver's value becomes the Record's value; None when it is used as it comes
    (text and integers come back from both drivers as str and int). Times are left as the
    driver returns them: a datetime (Postgres) or the stored text (SQLite), which
    `core.db.iso` renders without parsing and cursors read either way."""
    if type(field) in _AS_IS or type(field) is peewee.DateTimeField or (
            isinstance(field, peewee.ForeignKeyField) and type(field.rel_field) in _AS_IS):
        return None
    if type(field) is peewee.BooleanField:
        return bool
    if type(field) is peewee.JSONField:
        return _json
    return field.python_value


def _maker(query):
    """The maker of a query's Records: a function from the driver's row (a tuple) to a Record
    (a tuple whose fields are also attributes, a foreign key also under its ``<name>_id``),
    converting the values that need it, generated once per query shape so that a row costs
    one call."""
    fields = query._returning
    attributes = {"__slots__": ()}
    for i, f in enumerate(fields):
        attributes[f.name] = property(operator.itemgetter(i))
        if isinstance(f, peewee.ForeignKeyField):
            attributes[f.object_id_name] = attributes[f.name]
    record = type("Record", (Record,), attributes)
    scope = {"new": tuple.__new__, "record": record}
    values = []
    for i, f in enumerate(fields):
        convert = _converter(f)
        if convert is None:
            values.append(f"row[{i}]")
        else:
            scope[f"convert{i}"] = convert
            values.append(f"None if row[{i}] is None else convert{i}(row[{i}])")
    exec(f"def make(row):\n    return new(record, ({', '.join(values)},))", scope)
    return scope["make"]


def _records(sql: str, params: list, make) -> list:
    from core.db import database

    return [make(row) for row in database.execute_sql(sql, params).fetchall()]


_AS_IS = {peewee.CharField, peewee.TextField, peewee.IntegerField, peewee.AutoField}
