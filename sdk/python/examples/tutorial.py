"""The README's five-minute tutorial with the Python client: a tool, an agent, a network and
its deployment, a chat turn streamed as typed events, a workflow and a schedule.

    AGENT_PLATFORM_BASE_URL=http://127.0.0.1:8080 AGENT_PLATFORM_API_KEY=ap_... python tutorial.py

It type-checks with `mypy --strict` (sdk/python/mypy.ini).
"""
from __future__ import annotations

import agent_platform
from agent_platform import Client, NotFoundError


def main() -> None:
    with Client() as client:  # AGENT_PLATFORM_API_KEY and AGENT_PLATFORM_BASE_URL
        # 2. a tool: the service's own health check
        provider = client.tool_providers.create(
            name="This service", type="api", base_url=client.base_url, auth={"type": "none"})
        tool = client.tools.create(
            tool_provider_id=provider.tool_provider.id, name="health",
            description="Says whether the service is up", method="GET", path="/healthz").tool
        print("execute:", client.tools.execute(tool.id, input={}).output)

        # 3. an agent with the tool; `run` answers one turn at once
        agent = client.agents.create(
            name="Helper", description="Checks on the service", instructions="Answer briefly.",
            model={"provider": "echo", "name": "echo"}, tool_ids=[tool.id]).agent
        print("run:", client.agents.run(agent.id, input="call health").output)
        print("agents:", [each.name for each in client.agents.list(limit=10)])

        # 4. a network and its deployment to prod
        copilot = client.copilots.create(name="Support", agents=[{"agentId": agent.id}],
                                         sdk_ui={"title": "Help"}).copilot
        prod = client.copilots.deploy(copilot.id, target="prod").copilot

        # 5. a session token for one end user, and a chat turn with it
        session = client.sessions.create(user_id="alice")
        with Client(session.access_token, base_url=client.base_url) as browser:
            turn = browser.chat.send(copilot_id=prod.id, message="call health")
            # 6. its events, typed, until the turn's final event
            for event in browser.chat.stream(turn.thread.id):
                if isinstance(event, agent_platform.UnknownEvent):
                    continue  # a kind added after this version: skipped knowingly
                print("event:", event.event)

        # 7. a workflow and its run
        workflow = client.workflows.create(
            name="Health report", description="Checks the service and reports",
            input_schema={"type": "object", "properties": {"who": {"type": "string"}}},
            steps=[{"id": "check", "type": "tool", "ref": tool.id, "input": {}},
                   {"id": "report", "type": "agent", "ref": agent.id,
                    "input": "Dear {{input.who}}, the service says {{steps.check.output.status}}"}],
        ).workflow
        started = client.workflows.run(workflow.id, input={"who": "Ada"}).run
        print("workflow:", client.workflow_runs.wait(started.id).run.output)

        # 8. a schedule, fired at once
        schedule = client.workflow_schedules.create(
            workflow_id=workflow.id, cron="0 9 * * mon-fri", timezone="Europe/Berlin",
            description="Weekday mornings", input={"who": "the team"}).schedule
        print("next fire:", client.workflow_schedules.get(schedule.id).schedule.next_fire_at)
        print("trigger:", client.workflow_schedules.run_now(schedule.id).run.trigger)

        try:
            client.agents.get("00000000-0000-4000-8000-000000000000")
        except NotFoundError as error:
            print("not found:", error.code, error.request_id is not None)


if __name__ == "__main__":
    main()
