// The TypeScript client library against a live service (tests/test_sdk_typescript_live.py
// compiles this with tsc --strict and runs it with Node): the README tutorial, a 400 with every
// field, a 412, a 429, page iteration, an approval through the stream, a dropped stream
// resumed, and a program of the last release's types reading today's runs. Prints JSON.
import {
  AgentPlatform, BadRequestError, NotFoundError, PreconditionFailedError, RateLimitError,
  type ChatEvent,
} from "./client/index";
import { readRuns } from "./legacy";

declare const process: { env: Record<string, string | undefined>; stdout: { write(s: string): void } };
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

async function kindsOf(stream: AsyncIterable<ChatEvent>): Promise<{ kinds: string[]; ids: number[] }> {
  const kinds: string[] = [];
  const ids: number[] = [];
  for await (const event of stream) { kinds.push(event.event); ids.push(event.id); }
  return { kinds, ids };
}

async function main(): Promise<Record<string, unknown>> {
  const baseUrl = env("BASE_URL");
  const apiKey = env("API_KEY");
  const ap = new AgentPlatform({ baseUrl, apiKey });
  const out: Record<string, unknown> = {};

  // the tutorial: tool, agent, network, deployment, session, chat, stream
  const provider = await ap.unwrap(ap.api.POST("/v1/tool-providers", {
    body: { name: "This service", type: "api", base_url: baseUrl, auth: { type: "none" } } }));
  const tool = (await ap.unwrap(ap.api.POST("/v1/tools", { body: {
    tool_provider_id: provider.tool_provider.id, name: "health", method: "GET", path: "/healthz" } }))).tool;
  const agent = (await ap.unwrap(ap.api.POST("/v1/agents", { body: {
    name: "Helper", instructions: "Answer briefly.", model: { provider: "echo", name: "echo" },
    tool_ids: [tool.id] } }))).agent;
  out["run"] = (await ap.unwrap(ap.api.POST("/v1/agents/{id}/run", {
    params: { path: { id: agent.id } }, body: { input: "call health" } }))).output;
  const copilot = (await ap.unwrap(ap.api.POST("/v1/copilots", { body: {
    name: "Support", agents: [{ agentId: agent.id }] } }))).copilot;
  const prod = (await ap.unwrap(ap.api.POST("/v1/copilots/{id}/deploy", {
    params: { path: { id: copilot.id } }, body: { target: "prod" } }))).copilot;
  const session = await ap.unwrap(ap.api.POST("/v1/sessions", { body: { user_id: "alice" } }));
  const browser = new AgentPlatform({ baseUrl, apiKey: session.access_token });
  const turn = await browser.unwrap(browser.api.POST("/v1/chat", {
    body: { copilot_id: prod.id, message: "call health" } }));
  const direct = await kindsOf(browser.streamChat(turn.thread.id));
  out["tutorial_kinds"] = direct.kinds;

  // every page
  for (let i = 0; i < 3; i++) {
    await ap.unwrap(ap.api.POST("/v1/agents", { body: { name: `paged-${i}` } }));
  }
  const names: string[] = [];
  for await (const each of ap.paginate(
    (cursor) => ap.api.GET("/v1/agents", { params: { query: { limit: 1, cursor } } }),
    (page) => page.agents)) names.push(each.name);
  out["paged"] = names;

  // errors
  try {
    await ap.unwrap(ap.api.POST("/v1/workflows", { body: { name: "", steps: [{ id: "9-bad", type: "tool", ref: tool.id }] } }));
  } catch (error) {
    if (error instanceof BadRequestError) out["bad_request"] = [error.code, error.errors.map((e) => e.path)];
  }
  try {
    await ap.unwrap(ap.api.GET("/v1/agents/{id}", { params: { path: { id: "00000000-0000-4000-8000-000000000000" } } }));
  } catch (error) {
    if (error instanceof NotFoundError) out["not_found"] = [error.status, error.code, Boolean(error.requestId)];
  }
  const read = await ap.unwrapWithResponse(ap.api.GET("/v1/agents/{id}", { params: { path: { id: agent.id } } }));
  const etag = read.response.headers.get("etag") ?? "";
  await ap.unwrap(ap.api.PATCH("/v1/agents/{id}", { params: { path: { id: agent.id }, header: { "If-Match": etag } },
                                                    body: { instructions: "Be brief." } }));
  try {
    await ap.unwrap(ap.api.PATCH("/v1/agents/{id}", { params: { path: { id: agent.id }, header: { "If-Match": etag } },
                                                      body: { instructions: "Be long." } }));
  } catch (error) {
    if (error instanceof PreconditionFailedError) out["precondition"] = [error.status, error.code];
  }
  const limited = new AgentPlatform({ baseUrl, apiKey: env("LIMITED_KEY"), maxRetries: 3, maxRetryWait: 0.5 });
  try {
    for (let i = 0; i < 5; i++) await limited.unwrap(limited.api.GET("/v1/organization", {}));
  } catch (error) {
    if (error instanceof RateLimitError) out["rate_limit"] = [error.status, error.code, (error.retryAfter ?? 0) > 0];
  }

  // an approval through the stream
  const guarded = (await ap.unwrap(ap.api.POST("/v1/tools", { body: {
    tool_provider_id: provider.tool_provider.id, name: "guarded", method: "GET", path: "/readyz",
    requires_approval: true } }))).tool;
  const careful = (await ap.unwrap(ap.api.POST("/v1/agents", { body: { name: "careful", tool_ids: [guarded.id] } }))).agent;
  const asking = await ap.unwrap(ap.api.POST("/v1/chat", { params: { header: { "X-User-Id": "bob" } },
                                                           body: { agent_id: careful.id, message: "call guarded" } }));
  const approvalKinds: string[] = [];
  for await (const event of ap.streamChat(asking.thread.id, { userId: "bob" })) {
    approvalKinds.push(event.event);
    if (event.event === "approval.requested" && event.known !== false) {
      await ap.unwrap(ap.api.POST("/v1/runs/{id}/approvals", { params: { path: { id: asking.run.id } },
        body: { call_id: event.data.call_id, decision: "approve" } }));
    }
  }
  out["approval_kinds"] = approvalKinds;

  // a dropped stream, resumed through a proxy that cuts the first connection
  const cut = new AgentPlatform({ baseUrl: env("PROXY_URL"), apiKey: session.access_token });
  const resumed = await kindsOf(cut.streamChat(turn.thread.id));
  out["resumed_same"] = JSON.stringify(resumed.ids) === JSON.stringify(direct.ids);

  // the last release's types read today's runs
  out["legacy"] = await readRuns(baseUrl, apiKey, asking.run.id);
  return out;
}

main().then((out) => process.stdout.write(JSON.stringify(out) + "\n"));
