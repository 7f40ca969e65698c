// A program written against the types of the last release's document (schema-released.d.ts,
// generated from sdk/released/openapi.yaml by the test): it still reads today's runs.
import createClient from "openapi-fetch";
import type { paths } from "./schema-released";

export async function readRuns(baseUrl: string, apiKey: string, runId: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
  const list = await api.GET("/v1/runs", { params: { query: { limit: 50 } } });
  if (!list.data) throw new Error(`list: ${list.response.status}`);
  const one = await api.GET("/v1/runs/{id}", { params: { path: { id: runId } } });
  if (!one.data) throw new Error(`get: ${one.response.status}`);
  const statuses: string[] = list.data.runs.map((run) => run.status);
  return [...statuses.sort(), `one:${one.data.run.status}`];
}
