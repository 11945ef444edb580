import crypto from "node:crypto";

import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer } from "~/models/idempotency-key.server";
import { apiDomainError, apiError } from "~/web/api.server";
import { isDomainError } from "~/services/domain-error";

/**
 * `Idempotency-Key` on the POSTs that do costly work (generate, regenerate, write content): a
 * client that did not hear the answer sends the same request with the same key again and gets the
 * first answer, and the work is done once. A key lasts 24 hours, per user and per address; the
 * same key with a different body is a 422.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const REPLAYED_HEADER = "Idempotency-Replayed";

export const IDEMPOTENCY_KEY_INVALID_MESSAGE = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters (a UUID is a good key).`;
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still being answered. Wait a moment, then send it again to get its answer.";

const VISIBLE = /^[\x21-\x7e]+$/;

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

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
 * Runs `work` once per key: the first request with a key does it and its answer is kept (unless
 * it is a 5xx, which a retry should redo); a replay within 24 hours gets the kept answer, marked
 * with `Idempotency-Replayed: true`. Without the header, `work` simply runs.
 */
export async function idempotent(request: Request, { userId, input }: { userId: string; input: unknown }, work: () => Promise<Response>, now = new Date()): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return work();
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !VISIBLE.test(key)) {
    throw apiError(422, IDEMPOTENCY_KEY_INVALID_MESSAGE, { errors: { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_INVALID_MESSAGE } });
  }
  const url = new URL(request.url);
  const id = sha256(`${userId}\n${request.method.toUpperCase()} ${url.pathname}\n${key}`);
  const requestHash = sha256(canonical(input));
  const claim = await claimIdempotencyKey({ id, userId, requestHash, now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) });
  if (claim !== true) {
    if (claim.requestHash !== requestHash) {
      throw apiError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, { code: "IDEMPOTENCY_KEY_REUSED", errors: { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_REUSED_MESSAGE } });
    }
    if (claim.status === null) throw apiError(409, IDEMPOTENCY_IN_PROGRESS_MESSAGE, { code: "IDEMPOTENCY_IN_PROGRESS" });
    const headers = new Headers({ [REPLAYED_HEADER]: "true", "Cache-Control": "no-store" });
    if (claim.contentType) headers.set("Content-Type", claim.contentType);
    return new Response(claim.body, { status: claim.status, headers });
  }
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    if (!isDomainError(error) || error.kind === "upstream_failed" || error.kind === "unavailable") {
      await releaseIdempotencyKey(id).catch(() => undefined);
      throw error;
    }
    response = apiDomainError(error);
  }
  if (response.status >= 500) {
    await releaseIdempotencyKey(id).catch(() => undefined);
    return response;
  }
  const body = await response.text();
  await storeIdempotentAnswer(id, { status: response.status, body, contentType: response.headers.get("Content-Type") });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
