import { createHash } from "node:crypto";

import { apiError, apiJson } from "~/web/api.server";

/**
 * Optimistic concurrency for the API's single resources: every read and every write answer of one
 * carries an `ETag` (a hash of the resource exactly as answered), and PUT, PATCH and DELETE honour
 * `If-Match`. A write whose `If-Match` names no tag the resource has now is a 412
 * PRECONDITION_FAILED carrying the current tag; a write without `If-Match` runs as before.
 * docs/decisions/144.
 */

export const PRECONDITION_FAILED_MESSAGE =
  "The resource changed since you read it: read it again (the current ETag is in this answer), re-apply your change, and send it with the new If-Match.";

/** JSON with the keys of every object in a fixed order, so one resource always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The strong entity tag of a resource as the API answers it. */
export function etagOf(resource: unknown): string {
  return `"${createHash("sha256")
    .update(canonical(JSON.parse(JSON.stringify(resource ?? null))))
    .digest("base64url")
    .slice(0, 27)}"`;
}

/** The tags an If-Match header lists (`*` as itself); null when the header is absent. */
export function ifMatchTags(request: Request): string[] | null {
  const header = request.headers.get("If-Match");
  if (header === null) return null;
  return (header.match(/\*|(?:W\/)?"[^"]*"/g) ?? []).map((tag) => tag.trim());
}

/**
 * Refuses a write whose If-Match does not name the resource's current tag (412, with the current
 * tag in the ETag header and the body). `current` is the resource as its GET answers it, or null
 * when it does not exist (then only the absence of If-Match lets the write through). Weak tags
 * never match: If-Match compares strongly.
 */
export function requireIfMatch(request: Request, current: unknown | null) {
  const tags = ifMatchTags(request);
  if (tags === null) return;
  const tag = current === null ? null : etagOf(current);
  if (tag !== null && (tags.includes("*") || tags.includes(tag))) return;
  throw apiError(412, PRECONDITION_FAILED_MESSAGE, tag ? { etag: tag } : {}, { headers: tag ? { ETag: tag } : {} });
}

/** A response with the ETag of the resource it answers. */
export function withETag(response: Response, resource: unknown) {
  response.headers.set("ETag", etagOf(resource));
  return response;
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs a conditional write of one resource after the writes of it already running in this
 * process, so that of two writes sent with the same If-Match exactly one passes the check.
 */
export function oneWriteAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * A conditional write: reads the resource (as its GET answers it), checks If-Match against it and
 * writes, one write of the resource at a time.
 */
export async function conditionalWrite<C extends object, R>(request: Request, key: string, read: () => Promise<C | null>, write: (current: C | null) => Promise<R>): Promise<R> {
  return oneWriteAtATime(key, async () => {
    const current = await read();
    requireIfMatch(request, current);
    return write(current);
  });
}

/** A single resource's answer: its JSON, never cached, with its ETag. */
export function resourceAnswer(resource: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return withETag(apiJson(resource, { ...init, headers }), resource);
}
