import { safeParse } from "zod/v4/core";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import {
  combineFigures,
  DAILY_REFRESH_MS,
  DEFAULT_IMPORT_DAYS,
  FLOW_LIST_LIMITS,
  type FlowChoice,
  type ImportedFigures,
  type ImportedFlow,
  type ImportTimeframeDays,
  isImportDays,
  KLAVIYO_STATISTICS,
  mappedType,
  REFRESH_CACHE_MS,
  REFRESH_CALL_CAP,
  REFRESH_WAIT_BUDGET_MS,
  REPORTING_LIMITS,
  sourceLine,
  storedName,
  suggestFlowType,
  timeframeKey,
  flowStatsOf,
} from "~/lib/klaviyo/import";
import { IMPORT_DAYS_MESSAGE, klaviyoMappingSchema, MAPPING_FLOWS_MESSAGE } from "~/lib/klaviyo/schema";
import { METRIC_KEYS, type MetricValues } from "~/lib/metrics";
import { findFlowOutlinesOfUser } from "~/models/ai-generated-flow.server";
import { getKlaviyoImport, type KlaviyoImportRecord, listImportsDue, saveFlowChoices, saveKlaviyoImport } from "~/models/klaviyo-import.server";
import { listSentKlaviyoFlows } from "~/models/klaviyo-send.server";
import { LockBusyError, withLock } from "~/models/lock.server";
import { conflict, DomainError, fieldErrorsOf, validationError } from "~/services/domain-error";
import { KlaviyoApiError, type KlaviyoDeps, klaviyoDefaults, type KlaviyoSession } from "~/services/klaviyo/client.server";
import { openKlaviyoSession } from "~/services/klaviyo/connection.server";
import { fromKlaviyoError, klaviyoUnavailable, scopeWhy, waitText } from "~/services/klaviyo/errors.server";
import { AccountLimitReached, spendAccountCall } from "~/services/klaviyo/limits.server";

/**
 * Importing a Klaviyo account's own flows and figures (docs/klaviyo.md, "Reading your flows"):
 * Get Flows lists the flows, each matched to a Flowmap flow type; one Query Flow Values report
 * gives every flow's email statistics over the timeframe, grouped by flow, message and channel.
 * A refresh keeps inside Klaviyo's published limits (counted per account in the database), sends
 * at most REFRESH_CALL_CAP requests and waits at most REFRESH_WAIT_BUDGET_MS in all, and only one
 * refresh of an account runs at a time (a lock in the database). What was read is stored; the
 * card, the scorecard and the mapping page read it from there.
 */

export const KLAVIYO_REFRESH_IN_PROGRESS_MESSAGE = "Flowmap is reading this Klaviyo account right now. Reload the page in a minute to see the figures.";
export const FLOWS_READ_MISSING_MESSAGE = `Your Klaviyo key cannot read flows, so Flowmap cannot import your flows and their figures. In Klaviyo, edit the key under Settings → API keys to add flows:read (${scopeWhy("flows:read")}), then connect again in User Settings. Sending flows as drafts works without it.`;
export const NOTHING_IMPORTED_MESSAGE = "Import your Klaviyo flows first: connect Klaviyo, then refresh on the Klaviyo flows page.";
export const MAPPING_UNKNOWN_FLOW_MESSAGE = "One of these flows is not among your imported flows. Refresh the import and try again.";

/** The lock's lease: renewed before every request, so a refresh whose process died blocks the account for at most this long. */
const REFRESH_LEASE_MS = 2 * 60_000;

export interface ImportedFlowView extends ImportedFlow {
  /** The flow type it counts for now (the user's choice, else Flowmap's match). */
  mapped: FlowType | null;
  /** Email recipients over the timeframe (null: it sent no email then). */
  recipients: number | null;
}

export interface KlaviyoImportView {
  days: ImportTimeframeDays;
  refreshedAt: string | null;
  problem: string | null;
  missingScope: string | null;
  flowsComplete: boolean;
  flows: ImportedFlowView[];
  figures: ImportedFigures[];
  /** Flow types none of the account's flows is mapped to. */
  missing: FlowType[];
  /** "From Klaviyo · last 90 days · 3 flows · updated 2 hours ago", per flow type with figures. */
  sources: Partial<Record<FlowType, string>>;
}

export function importView(record: KlaviyoImportRecord | null, now: Date): KlaviyoImportView | null {
  if (!record) return null;
  const recipients = new Map(record.stats.map((entry) => [entry.flowId, entry.recipients]));
  const figures = record.refreshedAt ? combineFigures(record.flows, record.stats) : [];
  const days = isImportDays(record.days) ? record.days : DEFAULT_IMPORT_DAYS;
  const sources: Partial<Record<FlowType, string>> = {};
  if (record.refreshedAt) for (const entry of figures) sources[entry.flowType] = sourceLine({ days, flowCount: entry.flowCount, refreshedAt: record.refreshedAt }, now);
  const mappedTypes = new Set(record.flows.map(mappedType));
  return {
    days,
    refreshedAt: record.refreshedAt?.toISOString() ?? null,
    problem: record.problem,
    missingScope: record.missingScope,
    flowsComplete: record.flowsComplete,
    flows: record.flows.map((flow) => ({ ...flow, mapped: mappedType(flow), recipients: recipients.get(flow.id) ?? null })),
    figures,
    missing: record.refreshedAt ? FLOW_TYPES.filter((type) => !mappedTypes.has(type)) : [],
    sources,
  };
}

/** The Klaviyo flows page: what was imported (null: nothing yet). */
export async function getKlaviyoImportView({ userId }: { userId: string }, now = new Date()): Promise<KlaviyoImportView | null> {
  return importView(await getKlaviyoImport({ userId }), now);
}

/** GET /api/integrations/klaviyo/flows: what was imported, or an empty import before the first refresh. */
export async function getKlaviyoImportForApi({ userId }: { userId: string }, now = new Date()): Promise<KlaviyoImportView> {
  return (
    (await getKlaviyoImportView({ userId }, now)) ?? {
      days: DEFAULT_IMPORT_DAYS,
      refreshedAt: null,
      problem: null,
      missingScope: null,
      flowsComplete: true,
      flows: [],
      figures: [],
      missing: [],
      sources: {},
    }
  );
}

export interface ImportedFiguresOfUser {
  figures: ImportedFigures[];
  sources: Partial<Record<FlowType, string>>;
  /** The flow types none of the account's flows counts for; null until the account's flows were read. */
  lacking: FlowType[] | null;
}

/** The imported figures per flow type, where they come from and what the account lacks, for the card and the scorecard. */
export async function importedFiguresFor({ userId }: { userId: string }, now = new Date()): Promise<ImportedFiguresOfUser> {
  const view = await getKlaviyoImportView({ userId }, now);
  return { figures: view?.figures ?? [], sources: view?.sources ?? {}, lacking: view?.refreshedAt ? view.missing : null };
}

/**
 * The figures the scorecard and the card's scores use: a typed figure wins over the imported
 * one; a figure nobody typed is Klaviyo's.
 */
export function mergeFigures<T extends { flowType: FlowType } & MetricValues>(
  typed: readonly T[],
  imported: readonly ImportedFigures[],
): Array<{ flowType: FlowType } & MetricValues> {
  return FLOW_TYPES.flatMap((flowType) => {
    const own = typed.find((record) => record.flowType === flowType);
    const theirs = imported.find((entry) => entry.flowType === flowType);
    if (!own && !theirs) return [];
    const values = Object.fromEntries(METRIC_KEYS.map((key) => [key, own?.[key] ?? theirs?.values[key] ?? null])) as MetricValues;
    return [{ flowType, ...values }];
  });
}

/** The Klaviyo flow ids Flowmap's own sends made, with the flow type of the Flowmap flow each came from. */
async function sentTypesOf(userId: string): Promise<Map<string, FlowType>> {
  const [sent, outlines] = await Promise.all([listSentKlaviyoFlows({ userId }), findFlowOutlinesOfUser(userId)]);
  const typeOf = new Map(outlines.map((outline) => [outline._id, outline.flowType]));
  const result = new Map<string, FlowType>();
  for (const item of sent) {
    const type = typeOf.get(item.flowId);
    if (type) result.set(item.klaviyoFlowId, type);
  }
  return result;
}

/** What a refresh that could not finish tells the user (stored with the import, and answered). */
function refreshProblem(error: unknown): DomainError {
  if (error instanceof AccountLimitReached) {
    const seconds = Math.ceil(error.waitMs / 1000);
    return new DomainError(
      "rate_limited",
      `Klaviyo allows 2 reports a minute and 225 a day per account, and Flowmap keeps inside that: the figures shown are the last ones read. Try again in ${waitText(seconds)}.`,
      { retryAfterSeconds: Math.max(1, seconds) },
    );
  }
  if (error instanceof KlaviyoApiError && error.failure === "rejected" && error.status === 429) {
    const seconds = error.retryAfterSeconds ?? 60;
    return new DomainError("rate_limited", `Klaviyo asked Flowmap to slow down, so it stopped; the figures shown are the last ones read. Try again in ${waitText(seconds)}.`, {
      retryAfterSeconds: Math.max(1, seconds),
    });
  }
  if (error instanceof KlaviyoApiError) return fromKlaviyoError(error) ?? klaviyoUnavailable(error);
  if (error instanceof DomainError) return error;
  throw error;
}

export interface RefreshOptions {
  userId: string;
  /** The timeframe to read (the one stored, else 90 days, when not given). */
  days?: unknown;
  /** Read again even when the stored figures are fresh (the daily refresh). */
  force?: boolean;
}

/**
 * Reads the account's flows and their figures now, unless they were read within REFRESH_CACHE_MS
 * for the same timeframe. A key without flows:read is no error: the import says what to add.
 * Other faults are stored with the import (the figures read before stay) and thrown.
 */
export async function refreshKlaviyoImport({ userId, days, force = false }: RefreshOptions, deps: KlaviyoDeps = {}): Promise<KlaviyoImportView> {
  if (days !== undefined && !isImportDays(days)) throw validationError(IMPORT_DAYS_MESSAGE, { days: IMPORT_DAYS_MESSAGE });
  const clock = deps.clock ?? klaviyoDefaults.clock;
  const existing = await getKlaviyoImport({ userId });
  const wanted: ImportTimeframeDays = (days as ImportTimeframeDays | undefined) ?? (existing && isImportDays(existing.days) ? existing.days : DEFAULT_IMPORT_DAYS);
  const fresh = existing?.refreshedAt && existing.days === wanted && clock.now() - existing.refreshedAt.getTime() < REFRESH_CACHE_MS && !existing.problem;
  if (fresh && !force) return importView(existing, new Date(clock.now()))!;

  const { session, accountTag } = await openKlaviyoSession(
    { userId },
    { ...deps, waitBudgetMs: deps.waitBudgetMs ?? REFRESH_WAIT_BUDGET_MS, maxRequests: deps.maxRequests ?? REFRESH_CALL_CAP },
  );
  try {
    return await withLock(`klaviyo-refresh:${accountTag}`, (lock) => readAccount({ userId, days: wanted, existing, session, accountTag, clock, renew: () => lock.confirm() }), {
      leaseMs: REFRESH_LEASE_MS,
      waitMs: 0,
    });
  } catch (error) {
    if (error instanceof LockBusyError) throw conflict(KLAVIYO_REFRESH_IN_PROGRESS_MESSAGE, "KLAVIYO_REFRESH_IN_PROGRESS");
    throw error;
  }
}

async function readAccount({
  userId,
  days,
  existing,
  session,
  accountTag,
  clock,
  renew,
}: {
  userId: string;
  days: ImportTimeframeDays;
  existing: KlaviyoImportRecord | null;
  session: KlaviyoSession;
  accountTag: string;
  clock: { now(): number };
  renew: () => Promise<void>;
}): Promise<KlaviyoImportView> {
  const now = () => clock.now();
  const attemptedAt = new Date(now());
  const beforeFlowsPage = async () => {
    await renew();
    await spendAccountCall(session, "get-flows", accountTag, FLOW_LIST_LIMITS, now);
  };
  const beforeReport = async () => {
    await renew();
    await spendAccountCall(session, "reporting", accountTag, REPORTING_LIMITS, now);
  };
  try {
    let listed;
    try {
      listed = await session.getFlows(beforeFlowsPage);
    } catch (error) {
      if (error instanceof KlaviyoApiError && error.failure === "rejected" && error.status === 403) {
        const saved = await saveKlaviyoImport({ userId, days, attemptedAt, problem: FLOWS_READ_MISSING_MESSAGE, missingScope: "flows:read", lastCalls: session.requestsSent });
        return importView(saved, new Date(now()))!;
      }
      throw error;
    }
    const sentTypes = await sentTypesOf(userId);
    const previous = new Map((existing?.flows ?? []).map((flow) => [flow.id, flow.choice]));
    const flows: ImportedFlow[] = listed.flows.map((item) => {
      const name = storedName(item.name, item.id);
      return {
        id: item.id,
        name,
        status: item.status,
        triggerType: item.triggerType,
        ...suggestFlowType({ id: item.id, name, triggerType: item.triggerType }, sentTypes),
        choice: previous.get(item.id) ?? null,
      };
    });

    let stats = existing?.stats ?? [];
    if (flows.length === 0) stats = [];
    else {
      // Revenue per recipient is counted against a conversion metric: Placed Order when the account has it.
      const metrics = await session.getMetrics();
      const placedOrder = metrics.items.find((metric) => metric.name.trim().toLowerCase() === "placed order");
      const conversion = placedOrder ?? metrics.items[0];
      if (!conversion) throw validationError("Your Klaviyo account has no metrics yet, so it has no flow figures to import.");
      const statistics = ["recipients", ...METRIC_KEYS.filter((key) => placedOrder || key !== "revenuePerRecipient").map((key) => KLAVIYO_STATISTICS[key])];
      const report = await session.queryFlowValues({ timeframeKey: timeframeKey(days), conversionMetricId: conversion.id, statistics }, beforeReport);
      stats = flowStatsOf(report.rows);
    }
    const saved = await saveKlaviyoImport({
      userId,
      days,
      flows,
      flowsComplete: listed.complete,
      stats,
      refreshedAt: new Date(now()),
      attemptedAt,
      problem: null,
      missingScope: null,
      lastCalls: session.requestsSent,
    });
    return importView(saved, new Date(now()))!;
  } catch (error) {
    const problem = refreshProblem(error);
    await saveKlaviyoImport({ userId, attemptedAt, problem: problem.message, lastCalls: session.requestsSent, ...(existing ? {} : { days }) });
    throw problem;
  }
}

/**
 * The first import, right after a key was connected: its problems (a missing flows:read, a limit)
 * are kept with the import for the Klaviyo flows page and the API to show, so connecting succeeds
 * whatever they are.
 */
export async function importAfterConnecting({ userId }: { userId: string }, deps: KlaviyoDeps = {}): Promise<void> {
  try {
    await refreshKlaviyoImport({ userId, force: true }, deps);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

/** The mapping form and PUT /api/integrations/klaviyo/flows: the user's flow type (or "not one of these", or back to Flowmap's match) per flow. */
export async function saveKlaviyoMapping({ userId, input }: { userId: string; input: unknown }, now = new Date()): Promise<KlaviyoImportView> {
  const parsed = safeParse(klaviyoMappingSchema, input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(errors)[0] ?? MAPPING_FLOWS_MESSAGE, errors);
  }
  const choices: Array<{ id: string; choice: FlowChoice | null }> = parsed.data.flows;
  const current = await getKlaviyoImport({ userId });
  if (!current) throw conflict(NOTHING_IMPORTED_MESSAGE, "KLAVIYO_NOT_CONNECTED");
  const known = new Set(current.flows.map((flow) => flow.id));
  if (choices.some((item) => !known.has(item.id))) throw validationError(MAPPING_UNKNOWN_FLOW_MESSAGE, { flows: MAPPING_UNKNOWN_FLOW_MESSAGE });
  const saved = await saveFlowChoices({ userId, choices });
  return importView(saved, now)!;
}

/**
 * The daily refresh: every import last tried a day or more ago is read again, one account at a
 * time (at most `limit` per run). A fault is stored with the import and the next one goes on.
 */
export async function refreshDueImports({ limit = 20 }: { limit?: number } = {}, deps: KlaviyoDeps = {}): Promise<{ refreshed: number; failed: number }> {
  const clock = deps.clock ?? klaviyoDefaults.clock;
  const due = await listImportsDue({ before: new Date(clock.now() - DAILY_REFRESH_MS), limit });
  let refreshed = 0;
  let failed = 0;
  for (const userId of due) {
    try {
      await refreshKlaviyoImport({ userId, force: true }, deps);
      refreshed++;
    } catch (error) {
      if (!(error instanceof DomainError)) console.error("[klaviyo] daily refresh failed:", error);
      failed++;
    }
  }
  return { refreshed, failed };
}
