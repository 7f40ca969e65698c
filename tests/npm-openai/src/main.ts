// The openai npm package and AG-UI's HttpAgent against a running service (compiled with
// tsc --strict). Reads BASE_URL, TOKEN (a session token), MODEL (an agent or network id) and
// AGUI_PATH (its AG-UI endpoint); prints one JSON line of what it saw.
import OpenAI from "openai";
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent } from "@ag-ui/client";

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const base = env("BASE_URL");
  const token = env("TOKEN");
  const model = env("MODEL");
  const client = new OpenAI({ baseURL: `${base}/openai/v1`, apiKey: token, maxRetries: 0 });

  const models: string[] = [];
  for await (const m of client.models.list()) models.push(m.id);

  const whole = await client.chat.completions.create({
    model,
    messages: [{ role: "user", content: "typed whole" }],
  });
  const answer: string | null = whole.choices[0]?.message.content ?? null;

  const stream = await client.chat.completions.create({
    model,
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: "user", content: "typed streamed answer" }],
  });
  let streamed = "";
  let usage = 0;
  for await (const chunk of stream) {
    streamed += chunk.choices[0]?.delta.content ?? "";
    usage += chunk.usage?.completion_tokens ?? 0;
  }

  const response = await client.responses.create({ model, input: "typed response" });

  let notFound = "";
  try {
    await client.chat.completions.create({
      model: "no-such-model",
      messages: [{ role: "user", content: "hi" }],
    });
  } catch (error: unknown) {
    if (error instanceof OpenAI.NotFoundError) notFound = String(error.code);
  }

  const agent = new HttpAgent({
    url: `${base}${env("AGUI_PATH")}`,
    headers: { Authorization: `Bearer ${token}` },
    threadId: "ts-thread-1",
    initialMessages: [{ id: "u1", role: "user", content: "typed ag-ui" }],
  });
  const events: string[] = [];
  const steps: string[] = [];
  const tools: string[] = [];
  const result = await agent.runAgent({ runId: "ts-run-1" }, {
    onEvent: ({ event }: { event: BaseEvent }) => {
      events.push(event.type);
    },
    onStepStartedEvent: ({ event }) => {
      steps.push(event.stepName);
    },
    onToolCallEndEvent: ({ toolCallName, toolCallArgs }) => {
      tools.push(`${toolCallName}:${JSON.stringify(toolCallArgs)}`);
    },
  });
  const said = agent.messages.map((m) => `${m.role}:${typeof m.content === "string" ? m.content : ""}`);

  console.log(JSON.stringify({
    models, answer, streamed, usage, response: response.output_text, responseId: response.id,
    notFound, events, steps, tools, said, newMessages: result.newMessages.length,
  }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
