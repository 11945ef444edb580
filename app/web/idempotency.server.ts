import crypto from "node:crypto";

import type { OwnerCheck } from "~/models/flow-generation.server";
import { claimIdempotencyKey, evictOldestAnswers, releaseIdempotencyKey, storeIdempotentAnswer } from "~/models/idempotency-key.server";
import { hitRateLimit, secondsUntil } from "~/models/rate-limit.server";
import { isDomainError, rateLimited } from "~/services/domain-error";
import { isSoleInstance } from "~/services/db.server";
import { getSessionSecret } from "~/services/secret.server";
import { apiDomainError, apiError } from "~/web/api.server";
import { clientAddress } from "~/web/client.server";

/**
 * `Idempotency-Key` on every POST that changes something (docs/decisions/137): a client that did
 * not hear the answer sends the same request with the same key again and gets the first answer,
 * and the work is done once. A key lasts 24 hours, per owner and per method and normalised path;
 * the same key with a different body is a 422.
 *
 * Only the answer of a request that ran is kept: a 2xx. A refusal (401, 402, 403, 404, 409, 422,
 * 429) or a failure (5xx) frees the key, so a retry after fixing the cause runs again. A replay
 * first passes the same checks (sign-in, ownership, role, premium) as a fresh request.
 *
 * The store is bounded: per owner and in total (the oldest answers go first), an answer over
 * MAX_KEPT_ANSWER_BYTES is kept by reference (read again on a replay) or not at all, and keyed
 * requests are counted against a rate limit of their own.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const REPLAYED_HEADER = "Idempotency-Replayed";
/** The answers kept per owner; the oldest goes when one more is kept. */
export const IDEMPOTENCY_ANSWERS_PER_OWNER = 200;
/** The answers kept in all, whoever they belong to. */
export const IDEMPOTENCY_ANSWERS_TOTAL = 10_000;
/** The largest answer kept whole; a larger one is kept by reference (or not at all). */
export const MAX_KEPT_ANSWER_BYTES = 8 * 1024;
/** Keyed requests per owner in any minute (replays included). */
export const IDEMPOTENT_REQUESTS_PER_MINUTE = 120;
const IDEMPOTENT_WINDOW_MS = 60_000;
/** How long ordinary work may stay unanswered before its key is released (model calls pass their own). */
export const IDEMPOTENCY_WORK_TIMEOUT_MS = 60_000;

export const IDEMPOTENCY_KEY_INVALID_MESSAGE = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters (a UUID is a good key).`;
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still being answered. Wait a moment, then send it again to get its answer.";
export const IDEMPOTENCY_RATE_LIMIT_MESSAGE = (seconds: number) => `Too many requests with an Idempotency-Key. Please wait ${seconds} seconds and try again.`;

const VISIBLE = /^[\x21-\x7e]+$/;

/** JSON with object keys in order, so the same body hashes the same however its keys were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The address a key is bound to: what the router treats as one path is one scope (case, repeated
 * and trailing slashes do not make another).
 */
export function normalisedPath(pathname: string) {
  const path = pathname
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/** Whose keys these are: the signed-in user, or for the sign-up routes the client's address. */
export function anonymousOwner(request: Request) {
  return `anonymous:${clientAddress(request)}`;
}

/** How a large answer is kept: a small reference to it, and how a replay reads it again. */
export interface ByReference<R = unknown> {
  referenceOf(answer: unknown): R;
  reread(reference: R): Promise<Response>;
}

export interface IdempotencyOptions<R = unknown> {
  /** The owner of the keys: a user id, or anonymousOwner(request). */
  userId: string;
  /** The request's input, hashed to tell a replay from another request with the key. */
  input: unknown;
  /** The checks of a fresh request the route does not make before calling this (ownership, premium): a replay passes them first. */
  authorize?: () => Promise<unknown> | unknown;
  /** How an answer over MAX_KEPT_ANSWER_BYTES is kept; without it, such an answer is not kept. */
  byReference?: ByReference<R>;
  /** How long the work may take before an unanswered key is released. */
  workTimeoutMs?: number;
  /** How the owner of an unanswered key is checked (tests: another instance, a dead process). */
  owners?: OwnerCheck;
}

async function countKeyedRequest(userId: string, now: Date) {
  const hit = await hitRateLimit(`idempotent:${userId}`, { windowMs: IDEMPOTENT_WINDOW_MS, max: IDEMPOTENT_REQUESTS_PER_MINUTE }, now.getTime());
  if (!hit.allowed) {
    const seconds = secondsUntil(hit.retryAt, now.getTime());
    throw rateLimited(IDEMPOTENCY_RATE_LIMIT_MESSAGE(seconds), seconds);
  }
}

const keyedHash = (text: string) => crypto.createHmac("sha256", getSessionSecret()).update(text).digest("hex");

/**
 * Kept answers are sealed (AES-256-GCM, with a key derived from the server's secret): an answer
 * can carry what is shown once (a new access token) or personal data, and the database alone
 * gives none of it away.
 */
function sealingKey() {
  return Buffer.from(crypto.hkdfSync("sha256", getSessionSecret(), "", "flowmap idempotency answers", 32));
}

function seal(text: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64")).join(".");
}

function unseal(text: string) {
  const [iv, tag, sealed] = text.split(".").map((part) => Buffer.from(part, "base64"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString("utf8");
}

function replayed(response: Response) {
  const headers = new Headers(response.headers);
  headers.set(REPLAYED_HEADER, "true");
  headers.set("Cache-Control", "no-store");
  headers.delete("Set-Cookie");
  return new Response(response.body, { status: response.status, headers });
}

/**
 * Runs `work` once per key: the first request with a key does it and its 2xx answer is kept; a
 * replay within 24 hours gets the kept answer (or, kept by reference, the resource read again),
 * marked with `Idempotency-Replayed: true`. Without the header, `work` simply runs.
 */
export async function idempotent<R = unknown>(request: Request, options: IdempotencyOptions<R>, work: () => Promise<Response>, now = new Date()): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return work();
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !VISIBLE.test(key)) {
    throw apiError(422, IDEMPOTENCY_KEY_INVALID_MESSAGE, { errors: { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_INVALID_MESSAGE } });
  }
  const { userId, input, authorize, byReference, workTimeoutMs = IDEMPOTENCY_WORK_TIMEOUT_MS, owners } = options;
  await countKeyedRequest(userId, now);
  // The same checks as a fresh request, before a kept answer is given again.
  await authorize?.();
  // Hashed with the server's secret: a kept hash of a body with a password in it guesses nothing.
  const id = keyedHash(`${userId}\n${request.method.toUpperCase()} ${normalisedPath(new URL(request.url).pathname)}\n${key}`);
  const requestHash = keyedHash(canonical(input));
  const claim = await claimIdempotencyKey({
    id,
    userId,
    requestHash,
    now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    workUntil: new Date(now.getTime() + workTimeoutMs),
    // Checked as generation claims are: with the embedded engine, any other instance has ended.
    owners: owners ?? { soleInstance: isSoleInstance() },
  });
  if (claim !== true) {
    if (claim.requestHash !== requestHash) {
      throw apiError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, { code: "IDEMPOTENCY_KEY_REUSED", errors: { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_REUSED_MESSAGE } });
    }
    if (claim.status === null) throw apiError(409, IDEMPOTENCY_IN_PROGRESS_MESSAGE, { code: "IDEMPOTENCY_IN_PROGRESS" });
    if (claim.reference !== null && byReference) return replayed(await byReference.reread(JSON.parse(unseal(claim.reference)) as R));
    return replayed(
      new Response(claim.body === null ? null : unseal(claim.body), { status: claim.status, headers: claim.contentType ? { "Content-Type": claim.contentType } : {} }),
    );
  }
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    await releaseIdempotencyKey(id).catch(() => undefined);
    if (!isDomainError(error)) throw error;
    return apiDomainError(error);
  }
  // Only a request that ran is kept: a refusal or a failure frees the key for a retry.
  if (response.status < 200 || response.status >= 300) {
    await releaseIdempotencyKey(id).catch(() => undefined);
    return response;
  }
  const body = await response.text();
  const contentType = response.headers.get("Content-Type");
  if (Buffer.byteLength(body) <= MAX_KEPT_ANSWER_BYTES) {
    await storeIdempotentAnswer(id, { status: response.status, body: seal(body), contentType, reference: null });
  } else if (byReference) {
    const reference = seal(JSON.stringify(byReference.referenceOf(JSON.parse(body)) ?? null));
    await storeIdempotentAnswer(id, { status: response.status, body: null, contentType, reference });
  } else {
    await releaseIdempotencyKey(id);
  }
  await evictOldestAnswers({ userId, perUser: IDEMPOTENCY_ANSWERS_PER_OWNER, total: IDEMPOTENCY_ANSWERS_TOTAL });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
