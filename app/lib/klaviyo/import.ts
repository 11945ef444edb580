import { FLOW_TYPES, flowTypeLabel, type FlowType } from "~/lib/flow-types";
import { emptyMetricValues, METRIC_KEYS, type MetricKey, type MetricValues } from "~/lib/metrics";

/**
 * Reading a Klaviyo account's own flows and figures (client-safe, pure): the timeframes offered,
 * the limits every import keeps to, how a Klaviyo flow is matched to a Flowmap flow type, and how
 * the figures of several flows become one figure per flow type. The services do the calls and the
 * storing; the pages and the API speak these values.
 */

/** The page that shows the imported flows and their mapping. */
export const KLAVIYO_FLOWS_PATH = "/klaviyo-flows";

/** The timeframes offered, in days, and Klaviyo's own key for each (Query Flow Values' `timeframe.key`). */
export const IMPORT_DAYS = [30, 90, 365] as const;
export type ImportTimeframeDays = (typeof IMPORT_DAYS)[number];
const TIMEFRAME_KEYS: Readonly<Record<ImportTimeframeDays, string>> = { 30: "last_30_days", 90: "last_90_days", 365: "last_365_days" };
export const DEFAULT_IMPORT_DAYS: ImportTimeframeDays = 90;

export function isImportDays(value: unknown): value is ImportTimeframeDays {
  return (IMPORT_DAYS as readonly unknown[]).includes(value);
}

export function timeframeKey(days: ImportTimeframeDays) {
  return TIMEFRAME_KEYS[days];
}

/**
 * Klaviyo's published limits for the two reads (per account): Query Flow Values 1 a second, 2 a
 * minute, 225 a day; Get Flows 3 a second, 60 a minute. Flowmap counts its own calls against them
 * (in the database, so every instance shares the count) and never sends past them.
 */
export const REPORTING_LIMITS = [
  { windowMs: 1_000, max: 1, label: "second" },
  { windowMs: 60_000, max: 2, label: "minute" },
  { windowMs: 86_400_000, max: 225, label: "day" },
] as const;
export const FLOW_LIST_LIMITS = [
  { windowMs: 1_000, max: 3, label: "second" },
  { windowMs: 60_000, max: 60, label: "minute" },
] as const;

/** Get Flows answers at most 50 flows a page; an import reads at most this many pages (1,000 flows). */
export const FLOWS_PAGE_SIZE = 50;
export const MAX_FLOW_PAGES = 20;
/** Query Flow Values pages an import follows at most (each one counts against the reporting limits). */
export const MAX_REPORT_PAGES = 3;
/** Requests one refresh may send to Klaviyo in all, whatever happens (pages, metrics, reports, retries). */
export const REFRESH_CALL_CAP = 30;
/** How long one refresh may spend waiting on limits and Retry-After answers, in all. */
export const REFRESH_WAIT_BUDGET_MS = 45_000;
/** A refresh asked for within this long of the last one answers the stored figures (no call). */
export const REFRESH_CACHE_MS = 15 * 60_000;
/** The background refresh runs once a day per connected account. */
export const DAILY_REFRESH_MS = 24 * 60 * 60_000;

/** A Klaviyo flow's name as stored and shown: at most this many characters. */
export const FLOW_NAME_MAX = 120;

/** "Not one of these": a flow the user says matches none of Flowmap's flow types. */
export const NOT_MAPPED = "none";
export type FlowChoice = FlowType | typeof NOT_MAPPED;

export function isFlowChoice(value: unknown): value is FlowChoice {
  return value === NOT_MAPPED || (typeof value === "string" && (FLOW_TYPES as readonly string[]).includes(value));
}

/** Get Flows' `trigger_type` values (Klaviyo's own words). */
export type KlaviyoFlowTrigger = "Added to List" | "Date Based" | "Low Inventory" | "Metric" | "Price Drop" | "Unconfigured";

export interface ImportedFlow {
  id: string;
  name: string;
  /** live, draft or manual. */
  status: string;
  triggerType: string;
  /** What Flowmap matched it to (null: nothing matched). */
  suggested: FlowType | null;
  /** Why, in a few words ("Started Checkout metric", "name says welcome"). */
  reason: string;
  /** The user's own choice, which wins over the suggestion. */
  choice: FlowChoice | null;
  /** A draft Flowmap itself sent. */
  fromFlowmap: boolean;
}

/** The flow type a flow counts for: the user's choice, else the match; null when it counts for none. */
export function mappedType(flow: Pick<ImportedFlow, "suggested" | "choice">): FlowType | null {
  if (flow.choice === NOT_MAPPED) return null;
  return flow.choice ?? flow.suggested;
}

/** Cuts a name from Klaviyo to what is stored and shown (whitespace collapsed, at most `max` characters). */
export function storedName(name: unknown, fallback: string, max: number = FLOW_NAME_MAX) {
  const text =
    typeof name === "string"
      ? name
          .slice(0, max * 4)
          .replace(/\s+/g, " ")
          .trim()
      : "";
  if (!text) return fallback;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const NAME_HINTS: ReadonlyArray<{ type: FlowType; pattern: RegExp; says: string }> = [
  { type: "abandoned_cart", pattern: /abandon|cart|checkout|basket/i, says: "checkout" },
  { type: "upsell", pattern: /upsell|cross.?sell|post.?purchase|thank|placed order|order|purchase|replenish|repeat/i, says: "after an order" },
  { type: "sunset", pattern: /sunset|unengaged|inactive|lapsed|win.?back|re.?engage|churn|goodbye/i, says: "unengaged subscribers" },
  { type: "lead_nurture", pattern: /lead|nurture|prospect|pop.?up|quiz/i, says: "leads" },
  { type: "onboarding", pattern: /welcome|onboard|new subscriber|sign.?up|newsletter|getting started/i, says: "welcome" },
];

/** The flow type a name suggests, among some types (the first hint that matches), with what it said. */
function byName(name: string, among: readonly FlowType[]): { type: FlowType; says: string } | null {
  for (const hint of NAME_HINTS) if (among.includes(hint.type) && hint.pattern.test(name)) return { type: hint.type, says: hint.says };
  return null;
}

const FLOWMAP_SUFFIX = /\(from Flowmap\)\s*$/i;

/**
 * Matches one Klaviyo flow to a Flowmap flow type by its trigger, names breaking ties. Get Flows
 * says what kind of thing starts a flow (a list, a metric, a date) but not which metric, so a
 * metric flow is abandoned cart or upsell by its name (Started Checkout, Placed Order); a list
 * flow is onboarding (welcome) unless its name says lead nurture; a sunset flow starts from a
 * segment, which Klaviyo reports as a list: its name decides. A flow Flowmap sent is known by the
 * send's record (`sentTypes`), else by the name Flowmap gives its drafts.
 */
export function suggestFlowType(
  flow: { id: string; name: string; triggerType: string },
  sentTypes: ReadonlyMap<string, FlowType> = new Map(),
): { suggested: FlowType | null; reason: string; fromFlowmap: boolean } {
  const sent = sentTypes.get(flow.id);
  if (sent) return { suggested: sent, reason: "sent from Flowmap", fromFlowmap: true };
  const fromFlowmap = FLOWMAP_SUFFIX.test(flow.name);
  if (fromFlowmap) {
    const named = FLOW_TYPES.find((type) => new RegExp(`— ${flowTypeLabel(type)}\\b`, "i").test(flow.name));
    if (named) return { suggested: named, reason: "sent from Flowmap", fromFlowmap: true };
  }
  switch (flow.triggerType) {
    case "Metric": {
      const named = byName(flow.name, ["abandoned_cart", "upsell", "sunset"]);
      if (named?.type === "abandoned_cart") return { suggested: named.type, reason: "Started Checkout metric (by its name)", fromFlowmap };
      if (named?.type === "upsell") return { suggested: named.type, reason: "Placed Order metric (by its name)", fromFlowmap };
      if (named) return { suggested: named.type, reason: `metric; name says ${named.says}`, fromFlowmap };
      return { suggested: null, reason: "a metric Flowmap cannot tell from the name", fromFlowmap };
    }
    case "Added to List": {
      const named = byName(flow.name, ["sunset", "lead_nurture", "onboarding"]);
      if (named?.type === "sunset") return { suggested: "sunset", reason: "segment of unengaged subscribers (by its name)", fromFlowmap };
      if (named?.type === "lead_nurture") return { suggested: "lead_nurture", reason: "list; name says leads", fromFlowmap };
      return { suggested: "onboarding", reason: named ? "list; name says welcome" : "added to a list", fromFlowmap };
    }
    default: {
      const named = byName(flow.name, FLOW_TYPES);
      return named ? { suggested: named.type, reason: `name says ${named.says}`, fromFlowmap } : { suggested: null, reason: "no trigger Flowmap maps", fromFlowmap };
    }
  }
}

/** One flow's email figures over the timeframe: recipients, and each rate as Klaviyo gives it (a fraction; revenue per recipient in the account's currency). */
export interface FlowStats {
  flowId: string;
  recipients: number;
  values: Partial<Record<MetricKey, number>>;
}

/** Query Flow Values' statistic for each of the card's figures (the card's Click Through Rate is Klaviyo's click-to-open rate). */
export const KLAVIYO_STATISTICS: Readonly<Record<MetricKey, string>> = {
  openRate: "open_rate",
  clickRate: "click_rate",
  ctr: "click_to_open_rate",
  revenuePerRecipient: "revenue_per_recipient",
  bounceRate: "bounce_rate",
  unsubscribeRate: "unsubscribe_rate",
  spamComplaintRate: "spam_complaint_rate",
};

/**
 * Sums the rows of a report (one per flow, message and channel) into one FlowStats per flow,
 * each figure weighted by its message's recipients. Rows without recipients count for nothing.
 */
export function flowStatsOf(rows: ReadonlyArray<{ groupings: Record<string, unknown>; statistics: Record<string, unknown> }>): FlowStats[] {
  const sums = new Map<string, { recipients: number; weighted: Partial<Record<MetricKey, { sum: number; weight: number }>> }>();
  for (const row of rows) {
    const flowId = row.groupings.flow_id;
    if (typeof flowId !== "string" || !flowId) continue;
    if (row.groupings.send_channel !== undefined && row.groupings.send_channel !== "email") continue;
    const recipients = Number(row.statistics.recipients);
    if (!Number.isFinite(recipients) || recipients <= 0) continue;
    let entry = sums.get(flowId);
    if (!entry) sums.set(flowId, (entry = { recipients: 0, weighted: {} }));
    entry.recipients += recipients;
    for (const key of METRIC_KEYS) {
      const value = Number(row.statistics[KLAVIYO_STATISTICS[key]]);
      if (row.statistics[KLAVIYO_STATISTICS[key]] === null || row.statistics[KLAVIYO_STATISTICS[key]] === undefined || !Number.isFinite(value) || value < 0) continue;
      const slot = (entry.weighted[key] ??= { sum: 0, weight: 0 });
      slot.sum += value * recipients;
      slot.weight += recipients;
    }
  }
  return [...sums].map(([flowId, entry]) => ({
    flowId,
    recipients: entry.recipients,
    values: Object.fromEntries(Object.entries(entry.weighted).map(([key, slot]) => [key, slot.sum / slot.weight])) as Partial<Record<MetricKey, number>>,
  }));
}

/** A fraction as the card's percent (0.4213 → 42.13), or a revenue as dollars, to the card's two decimals. */
export function toCardUnits(key: MetricKey, value: number) {
  const display = key === "revenuePerRecipient" ? value : value * 100;
  return Math.round(display * 100) / 100;
}

export interface ImportedFigures {
  flowType: FlowType;
  /** How many of the account's flows the figures come from. */
  flowCount: number;
  recipients: number;
  values: MetricValues;
}

/**
 * The figures of each flow type from the flows mapped to it: every figure weighted by recipients
 * across those flows, in the card's units. A type with no mapped flow that sent anything has no
 * entry.
 */
export function combineFigures(flows: ReadonlyArray<Pick<ImportedFlow, "id" | "suggested" | "choice">>, stats: readonly FlowStats[]): ImportedFigures[] {
  const byFlow = new Map(stats.map((entry) => [entry.flowId, entry]));
  const result: ImportedFigures[] = [];
  for (const flowType of FLOW_TYPES) {
    const mine = flows.filter((flow) => mappedType(flow) === flowType).flatMap((flow) => byFlow.get(flow.id) ?? []);
    if (mine.length === 0) continue;
    const values = emptyMetricValues();
    for (const key of METRIC_KEYS) {
      let sum = 0;
      let weight = 0;
      for (const entry of mine) {
        const value = entry.values[key];
        if (value === undefined) continue;
        sum += value * entry.recipients;
        weight += entry.recipients;
      }
      values[key] = weight > 0 ? toCardUnits(key, sum / weight) : null;
    }
    result.push({ flowType, flowCount: mine.length, recipients: mine.reduce((total, entry) => total + entry.recipients, 0), values });
  }
  return result;
}

/** "2 hours ago", "just now", "3 days ago". */
export function agoText(at: Date, now: Date) {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** "From Klaviyo · last 90 days · 3 flows · updated 2 hours ago": where a card section's figures come from. */
export function sourceLine({ days, flowCount, refreshedAt }: { days: number; flowCount: number; refreshedAt: Date }, now: Date) {
  return `From Klaviyo · last ${days} days · ${flowCount} flow${flowCount === 1 ? "" : "s"} · updated ${agoText(refreshedAt, now)}`;
}
