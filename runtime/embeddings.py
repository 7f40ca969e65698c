"""Embeddings from the organization's provider: `POST {base_url}/embeddings` of an
OpenAI-compatible API (OpenAI, Ollama, vLLM, TEI, LiteLLM), in batches of BATCH texts.

Each call has a timeout and is retried (ATTEMPTS in all) on 429, 5xx and connection errors,
waiting the provider's `Retry-After` (at most RETRY_MAX_WAIT_S) or an exponential backoff.
The connection goes through the SSRF policy (runtime/ssrf_connect.py). The tokens a call
reports (`usage.prompt_tokens`, else `total_tokens`) are recorded in the spend ledger under
the embeddings model, billed like a run to the end user's group (or the Default group), and
a group over its spend cap gets no embedding (429 `spend_cap_reached`).

A search's query is embedded by ``embed_query_async``: the model is awaited on the turn loop
(an ``httpx.AsyncClient``) and the database is read in short hops before and after, so no
thread of the database pool waits on the model; the search itself is one hop after it.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
import time

import httpx

from rules import ssrf
from runtime import ssrf_connect
from store import spend
from core import db
from store import embeddings as spaces
from store.errors import BadGateway, DomainError

log = logging.getLogger("agent_platform.embeddings")
BATCH = 64
ATTEMPTS = 3
BACKOFF_S = 0.5
RETRY_MAX_WAIT_S = 10.0
TIMEOUT = httpx.Timeout(60.0, connect=10.0)
_client: httpx.Client | None = None
_aclient: httpx.AsyncClient | None = None
_aclient_pid = 0
_lock = threading.Lock()


class EmbeddingError(BadGateway):
    """The provider failed (after retries) or answered something unusable: 502."""


def _http() -> httpx.Client:
    global _client
    with _lock:
        if _client is None:
            _client = ssrf_connect.pin_httpx(httpx.Client(timeout=TIMEOUT, follow_redirects=False))
        return _client


def _async_http() -> httpx.AsyncClient:
    """The process's async client (used on the turn loop only)."""
    global _aclient, _aclient_pid
    if _aclient is None or _aclient_pid != os.getpid():
        _aclient = ssrf_connect.pin_async_httpx(httpx.AsyncClient(
            timeout=TIMEOUT, follow_redirects=False, trust_env=False))
        _aclient_pid = os.getpid()
    return _aclient


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return float(response.headers.get("retry-after", ""))
    except ValueError:
        return None


def _request(space, texts: list[str]) -> tuple[str, dict, dict]:
    url = space.base_url.rstrip("/") + "/embeddings"
    ssrf.check_url(url)
    key = spaces.api_key(space)
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    body = {"model": space.model, "input": texts, "encoding_format": "float"}
    if space.dimensions and not space.model.startswith("text-embedding-ada"):
        body["dimensions"] = space.dimensions
    return url, body, headers


def _attempts():
    """(attempt, backoff) for each try of a call."""
    for attempt in range(ATTEMPTS):
        yield attempt, BACKOFF_S * 2 ** attempt


def _refused(response: httpx.Response, wait: float) -> tuple[str, float]:
    """(the problem, the wait before the next try) of a failed answer; raises when it is
    not worth retrying."""
    problem = f"HTTP {response.status_code}"
    if response.status_code != 429 and response.status_code < 500:
        raise EmbeddingError(f"the embeddings provider refused the request ({problem})",
                             code="embedding_failed")
    return problem, min(RETRY_MAX_WAIT_S, _retry_after(response) or wait)


def _refused_url(exc) -> EmbeddingError:
    """The model's URL refused by the SSRF policy when called (its name resolves nowhere, or
    now to a refused address): the model is unreachable, which no retry changes. A 502, not the
    policy's 400 or 403: the request being answered named no URL."""
    return EmbeddingError(f"the embeddings provider cannot be called: {exc.detail}",
                          code="embedding_failed")


def _gave_up(problem: str) -> EmbeddingError:
    return EmbeddingError(f"the embeddings provider failed {ATTEMPTS} times ({problem})",
                          code="embedding_failed")


def _call(space, texts: list[str]) -> tuple[list[list[float]], int]:
    url, body, headers = _request(space, texts)
    problem = "no attempt"
    for attempt, wait in _attempts():
        try:
            response = _http().post(url, json=body, headers=headers)
        except ssrf.ERRORS as exc:
            raise _refused_url(exc) from None
        except httpx.HTTPError as exc:
            problem = f"{type(exc).__name__}"
        else:
            if response.status_code == 200:
                return _parse(space, texts, response)
            problem, wait = _refused(response, wait)
        if attempt + 1 < ATTEMPTS:
            log.warning("embeddings call failed, retrying", extra={"problem": problem})
            time.sleep(wait)
    raise _gave_up(problem)


async def _call_async(space, texts: list[str]) -> tuple[list[list[float]], int]:
    """``_call`` awaited on the turn loop."""
    url, body, headers = _request(space, texts)
    problem = "no attempt"
    for attempt, wait in _attempts():
        try:
            response = await _async_http().post(url, json=body, headers=headers)
        except ssrf.ERRORS as exc:
            raise _refused_url(exc) from None
        except httpx.HTTPError as exc:
            problem = f"{type(exc).__name__}"
        else:
            if response.status_code == 200:
                return _parse(space, texts, response)
            problem, wait = _refused(response, wait)
        if attempt + 1 < ATTEMPTS:
            log.warning("embeddings call failed, retrying", extra={"problem": problem})
            await asyncio.sleep(wait)
    raise _gave_up(problem)


def _parse(space, texts, response) -> tuple[list[list[float]], int]:
    try:
        payload = response.json()
        items = sorted(payload["data"], key=lambda d: d.get("index", 0))
        vectors = [[float(x) for x in item["embedding"]] for item in items]
        usage = payload.get("usage") or {}
        tokens = int(usage.get("prompt_tokens") or usage.get("total_tokens") or 0)
    except (ValueError, KeyError, TypeError) as exc:
        raise EmbeddingError(f"the embeddings provider answered an unexpected body ({exc})",
                             code="embedding_failed") from None
    if len(vectors) != len(texts) or any(len(v) != space.dimensions for v in vectors):
        raise EmbeddingError(
            f"the embeddings provider answered {len(vectors)} vectors of "
            f"{len(vectors[0]) if vectors else 0} dimensions for {len(texts)} texts of "
            f"{space.dimensions}", code="embedding_dimensions_mismatch")
    return vectors, tokens


def embed(settings, space, texts: list[str], *, user_id: str | None = None) -> list[list[float]]:
    """The vectors of texts under the space's model, BATCH texts per call; each call's
    tokens recorded in the ledger. Raises 429 spend_cap_reached, 502 embedding_failed."""
    out: list[list[float]] = []
    for start in range(0, len(texts), BATCH):
        batch = texts[start:start + BATCH]
        with db.connection():
            spend.check_cap(org_id=space.org_id, user_id=user_id)
        vectors, tokens = _call(space, batch)
        with db.connection():
            spend.record(org_id=space.org_id, user_id=user_id, model=space.model,
                         input_tokens=tokens, output_tokens=0,
                         prices=getattr(settings, "prices", None))
        out.extend(vectors)
    return out


def _space_for_query(org_id: str, user_id: str | None):
    space = spaces.active(org_id=org_id)
    if space is not None:
        spend.check_cap(org_id=org_id, user_id=user_id)
    return space


def _record(settings, space, user_id: str | None, tokens: int) -> None:
    spend.record(org_id=space.org_id, user_id=user_id, model=space.model, input_tokens=tokens,
                 output_tokens=0, prices=getattr(settings, "prices", None))


async def embed_query_async(settings, org_id: str, text: str, *, user_id: str | None = None):
    """(active space, the vector of text) for a search, (None, None) when the organization
    has no active embeddings model: the active space (and the spend cap) read in a hop,
    the model awaited on the turn loop with no database connection held, the tokens recorded
    in another hop."""
    from core import concurrency

    space = await concurrency.hop(_space_for_query, org_id, user_id)
    if space is None:
        return None, None
    vectors, tokens = await concurrency.on_turn_loop(_call_async(space, [text]))
    await concurrency.hop(_record, settings, space, user_id, tokens)
    return space, vectors[0]


__all__ = ["BATCH", "DomainError", "EmbeddingError", "embed", "embed_query_async"]
