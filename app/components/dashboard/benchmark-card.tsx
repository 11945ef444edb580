import { Form } from "@remix-run/react";

import { HoneypotField } from "~/components/forms";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { CrownIcon, UpgradeLink } from "~/components/upgrade-dialog";
import type { FlowType } from "~/lib/flow-types";
import { metricDefinition, type MetricKey } from "~/lib/metrics";
import { formatMedianText, scoreFor, verdictLabel, type Score } from "~/lib/scoring";
import { useHydrated } from "~/lib/use-hydrated";
import type { CardFlow } from "~/services/benchmarks/card";

import { MetricsChart } from "./metrics-chart";
import { FlowIcon } from "./flow-icons";
import { fieldKey, useMetricAutosave, type FormReplyLike, type SectionStatus } from "./use-metric-autosave";

export const SAVE_METRICS_INTENT = "save-metrics";

interface BenchmarkCardProps {
  flows: CardFlow[];
  isPremium: boolean;
  openFlows: FlowType[];
  peerGroup: { industry: string; businessType: string } | null;
  reply?: FormReplyLike | null;
}

/**
 * The Email Benchmark card (docs/screens.md): five flow sections, each a native
 * <details> so they open and close without JavaScript, with the user's seven figures, the peer
 * median and a score. Without JavaScript each section is a form with a Save button; with it,
 * every field saves itself a second after the last keystroke.
 */
export function BenchmarkCard({ flows, isPremium, openFlows, peerGroup, reply }: BenchmarkCardProps) {
  const autosave = useMetricAutosave(flows, reply);
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="benchmark-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="benchmark-card">
      <div className="relative isolate border-b border-slate-200 bg-linear-to-br from-brand-50 via-white to-white px-5 py-6 sm:px-7">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_1px_1px,var(--color-brand-200)_1px,transparent_0)] [background-size:20px_20px] [mask-image:linear-gradient(to_left,black,transparent_60%)] opacity-50"
        />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Scorecard</p>
            <h2 id="benchmark-heading" className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              Email Benchmark
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">
              Enter your flow metrics to see how each automation compares with the median of{" "}
              <PeerGroupText peerGroup={peerGroup} />. Green is ahead of the median, red is behind.
            </p>
          </div>
          {isPremium ? null : (
            <UpgradeLink className="inline-flex items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-slate-800">
              <CrownIcon className="h-4 w-4 text-amber-300" />
              Get your custom score and recommendations
            </UpgradeLink>
          )}
        </div>
      </div>

      <div className="space-y-3 p-3 sm:p-5">
        {flows.map((flow) => (
          <FlowSection
            key={flow.flowType}
            flow={flow}
            open={openFlows.includes(flow.flowType)}
            isPremium={isPremium}
            hydrated={hydrated}
            texts={autosave.texts[flow.flowType] ?? {}}
            saved={autosave.saved[flow.flowType] ?? {}}
            errors={autosave.errors}
            status={autosave.status[flow.flowType] ?? { state: "idle" }}
            onEdit={(key, text) => autosave.edit(flow.flowType, key, text)}
            onFlush={() => autosave.flushFlow(flow.flowType)}
          />
        ))}
      </div>

      {isPremium ? null : (
        <div className="flex flex-col gap-3 border-t border-slate-200 bg-slate-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-7">
          <p className="text-sm text-slate-600">Scores compare you with the median. Premium reads your automations and tells you what to fix first.</p>
          <UpgradeLink className="inline-flex items-center gap-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 hover:text-brand-900">
            Upgrade to unlock your custom recommendations
            <span aria-hidden="true">→</span>
          </UpgradeLink>
        </div>
      )}
    </section>
  );
}

function PeerGroupText({ peerGroup }: { peerGroup: BenchmarkCardProps["peerGroup"] }) {
  if (!peerGroup?.industry && !peerGroup?.businessType) return <span>all industries</span>;
  return (
    <span>
      your peers (<strong className="font-semibold text-slate-800">{[peerGroup.industry, peerGroup.businessType].filter(Boolean).join(" · ")}</strong>)
      where we have them, else all industries
    </span>
  );
}

interface FlowSectionProps {
  flow: CardFlow;
  open: boolean;
  isPremium: boolean;
  hydrated: boolean;
  texts: Record<string, string>;
  saved: Record<string, number | null>;
  errors: Record<string, string>;
  status: SectionStatus;
  onEdit: (key: MetricKey, text: string) => void;
  onFlush: () => void;
}

function FlowSection({ flow, open, isPremium, hydrated, texts, saved, errors, status, onEdit, onFlush }: FlowSectionProps) {
  const scores = flow.rows.map((row) => scoreFor(metricDefinition(row.key), saved[row.key] ?? null, row.median?.text ?? null));
  const entered = flow.rows.filter((row) => saved[row.key] !== null && saved[row.key] !== undefined).length;
  const better = scores.filter((s) => s.kind === "score" && s.verdict === "better").length;
  const worse = scores.filter((s) => s.kind === "score" && s.verdict === "worse").length;
  const sources = uniqueSources(flow);
  const formId = `metrics-${flow.flowType}`;

  return (
    <details
      id={`benchmark-${flow.flowType}`}
      open={open}
      className="group rounded-xl border border-slate-200 bg-white transition-shadow open:shadow-md open:ring-1 open:ring-brand-100"
      data-testid={`benchmark-section-${flow.flowType}`}
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3.5 hover:bg-slate-50 sm:px-5 [&::-webkit-details-marker]:hidden">
        <FlowIcon flowType={flow.flowType} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{flow.label}</span>
            {flow.premium ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold text-amber-800 ring-1 ring-amber-200">
                <CrownIcon className="h-3 w-3" /> Premium
              </span>
            ) : (
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-semibold text-emerald-800 ring-1 ring-emerald-200">Free</span>
            )}
          </span>
          <span className="mt-0.5 block text-xs text-slate-500">
            {entered === 0 ? "No figures yet" : `${entered} of 7 figures entered`}
            {better ? <span className="text-emerald-700"> · {better} ahead</span> : null}
            {worse ? <span className="text-rose-700"> · {worse} behind</span> : null}
          </span>
        </span>
        <svg viewBox="0 0 20 20" className="h-5 w-5 flex-none text-slate-400 transition-transform group-open:rotate-180" aria-hidden="true">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>

      <div className="space-y-5 border-t border-slate-100 px-4 pt-4 pb-5 sm:px-5">
        <p className="text-sm leading-relaxed text-slate-600">{flow.description}</p>

        <Form
          method="post"
          id={formId}
          aria-label={`${flow.label} metrics`}
          preventScrollReset
          onSubmit={(event) => {
            // With JavaScript the fields save themselves; the button only sends what is waiting.
            event.preventDefault();
            onFlush();
          }}
        >
          <input type="hidden" name="intent" value={SAVE_METRICS_INTENT} />
          <input type="hidden" name="flowType" value={flow.flowType} />
          <HoneypotField />
          <div className="hidden grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.15fr)] gap-4 px-3 pb-2 text-[11px] font-semibold tracking-wide text-slate-500 uppercase md:grid">
            <span>Metric</span>
            <span>Your figure</span>
            <span>Median</span>
            <span>Score</span>
          </div>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-100">
            {flow.rows.map((row, index) => (
              <MetricRow
                key={row.key}
                flowType={flow.flowType}
                row={row}
                text={texts[row.key] ?? ""}
                error={errors[fieldKey(flow.flowType, row.key)]}
                score={scores[index]}
                onEdit={onEdit}
              />
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <SaveStatus status={status} hydrated={hydrated} />
            <Button type="submit" variant="secondary">
              Save {flow.label} metrics
            </Button>
          </div>
        </Form>

        <div className={entered > 0 ? "grid gap-4 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]" : ""}>
          {entered > 0 ? (
            <MetricsChart
              id={`chart-${flow.flowType}`}
              title={`${flow.label}: your figures and the medians`}
              rows={flow.rows.map((row) => ({ key: row.key, value: saved[row.key] ?? null, median: row.median?.text ?? null }))}
            />
          ) : null}
          <div className={`flex flex-col justify-between gap-4 rounded-xl bg-slate-50 p-4 ${entered > 0 ? "" : "sm:flex-row sm:items-center"}`}>
            <div>
              {entered > 0 ? (
                <p className="text-sm font-semibold text-slate-900">
                  {better} ahead of the median, {worse} behind
                </p>
              ) : null}
              <p className="mt-1 text-sm text-slate-700">
                {flow.premium && !isPremium
                  ? `Build a ${flow.label.toLowerCase()} flow with Premium.`
                  : `Turn these benchmarks into a ready-to-run ${flow.label.toLowerCase()} flow.`}
              </p>
            </div>
            <div>
              <GenerateButton flow={flow} isPremium={isPremium} />
            </div>
          </div>
        </div>

        {sources.length ? (
          <details className="group/sources text-xs text-slate-500">
            <summary className="cursor-pointer font-medium text-slate-600 hover:text-slate-900">Where these medians come from</summary>
            <ol className="mt-2 list-decimal space-y-1.5 pl-5 leading-relaxed">
              {sources.map((source) => (
                <li key={source.text}>
                  <span className="font-medium text-slate-700">{source.labels.join(", ")}</span> ({source.group}): {source.text}
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </details>
  );
}

function uniqueSources(flow: CardFlow) {
  const byText = new Map<string, { text: string; group: string; labels: string[] }>();
  for (const row of flow.rows) {
    if (!row.median?.source) continue;
    const label = metricDefinition(row.key).label;
    const key = `${row.median.groupLabel}|${row.median.source}`;
    const existing = byText.get(key);
    if (existing) existing.labels.push(label);
    else byText.set(key, { text: row.median.source, group: row.median.groupLabel, labels: [label] });
  }
  return [...byText.values()];
}

function MetricRow({
  flowType,
  row,
  text,
  error,
  score,
  onEdit,
}: {
  flowType: FlowType;
  row: CardFlow["rows"][number];
  text: string;
  error: string | undefined;
  score: Score;
  onEdit: (key: MetricKey, text: string) => void;
}) {
  const definition = metricDefinition(row.key);
  const inputId = `${flowType}-${row.key}`;
  const errorId = `${inputId}-error`;
  const dollars = definition.unit === "dollars";
  return (
    <li className="grid grid-cols-2 items-center gap-x-4 gap-y-2 px-3 py-3 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.15fr)]" data-testid={`metric-row-${row.key}`}>
      <label htmlFor={inputId} className="col-span-2 text-sm font-medium text-slate-800 md:col-span-1">
        {definition.label}
        <span className="block text-xs font-normal text-slate-500">{definition.higherIsBetter ? "Higher is better" : "Lower is better"}</span>
      </label>
      <div className="col-span-2 md:col-span-1">
        <div className="relative">
          {dollars ? <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">$</span> : null}
          <input
            id={inputId}
            name={row.key}
            type="number"
            inputMode="decimal"
            min={0}
            max={definition.max}
            step={definition.step}
            value={text}
            placeholder={dollars ? "0.00" : "0.0"}
            onChange={(event) => onEdit(row.key, event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`block w-full rounded-lg border border-slate-300 bg-white py-2 text-sm text-slate-900 tabular-nums shadow-sm placeholder:text-slate-300 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600 ${dollars ? "pr-3 pl-7" : "pr-8 pl-3"}`}
          />
          {dollars ? null : <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">%</span>}
        </div>
        {error ? (
          <p id={errorId} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="text-sm" data-testid="median">
        <span className="sr-only md:hidden">Median: </span>
        {row.median ? (
          <>
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatMedianText(definition.unit, row.median.text)}
            </span>
            <span className="block truncate text-xs text-slate-500">
              {row.median.groupLabel}
            </span>
          </>
        ) : (
          <span className="text-slate-400">No benchmark yet</span>
        )}
      </div>
      <div className="justify-self-end md:justify-self-start" data-testid="score">
        <ScorePill score={score} />
      </div>
    </li>
  );
}

export function ScorePill({ score }: { score: Score }) {
  if (score.kind === "none") {
    return (
      <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-500" data-verdict="none">
        <span className="sr-only">Score: </span>
        {score.text}
      </span>
    );
  }
  const styles = {
    better: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    worse: "bg-rose-50 text-rose-800 ring-rose-200",
    even: "bg-slate-100 text-slate-700 ring-slate-200",
  }[score.verdict];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold tabular-nums ring-1 ${styles}`} data-verdict={score.verdict}>
      <VerdictIcon verdict={score.verdict} />
      <span>{score.text}</span>
      <span className="sr-only">, {verdictLabel(score.verdict)}</span>
    </span>
  );
}

function VerdictIcon({ verdict }: { verdict: "better" | "worse" | "even" }) {
  if (verdict === "even") {
    return (
      <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden="true">
        <path d="M2 4.5h8M2 7.5h8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden="true">
      <path d={verdict === "better" ? "M6 2l4 6H2z" : "M6 10L2 4h8z"} fill="currentColor" />
    </svg>
  );
}

function SaveStatus({ status, hydrated }: { status: SectionStatus; hydrated: boolean }) {
  let content: React.ReactNode = hydrated ? <span className="text-slate-500">Figures save automatically as you type.</span> : null;
  if (status.state === "pending" || status.state === "saving") content = <span className="text-slate-500">Saving…</span>;
  if (status.state === "saved")
    content = (
      <span className="inline-flex items-center gap-1 text-emerald-700">
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Saved
      </span>
    );
  if (status.state === "error") content = <span className="font-medium text-red-700">{status.message}</span>;
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm">
      {content}
    </p>
  );
}

function GenerateButton({ flow, isPremium }: { flow: CardFlow; isPremium: boolean }) {
  const label = `Generate ${flow.label} Flow`;
  if (flow.premium && !isPremium) {
    return (
      <UpgradeLink className={buttonClass({ variant: "premium", className: "whitespace-nowrap" })}>
        <CrownIcon className="h-4 w-4" />
        {label}
      </UpgradeLink>
    );
  }
  return (
    <ButtonLink to={`/flow-mappings?type=${flow.flowType}`} className="whitespace-nowrap">
      {label}
      <span aria-hidden="true">→</span>
    </ButtonLink>
  );
}
