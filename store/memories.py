"""Memories of end users: short texts an agent (or the customer's backend) keeps about one
user of one organization, searched with the database's own full-text search: SQLite FTS5
(`memory_fts`, kept by triggers) or a Postgres `tsvector` column with a GIN index.

Every operation takes the user (``user_id``); another user's or organization's memory is
simply not found. Search matches any word of the query (words of three or more characters
also as prefixes, so `coff` finds "coffee"); both backends tokenize without stemming
('simple' / unicode61), so they find the same memories. The index yields the user's newest
100 matches, ranked here by occurrences of the query's words, then recency (the same order on
both engines).
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

from store import pages, scope, users
from core import db
from core.db import atomic, iso, new_id, utcnow
from store.models_blocks import Memory
from store.threads import need_user

MAX_TEXT = 2000
DIGEST_ITEMS = 20
DIGEST_CHARS = 2000
SEARCH_LIMIT = 50
CANDIDATES = 100  # newest matches ranked per search (bounds the cost of common words)
_WORD = re.compile(r"\w+", re.UNICODE)
_MAX_WORDS = 16
PREFIX_MIN = 3  # shorter words match whole words only (`e` of "e-mail" is not every e...)


def owner_of(org_id: str, user_id: str) -> str:
    """The index token of the user key `{orgId}_{userId}` (hex: one token on both engines)."""
    return hashlib.sha256(f"{org_id}_{user_id}".encode()).hexdigest()[:32]


def create(*, org_id: str, user_id: str | None, text: str, agent_id: str | None = None,
           run_id: str | None = None) -> Memory:
    user_id = need_user(user_id)
    with atomic():
        users.ensure(org_id=org_id, user_id=user_id)  # so that deleting the user erases it
        row = Memory.create(id=new_id(), org=org_id, user_id=user_id,
                            owner=owner_of(org_id, user_id), text=text[:MAX_TEXT],
                            agent_id=agent_id, run_id=run_id, created_at=utcnow())
    return get(org_id=org_id, user_id=user_id, memory_id=row.id)


def _mine(org_id: str, user_id: str | None):
    return scope.scoped(Memory, org_id).where(Memory.user_id == need_user(user_id))


def get(*, org_id: str, user_id: str | None, memory_id: str) -> Memory:
    return scope.get(Memory, org_id, Memory.user_id == need_user(user_id),
                     Memory.id == memory_id, what="memory")


def list(*, org_id: str, user_id: str | None, limit: int = 50,
         cursor: str | None = None) -> tuple[list, str | None]:
    """The user's memories, newest first; (rows, next_cursor)."""
    return pages.page(_mine(org_id, user_id), (Memory.created_at, Memory.id), limit=limit,
                      cursor=cursor, desc=True)


def delete(*, org_id: str, user_id: str | None, memory_id: str) -> Memory:
    row = get(org_id=org_id, user_id=user_id, memory_id=memory_id)
    with atomic():
        scope.delete(Memory, org_id, Memory.seq == row.seq)
    return row


def digest(*, org_id: str, user_id: str | None) -> list[dict]:
    """The user's newest memories `{id, text}` (at most DIGEST_ITEMS, DIGEST_CHARS characters
    of text in all), newest first, for an agent's context."""
    if not user_id:
        return []
    out, used = [], 0
    for memory_id, text in _mine(org_id, user_id).select(Memory.id, Memory.text).order_by(
            Memory.created_at.desc(), Memory.seq.desc()).limit(DIGEST_ITEMS).tuples():
        if used + len(text) > DIGEST_CHARS:
            break
        out.append({"id": memory_id, "text": text})
        used += len(text)
    return out


def _fold(text: str) -> str:
    """Lowercase without diacritics (what both engines' tokenizers compare)."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(query: str) -> list[str]:
    """The query's words, folded, each once (at most 16): what search matches."""
    return [*dict.fromkeys(_WORD.findall(_fold(query or "")))][:_MAX_WORDS]


def _counter(terms: list[str]) -> re.Pattern:
    """A pattern with one match per word of a text that is a query word, or (for query words
    of PREFIX_MIN+ characters) starts with one: the same count as comparing each word."""
    prefixes = [re.escape(t) for t in terms if len(t) >= PREFIX_MIN]
    exact = [re.escape(t) for t in terms if len(t) < PREFIX_MIN]
    branches = ([f"(?:{'|'.join(prefixes)})\\w*"] if prefixes else []) + (
        [f"(?:{'|'.join(exact)})(?!\\w)"] if exact else [])
    return re.compile(r"(?<!\w)(?:" + "|".join(branches) + ")")


def _score(text: str, counter: re.Pattern) -> int:
    """Occurrences of the query's words in text (as prefixes for words of 3+ characters)."""
    return len(counter.findall(_fold(text)))


# the user's memories older than a point (-seq above a bound), a window of them, newest first
# (`-seq`: only the index memory_user_newest offers that order), filtered by the query; the
# LIMIT on top stops the walk at the last match wanted
_COLUMNS = ("seq", "text", "id", "user_id", "agent_id", "run_id", "created_at")
_PG_NEWEST = (f"SELECT {', '.join(_COLUMNS)} FROM (SELECT -seq AS age, {', '.join(_COLUMNS)}, "
              "search FROM memory WHERE org_id = %s AND user_id = %s AND -seq > %s "
              "ORDER BY -seq LIMIT %s) AS newest WHERE search @@ to_tsquery('simple', %s) "
              "ORDER BY age LIMIT %s")
# `seq + 0`: the GIN index (words and owner intersected) drives the query; an ordered index
# would walk all the user's rows for a rare word
_PG_INDEXED = (f"SELECT {', '.join(_COLUMNS)} FROM memory WHERE search @@ "
               "(to_tsquery('simple', %s) && %s::tsquery) AND org_id = %s AND user_id = %s "
               "ORDER BY seq + 0 DESC LIMIT %s")
_SQLITE = (f"SELECT {', '.join('m.' + c for c in _COLUMNS)} FROM (SELECT rowid FROM memory_fts "
           "WHERE memory_fts MATCH ? ORDER BY rowid DESC LIMIT ?) AS f CROSS JOIN memory AS m "
           "ON m.seq = f.rowid WHERE m.org_id = ? AND m.user_id = ?")  # the index drives the join
WINDOW = 1000  # the user's newest memories looked at in order before anything else
WALK_ON = 40  # matches in the window from which walking 3 windows more beats the GIN index
_NEWEST = -(2 ** 63) + 1  # a bound below every -seq


def _pg_candidates(org_id: str, user_id: str, tsquery: str) -> list[tuple]:
    """The newest matches by the cheapest of two ways. Walking the user's memories newest
    first costs per memory looked at (about CANDIDATES / share of matches); the GIN index
    costs per match of all the user's memories (each a heap row to fetch and sort). The
    window's matches tell which: CANDIDATES of them are the newest of all (every newer memory
    was looked at); many suggest walking on past the last of them; few, the index (which
    then has few to fetch)."""
    found = db.database.execute_sql(
        _PG_NEWEST, (org_id, user_id, _NEWEST, WINDOW, tsquery, CANDIDATES)).fetchall()
    if len(found) == CANDIDATES:
        return found
    if len(found) >= WALK_ON:  # every memory newer than the last match was looked at
        found += db.database.execute_sql(_PG_NEWEST, (
            org_id, user_id, -found[-1][0], 3 * WINDOW, tsquery,
            CANDIDATES - len(found))).fetchall()
        if len(found) == CANDIDATES:
            return found
    owner = f"'~{owner_of(org_id, user_id)}'"
    return db.database.execute_sql(
        _PG_INDEXED, (tsquery, owner, org_id, user_id, CANDIDATES)).fetchall()


def _candidates(org_id: str, user_id: str, terms: list[str]) -> list[tuple]:
    """The user's newest CANDIDATES memories the full-text index matches (rows of _COLUMNS:
    seq and text first)."""
    if db.is_postgres():
        return _pg_candidates(org_id, user_id, " | ".join(
            f"{t}:*" if len(t) >= PREFIX_MIN else t for t in terms))
    match = 'owner:"%s" AND text:(%s)' % (owner_of(org_id, user_id), " OR ".join(
        f'"{t}"*' if len(t) >= PREFIX_MIN else f'"{t}"' for t in terms))
    return db.database.execute_sql(_SQLITE, (match, CANDIDATES, org_id, user_id)).fetchall()


def search(*, org_id: str, user_id: str | None, query: str, limit: int = 10) -> list[Memory]:
    """The user's memories matching any word of query (or, for words of 3+ characters, a
    word starting with it), most occurrences first, then newest; [] for a query without
    words. The database's full-text index finds the user's newest CANDIDATES matches; they
    are ranked here, the same way on both engines."""
    return [row for row, _ in search_scored(org_id=org_id, user_id=user_id, query=query,
                                            limit=limit)]


def search_scored(*, org_id: str, user_id: str | None, query: str,
                  limit: int = 10) -> list[tuple[Memory, float]]:
    """``search`` with each memory's score: the occurrences of the query's words."""
    user_id = need_user(user_id)
    terms = words(query)
    if not terms:
        return []
    limit = max(1, min(limit, SEARCH_LIMIT))
    counter = _counter(terms)
    found = [(row, _score(row[1], counter)) for row in _candidates(org_id, user_id, terms)]
    ranked = sorted(found, key=lambda pair: (-pair[1], -pair[0][0]))[:limit]
    return [(_memory(org_id, row), float(score)) for row, score in ranked]


def by_seq(*, org_id: str, user_id: str | None, seqs: list[int]) -> dict[int, Memory]:
    """The user's memories of these seqs (others' are simply absent)."""
    if not seqs:
        return {}
    return {m.seq: m for m in _mine(org_id, user_id).where(Memory.seq.in_(seqs))}


def _memory(org_id: str, row: tuple) -> Memory:
    """A Memory of a candidate's columns (the candidates query read them all: no second
    query for the chosen few)."""
    values = dict(zip(_COLUMNS, row))
    values["created_at"] = Memory.created_at.python_value(values["created_at"])
    return Memory(org=org_id, **values)


def to_dict(row: Memory) -> dict:
    return {"id": row.id, "user_id": row.user_id, "text": row.text, "agent_id": row.agent_id,
            "run_id": row.run_id, "created_at": iso(row.created_at)}


def newest(*, org_id: str, user_id: str | None, limit: int) -> list[Memory]:
    return [*_mine(org_id, user_id).order_by(Memory.created_at.desc(), Memory.seq.desc())
            .limit(limit)]
