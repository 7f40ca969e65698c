"""The interactive documentation at /ui/ renders this OpenAPI 3.1 document in a real headless
Chromium (the system browser; nothing is downloaded): operations grouped by tag, and "try it
out" with a bearer token answers from the service itself."""
from __future__ import annotations

import os
import shutil

import pytest

from tests.factories import make_org
from tests.factories_tools import UvicornThread

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if os.environ.get("AGENT_PLATFORM_TEST_DATABASE_URL", "").startswith("postgres"):
        pytest.skip("the page does not depend on the database: checked on the SQLite pass")
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: apt-get install -y chromium")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def served(app):
    thread = UvicornThread(app)
    yield f"http://127.0.0.1:{thread.port}"
    thread.close()


def test_ui_renders_the_operations_grouped_by_tag_and_tries_one_out(browser, served, client):
    org = make_org(client)
    page = browser.new_page()
    outside = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(served) else None)
    page.goto(f"{served}/ui/", wait_until="networkidle")
    page.wait_for_selector(".opblock-tag-section", timeout=30_000)
    body = page.inner_text("body")
    assert "Unable to render this definition" not in body
    assert "Agent Platform API" in body
    tags = page.locator(".opblock-tag").evaluate_all(
        "els => els.map(e => e.getAttribute('data-tag'))")
    assert {"tools", "agents", "copilots", "chat", "workflow_schedules"} <= set(tags)
    assert page.locator(".opblock").count() >= 80
    assert outside == []  # no outside network: everything is served by the service

    page.click("button.authorize")
    form = page.locator(".auth-container").filter(has_text="apiKey")
    form.locator("input").first.fill(org["key"])
    form.locator("button.authorize").click()
    page.click("button.btn-done")

    operation = page.locator("#operations-organization-get_organization")
    operation.locator(".opblock-summary").click()
    operation.locator("button.try-out__btn").click()
    operation.locator("button.execute").click()
    status = operation.locator(".live-responses-table tr.response .response-col_status").first
    status.wait_for(timeout=30_000)
    assert status.inner_text().strip().startswith("200")
    assert org["id"] in operation.locator(".live-responses-table").inner_text()
    page.close()
