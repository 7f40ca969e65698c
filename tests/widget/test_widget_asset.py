"""The chat widget's script as served at /widget/v1/chat.js: cacheable (ETag, 304), gzip within
the 20 KB budget, the committed build of its source (server/static/widget/chat.src.js minified
by tests/npm-widget), loadable by any page with its Subresource Integrity hash (the one
documented in docs/widget.md and used by the example host), and the sdk_ui keys it reads are
checked by the API's rules."""
from __future__ import annotations

import base64
import gzip
import hashlib
import re
from pathlib import Path

import pytest

from tests.factories import assert_problem, make_org
from tests.factories_copilots import make_agent, make_copilot

ROOT = Path(__file__).resolve().parents[2]
PATH = "/widget/v1/chat.js"
BUDGET = 20 * 1024


def sri(body: bytes) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(body).digest()).decode()


@pytest.fixture(scope="module")
def script(client):
    resp = client.get(PATH, headers={"Accept-Encoding": "identity"})
    assert resp.status_code == 200
    return resp


def test_the_script_is_javascript_cacheable_and_loadable_by_any_page(client, script):
    assert script.headers["content-type"] == "text/javascript; charset=utf-8"
    assert script.headers["access-control-allow-origin"] == "*"
    assert script.headers["cross-origin-resource-policy"] == "cross-origin"
    assert script.headers["x-content-type-options"] == "nosniff"
    assert "max-age=" in script.headers["cache-control"]
    assert "content-encoding" not in script.headers
    assert script.content.startswith(b"/*! Agent Platform chat widget v1")
    etag = script.headers["etag"]
    again = client.get(PATH, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert client.get(PATH, headers={"If-None-Match": '"other"'}).status_code == 200
    head = client.head(PATH, headers={"Accept-Encoding": "identity"})
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(script.content)
    assert client.post(PATH).status_code in (404, 405)  # only GET and HEAD


def test_gzip_is_sent_when_accepted_and_stays_within_the_budget(client, script):
    raw = client.get(PATH, headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip" and raw.headers["vary"] == "Accept-Encoding"
    assert raw.content == script.content  # decoded by the client: the same script
    zipped = len(gzip.compress(script.content, 9))
    assert zipped <= BUDGET, f"the widget is {zipped} bytes gzipped, over {BUDGET}"
    refused = client.get(PATH, headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in refused.headers


def test_the_served_script_is_the_build_of_its_source(script):
    """`npm ci && npm run build` in tests/npm-widget after editing chat.src.js."""
    import subprocess

    from tests.widget.pages import NPM_DIR, npm_widget

    npm_widget()
    built = subprocess.run(["node", "build.mjs", "--check"], cwd=NPM_DIR, check=True,
                           capture_output=True, timeout=120).stdout
    assert built == script.content, "chat.js is not the build of chat.src.js: npm run build"


def test_the_documented_sri_hash_matches_the_served_script(script):
    expected = sri(script.content)
    for doc in (ROOT / "docs" / "widget.md", ROOT / "examples" / "widget-host" / "host.py"):
        found = set(re.findall(r"sha384-[A-Za-z0-9+/=]{64}", doc.read_text(encoding="utf-8")))
        assert found == {expected}, (
            f"{doc.relative_to(ROOT)} names {sorted(found)}; the served script's hash is "
            f"{expected}")


def test_the_widget_keys_of_sdk_ui_are_checked(client):
    org = make_org(client)
    agent = make_agent(client, org)
    ui = {"theme": "auto", "title": "Help", "accent_color": "#0A7c3F",
          "placeholder": "Ask away", "greeting": "Hello **there**", "position": "inline",
          "logo": "x.png"}
    net = make_copilot(client, org, agents=[agent["id"]], sdk_ui=ui)
    assert net["sdk_ui"] == ui  # unknown keys are kept verbatim
    for bad in ({"accent_color": "red"}, {"accent_color": "#12345"},
                {"accent_color": "#1234567"}, {"position": "top"}, {"position": None},
                {"placeholder": "x" * 201}, {"greeting": "x" * 2001}, {"greeting": 3}):
        resp = client.patch(f"/v1/copilots/{net['id']}", json={"sdk_ui": bad},
                            headers=org["headers"])
        assert_problem(resp, 400)
        assert next(iter(bad)) in resp.json()["detail"], resp.json()
    kept = client.get(f"/v1/copilots/{net['id']}", headers=org["headers"]).json()
    assert kept["copilot"]["sdk_ui"] == ui
