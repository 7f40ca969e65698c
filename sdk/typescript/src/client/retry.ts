// A fetch that retries: connection errors, 503, 429 `usage_limit_reached` and
// `concurrency_limit_reached` (never `spend_cap_reached`), 409 `idempotency_key_in_use`; the
// wait is the answer's `Retry-After` when it has one (above `maxRetryWait` it is not waited
// for), else exponential backoff with jitter. Every POST gets an `Idempotency-Key`, made once
// per call and sent on every attempt, so a retried POST never does its work twice.
import { APIConnectionError, retryAfterSeconds } from "./errors";

export interface RetryOptions {
  maxRetries?: number;
  initialDelay?: number; // seconds
  maxDelay?: number;
  maxRetryWait?: number;
}

const RETRIED_CODES = new Set(["usage_limit_reached", "concurrency_limit_reached",
  "idempotency_key_in_use", "database_unavailable", "queue_unavailable", "unavailable"]);

export const sleep = (seconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, seconds * 1000));

export function backoff(attempt: number, options: RetryOptions): number {
  const base = Math.min((options.initialDelay ?? 0.5) * 2 ** attempt, options.maxDelay ?? 8);
  return base * (0.75 + Math.random() / 2);
}

async function retryable(response: Response, options: RetryOptions): Promise<boolean> {
  if (![409, 429, 502, 503, 504].includes(response.status)) return false;
  let code: string | undefined;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === "object" && body !== null && "code" in body) code = String(body.code);
  } catch { /* not JSON */ }
  if (response.status === 409 && code !== "idempotency_key_in_use") return false;
  if (response.status === 429 && !RETRIED_CODES.has(code ?? "")) return false;
  const asked = retryAfterSeconds(response.headers);
  return asked === undefined || asked <= (options.maxRetryWait ?? 60);
}

function newKey(): string {
  return `sdk-${globalThis.crypto.randomUUID()}`;
}

export function retryingFetch(options: RetryOptions = {},
                              base: typeof fetch = globalThis.fetch): typeof fetch {
  const maxRetries = options.maxRetries ?? 2;
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.method === "POST" && !request.headers.has("Idempotency-Key")) {
      request.headers.set("Idempotency-Key", newKey());
    }
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await base(request.clone());
      } catch (error) {
        if (attempt >= maxRetries || request.signal.aborted) {
          throw new APIConnectionError(String(error));
        }
        await sleep(backoff(attempt, options));
        continue;
      }
      if (response.status < 400 || attempt >= maxRetries || !(await retryable(response, options))) {
        return response;
      }
      await sleep(retryAfterSeconds(response.headers) ?? backoff(attempt, options));
    }
  };
}
