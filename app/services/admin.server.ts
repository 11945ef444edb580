import { countBenchmarks } from "~/models/email-benchmark.server";
import { countFlowRules } from "~/models/flow-rule.server";
import { countUsers } from "~/models/user.server";
import { registerReadCache } from "~/models/read-caches.server";

/** Admin stats are cached for 30 seconds: counting every collection on each view is waste. */
export const ADMIN_STATS_TTL_MS = 30_000;

export interface AdminStats {
  totalUsers: number;
  benchmarks: number;
  flowMappings: number;
}

let cache: { value: AdminStats; at: number } | undefined;

export async function getAdminStats(now = Date.now()): Promise<AdminStats> {
  if (cache && now - cache.at < ADMIN_STATS_TTL_MS) return cache.value;
  const [totalUsers, benchmarks, flowMappings] = await Promise.all([countUsers(), countBenchmarks(), countFlowRules()]);
  cache = { value: { totalUsers, benchmarks, flowMappings }, at: now };
  return cache.value;
}

/** After an admin write the next read counts again. */
export function invalidateAdminStats() {
  cache = undefined;
}
registerReadCache(invalidateAdminStats);
