import { safeParse } from "zod/v4/core";

import { defaultEsp, type Esp } from "~/lib/content/esp";
import { KLAVIYO_CONNECT_LIMITS, type KlaviyoScope } from "~/lib/klaviyo/constants";
import { klaviyoConnectSchema } from "~/lib/klaviyo/schema";
import {
  deleteKlaviyoConnection,
  getKlaviyoConnectionRecord,
  getSealedKlaviyoKey,
  type KlaviyoAccountSummary,
  type KlaviyoConnectionRecord,
  saveKlaviyoConnection,
} from "~/models/klaviyo-connection.server";
import { deleteKlaviyoImport } from "~/models/klaviyo-import.server";
import { hitRateLimit, secondsUntil } from "~/models/rate-limit.server";
import { conflict, type DomainError, fieldErrorsOf, rateLimited, validationError } from "~/services/domain-error";
import { KlaviyoApiError, type KlaviyoDeps, klaviyoDefaults, type KlaviyoResource, KlaviyoSession, OPERATION_SCOPES } from "~/services/klaviyo/client.server";
import {
  KLAVIYO_KEY_REJECTED_AT_CONNECT,
  KLAVIYO_KEY_UNREADABLE_MESSAGE,
  KLAVIYO_NOT_CONNECTED_MESSAGE,
  klaviyoRateLimited,
  klaviyoUnavailable,
  missingScopesMessage,
  waitText,
} from "~/services/klaviyo/errors.server";
import { keyAccountTag, keyHint, openKey, sealKey } from "~/services/klaviyo/key-vault.server";

/**
 * Connecting a Klaviyo account: the key is checked by reading the account's lists and metrics
 * (and segments, which sunset flows start from) before anything is stored, then kept sealed. Only
 * the owner's own connection is ever used, and no answer ever carries the key back.
 */

export interface KlaviyoConnectionView {
  connected: true;
  keyHint: string;
  account: KlaviyoAccountSummary;
  connectedAt: string;
  checkedAt: string;
}

export type KlaviyoConnectionState = KlaviyoConnectionView | { connected: false };

const LIST_NAMES_SHOWN = 5;

function view(record: KlaviyoConnectionRecord): KlaviyoConnectionView {
  return { connected: true, keyHint: record.keyHint, account: record.account, connectedAt: record.connectedAt.toISOString(), checkedAt: record.checkedAt.toISOString() };
}

export async function getKlaviyoConnection({ userId }: { userId: string }): Promise<KlaviyoConnectionState> {
  const record = await getKlaviyoConnectionRecord({ userId });
  return record ? view(record) : { connected: false };
}

/** The email platform the user's emails are written for unless they choose: Klaviyo once it is connected, else the generic tag. */
export async function defaultEspFor({ userId }: { userId: string }): Promise<Esp> {
  return defaultEsp(Boolean(await getKlaviyoConnectionRecord({ userId })));
}

/** Forgets the key and what was imported with it. */
export async function disconnectKlaviyo({ userId }: { userId: string }): Promise<{ disconnected: boolean }> {
  const disconnected = await deleteKlaviyoConnection({ userId });
  await deleteKlaviyoImport({ userId });
  return { disconnected };
}

/**
 * Counts a connection attempt against the user's limits (KLAVIYO_CONNECT_LIMITS): each attempt
 * sends several requests to Klaviyo, and unlimited attempts would let anyone test keys in bulk.
 */
async function assertConnectAllowed(userId: string, now: number) {
  for (const limit of KLAVIYO_CONNECT_LIMITS) {
    const hit = await hitRateLimit(`klaviyo-connect:${userId}:${limit.windowMs}`, limit, now);
    if (!hit.allowed) {
      const seconds = secondsUntil(hit.retryAt, now);
      throw rateLimited(`Too many attempts to connect Klaviyo. Check the key in Klaviyo, then try again in ${waitText(seconds)}.`, seconds);
    }
  }
}

/** Reads one collection for the key check: the items, or the scope it lacks. */
async function probe(read: () => Promise<{ items: KlaviyoResource[]; complete: boolean }>): Promise<{ items: KlaviyoResource[]; complete: boolean } | { missing: KlaviyoScope }> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof KlaviyoApiError && error.failure === "rejected" && error.status === 403) return { missing: OPERATION_SCOPES[error.operation] };
    throw error;
  }
}

function connectFailure(error: unknown): DomainError {
  if (!(error instanceof KlaviyoApiError)) throw error;
  if (error.failure !== "rejected" || error.status >= 500) return klaviyoUnavailable(error, "Nothing was saved; try connecting again in a few minutes.");
  if (error.status === 401) return validationError(KLAVIYO_KEY_REJECTED_AT_CONNECT, { apiKey: KLAVIYO_KEY_REJECTED_AT_CONNECT });
  if (error.status === 429) return klaviyoRateLimited(error.retryAfterSeconds ?? 60);
  const message = `Klaviyo refused the key check (${error.detail}). Check the key and try again.`;
  return validationError(message, { apiKey: message });
}

/** PUT /api/integrations/klaviyo and the Connect Klaviyo form: check the key, then keep it sealed. */
export async function connectKlaviyo({ userId, input }: { userId: string; input: unknown }, deps: KlaviyoDeps = {}): Promise<KlaviyoConnectionView> {
  const parsed = safeParse(klaviyoConnectSchema, input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(errors)[0] ?? "Paste your Klaviyo private API key.", errors);
  }
  const apiKey = parsed.data.apiKey;
  await assertConnectAllowed(userId, (deps.clock ?? klaviyoDefaults.clock).now());
  const session = new KlaviyoSession(apiKey, deps);
  let lists, metrics, segments;
  try {
    lists = await probe(() => session.getLists());
    metrics = await probe(() => session.getMetrics());
    segments = await probe(() => session.getSegments());
  } catch (error) {
    throw connectFailure(error);
  }
  if ("missing" in lists || "missing" in metrics) {
    const message = missingScopesMessage([lists, metrics].flatMap((result) => ("missing" in result ? [result.missing] : [])));
    throw validationError(message, { apiKey: message });
  }
  const account: KlaviyoAccountSummary = {
    listCount: lists.items.length,
    segmentCount: "missing" in segments ? null : segments.items.length,
    metricCount: metrics.items.length,
    listNames: lists.items.slice(0, LIST_NAMES_SHOWN).map((item) => item.name),
    moreLists: !lists.complete,
  };
  const record = await saveKlaviyoConnection({
    userId,
    sealedKey: sealKey(apiKey, userId),
    keyHint: keyHint(apiKey),
    accountTag: keyAccountTag(apiKey),
    account,
    now: new Date((deps.clock ?? klaviyoDefaults.clock).now()),
  });
  return view(record);
}

/** A session with the owner's own key, or the reason there is none. */
export async function openKlaviyoSession({ userId }: { userId: string }, deps: KlaviyoDeps = {}): Promise<{ session: KlaviyoSession; accountTag: string }> {
  const sealed = await getSealedKlaviyoKey({ userId });
  if (!sealed) throw conflict(KLAVIYO_NOT_CONNECTED_MESSAGE, "KLAVIYO_NOT_CONNECTED");
  const apiKey = openKey(sealed.sealedKey, userId);
  if (!apiKey) throw conflict(KLAVIYO_KEY_UNREADABLE_MESSAGE, "KLAVIYO_RECONNECT");
  return { session: new KlaviyoSession(apiKey, deps), accountTag: sealed.accountTag };
}
