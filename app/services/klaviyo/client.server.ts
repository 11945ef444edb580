import { KLAVIYO_API_DEFAULT_URL, KLAVIYO_MAX_PAGES, KLAVIYO_REQUEST_TIMEOUT_MS, KLAVIYO_REVISION, KLAVIYO_WAIT_BUDGET_MS, type KlaviyoScope } from "~/lib/klaviyo/constants";
import type { FlowCreateBody, TemplateCreateBody } from "~/lib/klaviyo/flow-body";
import { getEnv } from "~/services/env.server";

/**
 * The one module that talks to Klaviyo: plain `fetch` against the published contract (see
 * docs/decisions/109). Every request carries `Authorization: Klaviyo-API-Key …`, the `revision`
 * header and, with a body, `application/vnd.api+json`; each has a timeout. A 429 is waited out for
 * as long as its Retry-After says, within the session's wait budget; past it the caller gets the
 * error with `retryAfterSeconds`. Nothing else is retried: a Create call that failed on Klaviyo's
 * side may still have made something, so it is never sent twice. The key only ever goes to the
 * configured Klaviyo address: a pagination link is reduced to its cursor, never followed.
 */

export type KlaviyoOperation = "get_lists" | "get_segments" | "get_metrics" | "create_template" | "delete_template" | "create_flow";

/** The scope each operation needs (Klaviyo's `x-klaviyo-scopes`), to name the missing one. */
export const OPERATION_SCOPES: Readonly<Record<KlaviyoOperation, KlaviyoScope>> = {
  get_lists: "lists:read",
  get_segments: "segments:read",
  get_metrics: "metrics:read",
  create_template: "templates:write",
  delete_template: "templates:write",
  create_flow: "flows:write",
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
}

export type KlaviyoFailure = "rejected" | "timeout" | "network" | "malformed";

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

interface JsonApiError {
  code?: string;
  detail?: string;
  title?: string;
  source?: { pointer?: string };
}

export function klaviyoBaseUrl() {
  return (getEnv().KLAVIYO_API_URL ?? KLAVIYO_API_DEFAULT_URL).replace(/\/+$/, "");
}

/** Seconds from a Retry-After header (seconds or an HTTP date); 1 when absent or unreadable. */
function retryAfterSeconds(value: string | null, now: number) {
  if (!value) return 1;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : 1;
}

/**
 * One user's conversation with Klaviyo: their key, a clock, and a budget for waiting on limits
 * that every request of the session shares.
 */
export class KlaviyoSession {
  private readonly clock: KlaviyoClock;
  private readonly timeoutMs: number;
  private readonly deadline: number;
  private readonly base = klaviyoBaseUrl();

  constructor(
    private readonly apiKey: string,
    deps: KlaviyoDeps = {},
  ) {
    this.clock = deps.clock ?? klaviyoDefaults.clock;
    this.timeoutMs = deps.timeoutMs ?? KLAVIYO_REQUEST_TIMEOUT_MS;
    this.deadline = this.clock.now() + (deps.waitBudgetMs ?? KLAVIYO_WAIT_BUDGET_MS);
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
    for (;;) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal, redirect: "error" });
        text = await response.text();
      } catch {
        const timedOut = controller.signal.aborted;
        throw new KlaviyoApiError(operation, timedOut ? "timeout" : "network", 0, timedOut ? `no answer within ${Math.round(this.timeoutMs / 1000)} seconds` : "could not connect");
      } finally {
        clearTimeout(timer);
      }
      let json: unknown = null;
      if (text) {
        try {
          json = JSON.parse(text);
        } catch {
          if (response.ok) throw new KlaviyoApiError(operation, "malformed", response.status, "the answer was not JSON");
        }
      }
      if (response.ok) return { status: response.status, json };
      const first = ((json as { errors?: JsonApiError[] } | null)?.errors ?? [])[0];
      // Klaviyo's detail is a sentence; the messages built on it add their own full stop.
      const detail = (first?.detail || first?.title || response.statusText || "no detail").trim().replace(/[.\s]+$/, "");
      if (response.status === 429) {
        const seconds = retryAfterSeconds(response.headers.get("Retry-After"), this.clock.now());
        if (await this.waitWithinBudget(seconds * 1000)) continue;
        throw new KlaviyoApiError(operation, "rejected", 429, detail, { code: first?.code, retryAfterSeconds: Math.max(1, seconds) });
      }
      throw new KlaviyoApiError(operation, "rejected", response.status, detail, { code: first?.code, pointer: first?.source?.pointer });
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
        if (typeof item.id === "string") items.push({ id: item.id, name: typeof item.attributes?.name === "string" && item.attributes.name ? item.attributes.name : item.id });
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
function cursorOf(next: string): string | null {
  try {
    return new URL(next).searchParams.get("page[cursor]");
  } catch {
    return null;
  }
}
