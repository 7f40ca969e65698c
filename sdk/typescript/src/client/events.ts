// Typed chat events, resumed with Last-Event-ID, for browsers and Node (fetch + streams).
import type { components } from "../schema";
import { APIConnectionError, APIError, errorOf } from "./errors";
import { backoff, sleep } from "./retry";

export type KnownEvent = components["schemas"]["ChatEvent"];
/** An event of a kind added after this version: kinds are open, so it is passed on, typed loosely. */
export interface UnknownEvent { id: number; event: string; data: Record<string, unknown>; known: false }
export type ChatEvent = (KnownEvent & { known?: true }) | UnknownEvent;

export const EVENT_KINDS: ReadonlySet<string> = new Set([
  "run.started", "message.delta", "tool.called", "tool.result", "agent.handoff", "memory.saved",
  "memory.deleted", "approval.requested", "approval.decided", "message.completed",
  "run.completed", "run.failed", "run.cancelled"]);
const FINAL = new Set(["run.completed", "run.failed", "run.cancelled"]);

export interface StreamOptions {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  threadId: string;
  lastEventId?: number;
  untilRun?: string;
  untilFinal?: boolean;
  reconnects?: number;
  signal?: AbortSignal;
}

/** One SSE frame of lines: `{id, event, data}`; comments (`: keep-alive`) are skipped. */
export class SSEDecoder {
  private frame: Record<string, string> = {};
  feed(line: string): Record<string, string> | undefined {
    if (line === "") {
      const frame = this.frame;
      this.frame = {};
      return "data" in frame ? frame : undefined;
    }
    if (line.startsWith(":")) return undefined;
    const at = line.indexOf(":");
    const name = at < 0 ? line : line.slice(0, at);
    let value = at < 0 ? "" : line.slice(at + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data" && "data" in this.frame) this.frame["data"] += "\n" + value;
    else if (name === "id" || name === "event" || name === "data") this.frame[name] = value;
    return undefined;
  }
}

export function toEvent(frame: Record<string, string>): ChatEvent {
  const kind = frame["event"] ?? "message";
  const data: unknown = JSON.parse(frame["data"] ?? "null");
  const id = Number(frame["id"] ?? 0);
  const object = typeof data === "object" && data !== null ? data as Record<string, unknown> : { value: data };
  if (!EVENT_KINDS.has(kind)) return { id, event: kind, data: object, known: false };
  return { id, event: kind, data: object } as KnownEvent;
}

function ends(event: ChatEvent, untilRun: string | undefined, untilFinal: boolean): boolean {
  if (!FINAL.has(event.event)) return false;
  if (untilRun !== undefined) {
    const run = (event.data as { run?: { id?: string } }).run;
    return run?.id === untilRun;
  }
  return untilFinal;
}

/** The thread's events as they come, until the turn's final event (or `untilRun`'s); a dropped
 * connection is resumed with `Last-Event-ID`, so no event is lost or repeated. */
export async function* streamChat(options: StreamOptions): AsyncGenerator<ChatEvent, void, undefined> {
  let lastEventId = options.lastEventId;
  let failures = 0;
  const reconnects = options.reconnects ?? 5;
  const url = `${options.baseUrl}/v1/chat/stream?thread_id=${encodeURIComponent(options.threadId)}`;
  for (;;) {
    const headers: Record<string, string> = { ...options.headers, Accept: "text/event-stream" };
    if (lastEventId !== undefined) headers["Last-Event-ID"] = String(lastEventId);
    try {
      const response = await options.fetch(url, { headers, signal: options.signal ?? null });
      if (response.status !== 200) {
        const text = await response.text();
        let problem: unknown = {};
        try { problem = JSON.parse(text); } catch { /* not JSON */ }
        throw errorOf(response.status, problem, response.headers);
      }
      if (!response.body) throw new APIConnectionError("the stream has no body");
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const decoder = new SSEDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          const frame = decoder.feed(line);
          if (!frame) continue;
          const event = toEvent(frame);
          lastEventId = event.id;
          failures = 0;
          yield event;
          if (ends(event, options.untilRun, options.untilFinal ?? true)) {
            await reader.cancel();
            return;
          }
        }
      }
      throw new APIConnectionError("the stream ended before the turn's final event");
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (error instanceof APIError) throw error; // an answer, not a broken connection
      if (++failures > reconnects) throw error instanceof APIConnectionError ? error
        : new APIConnectionError(String(error));
      await sleep(backoff(failures - 1, {}));
    }
  }
}
