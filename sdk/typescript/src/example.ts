// The Agent Platform API from TypeScript: types generated from openapi.yaml by
// openapi-typescript (src/schema.d.ts), calls through openapi-fetch. Type-checked with
// `tsc --strict` in CI; run it against a server with any TypeScript runner.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Schemas = components["schemas"];
type ChatEvent = Schemas["ChatEvent"];

export async function tour(baseUrl: string, apiKey: string, userId: string): Promise<string> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });

  // 1. an api tool provider with an API key sent in a header
  const provider = await api.POST("/v1/tool-providers", {
    body: { name: "Weather API", type: "api", base_url: "https://api.example.com/v1",
            auth: { type: "api_key", in: "header", name: "X-Api-Key", api_key: "org-key" } },
  });
  if (!provider.data) throw new Error(provider.error.detail);
  const providerId = provider.data.tool_provider.id;

  // 2. a tool whose input_schema is a free-form JSON Schema object
  const inputSchema: Schemas["JsonSchema"] = {
    type: "object", required: ["city"], properties: { city: { type: "string", minLength: 1 } },
  };
  const tool = await api.POST("/v1/tools", {
    body: { tool_provider_id: providerId, name: "Weather lookup", path: "/weather/{city}",
            input_schema: inputSchema },
  });
  if (tool.error) {
    const problem: Schemas["Problem"] = tool.error;
    throw new Error(`${problem.status} ${problem.code}: ${problem.detail}`);
  }
  const toolId: string = tool.data.tool.id;

  // 3. every tool, page by page (cursor pagination)
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.GET("/v1/tools", { params: { query: { limit: 100, cursor } } });
    if (!page.data) throw new Error(page.error.detail);
    names.push(...page.data.tools.map((t) => t.name));
    cursor = page.data.next_cursor ?? undefined;
  } while (cursor);

  // 4. an agent that may call the tool; 5. a new version of it
  const agent = await api.POST("/v1/agents", {
    body: { name: "Weather assistant", tool_ids: [toolId],
            model: { provider: "openai", name: "gpt-4o-mini", temperature: 0.2 } },
  });
  if (!agent.data) throw new Error(agent.error.detail);
  const agentId = agent.data.agent.id;
  await api.PATCH("/v1/agents/{id}", {
    params: { path: { id: agentId } }, body: { instructions: "Answer in one sentence." },
  });

  // 6. a network of the agent, 7. deployed to staging
  const network = await api.POST("/v1/copilots", {
    body: { name: "Support", agents: [{ agentId }], sdk_ui: { theme: "dark", accent: "#336699" } },
  });
  if (!network.data) throw new Error(network.error.detail);
  const deployed = await api.POST("/v1/copilots/{id}/deploy", {
    params: { path: { id: network.data.copilot.id } }, body: { target: "staging" },
  });
  const environment: Schemas["Environment"] | undefined = deployed.data?.copilot.environment;

  // 8. a workflow with a templated step input, 9. started with an input
  const workflow = await api.POST("/v1/workflows", {
    body: { name: "Morning report", input_schema: inputSchema,
            steps: [{ id: "weather", type: "tool", ref: toolId, input: { city: "{{input.city}}" } },
                    { id: "summary", type: "agent", ref: agentId,
                      input: "Summarise: {{steps.weather.output}}" }] },
  });
  if (!workflow.data) throw new Error(workflow.error.detail);
  const run = await api.POST("/v1/workflows/{id}/run", {
    params: { path: { id: workflow.data.workflow.id } }, body: { input: { city: "Lisbon" } },
  });
  const runStatus: Schemas["RunStatus"] | undefined = run.data?.run.status;

  // 10. a schedule of the workflow, 11. paused
  const schedule = await api.POST("/v1/workflow-schedules", {
    body: { workflow_id: workflow.data.workflow.id, cron: "0 8 * * 1-5",
            timezone: "Europe/Lisbon", input: { city: "Lisbon" } },
  });
  if (schedule.data) {
    await api.POST("/v1/workflow-schedules/{id}/pause",
                   { params: { path: { id: schedule.data.schedule.id } } });
  }

  // 12. a chat request to the agent for an end user, 13. the run it started
  const chatBody: Schemas["ChatRequest"] = { agent_id: agentId, message: "Weather in Lisbon?" };
  const turn = await api.POST("/v1/chat", {
    params: { header: { "X-User-Id": userId } }, body: chatBody,
  });
  if (!turn.data) throw new Error(turn.error.detail);
  const got = await api.GET("/v1/runs/{id}", {
    params: { path: { id: turn.data.run.id }, header: { "X-User-Id": userId } },
  });

  // 14. a session token for a browser
  const session = await api.POST("/v1/sessions", { body: { user_id: userId } });
  const token: string | undefined = session.data?.access_token;

  return [names.length, environment, runStatus, got.data?.run.status, token !== undefined]
    .join(" ");
}

// Events of GET /v1/chat/stream are typed: narrow on `event`.
export function describe(event: ChatEvent): string {
  switch (event.event) {
    case "message.delta":
      return event.data.text;
    case "tool.called":
      return `${event.data.name}(${JSON.stringify(event.data.arguments)})`;
    case "tool.result":
      return `${event.data.name}: ${event.data.status}`;
    case "run.failed":
      return `failed: ${event.data.error.code}`;
    case "run.completed":
      return event.data.run.output ?? "";
    default:
      return event.event;
  }
}
