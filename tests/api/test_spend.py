"""The spend ledger and the spend cap check of run endpoints."""
import datetime as dt
import threading

import pytest

from store import groups, spend
from core import db
from store.errors import LimitReached
from store.models import GroupSpend, SpendEntry
from core.settings import Settings
from tests.factories import make_org

PRICES = {"gpt-x": {"input": 2.5, "output": 10}, "*": {"input": 1, "output": 1}}


def _cap_reached(**kwargs):
    with pytest.raises(LimitReached) as exc:
        spend.check_cap(**kwargs)
    assert exc.value.code == "spend_cap_reached" and exc.value.status == 429
    assert int(exc.value.headers["Retry-After"]) > 0
    return exc.value


def test_cap_blocks_at_or_over_the_cap(client):
    org = make_org(client)
    client.post("/v1/groups", json={"group_id": "capped", "spend_cap_usd": 1.0}, headers=org["headers"])
    with db.connection():
        spend.check_cap(org_id=org["id"], group_id="capped")
        spend.record(org_id=org["id"], group_id="capped", cost_usd=0.6)
        spend.check_cap(org_id=org["id"], group_id="capped")
        spend.record(org_id=org["id"], group_id="capped", cost_usd=0.4)  # exactly at the cap
        _cap_reached(org_id=org["id"], group_id="capped")
        spend.check_cap(org_id=org["id"])  # the Default group has no cap
    client.patch("/v1/groups/capped", json={"spend_cap_usd": 2}, headers=org["headers"])
    with db.connection():
        spend.check_cap(org_id=org["id"], group_id="capped")
    client.patch("/v1/groups/capped", json={"spend_cap_usd": None}, headers=org["headers"])
    with db.connection():
        spend.record(org_id=org["id"], group_id="capped", cost_usd=50)
        spend.check_cap(org_id=org["id"], group_id="capped")


def test_last_months_spend_does_not_count(client):
    org = make_org(client)
    client.post("/v1/groups", json={"group_id": "g", "spend_cap_usd": 1}, headers=org["headers"])
    with db.connection():
        spend.record(org_id=org["id"], group_id="g", cost_usd=5, at=dt.datetime(2001, 3, 31, 23, 59))
        spend.check_cap(org_id=org["id"], group_id="g")
        grp = groups.find(org_id=org["id"], group_id="g")
        assert groups.spent_micro(org_id=org["id"], group_pks=[grp.id], month="2001-03") == {grp.id: 5_000_000}


def test_billing_group_resolution(client):
    org = make_org(client)
    h = org["headers"]
    client.post("/v1/groups", json={"group_id": "team", "spend_cap_usd": 0}, headers=h)
    client.post("/v1/users", json={"user_id": "member", "group_id": "team"}, headers=h)
    with db.connection():
        # a zero cap blocks the team; the session's group wins over the user's group
        _cap_reached(org_id=org["id"], user_id="member")
        _cap_reached(org_id=org["id"], group_id="team", user_id="nobody")
        spend.check_cap(org_id=org["id"], group_id="default", user_id="member")
        spend.check_cap(org_id=org["id"], user_id="unknown-user")  # Default group
        entry = spend.record(org_id=org["id"], user_id="member", cost_usd=0.5, run_id="run-1")
        assert SpendEntry.get_by_id(entry.id).user_id == "member"
    team = client.get("/v1/groups/team", headers=h).json()["group"]
    assert team["spend_usd_month"] == 0.5


def test_cost_from_usage_and_price_table(client):
    assert spend.cost_micro(PRICES, "gpt-x", 1000, 500) == 7500        # 0.0025 + 0.005 USD
    assert spend.cost_micro(PRICES, "other", 1_000_000, 0) == 1_000_000  # "*" price
    assert spend.cost_micro({}, "gpt-x", 10**6, 10**6) == 0
    assert spend.cost_micro({"m": {"input": 0.15}}, "m", 3, 0) == 0       # rounds to micro-USD
    org = make_org(client)
    with db.connection():
        entry = spend.record(org_id=org["id"], model="gpt-x", input_tokens=1000, output_tokens=500,
                             prices=PRICES)
        assert entry.amount_micro_usd == 7500
    assert client.get("/v1/groups/default", headers=org["headers"]).json()["group"]["spend_usd_month"] == 0.0075


def test_concurrent_records_sum_exactly(client):
    org = make_org(client)
    errors = []

    def run():
        try:
            with db.connection():
                spend.record(org_id=org["id"], cost_usd=0.01)
        except Exception as exc:  # asserted empty below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(25)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with db.connection():
        total = GroupSpend.select().where(GroupSpend.org == org["id"]).get().amount_micro_usd
        assert total == 250_000
        assert SpendEntry.select().where(SpendEntry.org == org["id"]).count() == 25


def test_price_table_setting():
    s = Settings.from_env({"AGENT_PLATFORM_SECRET_KEY": "k", "AGENT_PLATFORM_PRICES": '{"m": {"input": 1}}'})
    assert s.prices == {"m": {"input": 1}}
    with pytest.raises(SystemExit):
        Settings.from_env({"AGENT_PLATFORM_SECRET_KEY": "k", "AGENT_PLATFORM_PRICES": "[1]"})
