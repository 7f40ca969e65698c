"""A session token reaches exactly the operations whose security lists sessionToken.

Iterates over every operation of openapi.yaml as it is on disk, so operations added later are
covered without changing this test."""
from pathlib import Path

import yaml

from tests.factories_identity import mint
from tests.factories import make_org
from tests.reach_identity import check_session_reach

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


def test_every_operation_with_a_session_token(client):
    spec = yaml.safe_load(SPEC.read_text())
    org = make_org(client)
    tokens = mint(client, org, "reach-user")
    checked = check_session_reach(client, spec, tokens["access_token"])
    refused = set(checked["refused"])
    # operations the spec names as API-key-only are among the refused ones
    assert {"create_session", "create_user", "update_user", "create_group", "update_group",
            "get_tools_auth", "oauth_authorize", "assign_experiment", "create_org"} <= refused
    assert set(checked["public"]) >= {"healthz", "oauth_callback", "refresh_session"}
    # the session is still good after all of that
    assert client.post("/v1/sessions/refresh", json={"refresh_token": tokens["refresh_token"]}
                       ).status_code == 200
