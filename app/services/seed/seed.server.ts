import { getMeta, setMeta } from "~/models/app-meta.server";
import { dropLegacyBenchmarkIndex, insertBenchmarkIfMissing } from "~/models/email-benchmark.server";
import { insertFlowRuleIfMissing } from "~/models/flow-rule.server";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";
import { DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";

/**
 * Applies the seed data; safe to run at every start and any number of times.
 *
 * Policy: insert-if-missing only. A benchmark row is inserted when no row with its
 * (benchmarkType, performanceIndicator) exists; a flow rule when no rule of its flow type
 * exists. An existing row is never updated, so an admin's edits always survive a re-seed (a row an
 * admin deleted comes back on the next seed: delete the whole flow type's rules and add your own
 * instead, or edit the seeded row). Both inserts are upserts on a unique key, so two seeds running
 * at once cannot duplicate anything.
 *
 * Returns how many rows this run inserted (0 and 0 on an already seeded database).
 */
export async function seedDatabase(): Promise<{ benchmarks: number; rules: number }> {
  let benchmarks = 0;
  for (const row of BENCHMARK_SEED) {
    if (await insertBenchmarkIfMissing(row)) benchmarks++;
  }
  let rules = 0;
  for (const rule of DEFAULT_FLOW_RULES) {
    if (await insertFlowRuleIfMissing(rule)) rules++;
  }
  return { benchmarks, rules };
}

/** Bump when the seed gains rows a running installation should receive at its next start. */
export const SEED_VERSION = "1";
const SEED_KEY = "seed-version";

/**
 * At start: seed a database once per seed version. Unlike `npm run seed`, which restores any
 * missing default, this never brings back a row an admin deleted on purpose.
 */
export async function seedOnStart(): Promise<{ benchmarks: number; rules: number } | null> {
  // A database from before peer benchmarks keeps a unique index that refuses industry rows.
  if (await dropLegacyBenchmarkIndex()) console.info("[db] replaced the benchmark index with one that allows a row per peer group");
  if ((await getMeta(SEED_KEY)) === SEED_VERSION) return null;
  const inserted = await seedDatabase();
  await setMeta(SEED_KEY, SEED_VERSION);
  return inserted;
}
