"""Knowledge-base search: ``python -m bench knowledge [--database-url URL|pgserver]
[--chunks N] [--dims D] [--queries Q]``.

One organization's knowledge base gets N chunks (default 100,000) and other organizations N
more, with precomputed embeddings of D dimensions (default 384, a small model's): vectors
drawn around 2,000 topics (a topic's centre plus noise, normalized), as real embeddings
cluster by subject. Figures:

- ingest: chunks per second stored through the same functions a document's job uses (chunk
  rows, their vectors in the organization's embedding space, publication, then sealing the
  full vector segments: their HNSW indexes built), the model's time excluded, from the first
  chunk until every chunk is searchable through an index or its base's open segment
  (target >= 2,000 chunks/s on Postgres), stored after the other organizations' chunks;
  also per CPU second of this process and (with ``pgserver``) the cluster's processes: the
  rate the work would reach on one core of its own;
- search: p50 and p95 milliseconds of ``vectors.search_chunks`` + the chunks' rows (what
  `GET /v1/knowledge-bases/{id}/search` does after embedding the query) for Q queries near
  the topics (target p50 < 20 ms on both backends), and the p50 CPU time of this process's
  thread (on Postgres the server's work is not in it; on a busy machine the wall time
  includes other processes' turns);
- recall@10: the share of the exact 10 nearest chunks (a full scan in numpy) that search
  returns (target >= 0.95);
- memory search p50 in `keyword` mode over 10,000 memories of a user of the same database
  (target < 5 ms: unchanged by semantic memory).

Without ``--database-url`` it runs on a fresh SQLite file (sqlite-vec). ``pgserver`` starts a
throwaway PostgreSQL 16 + pgvector cluster (bench/_pgvector.py; `shared_buffers` 1 GB, the
size of the data); a Postgres URL names a
server with pgvector, on which a throwaway database is created and dropped afterwards.
"""
from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
import time
import uuid
from urllib.parse import urlparse, urlunparse

from bench._support import SECRET, p50, p95, report

TOPICS = 2000
NOISE = 0.9  # the noise's scale against a topic centre's (each of unit variance per dimension)
DOC_CHUNKS = 100


def _vectors(rng, count: int, dims: int, centres):
    import numpy as np

    picks = rng.integers(0, len(centres), count)
    data = centres[picks] + rng.normal(scale=NOISE, size=(count, dims)).astype("float32")
    return data / np.linalg.norm(data, axis=1, keepdims=True)


def _pg_database(url: str):
    import psycopg2

    parsed = urlparse(url)
    name = f"bench_knowledge_{uuid.uuid4().hex[:10]}"
    conn = psycopg2.connect(dbname=parsed.path.lstrip("/") or "postgres", user=parsed.username,
                            password=parsed.password, host=parsed.hostname or "127.0.0.1",
                            port=parsed.port or 5432, connect_timeout=10)
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    return conn, name, urlunparse(parsed._replace(path=f"/{name}"))


def _ingest(org_id: str, kb_id: str, space, vectors) -> float:
    """Store the vectors as chunks of documents of DOC_CHUNKS chunks; seconds taken."""
    from store import knowledge, vectors as store_vectors
    from core import db

    started = time.perf_counter()
    for start in range(0, len(vectors), DOC_CHUNKS):
        block = vectors[start:start + DOC_CHUNKS]
        with db.connection():
            doc = knowledge.add_document(org_id=org_id, kb_id=kb_id, name=f"doc-{start}.md",
                                         content_type="text/markdown", data=b"-")
            chunks = knowledge.write_chunks(org_id, doc, [f"chunk {start + i}"
                                                          for i in range(len(block))])
            with db.atomic():
                store_vectors.write_chunks(org_id=org_id, space_id=space.id,
                                           dims=space.dimensions,
                                           rows=[(seq, kb_id, v.tolist()) for (seq, _), v
                                                 in zip(chunks, block)])
            knowledge.publish(org_id, doc.id)
            store_vectors.seal(space_id=space.id, kb_id=kb_id)  # as the job does
    return time.perf_counter() - started


def _org_with_space(name: str, dims: int):
    from store import knowledge, orgs
    from core import db
    from store import embeddings as spaces

    with db.connection():
        org = orgs.create(name=name)
        space = spaces.configure(org_id=org.id, entry={
            "base_url": "https://embeddings.example.com/v1", "model": "bench", "dimensions": dims})
        spaces.activate(org_id=org.id, space_id=space.id)
        kb = knowledge.create(org_id=org.id, fields={"name": "kb"})
    return org, space, kb


def _memory_p50(org_id: str, rounds: int) -> float:
    from bench.memory import _fill
    from store import memories
    from core import db

    rng = random.Random(7)
    with db.connection():
        _fill(org_id, "bench-user", 10_000, rng)
        if db.is_postgres():
            db.database.execute_sql("ANALYZE memory")
        times = []
        for query in ("coffee", "vegetarian peanuts", "guit", "zebra"):
            for _ in range(rounds):
                t0 = time.perf_counter()
                memories.search_scored(org_id=org_id, user_id="bench-user", query=query)
                times.append((time.perf_counter() - t0) * 1000)
    return p50(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench knowledge")
    parser.add_argument("--database-url", default="")
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--dims", type=int, default=384)
    parser.add_argument("--queries", type=int, default=100)
    args = parser.parse_args(argv)
    # a stop (timeout, kill) still stops the throwaway cluster and drops the database
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    import numpy as np

    from server.app import create_app
    from store import knowledge, vectors as store_vectors
    from core import db
    from core.settings import Settings

    data_dir = tempfile.mkdtemp(prefix="bench-knowledge-")
    admin = name = cluster = None
    url = f"sqlite:///{data_dir}/bench.db"
    target = args.database_url
    if target == "pgserver":
        from bench._pgvector import Cluster

        # shared buffers sized for the data (pgvector's HNSW pages read from the OS's cache
        # otherwise: 128 MB by default, against about 1 GB of vectors and indexes here)
        cluster = Cluster("-c shared_buffers=1GB").start()
        target = cluster.url
    if target.startswith("postgres"):
        admin, name, url = _pg_database(target)
    try:
        settings = Settings.from_env({"DATABASE_URL": url, "AGENT_PLATFORM_DATA_DIR": data_dir,
                                      "AGENT_PLATFORM_SECRET_KEY": SECRET,
                                      "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
                                      "AGENT_PLATFORM_SCHEDULER": "off"})
        create_app(settings, migrate=True)
        backend = "postgres" if db.is_postgres() else "sqlite"
        if not store_vectors.available():
            print(f"{backend}: no vector engine (pgvector / sqlite-vec); nothing to measure")
            return 1
        rng = np.random.default_rng(11)
        centres = rng.normal(size=(TOPICS, args.dims)).astype("float32")
        mine = _vectors(rng, args.chunks, args.dims, centres)
        theirs = _vectors(rng, args.chunks, args.dims, centres)
        for n in range(2):  # the other organizations' chunks share the tables (stored first:
            # the measured ingest works on a table that holds them)
            other, other_space, other_kb = _org_with_space(f"other-{n}", args.dims)
            half = theirs[n::2]
            _ingest(other.id, other_kb.id, other_space, half)
        org, space, kb = _org_with_space("bench", args.dims)
        server_cpu = cluster.cpu_seconds() if cluster is not None else 0.0
        client_cpu = time.process_time()
        seconds = _ingest(org.id, kb.id, space, mine)
        rate = args.chunks / seconds
        ingest_cpu = time.process_time() - client_cpu + (
            cluster.cpu_seconds() - server_cpu if cluster is not None else 0.0)
        if db.is_postgres():
            with db.connection():
                db.database.execute_sql("ANALYZE kb_vector")
                db.database.execute_sql("ANALYZE kb_chunk")
        print(f"backend: {backend}; {args.chunks} chunks of {args.dims} dimensions in one "
              f"organization, {args.chunks} in two others")
        print(f"ingest: {rate:,.0f} chunks/s ({seconds:.1f} s, the model's time excluded); "
              f"CPU {ingest_cpu:.1f} s{' (this process and the cluster)' if cluster else ''}: "
              f"{args.chunks / ingest_cpu:,.0f} chunks per CPU second")

        with db.connection():  # the chunks in the order they were stored: mine[i]
            index = {seq: i for i, (seq,) in enumerate(db.run_sql(
                "SELECT seq FROM kb_chunk WHERE kb_id = %s ORDER BY seq", (kb.id,)).fetchall())}
        queries = _vectors(rng, args.queries, args.dims, centres)
        times, cpu, recalls = [], [], []
        for q in queries:
            t0, c0 = time.perf_counter(), time.thread_time()
            with db.connection():
                scored = store_vectors.search_chunks(
                    org_id=org.id, space_id=space.id, dims=args.dims, kb_ids=[kb.id],
                    vector=q.tolist(), top_k=10)
                knowledge.chunks_by_seq(org.id, scored)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            exact = set(np.argsort(-(mine @ q))[:10].tolist())
            found = {index[s] for s, _ in scored}
            recalls.append(len(exact & found) / 10)
        recall = float(np.mean(recalls))
        memory_p50 = _memory_p50(org.id, 25)
        print(f"search: p50 {p50(times):.2f} ms, p95 {p95(times):.2f} ms over {args.queries} "
              f"queries (this process's CPU p50 {p50(cpu):.2f} ms); recall@10 {recall:.3f}")
        print(f"memory search (keyword), 10,000 memories: p50 {memory_p50:.2f} ms")
        targets = {"search_p50_under_20ms": p50(times) < 20, "recall_at_10_at_least_0_95":
                   recall >= 0.95, "memory_keyword_p50_under_5ms": memory_p50 < 5}
        if backend == "postgres":
            targets["ingest_at_least_2000_per_s"] = rate >= 2000
        report("knowledge", {"backend": backend, "chunks": args.chunks, "dims": args.dims,
                             "ingest_chunks_per_s": round(rate),
                             "ingest_chunks_per_cpu_s": round(args.chunks / ingest_cpu),
                             "search_p50_ms":
                             round(p50(times), 2), "search_p95_ms": round(p95(times), 2),
                             "search_cpu_p50_ms": round(p50(cpu), 2),
                             "recall_at_10": round(recall, 3),
                             "memory_keyword_p50_ms": round(memory_p50, 2)}, targets)
        return 0 if all(targets.values()) else 1
    finally:
        current = db.database.obj
        if current is not None and hasattr(current, "close_all"):
            current.close_all()
        if admin is not None:
            with admin.cursor() as cur:
                cur.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()
        if cluster is not None:
            cluster.stop()
