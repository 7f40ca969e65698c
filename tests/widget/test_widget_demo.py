"""`agent-platform demo` as a newcomer runs it: one command on an empty data directory prints
the page's address; in Chromium the widget opens from its launcher, a message makes the
sample agent call its tool (shown as progress), and the reply streams in. A second run finds
its organization, key and network again."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from tests.widget.pages import assistant_texts, shadow, wait_for
from tests.processes import ROOT, free_port
from tests.waiting import scaled


class Demo:
    def __init__(self, data_dir):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("AGENT_PLATFORM_", "DATABASE_URL", "REDIS_URL"))}
        env.update(AGENT_PLATFORM_DATA_DIR=str(data_dir), AGENT_PLATFORM_SCHEDULER="off",
                   PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "demo", "--port", str(free_port()),
             "--page-port", str(free_port())], cwd=ROOT, env=env, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + scaled(90)
        line = ""
        while time.monotonic() < deadline and self.process.poll() is None:
            line = self.process.stdout.readline()
            if line.startswith("Open "):
                break
        match = re.search(r"Open (http://\S+) ", line)
        assert match, f"the demo printed no address (exit {self.process.poll()})"
        self.url = match.group(1)

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("demo-data")


def test_one_command_gives_a_page_to_chat_with_a_tool_calling_agent(context, data_dir):
    demo = Demo(data_dir)
    try:
        page = context.new_page()
        page.goto(demo.url)
        shadow(page, "button.launcher").click()
        wait_for(page, lambda: shadow(page, "h2.title").text_content() == "Demo shop assistant")
        wait_for(page, lambda: "echo" in shadow(page, ".greeting").inner_text())
        shadow(page, "textarea").fill('call lookup_order {"order_id": "A-1001"}')
        shadow(page, "textarea").press("Enter")
        wait_for(page, lambda: shadow(page, ".steps li").count() == 1
                 and shadow(page, ".steps li").inner_text() == "Used lookup_order")
        wait_for(page, lambda: '"shipped"' in "".join(assistant_texts(page)))
        shadow(page, ".followups button").first.wait_for()  # the network's suggestions
        state = json.loads((data_dir / "demo.json").read_text())
        assert oct((data_dir / "demo.json").stat().st_mode & 0o777) == "0o600"
    finally:
        demo.stop()
    again = Demo(data_dir)  # a second run: the same organization and network
    try:
        assert json.loads((data_dir / "demo.json").read_text())["org_id"] == state["org_id"]
        page = context.new_page()
        page.goto(again.url)
        wait_for(page, lambda: shadow(page, "h2.title").text_content() == "Demo shop assistant")
    finally:
        again.stop()
