// One error class per class of problem, each carrying the problem+json answer: `status`,
// `code`, `requestId` and `errors` (every invalid field of a 400 with its JSON path).
import type { components } from "../schema";

export type Problem = components["schemas"]["Problem"];
export interface InvalidField { location: string; path: string; message: string }

export class AgentPlatformError extends Error {}

/** The service could not be reached, or the connection broke before an answer. */
export class APIConnectionError extends AgentPlatformError {}

export class APIError extends AgentPlatformError {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly detail: string;
  readonly errors: InvalidField[];
  readonly problem: Record<string, unknown>;
  readonly headers: Headers;

  constructor(status: number, problem: Record<string, unknown>, headers: Headers) {
    const code = typeof problem["code"] === "string" ? problem["code"] : "error";
    const requestId = typeof problem["request_id"] === "string" ? problem["request_id"]
      : headers.get("x-request-id") ?? undefined;
    const detail = typeof problem["detail"] === "string" ? problem["detail"] : "";
    super(`${status} ${code}: ${detail} (request ${requestId ?? "?"})`);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.detail = detail;
    this.problem = problem;
    this.headers = headers;
    const errors = Array.isArray(problem["errors"]) ? problem["errors"] : [];
    this.errors = errors.filter((e): e is InvalidField => typeof e === "object" && e !== null)
      .map((e) => ({ location: String(e.location), path: String(e.path), message: String(e.message) }));
  }
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class PreconditionFailedError extends APIError {}
export class PayloadTooLargeError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {
  /** Seconds the service asks to wait (`Retry-After`), if it said. */
  get retryAfter(): number | undefined { return retryAfterSeconds(this.headers); }
}
export class SpendCapReachedError extends RateLimitError {}
export class InternalServerError extends APIError {}
export class ServiceUnavailableError extends InternalServerError {}

const BY_STATUS: Record<number, typeof APIError> = {
  400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError,
  409: ConflictError, 412: PreconditionFailedError, 413: PayloadTooLargeError,
  422: UnprocessableEntityError, 429: RateLimitError, 503: ServiceUnavailableError,
};
const BY_CODE: Record<string, typeof APIError> = { spend_cap_reached: SpendCapReachedError };

/** The error of an answer (the class by `code` first, then by status; codes are open). */
export function errorOf(status: number, problem: unknown, headers: Headers): APIError {
  const body = typeof problem === "object" && problem !== null ? problem as Record<string, unknown> : {};
  const cls = BY_CODE[String(body["code"])] ?? BY_STATUS[status]
    ?? (status >= 500 ? InternalServerError : APIError);
  return new cls(status, body, headers);
}

export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, (when - Date.now()) / 1000);
}
