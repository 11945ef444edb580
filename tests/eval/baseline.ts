import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { CHECK_IDS, type CheckId } from "./checks/types";
import type { Counts } from "./run";

/**
 * The ratchet: tests/eval/baseline.json holds the failure count of each check and their total.
 * A count may only go down; the change that lowers it lowers the baseline with it, so the number
 * committed is always the number the code gives.
 */

export const BASELINE_PATH = fileURLToPath(new URL("./baseline.json", import.meta.url));

export interface Baseline {
  checks: Record<CheckId, number>;
  total: number;
}

export interface CountChange {
  check: CheckId | "total";
  baseline: number;
  now: number;
}

export function readBaseline(file = BASELINE_PATH): Baseline {
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Baseline>;
  const checks = Object.fromEntries(CHECK_IDS.map((id) => [id, raw.checks?.[id] ?? 0])) as Record<CheckId, number>;
  return { checks, total: raw.total ?? 0 };
}

export function baselineOf(totals: Counts): Baseline {
  return { checks: Object.fromEntries(CHECK_IDS.map((id) => [id, totals[id]])) as Record<CheckId, number>, total: totals.total };
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
  return { checks, total: Object.values(checks).reduce((sum, n) => sum + n, 0) };
}

export function writeBaseline(baseline: Baseline, file = BASELINE_PATH) {
  fs.writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

export function describeChange(change: CountChange): string {
  return `${change.check}: ${change.now} (baseline ${change.baseline})`;
}
