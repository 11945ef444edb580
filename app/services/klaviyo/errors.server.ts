import { KLAVIYO_SCOPE_LIST, KLAVIYO_SCOPES, type KlaviyoScope } from "~/lib/klaviyo/constants";
import { conflict, type DomainError, rateLimited, upstreamFailed } from "~/services/domain-error";
import { KlaviyoApiError, OPERATION_SCOPES } from "~/services/klaviyo/client.server";

/**
 * What the marketer reads when Klaviyo refuses or fails, each message saying what to do next.
 * One place for every Klaviyo fault the connection and the send share.
 */

export const KLAVIYO_NOT_CONNECTED_MESSAGE = "Connect Klaviyo first: paste a private API key under Klaviyo in User Settings.";
export const KLAVIYO_KEY_UNREADABLE_MESSAGE = "Your saved Klaviyo key can no longer be read (this server's encryption key changed). Connect Klaviyo again in User Settings.";
export const KLAVIYO_KEY_REJECTED_AT_CONNECT =
  "Klaviyo did not accept this key. Copy the whole private key again from Settings → API keys in Klaviyo (it starts with pk_) and check it has not been revoked.";
export const KLAVIYO_KEY_REJECTED_LATER =
  "Klaviyo no longer accepts your saved key (it was revoked or deleted). Create a private key in Klaviyo and connect again in User Settings.";

export function scopeWhy(scope: KlaviyoScope) {
  return KLAVIYO_SCOPES.find((item) => item.scope === scope)?.why ?? "";
}

export function missingScopesMessage(scopes: readonly KlaviyoScope[]) {
  const named = scopes.map((scope) => `${scope} (${scopeWhy(scope)})`).join("; ");
  return `This key is missing ${scopes.length === 1 ? "the scope" : "scopes"} ${named}. In Klaviyo, edit the key under Settings → API keys to allow ${KLAVIYO_SCOPE_LIST}, then connect again.`;
}

/** "45 seconds", "3 minutes", "2 hours". */
export function waitText(seconds: number) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

export function klaviyoRateLimited(seconds: number) {
  return rateLimited(
    `Klaviyo limits how fast flows can be created (1 a second, 15 a minute, 100 a day per account). Nothing was left half-made. Try again in ${waitText(seconds)}.`,
    Math.max(1, Math.ceil(seconds)),
  );
}

/** A fault that is neither the key's nor the input's: Klaviyo's side, the network, a timeout. */
export function klaviyoUnavailable(error: KlaviyoApiError, tail = "Try again in a few minutes.") {
  if (error.failure === "timeout") return upstreamFailed(`Klaviyo did not answer in time (${error.detail}). ${tail}`, error);
  if (error.failure === "network") return upstreamFailed(`Flowmap could not reach Klaviyo. ${tail}`, error);
  if (error.failure === "malformed") return upstreamFailed(`Klaviyo sent an answer Flowmap could not read (${error.detail}). ${tail}`, error);
  if (error.failure === "capped") return upstreamFailed(`Flowmap stopped asking Klaviyo: ${error.detail}. ${tail}`, error);
  if (error.status < 500) return upstreamFailed(`Klaviyo refused the request (error ${error.status}: ${error.detail}). ${tail}`, error);
  return upstreamFailed(`Klaviyo had a problem on its side (error ${error.status}). ${tail}`, error);
}

/**
 * The DomainError for a Klaviyo error outside the key check: a rejected key or a missing scope
 * sends the user to User Settings, a 429 past the wait budget says when to try again, a 5xx or a
 * timeout says so. A 4xx naming a field is the caller's to explain (it knows what was sent).
 */
export function fromKlaviyoError(error: unknown): DomainError | null {
  if (!(error instanceof KlaviyoApiError)) return null;
  if (error.failure !== "rejected") return klaviyoUnavailable(error);
  if (error.status === 401) return conflict(KLAVIYO_KEY_REJECTED_LATER, "KLAVIYO_KEY_REJECTED");
  if (error.status === 403) return conflict(missingScopesMessage([OPERATION_SCOPES[error.operation]]), "KLAVIYO_SCOPE_MISSING");
  if (error.status === 429) return klaviyoRateLimited(error.retryAfterSeconds ?? 60);
  if (error.status >= 500) return klaviyoUnavailable(error);
  return null;
}
