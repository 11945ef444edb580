import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { CHECK_IDS, type CheckId } from "./checks/types";
import type { ResultCounts } from "./feedback/run";
import type { Counts } from "./run";

/**
 * The ratchet: tests/eval/baseline.json holds the failure count of each check and their total.
 * A count may only go down; the change that lowers it lowers the baseline with it, so the number
 * committed is always the number the code gives. Its `feedback` part ratchets the feedback notes
 * the same way: notes done may only go up, notes that did the opposite or claimed a change not made
 * may only go down.
 */

export const BASELINE_PATH = fileURLToPath(new URL("./baseline.json", import.meta.url));

export interface Baseline {
  checks: Record<CheckId, number>;
  total: number;
  feedback: FeedbackBaseline;
}

/** The feedback results the ratchet holds, and which way each may move. */
export const FEEDBACK_RATCHET = { done: "up", opposite: "down", "claimed-not-done": "down" } as const;
export type FeedbackBaseline = Record<keyof typeof FEEDBACK_RATCHET, number>;
const FEEDBACK_KEYS = Object.keys(FEEDBACK_RATCHET) as Array<keyof typeof FEEDBACK_RATCHET>;

export interface FeedbackChange {
  result: keyof typeof FEEDBACK_RATCHET;
  baseline: number;
  now: number;
}

export interface CountChange {
  check: CheckId | "total";
  baseline: number;
  now: number;
}

export function readBaseline(file = BASELINE_PATH): Baseline {
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Baseline>;
  const checks = Object.fromEntries(CHECK_IDS.map((id) => [id, raw.checks?.[id] ?? 0])) as Record<CheckId, number>;
  const feedback = Object.fromEntries(FEEDBACK_KEYS.map((key) => [key, raw.feedback?.[key] ?? 0])) as FeedbackBaseline;
  return { checks, total: raw.total ?? 0, feedback };
}

export function baselineOf(totals: Counts, feedback: ResultCounts): Baseline {
  return {
    checks: Object.fromEntries(CHECK_IDS.map((id) => [id, totals[id]])) as Record<CheckId, number>,
    total: totals.total,
    feedback: feedbackBaselineOf(feedback),
  };
}

function feedbackBaselineOf(counts: ResultCounts): FeedbackBaseline {
  return Object.fromEntries(FEEDBACK_KEYS.map((key) => [key, counts[key]])) as FeedbackBaseline;
}

/** The feedback results that moved the wrong way (`worse`) and the right way (`better`). */
export function compareFeedback(counts: ResultCounts, baseline: FeedbackBaseline): { worse: FeedbackChange[]; better: FeedbackChange[] } {
  const changes = FEEDBACK_KEYS.map((result) => ({ result, baseline: baseline[result], now: counts[result] }));
  const up = (c: FeedbackChange) => (FEEDBACK_RATCHET[c.result] === "up" ? c.now - c.baseline : c.baseline - c.now);
  return { worse: changes.filter((c) => up(c) < 0), better: changes.filter((c) => up(c) > 0) };
}

/** The feedback baseline moved to every result that got better; one that got worse keeps its old value. */
export function ratchetedFeedback(counts: ResultCounts, baseline: FeedbackBaseline): FeedbackBaseline {
  const better = (key: keyof typeof FEEDBACK_RATCHET) => (FEEDBACK_RATCHET[key] === "up" ? Math.max : Math.min)(baseline[key], counts[key]);
  return Object.fromEntries(FEEDBACK_KEYS.map((key) => [key, better(key)])) as FeedbackBaseline;
}

export function describeFeedbackChange(change: FeedbackChange): string {
  return `${change.result} notes: ${change.now} (baseline ${change.baseline})`;
}

export function compareToBaseline(totals: Counts, baseline: Baseline): { rose: CountChange[]; fell: CountChange[] } {
  const changes: CountChange[] = [
    ...CHECK_IDS.map((check) => ({ check, baseline: baseline.checks[check], now: totals[check] })),
    { check: "total", baseline: baseline.total, now: totals.total },
  ];
  return { rose: changes.filter((c) => c.now > c.baseline), fell: changes.filter((c) => c.now < c.baseline) };
}

/** The baseline with every count that fell lowered; a count that rose keeps its old value. */
export function loweredBaseline(totals: Counts, baseline: Baseline): Baseline {
  const checks = Object.fromEntries(CHECK_IDS.map((id) => [id, Math.min(baseline.checks[id], totals[id])])) as Record<CheckId, number>;
  return { checks, total: Object.values(checks).reduce((sum, n) => sum + n, 0), feedback: baseline.feedback };
}

export function writeBaseline(baseline: Baseline, file = BASELINE_PATH) {
  fs.writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

export function describeChange(change: CountChange): string {
  return `${change.check}: ${change.now} (baseline ${change.baseline})`;
}
