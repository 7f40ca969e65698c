"""POST /v1/experiments: deterministic, sticky variant assignment."""
from collections import Counter

from store import experiments
from tests.factories import assert_problem, make_org
from tests.factories_identity import mint


def _assign(client, org, user, body):
    return client.post("/v1/experiments", json=body,
                       headers={**org["headers"], "X-Organization-Id": org["id"], "X-User-Id": user})


def test_requires_both_headers(client):
    org = make_org(client)
    body = {"experiment": "exp", "variants": ["a", "b"]}
    assert_problem(client.post("/v1/experiments", json=body, headers=org["headers"]), 400)
    assert_problem(client.post("/v1/experiments", json=body,
                               headers={**org["headers"], "X-User-Id": "u"}), 400)
    assert_problem(client.post("/v1/experiments", json=body,
                               headers={**org["headers"], "X-Organization-Id": org["id"]}), 400)
    other = make_org(client)
    assert_problem(client.post("/v1/experiments", json=body, headers={
        **org["headers"], "X-Organization-Id": other["id"], "X-User-Id": "u"}), 403)
    session = mint(client, org, "u")["access_token"]
    assert_problem(client.post("/v1/experiments", json=body, headers={
        "Authorization": f"Bearer {session}", "X-Organization-Id": org["id"], "X-User-Id": "u"}), 403)


def test_assignment_is_deterministic_and_sticky(client):
    org = make_org(client)
    body = {"experiment": "checkout", "variants": ["control", "treatment"]}
    first = _assign(client, org, "user-1", body)
    assert first.status_code == 200, first.text
    variant = first.json()["variant"]
    assert variant == experiments.choose(experiments.bucket(org["id"], "checkout", "user-1"),
                                         ["control", "treatment"], None)
    for _ in range(3):
        assert _assign(client, org, "user-1", body).json()["variant"] == variant
    # adding a variant or changing weights does not move an assigned user
    widened = {"experiment": "checkout", "variants": ["control", "treatment", "third"],
               "weights": [0, 0, 1] if variant != "third" else [1, 1, 0]}
    assert _assign(client, org, "user-1", widened).json()["variant"] == variant
    # a variant no longer offered: assigned again among those offered
    gone = [v for v in ("control", "treatment") if v != variant]
    assert _assign(client, org, "user-1", {"experiment": "checkout", "variants": gone}).json()["variant"] == gone[0]


def test_distribution_follows_weights():
    counts = Counter(experiments.choose(experiments.bucket("org", "e", f"u{i}"), ["a", "b"], [3, 1])
                     for i in range(4000))
    assert 2800 < counts["a"] < 3200 and counts["a"] + counts["b"] == 4000
    assert {experiments.choose(experiments.bucket("org", "e", f"u{i}"), ["a", "b", "c"], [0, 1, 0])
            for i in range(200)} == {"b"}


def test_invalid_weights(client):
    org = make_org(client)
    assert_problem(_assign(client, org, "u", {"experiment": "e", "variants": ["a", "b"], "weights": [1]}),
                   400, "invalid_weights")
    assert_problem(_assign(client, org, "u", {"experiment": "e", "variants": ["a", "b"], "weights": [0, 0]}),
                   400, "invalid_weights")
    assert_problem(_assign(client, org, "u", {"experiment": "e", "variants": ["a", "a"]}), 400)
