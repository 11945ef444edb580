/**
 * What the model path did, for operators: one structured log line per model call, counters of each
 * request's outcome per purpose, and the recent durations the wait shown to users is taken from.
 * Everything lives in this process and starts again from zero when it restarts
 * (docs/decisions/129-model-call-counters-in-the-process.md). A line names what happened, never
 * what was said: no prompt, no answer, no copy, no business answers, no key.
 */

/** What a model call was for. */
export const MODEL_PURPOSES = ["plan", "regenerate", "content", "research"] as const;
export type ModelPurpose = (typeof MODEL_PURPOSES)[number];

/** How a request to the model ended; each request is counted once, by its purpose. */
export const MODEL_OUTCOMES = ["accepted", "repaired", "refused", "failed"] as const;
export type ModelOutcome = (typeof MODEL_OUTCOMES)[number];

/**
 * One model call's log line. The first call of a request whose answer the checker sends back logs
 * `needs_repair` (not counted: its request ends with the repair); the repair logs purpose "repair",
 * `for` the request's purpose, and the request's outcome.
 */
export interface ModelCallLine {
  event: "model_call";
  purpose: ModelPurpose | "repair";
  /** A repair's request purpose. */
  for?: ModelPurpose;
  model: string;
  promptTokens?: number;
  completionTokens?: number;
  /** This call's milliseconds, from sending the request to the checked answer. */
  ms: number;
  outcome: ModelOutcome | "needs_repair";
  /** Why a call failed: timeout, http_503, connection, model_refusal, cut_short, too_large, invalid_json, shape, no_choice. */
  reason?: string;
  /** The kinds of the checker's findings (its rule names), never the words found. */
  findings?: string[];
}

/** How many recent successful requests per purpose the typical wait is the median of. */
export const RECENT_DURATIONS = 20;

type Counts = Record<ModelOutcome, number>;
const zero = (): Counts => ({ accepted: 0, repaired: 0, refused: 0, failed: 0 });

const state = {
  counts: Object.fromEntries(MODEL_PURPOSES.map((purpose) => [purpose, zero()])) as Record<ModelPurpose, Counts>,
  recent: Object.fromEntries(MODEL_PURPOSES.map((purpose) => [purpose, [] as number[]])) as Record<ModelPurpose, number[]>,
  since: new Date(),
};

/** Starts every counter and the recent durations again (tests; a restart does the same). */
export function resetModelCallStats(now = new Date()) {
  for (const purpose of MODEL_PURPOSES) {
    state.counts[purpose] = zero();
    state.recent[purpose] = [];
  }
  state.since = now;
}

/** The line as written: one JSON object on one line, its fields in a fixed order, empty ones left out. */
export function modelCallLogLine(line: ModelCallLine): string {
  const ordered: ModelCallLine = {
    event: line.event,
    purpose: line.purpose,
    ...(line.for ? { for: line.for } : {}),
    model: line.model,
    ...(line.promptTokens === undefined ? {} : { promptTokens: line.promptTokens }),
    ...(line.completionTokens === undefined ? {} : { completionTokens: line.completionTokens }),
    ms: Math.round(line.ms),
    outcome: line.outcome,
    ...(line.reason ? { reason: line.reason } : {}),
    ...(line.findings && line.findings.length > 0 ? { findings: [...new Set(line.findings)].sort() } : {}),
  };
  return JSON.stringify(ordered);
}

/**
 * Logs one model call and, when it ends its request, counts the request's outcome. `requestMs` is
 * the whole request's time (the first call and its repair), kept for the typical wait when the
 * request succeeded. Failures and refusals are warnings: the server goes on, the user is told.
 */
export function recordModelCall(line: ModelCallLine, requestMs?: number) {
  const text = modelCallLogLine(line);
  if (line.outcome === "failed" || line.outcome === "refused") console.warn(text);
  else console.info(text);
  if (line.outcome === "needs_repair") return;
  const purpose = line.purpose === "repair" ? line.for : line.purpose;
  if (!purpose) return;
  state.counts[purpose][line.outcome] += 1;
  if (line.outcome === "accepted" || line.outcome === "repaired") {
    const recent = state.recent[purpose];
    recent.push(Math.round(requestMs ?? line.ms));
    if (recent.length > RECENT_DURATIONS) recent.splice(0, recent.length - RECENT_DURATIONS);
  }
}

export interface ModelCallStats {
  /** When the counters started (this process's start, or the last reset). */
  since: string;
  purposes: Array<{ purpose: ModelPurpose; counts: Counts; typicalMs: number | null }>;
}

export function modelCallStats(): ModelCallStats {
  return {
    since: state.since.toISOString(),
    purposes: MODEL_PURPOSES.map((purpose) => ({ purpose, counts: { ...state.counts[purpose] }, typicalMs: typicalDurationMs(purpose) })),
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The median of the recent successful requests' durations for this purpose, or null before the first. */
export function typicalDurationMs(purpose: ModelPurpose): number | null {
  const recent = state.recent[purpose];
  return recent.length === 0 ? null : median(recent);
}

/** The counters in Prometheus's text exposition format (version 0.0.4). */
export function metricsExposition(stats: ModelCallStats = modelCallStats()): string {
  const lines = ["# HELP flowmap_model_requests_total Requests to the model by purpose and outcome, since the process started.", "# TYPE flowmap_model_requests_total counter"];
  for (const { purpose, counts } of stats.purposes) {
    for (const outcome of MODEL_OUTCOMES) lines.push(`flowmap_model_requests_total{purpose="${purpose}",outcome="${outcome}"} ${counts[outcome]}`);
  }
  lines.push(
    "# HELP flowmap_model_request_typical_seconds Median duration of the recent successful requests by purpose (absent before the first).",
    "# TYPE flowmap_model_request_typical_seconds gauge",
  );
  for (const { purpose, typicalMs } of stats.purposes) {
    if (typicalMs !== null) lines.push(`flowmap_model_request_typical_seconds{purpose="${purpose}"} ${typicalMs / 1000}`);
  }
  lines.push(
    "# HELP flowmap_model_counters_start_time_seconds When these counters started (Unix time).",
    "# TYPE flowmap_model_counters_start_time_seconds gauge",
    `flowmap_model_counters_start_time_seconds ${Math.floor(Date.parse(stats.since) / 1000)}`,
  );
  return `${lines.join("\n")}\n`;
}
