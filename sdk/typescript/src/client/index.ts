// @agent-platform/client: the Agent Platform API for TypeScript (browsers and Node 18+).
//
//   const ap = new AgentPlatform({ baseUrl: "http://127.0.0.1:8080", apiKey });
//   const { agent } = await ap.unwrap(ap.api.POST("/v1/agents", { body: { name: "Helper" } }));
//   for await (const each of ap.paginate((cursor) =>
//       ap.api.GET("/v1/agents", { params: { query: { cursor } } }), (page) => page.agents)) {}
//   for await (const event of ap.streamChat(threadId)) { if (event.event === "message.delta") ... }
//
// `api` is an openapi-fetch client typed by src/schema.d.ts (every operation), with retries
// and idempotency keys (./retry.ts); `unwrap` turns an error answer into the exception of its
// class (./errors.ts); `paginate` follows `next_cursor`; `streamChat` is ./events.ts.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "../schema";
import { errorOf } from "./errors";
import { streamChat, type ChatEvent } from "./events";
import { retryingFetch, type RetryOptions } from "./retry";

export * from "./errors";
export * from "./events";
export { retryingFetch, type RetryOptions } from "./retry";
export type { components, paths };
export type Schemas = components["schemas"];

export interface AgentPlatformOptions extends RetryOptions {
  baseUrl: string;
  /** An organization API key (`ap_...`, backends only) or a session token (`st_...`). */
  apiKey?: string;
  /** `X-User-Id` on every request: an API key acting for an end user. */
  userId?: string;
  fetch?: typeof fetch;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

export class AgentPlatform {
  readonly api: Client<paths>;
  readonly baseUrl: string;
  readonly headers: Record<string, string>;
  private readonly fetchImpl: typeof fetch;

  constructor(options: AgentPlatformOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.headers = {};
    if (options.apiKey) this.headers["Authorization"] = `Bearer ${options.apiKey}`;
    if (options.userId) this.headers["X-User-Id"] = options.userId;
    this.fetchImpl = retryingFetch(options, options.fetch ?? globalThis.fetch.bind(globalThis));
    this.api = createClient<paths>({ baseUrl: this.baseUrl, headers: this.headers, fetch: this.fetchImpl });
  }

  /** The answer's data, or the error of its class thrown (`NotFoundError`, `RateLimitError`...). */
  async unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
    return (await this.unwrapWithResponse(call)).data;
  }

  /** As `unwrap`, with the response (its `ETag`, `Location`, rate-limit headers). */
  async unwrapWithResponse<T>(call: Promise<Answer<T>>): Promise<{ data: T; response: Response }> {
    const { data, error, response } = await call;
    if (error !== undefined || !response.ok) throw errorOf(response.status, error, response.headers);
    return { data: data as T, response };
  }

  /** Every item of a list, page after page (`next_cursor` until null). */
  async *paginate<P extends { next_cursor?: string | null }, Item>(
    page: (cursor: string | undefined) => Promise<Answer<P>>,
    items: (page: P) => Item[],
  ): AsyncGenerator<Item, void, undefined> {
    let cursor: string | undefined;
    do {
      const data = await this.unwrap(page(cursor));
      yield* items(data);
      cursor = data.next_cursor ?? undefined;
    } while (cursor);
  }

  /** The thread's chat events, typed, resumed after a dropped connection (see ./events.ts). */
  streamChat(threadId: string, options: { lastEventId?: number; untilRun?: string; untilFinal?: boolean;
                                         userId?: string; signal?: AbortSignal; reconnects?: number } = {},
  ): AsyncGenerator<ChatEvent, void, undefined> {
    const headers = { ...this.headers, ...(options.userId ? { "X-User-Id": options.userId } : {}) };
    return streamChat({ ...options, baseUrl: this.baseUrl, headers, fetch: this.fetchImpl, threadId });
  }
}
