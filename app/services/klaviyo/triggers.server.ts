import { DEFAULT_TRIGGERS, type KlaviyoTrigger, type KlaviyoTriggerType } from "~/lib/klaviyo/constants";
import type { FlowType } from "~/lib/flow-types";
import { KlaviyoApiError, type KlaviyoDeps, type KlaviyoResource } from "~/services/klaviyo/client.server";
import { openKlaviyoSession } from "~/services/klaviyo/connection.server";
import { fromKlaviyoError, klaviyoUnavailable, scopeWhy } from "~/services/klaviyo/errors.server";

/**
 * What can start a flow in the user's Klaviyo account, read live (lists, segments, metrics), with
 * the sensible default for the flow type preselected.
 */

export interface KlaviyoTriggerOptions {
  options: Record<KlaviyoTriggerType, KlaviyoResource[]>;
  /** Kinds the key may not read (missing scope), with why the scope is needed. */
  unreadable: Array<{ type: KlaviyoTriggerType; scope: string; why: string }>;
  /** The flow type's sensible trigger in this account, or null when the account has none. */
  suggested: KlaviyoTrigger | null;
  /** What the suggestion looks for ("the Started Checkout metric"), for the page to say when nothing matched. */
  suggestionHint: string;
}

export function suggestTrigger(flowType: FlowType, options: Record<KlaviyoTriggerType, KlaviyoResource[]>): KlaviyoTrigger | null {
  const rule = DEFAULT_TRIGGERS[flowType];
  const pool = options[rule.type];
  const match = rule.metricName
    ? pool.find((item) => item.name.trim().toLowerCase() === rule.metricName!.toLowerCase())
    : (pool.find((item) => rule.namePattern?.test(item.name)) ?? pool[0]);
  return match ? { type: rule.type, id: match.id } : null;
}

export async function listKlaviyoTriggers({ userId, flowType }: { userId: string; flowType: FlowType }, deps: KlaviyoDeps = {}): Promise<KlaviyoTriggerOptions> {
  const { session } = await openKlaviyoSession({ userId }, deps);
  const options: Record<KlaviyoTriggerType, KlaviyoResource[]> = { list: [], segment: [], metric: [] };
  const unreadable: KlaviyoTriggerOptions["unreadable"] = [];
  const reads: Array<[KlaviyoTriggerType, () => Promise<{ items: KlaviyoResource[] }>]> = [
    ["list", () => session.getLists()],
    ["segment", () => session.getSegments()],
    ["metric", () => session.getMetrics()],
  ];
  for (const [type, read] of reads) {
    try {
      options[type] = (await read()).items;
    } catch (error) {
      if (error instanceof KlaviyoApiError && error.failure === "rejected" && error.status === 403) {
        const scope = `${type}s:read` as const;
        unreadable.push({ type, scope, why: scopeWhy(scope) });
        continue;
      }
      throw fromKlaviyoError(error) ?? (error instanceof KlaviyoApiError ? klaviyoUnavailable(error) : error);
    }
  }
  return { options, unreadable, suggested: suggestTrigger(flowType, options), suggestionHint: DEFAULT_TRIGGERS[flowType].hint };
}
