import {
  KLAVIYO_ANSWER_MAX_BYTES,
  KLAVIYO_API_DEFAULT_URL,
  KLAVIYO_ERROR_BODY_MAX_BYTES,
  KLAVIYO_ERROR_DETAIL_MAX,
  KLAVIYO_LIST_NAME_MAX,
  KLAVIYO_MAX_PAGES,
  KLAVIYO_MAX_RETRIES,
  KLAVIYO_MIN_RETRY_WAIT_MS,
  KLAVIYO_REQUEST_TIMEOUT_MS,
  KLAVIYO_REVISION,
  KLAVIYO_WAIT_BUDGET_MS,
  type KlaviyoScope,
} from "~/lib/klaviyo/constants";
import { FLOWS_PAGE_SIZE, MAX_FLOW_PAGES, MAX_REPORT_PAGES, storedName } from "~/lib/klaviyo/import";
import type { FlowCreateBody, TemplateCreateBody } from "~/lib/klaviyo/flow-body";
import { readStreamWithin } from "~/services/bounded-read.server";
import { getEnv } from "~/services/env.server";

/**
 * The one module that talks to Klaviyo: plain `fetch` against the published contract (see
 * docs/decisions/109). Every request carries `Authorization: Klaviyo-API-Key …`, the `revision`
 * header and, with a body, `application/vnd.api+json`; each has a timeout. A 429 is waited out for
 * as long as its Retry-After says (never less than a second, at most KLAVIYO_MAX_RETRIES times),
 * within the session's wait budget; past it the caller gets the error with `retryAfterSeconds`. A
 * session may also be given a cap on the requests it sends in all. Answers are read up to a size
 * (an error's far less than a success's) and Klaviyo's error text is summarised, so a huge answer
 * costs neither memory nor a huge message. Nothing else is retried: a Create call that failed on Klaviyo's
 * side may still have made something, so it is never sent twice. The key only ever goes to the
 * configured Klaviyo address: a pagination link is reduced to its cursor, never followed.
 */

export type KlaviyoOperation = "get_lists" | "get_segments" | "get_metrics" | "create_template" | "delete_template" | "create_flow" | "get_flows" | "query_flow_values";

/** The scope each operation needs (Klaviyo's `x-klaviyo-scopes`), to name the missing one. */
export const OPERATION_SCOPES: Readonly<Record<KlaviyoOperation, KlaviyoScope>> = {
  get_lists: "lists:read",
  get_segments: "segments:read",
  get_metrics: "metrics:read",
  create_template: "templates:write",
  delete_template: "templates:write",
  create_flow: "flows:write",
  get_flows: "flows:read",
  query_flow_values: "flows:read",
};

export interface KlaviyoClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: KlaviyoClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The clock a session uses when its caller passes none: the real one. Tests that drive the pages
 * and routes (which pass no clock) swap in a fake one, so no test waits on Klaviyo's limits.
 */
export const klaviyoDefaults: { clock: KlaviyoClock } = { clock: realClock };

export interface KlaviyoDeps {
  clock?: KlaviyoClock;
  timeoutMs?: number;
  waitBudgetMs?: number;
  /** The most requests the session may send in all (retries included); past it a request fails as `capped` unsent. */
  maxRequests?: number;
}

export type KlaviyoFailure = "rejected" | "timeout" | "network" | "malformed" | "capped";

/** A request Klaviyo refused or did not answer; `status` is Klaviyo's, or 0 when none came. */
export class KlaviyoApiError extends Error {
  name = "KlaviyoApiError";
  constructor(
    readonly operation: KlaviyoOperation,
    readonly failure: KlaviyoFailure,
    readonly status: number,
    readonly detail: string,
    readonly options: { code?: string; pointer?: string; retryAfterSeconds?: number } = {},
  ) {
    super(`Klaviyo ${operation}: ${failure} ${status} ${detail}`);
  }
  get pointer() {
    return this.options.pointer;
  }
  get retryAfterSeconds() {
    return this.options.retryAfterSeconds;
  }
}

export interface KlaviyoResource {
  id: string;
  name: string;
}

/** A flow as Get Flows lists it (the name as Klaviyo gave it: the caller cuts it to what it stores). */
export interface KlaviyoFlowSummary {
  id: string;
  name: string;
  status: string;
  triggerType: string;
}

interface JsonApiError {
  code?: string;
  detail?: string;
  title?: string;
  source?: { pointer?: string };
}

export function klaviyoBaseUrl() {
  return (getEnv().KLAVIYO_API_URL ?? KLAVIYO_API_DEFAULT_URL).replace(/\/+$/, "");
}

/**
 * Seconds from a Retry-After header (seconds or an HTTP date), never less than the shortest retry
 * wait: 0, a date in the past, an absent or unreadable header all wait a second.
 */
export function retryAfterSeconds(value: string | null, now: number) {
  const least = KLAVIYO_MIN_RETRY_WAIT_MS / 1000;
  if (!value) return least;
  const seconds = Number(value.trim());
  if (value.trim() !== "" && Number.isFinite(seconds)) return Math.max(least, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(least, Math.ceil((date - now) / 1000)) : least;
}

/** Klaviyo's error text as a message may carry it: one line, no control characters, at most KLAVIYO_ERROR_DETAIL_MAX characters. */
export function summariseDetail(text: string) {
  const line = text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.\s]+$/, "");
  return line.length > KLAVIYO_ERROR_DETAIL_MAX ? `${line.slice(0, KLAVIYO_ERROR_DETAIL_MAX - 1)}…` : line;
}

/** The answer's text, up to `maxBytes`: past it the rest is not read (the connection is dropped) and `complete` is false. */
async function readCapped(response: Response, maxBytes: number): Promise<{ text: string; complete: boolean }> {
  const body = await readStreamWithin(response, maxBytes);
  return body ? { text: Buffer.from(body).toString("utf8"), complete: true } : { text: "", complete: false };
}

/**
 * One user's conversation with Klaviyo: their key, a clock, and a budget for waiting on limits
 * that every request of the session shares.
 */
export class KlaviyoSession {
  private readonly clock: KlaviyoClock;
  private readonly timeoutMs: number;
  private readonly deadline: number;
  private readonly maxRequests: number;
  private readonly base = klaviyoBaseUrl();
  /** Requests sent so far (retries included). */
  requestsSent = 0;

  constructor(
    private readonly apiKey: string,
    deps: KlaviyoDeps = {},
  ) {
    this.clock = deps.clock ?? klaviyoDefaults.clock;
    this.timeoutMs = deps.timeoutMs ?? KLAVIYO_REQUEST_TIMEOUT_MS;
    this.deadline = this.clock.now() + (deps.waitBudgetMs ?? KLAVIYO_WAIT_BUDGET_MS);
    this.maxRequests = deps.maxRequests ?? Number.POSITIVE_INFINITY;
  }

  /** Milliseconds of the wait budget left. */
  waitLeft() {
    return Math.max(0, this.deadline - this.clock.now());
  }

  /** Waits `ms` if the budget allows it; false (no wait) when it does not. */
  async waitWithinBudget(ms: number) {
    if (ms > this.waitLeft()) return false;
    if (ms > 0) await this.clock.sleep(ms);
    return true;
  }

  private async send(operation: KlaviyoOperation, method: string, path: string, query: Record<string, string>, body?: unknown): Promise<{ status: number; json: unknown }> {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      Authorization: `Klaviyo-API-Key ${this.apiKey}`,
      revision: KLAVIYO_REVISION,
      Accept: "application/vnd.api+json",
    };
    if (body !== undefined) headers["Content-Type"] = "application/vnd.api+json";
    // Under test, nothing may leave loopback, even a test that forgot KLAVIYO_API_URL.
    if (getEnv().NODE_ENV === "test" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
      throw new KlaviyoApiError(operation, "network", 0, "tests reach Klaviyo only on loopback (set KLAVIYO_API_URL)");
    }
    for (let attempt = 0; ; attempt++) {
      if (this.requestsSent >= this.maxRequests) throw new KlaviyoApiError(operation, "capped", 0, `Flowmap's cap of ${this.maxRequests} requests for this task was reached`);
      this.requestsSent++;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.timeoutMs);
      let response: Response;
      let read: { text: string; complete: boolean };
      try {
        response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal, redirect: "error" });
        read = await readCapped(response, response.ok ? KLAVIYO_ANSWER_MAX_BYTES : KLAVIYO_ERROR_BODY_MAX_BYTES);
      } catch {
        const timedOut = controller.signal.aborted;
        throw new KlaviyoApiError(operation, timedOut ? "timeout" : "network", 0, timedOut ? `no answer within ${Math.round(this.timeoutMs / 1000)} seconds` : "could not connect");
      } finally {
        clearTimeout(timer);
      }
      if (response.ok && !read.complete) throw new KlaviyoApiError(operation, "malformed", response.status, "the answer was larger than Flowmap reads");
      let json: unknown = null;
      if (read.text) {
        try {
          json = JSON.parse(read.text);
        } catch {
          if (response.ok) throw new KlaviyoApiError(operation, "malformed", response.status, "the answer was not JSON");
        }
      }
      if (response.ok) return { status: response.status, json };
      const first = ((json as { errors?: JsonApiError[] } | null)?.errors ?? [])[0];
      const raw = typeof first?.detail === "string" && first.detail ? first.detail : typeof first?.title === "string" && first.title ? first.title : "";
      // Klaviyo's detail is a sentence; the messages built on it add their own full stop.
      const detail = summariseDetail(raw || (read.complete ? response.statusText : "a longer error than Flowmap reads") || "no detail") || "no detail";
      const code = typeof first?.code === "string" ? first.code.slice(0, 60) : undefined;
      const pointer = typeof first?.source?.pointer === "string" ? first.source.pointer.slice(0, 200) : undefined;
      if (response.status === 429) {
        const seconds = retryAfterSeconds(response.headers.get("Retry-After"), this.clock.now());
        if (attempt < KLAVIYO_MAX_RETRIES && this.requestsSent < this.maxRequests && (await this.waitWithinBudget(seconds * 1000))) continue;
        throw new KlaviyoApiError(operation, "rejected", 429, detail, { code, retryAfterSeconds: Math.max(1, seconds) });
      }
      throw new KlaviyoApiError(operation, "rejected", response.status, detail, { code, pointer });
    }
  }

  /** Every page of a collection (up to KLAVIYO_MAX_PAGES), following Klaviyo's cursor. */
  private async readAll(
    operation: "get_lists" | "get_segments" | "get_metrics",
    path: string,
    query: Record<string, string>,
  ): Promise<{ items: KlaviyoResource[]; complete: boolean }> {
    const items: KlaviyoResource[] = [];
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < KLAVIYO_MAX_PAGES; pageNumber++) {
      const { json } = await this.send(operation, "GET", path, cursor ? { ...query, "page[cursor]": cursor } : query);
      const document = json as { data?: Array<{ id?: unknown; attributes?: { name?: unknown } }>; links?: { next?: unknown } } | null;
      if (!document || !Array.isArray(document.data)) throw new KlaviyoApiError(operation, "malformed", 200, "the answer held no data");
      for (const item of document.data) {
        if (typeof item.id === "string" && item.id.length <= 100) items.push({ id: item.id, name: storedName(item.attributes?.name, item.id, KLAVIYO_LIST_NAME_MAX) });
      }
      cursor = typeof document.links?.next === "string" ? cursorOf(document.links.next) : null;
      if (!cursor) return { items, complete: true };
    }
    return { items, complete: false };
  }

  getLists() {
    return this.readAll("get_lists", "/api/lists", { "fields[list]": "name", "page[size]": "10" });
  }

  getSegments() {
    return this.readAll("get_segments", "/api/segments", { "fields[segment]": "name", "page[size]": "10" });
  }

  getMetrics() {
    return this.readAll("get_metrics", "/api/metrics", { "fields[metric]": "name" });
  }

  /**
   * The account's flows (live, draft and manual; archived ones are left out), 50 a page, at most
   * MAX_FLOW_PAGES pages. `beforePage` runs before each request (the caller's count of the account's
   * limits).
   */
  async getFlows(beforePage: () => Promise<void> = async () => undefined): Promise<{ flows: KlaviyoFlowSummary[]; complete: boolean }> {
    const flows: KlaviyoFlowSummary[] = [];
    const query = { "fields[flow]": "name,status,archived,trigger_type", filter: "equals(archived,false)", "page[size]": String(FLOWS_PAGE_SIZE) };
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < MAX_FLOW_PAGES; pageNumber++) {
      await beforePage();
      const { json } = await this.send("get_flows", "GET", "/api/flows", cursor ? { ...query, "page[cursor]": cursor } : query);
      const document = json as { data?: Array<{ id?: unknown; attributes?: Record<string, unknown> }>; links?: { next?: unknown } } | null;
      if (!document || !Array.isArray(document.data)) throw new KlaviyoApiError("get_flows", "malformed", 200, "the answer held no data");
      for (const item of document.data) {
        if (typeof item.id !== "string" || !item.id || item.id.length > 100) continue;
        const attributes = item.attributes ?? {};
        if (attributes.archived === true) continue;
        flows.push({
          id: item.id,
          name: typeof attributes.name === "string" ? attributes.name : "",
          status: typeof attributes.status === "string" ? attributes.status.slice(0, 20) : "",
          triggerType: typeof attributes.trigger_type === "string" ? attributes.trigger_type.slice(0, 40) : "Unconfigured",
        });
      }
      cursor = typeof document.links?.next === "string" ? cursorOf(document.links.next) : null;
      if (!cursor) return { flows, complete: true };
    }
    return { flows, complete: false };
  }

  /**
   * Query Flow Values: every flow's email statistics over a timeframe in one report, grouped by
   * flow, message and channel (Klaviyo requires the flow and the message among the groups), with
   * `recipients` to weight by. A paged report is followed up to MAX_REPORT_PAGES; `beforePage`
   * runs before each request.
   */
  async queryFlowValues(
    { timeframeKey, conversionMetricId, statistics }: { timeframeKey: string; conversionMetricId: string; statistics: readonly string[] },
    beforePage: () => Promise<void> = async () => undefined,
  ): Promise<{ rows: Array<{ groupings: Record<string, unknown>; statistics: Record<string, unknown> }>; complete: boolean }> {
    const body = {
      data: {
        type: "flow-values-report",
        attributes: {
          statistics: [...statistics],
          timeframe: { key: timeframeKey },
          conversion_metric_id: conversionMetricId,
          group_by: ["flow_id", "flow_message_id", "send_channel"],
          filter: 'equals(send_channel,"email")',
        },
      },
    };
    const rows: Array<{ groupings: Record<string, unknown>; statistics: Record<string, unknown> }> = [];
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < MAX_REPORT_PAGES; pageNumber++) {
      await beforePage();
      const { json } = await this.send("query_flow_values", "POST", "/api/flow-values-reports", cursor ? { page_cursor: cursor } : {}, body);
      const document = json as { data?: { attributes?: { results?: unknown } }; links?: { next?: unknown } } | null;
      const results = document?.data?.attributes?.results;
      if (!Array.isArray(results)) throw new KlaviyoApiError("query_flow_values", "malformed", 200, "the answer held no results");
      for (const row of results as Array<{ groupings?: unknown; statistics?: unknown }>) {
        if (row && typeof row.groupings === "object" && row.groupings && typeof row.statistics === "object" && row.statistics) {
          rows.push({ groupings: row.groupings as Record<string, unknown>, statistics: row.statistics as Record<string, unknown> });
        }
      }
      cursor = typeof document?.links?.next === "string" ? cursorOf(document.links.next, "page_cursor") : null;
      if (!cursor) return { rows, complete: true };
    }
    return { rows, complete: false };
  }

  async createTemplate(body: TemplateCreateBody): Promise<string> {
    const { json } = await this.send("create_template", "POST", "/api/templates", {}, body);
    const id = (json as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== "string" || !id) throw new KlaviyoApiError("create_template", "malformed", 201, "the answer named no template");
    return id;
  }

  async deleteTemplate(id: string): Promise<void> {
    await this.send("delete_template", "DELETE", `/api/templates/${encodeURIComponent(id)}`, {});
  }

  async createFlow(body: FlowCreateBody): Promise<{ id: string; status: number }> {
    const { json, status } = await this.send("create_flow", "POST", "/api/flows", {}, body);
    const id = (json as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== "string" || !id) throw new KlaviyoApiError("create_flow", "malformed", status, "the answer named no flow");
    return { id, status };
  }
}

/** The page cursor of a `links.next` URL (only the cursor is kept: the key never follows a link). */
function cursorOf(next: string, parameter = "page[cursor]"): string | null {
  try {
    return new URL(next).searchParams.get(parameter);
  } catch {
    return null;
  }
}
