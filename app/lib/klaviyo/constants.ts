import { flowTypeLabel, type FlowType } from "~/lib/flow-types";

/**
 * What Flowmap knows of Klaviyo, written once: the API revision every request names, the scopes a
 * private key needs, Create Flow's published limits, and what triggers each flow type by default.
 * Client-safe: the settings page and the send page read the same values as the server.
 */

/** The `revision` header of every request: the revision of the published documents in vendor/klaviyo-openapi. */
export const KLAVIYO_REVISION = "2026-07-15";

/** Where Klaviyo's API is when KLAVIYO_API_URL is not set. */
export const KLAVIYO_API_DEFAULT_URL = "https://a.klaviyo.com";

/** Where the marketer opens a flow in Klaviyo's app (the link in the answer). */
export const KLAVIYO_APP_URL = "https://www.klaviyo.com";

/** The intent of the form that sends a flow the account lacks, on the Klaviyo flows page and the dashboard's scorecard alike. */
export const SEND_MISSING_INTENT = "generate-and-send-missing";

export function klaviyoFlowUrl(klaviyoFlowId: string) {
  return `${KLAVIYO_APP_URL}/flow/${encodeURIComponent(klaviyoFlowId)}/edit`;
}

/** The scopes a private key needs, and what each one is for. */
export const KLAVIYO_SCOPES = [
  { scope: "lists:read", why: "to check the key and offer your lists as triggers" },
  { scope: "metrics:read", why: "to check the key and offer metrics such as Started Checkout as triggers" },
  { scope: "segments:read", why: "to offer your segments as triggers (sunset flows)" },
  { scope: "templates:write", why: "to create one email template per email" },
  { scope: "flows:write", why: "to create the draft flow" },
  { scope: "flows:read", why: "to import your existing flows and their figures (open, click and revenue rates) into the dashboard and the scorecard" },
] as const;
export type KlaviyoScope = (typeof KLAVIYO_SCOPES)[number]["scope"];

export const KLAVIYO_SCOPE_LIST = KLAVIYO_SCOPES.map((item) => item.scope).join(", ");

/** Klaviyo's error text is summarised to this many characters before it reaches a message. */
export const KLAVIYO_ERROR_DETAIL_MAX = 300;
/** The most of an answer Flowmap reads: an error's body, and a successful answer's (a page of 50 flows is far smaller). */
export const KLAVIYO_ERROR_BODY_MAX_BYTES = 64 * 1024;
export const KLAVIYO_ANSWER_MAX_BYTES = 4 * 1024 * 1024;
/** A 429 is retried at most this many times per request, and never sooner than a second (Retry-After: 0 included). */
export const KLAVIYO_MAX_RETRIES = 3;
export const KLAVIYO_MIN_RETRY_WAIT_MS = 1_000;
/** A list name kept from the key check: at most this many characters. */
export const KLAVIYO_LIST_NAME_MAX = 80;
/** Connection attempts per user: each checks a key with several requests to Klaviyo. */
export const KLAVIYO_CONNECT_LIMITS = [
  { windowMs: 10 * 60_000, max: 5 },
  { windowMs: 86_400_000, max: 20 },
] as const;

/** Create Flow's published limits: 1 a second, 15 a minute, 100 a day (per Klaviyo account). */
export const CREATE_FLOW_LIMITS = [
  { windowMs: 1_000, max: 1, label: "second" },
  { windowMs: 60_000, max: 15, label: "minute" },
  { windowMs: 86_400_000, max: 100, label: "day" },
] as const;

/**
 * How long one send may spend waiting on Klaviyo's limits (our own spacing of Create Flow calls
 * and Klaviyo's Retry-After answers together). Past it the user is told when to try again.
 */
export const KLAVIYO_WAIT_BUDGET_MS = 20_000;

/** The longest a single request to Klaviyo may take before it counts as a timeout. */
export const KLAVIYO_REQUEST_TIMEOUT_MS = 15_000;

/** Klaviyo answers 10 lists or segments a page: at most this many pages are read for the trigger picker. */
export const KLAVIYO_MAX_PAGES = 10;

/**
 * Klaviyo's own links in a template (decision 123). A flow started by a metric can link to the
 * triggering event's properties: the Started Checkout event of Klaviyo's custom-integration guide
 * (developers.klaviyo.com, "Integrate a platform without a pre-built Klaviyo integration") carries
 * the contact's checkout as `CheckoutURL`. Shopify's own Checkout Started event names it
 * `extra.checkout_url`. `{% manage_preferences_link %}` is the contact's preferences page.
 */
export const KLAVIYO_CHECKOUT_URL_TAG = "{{ event.CheckoutURL }}";
export const KLAVIYO_SHOPIFY_CHECKOUT_URL_TAG = "{{ event.extra.checkout_url }}";
export const KLAVIYO_PREFERENCES_TAG = "{% manage_preferences_link %}";

/** What can start a flow in Klaviyo, in Klaviyo's own words. */
export const KLAVIYO_TRIGGER_TYPES = ["list", "segment", "metric"] as const;
export type KlaviyoTriggerType = (typeof KLAVIYO_TRIGGER_TYPES)[number];

export const KLAVIYO_TRIGGER_LABELS: Readonly<Record<KlaviyoTriggerType, string>> = {
  list: "Added to list",
  segment: "Added to segment",
  metric: "Metric (an event)",
};

export interface KlaviyoTrigger {
  type: KlaviyoTriggerType;
  id: string;
}

/**
 * The sensible trigger of each flow type: onboarding and lead nurture start when someone joins a
 * list, abandoned cart on the Started Checkout metric, upsell on Placed Order, sunset when someone
 * enters an unengaged segment. `metricName` is the metric's name in Klaviyo; `namePattern` picks a
 * likely list or segment among the account's own.
 */
export const DEFAULT_TRIGGERS: Readonly<
  Record<FlowType, { type: KlaviyoTriggerType; metricName?: string; namePattern?: RegExp; hint: string; eventLink?: { tag: string; property: string } }>
> = {
  onboarding: { type: "list", namePattern: /welcome|newsletter|subscri|customer/i, hint: "the list new customers join" },
  lead_nurture: { type: "list", namePattern: /lead|newsletter|subscri|sign.?up/i, hint: "the list new leads join" },
  abandoned_cart: {
    type: "metric",
    metricName: "Started Checkout",
    hint: "the Started Checkout metric",
    eventLink: { tag: KLAVIYO_CHECKOUT_URL_TAG, property: "CheckoutURL" },
  },
  upsell: { type: "metric", metricName: "Placed Order", hint: "the Placed Order metric" },
  sunset: { type: "segment", namePattern: /unengaged|inactive|lapsed|sunset|churn/i, hint: "a segment of unengaged subscribers" },
};

/** "Harbor Coffee — Abandoned Cart (from Flowmap)": the flow's name in Klaviyo. */
export function klaviyoFlowName(companyName: string, flowType: FlowType) {
  return `${companyName.trim() || "Your Company"} — ${flowTypeLabel(flowType)} (from Flowmap)`;
}

/** "Derma Clinic — Onboarding, timed from the appointment (from Flowmap)": the flow of the steps timed from one date. */
export function klaviyoDateFlowName(companyName: string, flowType: FlowType, eventName: string) {
  return `${companyName.trim() || "Your Company"} — ${flowTypeLabel(flowType)}, timed from ${eventName} (from Flowmap)`;
}

/** A trigger as one form value ("metric:AbC123"), and back. */
export function triggerValue(trigger: KlaviyoTrigger) {
  return `${trigger.type}:${trigger.id}`;
}

export function parseTriggerValue(value: string): KlaviyoTrigger | null {
  const at = value.indexOf(":");
  if (at < 1) return null;
  const type = value.slice(0, at);
  const id = value.slice(at + 1).trim();
  if (!(KLAVIYO_TRIGGER_TYPES as readonly string[]).includes(type) || !id) return null;
  return { type: type as KlaviyoTriggerType, id };
}

/** Private keys start with pk_; a six-character public key (site ID) cannot read or write anything. */
export const KLAVIYO_KEY_LIMITS = { min: 10, max: 200 } as const;
export const KLAVIYO_KEY_REQUIRED_MESSAGE = "Paste your Klaviyo private API key.";
export const KLAVIYO_PUBLIC_KEY_MESSAGE =
  "That looks like your public API key (site ID). Paste a private API key instead: in Klaviyo, Settings → API keys → Create Private API Key. It starts with pk_.";
export const KLAVIYO_KEY_FORMAT_MESSAGE = "A Klaviyo private API key starts with pk_ and has no spaces. Copy it again from Settings → API keys in Klaviyo.";

/** The key's problem as the form says it, or null when it has the shape of a private key. */
export function klaviyoKeyProblem(raw: string): string | null {
  const key = raw.trim();
  if (!key) return KLAVIYO_KEY_REQUIRED_MESSAGE;
  if (/^[A-Za-z0-9]{6}$/.test(key)) return KLAVIYO_PUBLIC_KEY_MESSAGE;
  if (!/^pk_[A-Za-z0-9_-]+$/.test(key) || key.length < KLAVIYO_KEY_LIMITS.min || key.length > KLAVIYO_KEY_LIMITS.max) return KLAVIYO_KEY_FORMAT_MESSAGE;
  return null;
}
