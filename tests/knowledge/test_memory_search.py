"""Memory search finds the user's newest matches and ranks them the same way whichever path
the database takes (on Postgres: a walk over the user's newest memories, a longer walk, or
the GIN index), and the Postgres indexes it relies on exist on a fresh and an upgraded
database."""
import random
import re

import pytest

from store import memories, migrations, orgs
from core import db
from store.models_blocks import Memory
from tests.conftest import PG_SERVER_URL

VOCABULARY = ("coffee", "coffeehouse", "tea", "garden", "gardening", "paris", "tokyo", "go",
              "ox", "piano", "chess", "sister", "paulo", "birthday")
QUERIES = ("coffee", "coff", "tea garden", "go", "ox piano", "PAUL", "tokyo birthday sister",
           "zebra", "ga")


@pytest.fixture(scope="module")
def org_id(app):
    with db.connection():
        org = orgs.create(name="memory search")
        rng = random.Random(11)
        for n in range(160):  # one user's memories, interleaved with another user's
            user = "ann" if n % 4 else "ben"
            text = " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(2, 7)))
            memories.create(org_id=org.id, user_id=user, text=f"{text}.")
        memories.create(org_id=org.id, user_id="ann", text="Tea in the garden, tea at noon.")
    return org.id


def expected(org_id, user_id, query, limit=10):
    """The definition: the newest CANDIDATES memories with a word equal to a query word (or
    starting with one of PREFIX_MIN+ characters), by occurrences, then newest first."""
    terms = memories.words(query)
    rows = (Memory.select().where(Memory.org == org_id, Memory.user_id == user_id)
            .order_by(Memory.seq.desc()))

    def score(text):
        return sum(1 for word in re.findall(r"\w+", text.lower()) if word in terms or any(
            len(t) >= memories.PREFIX_MIN and word.startswith(t) for t in terms))

    matching = [r for r in rows if score(r.text)][:memories.CANDIDATES]
    return [r.id for r in sorted(matching, key=lambda r: (-score(r.text), -r.seq))][:limit]


def test_occurrences_are_counted_word_by_word():
    for text, query, count in (
            ("Coffee, coffeehouse and more COFFEE", "coffee", 3),
            ("Coffee, coffeehouse and more COFFEE", "coff tea", 3),
            ("go going gone ago", "go", 1),  # words under 3 characters match whole words
            ("go going gone ago", "goi go", 2),
            ("Lives in São Paulo, near Sao Bento", "sao", 2),
            ("e-mail or email", "e mail", 2),
            ("nothing here", "zebra", 0),
            ("a cat, a catalogue; cat", "cat a", 5)):
        counter = memories._counter(memories.words(query))
        assert memories._score(text, counter) == count, (text, query)


@pytest.mark.parametrize("window,walk_on", [
    (1000, 40),  # the defaults: the first window holds the user's every memory
    (0, 40),  # an empty window: the GIN index alone
    (4, 1),  # a short window, a longer walk, then (for rare words) the GIN index
    (20, 2),  # a window, then a walk on past its last match that finds the rest
    (30, 200),  # a window too sparse to walk on: the GIN index
])
def test_each_way_finds_the_newest_matches_ranked_alike(org_id, monkeypatch, window, walk_on):
    monkeypatch.setattr(memories, "CANDIDATES", 12)
    monkeypatch.setattr(memories, "WINDOW", window)
    monkeypatch.setattr(memories, "WALK_ON", walk_on)
    with db.connection():
        for query in QUERIES:
            for limit in (1, 10, 50):
                found = memories.search(org_id=org_id, user_id="ann", query=query, limit=limit)
                assert [m.id for m in found] == expected(org_id, "ann", query, limit), query
                assert {m.user_id for m in found} <= {"ann"}
        for m in memories.search(org_id=org_id, user_id="ann", query="tea", limit=50):
            assert memories.to_dict(m) == memories.to_dict(
                memories.get(org_id=org_id, user_id="ann", memory_id=m.id))
        found = memories.search(org_id=org_id, user_id="ann", query="tea garden")
        assert found[0].text == "Tea in the garden, tea at noon."  # the most occurrences
        assert memories.search(org_id=org_id, user_id="ann", query="zebra") == []


def test_older_matches_beyond_the_candidates_are_left_out(org_id, monkeypatch):
    """Only the newest CANDIDATES matches are ranked: an old memory with many occurrences
    ranks first while it is among them, and drops out of search once newer matches push it
    out (never out of the list)."""
    monkeypatch.setattr(memories, "CANDIDATES", 3)
    with db.connection():
        old = memories.create(org_id=org_id, user_id="cy", text="chess chess chess")
        for n in range(2):
            memories.create(org_id=org_id, user_id="cy", text=f"chess game {n}")
        assert memories.search(org_id=org_id, user_id="cy", query="chess")[0].id == old.id
        memories.create(org_id=org_id, user_id="cy", text="chess club")
        found = memories.search(org_id=org_id, user_id="cy", query="chess")
        assert [m.text for m in found] == ["chess club", "chess game 1", "chess game 0"]
        assert old.id in [m.id for m in memories.list(org_id=org_id, user_id="cy")[0]]


postgres_only = pytest.mark.skipif(not PG_SERVER_URL.startswith("postgres"),
                                   reason="Postgres indexes (AGENT_PLATFORM_TEST_DATABASE_URL)")


def _plan(sql, params):
    db.database.execute_sql("ANALYZE memory")  # as autovacuum does
    return "\n".join(row[0] for row in db.database.execute_sql("EXPLAIN " + sql, params))


def _fill(org_id, user_id, count):
    owner = memories.owner_of(org_id, user_id)
    rows = [{"id": db.new_id(), "org": org_id, "user_id": user_id, "owner": owner,
             "text": f"note {n} about tea", "created_at": db.utcnow()} for n in range(count)]
    with db.atomic():
        for start in range(0, count, 500):
            Memory.insert_many(rows[start:start + 500]).execute()


@pytest.fixture(scope="module")
def crowded(org_id):
    """8,000 more memories: fay's 4,000, then gus's (hers are older than everyone else's)."""
    with db.connection():
        _fill(org_id, "fay", 4000)
        _fill(org_id, "gus", 4000)
    return org_id


@postgres_only
def test_postgres_walks_the_users_index_and_the_gin_index_has_no_pending_list(crowded):
    org_id = crowded
    with db.connection():
        plan = _plan(memories._PG_NEWEST,
                     (org_id, "fay", memories._NEWEST, memories.WINDOW, "tea:*", 100))
        assert "memory_user_newest" in plan, plan
        assert re.search(r"\bSort\b", plan) is None, plan  # the index gives the order
        for query in ("tea", "note 3999", "zebra"):
            found = memories.search(org_id=org_id, user_id="fay", query=query)
            assert [m.id for m in found] == expected(org_id, "fay", query), query
        options = db.database.execute_sql(
            "SELECT reloptions FROM pg_class WHERE relname = 'memory_search'").fetchone()[0]
        assert "fastupdate=off" in options
        memories.create(org_id=org_id, user_id="dee", text="straight into the index")
        cleaned = db.database.execute_sql(
            "SELECT gin_clean_pending_list('memory_search'::regclass)").fetchone()[0]
        assert cleaned == 0


@postgres_only
def test_an_upgraded_postgres_database_empties_the_pending_list(crowded):
    """A database from before m0037 has a GIN index with a pending list (every search scans
    it until a vacuum); the migration turns it off and moves what is pending into the index."""
    name, org_id = "m0037_memory_search_speed", crowded
    with db.connection():
        db.database.execute_sql("DROP INDEX memory_user_newest")
        db.database.execute_sql("ALTER INDEX memory_search SET (fastupdate = on)")
        memories.create(org_id=org_id, user_id="eve", text="waits in the pending list")
        assert db.database.execute_sql(  # control: with fastupdate on, inserts are pending
            "SELECT gin_clean_pending_list('memory_search'::regclass)").fetchone()[0] > 0
        memories.create(org_id=org_id, user_id="eve", text="pending once more")
        db.database.execute_sql("DELETE FROM schema_migrations WHERE name = %s", (name,))
        assert migrations.apply() == [name]
        assert db.database.execute_sql(
            "SELECT gin_clean_pending_list('memory_search'::regclass)").fetchone()[0] == 0
        assert "memory_user_newest" in _plan(memories._PG_NEWEST, (
            org_id, "fay", memories._NEWEST, memories.WINDOW, "tea:*", 100))
        found = memories.search(org_id=org_id, user_id="eve", query="pending")
        assert [m.text for m in found] == ["pending once more", "waits in the pending list"]
