import { Form } from "@remix-run/react";

import { useMemo } from "react";

import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { CrownIcon, UpgradeLink } from "~/components/upgrade-dialog";
import { aFlowOfType, type FlowType } from "~/lib/flow-types";
import { KLAVIYO_FLOWS_PATH } from "~/lib/klaviyo/import";
import { isMetricKey, METRIC_DEFINITIONS, metricDefinition, parseMetricInput, roundedFigureNote, type MetricKey } from "~/lib/metrics";
import { comparisonBars, formatMedianText, scoreFor, verdictLabel, type Score } from "~/lib/benchmarks/comparison";
import { useHydrated } from "~/lib/use-hydrated";
import { expandBenchmarkCard, type BenchmarkCardData, type CardFlow } from "~/lib/benchmarks/card";
import { REVERT_FIELD, SAVE_METRICS_INTENT } from "~/lib/dashboard-forms";

import { FlowIcon } from "./flow-icons";
import { fieldKey, useMetricAutosave, type FormReplyLike, type SectionStatus } from "./use-metric-autosave";

function importedText(unit: "percent" | "dollars", value: number) {
  return unit === "dollars" ? `$${value.toFixed(2)}` : `${value}%`;
}

interface BenchmarkCardProps {
  card: BenchmarkCardData;
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
export function BenchmarkCard({ card, isPremium, openFlows, peerGroup, reply }: BenchmarkCardProps) {
  const flows = useMemo(() => expandBenchmarkCard(card), [card]);
  const autosave = useMetricAutosave(flows, reply);
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="benchmark-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="benchmark-card">
      <div className="bm-hero">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Scorecard</p>
            <h2 id="benchmark-heading" className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              Email Benchmark
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">
              Enter your flow metrics to see how each automation compares with the median of <PeerGroupText peerGroup={peerGroup} />. Green is ahead of the median, red is behind.
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
        <CardSources flows={flows} />
      </div>

      {isPremium ? null : (
        <div className="bm-foot">
          <p>Scores compare you with the median. Premium reads your automations and tells you what to fix first.</p>
          <UpgradeLink>
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
      your peers (<strong className="font-semibold text-slate-800">{[peerGroup.industry, peerGroup.businessType].filter(Boolean).join(" · ")}</strong>) where we have them, else all
      industries
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
  // A figure the user typed wins; otherwise Klaviyo's, when it was imported.
  const figures = flow.rows.map((row) => saved[row.key] ?? row.imported);
  const scores = flow.rows.map((row, index) => scoreFor(metricDefinition(row.key), figures[index] ?? null, row.median?.text ?? null));
  const entered = figures.filter((value) => value !== null && value !== undefined).length;
  const better = scores.filter((s) => s.kind === "score" && s.verdict === "better").length;
  const worse = scores.filter((s) => s.kind === "score" && s.verdict === "worse").length;
  const formId = `metrics-${flow.flowType}`;
  // When every median of the section comes from one group (all industries, or the peers), it is
  // said once under the rows rather than in each of them.
  const groups = new Set(flow.rows.map((row) => row.median?.groupLabel ?? null));
  const group = groups.size === 1 ? [...groups][0] : null;

  // One text node per line (no React separators between pieces), and component classes from
  // the stylesheet (`.bm-*`, `.metric-rows`): the card is rendered 35 rows at a time, so every
  // byte counts five or 35 times.
  return (
    <details id={`benchmark-${flow.flowType}`} open={open} className="bm-section" data-testid={`benchmark-section-${flow.flowType}`}>
      <summary className="bm-summary">
        <FlowIcon flowType={flow.flowType} />
        <span>
          <b>{flow.label}</b>
          {flow.premium ? (
            <span className="bm-badge premium">
              <CrownIcon className="h-3 w-3" /> Premium
            </span>
          ) : (
            <span className="bm-badge">Free</span>
          )}
          <small>
            {entered === 0 ? "No figures yet" : flow.source ? `${entered} of 7 figures` : `${entered} of 7 figures entered`}
            {better ? <span className="ahead">{` · ${better} ahead`}</span> : null}
            {worse ? <span className="behind">{` · ${worse} behind`}</span> : null}
          </small>
        </span>
        <svg viewBox="0 0 20 20" className="bm-chevron" aria-hidden="true">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </summary>

      <div className="bm-body">
        <p>{flow.description}</p>
        {flow.source ? (
          <p className="bm-source text-xs font-medium text-emerald-800" data-testid={`benchmark-source-${flow.flowType}`}>
            {flow.source}
            {" · "}
            <a href={KLAVIYO_FLOWS_PATH} className="underline">
              which flows
            </a>
          </p>
        ) : null}

        <Form
          method="post"
          id={formId}
          aria-label={`${flow.label} metrics`}
          preventScrollReset
          onSubmit={(event) => {
            // With JavaScript the fields save themselves; the button only sends what is waiting.
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            // "Use Klaviyo's": the typed figure is cleared, so Klaviyo's counts again.
            if (submitter?.name === REVERT_FIELD && isMetricKey(submitter.value)) onEdit(submitter.value, "");
            onFlush();
          }}
        >
          <input type="hidden" name="intent" value={SAVE_METRICS_INTENT} />
          <input type="hidden" name="flowType" value={flow.flowType} />
          <div className="metric-head">
            <span>Metric</span>
            <span>Your figure</span>
            <span>Median</span>
            <span>Score</span>
            <Legend />
          </div>
          <ul className="metric-rows">
            {flow.rows.map((row, index) => (
              <MetricRow
                key={row.key}
                flowType={flow.flowType}
                row={row}
                text={texts[row.key] ?? ""}
                saved={saved[row.key] ?? null}
                sectionGroup={group}
                error={errors[fieldKey(flow.flowType, row.key)]}
                score={scores[index]}
                onEdit={onEdit}
              />
            ))}
          </ul>
          {group ? <p className="bm-group">{`Medians: ${group}`}</p> : null}
          <div className="bm-actions">
            <SaveStatus status={status} hydrated={hydrated} />
            <Button type="submit" variant="secondary">
              {`Save ${flow.label} metrics`}
            </Button>
          </div>
        </Form>

        <div className="bm-next">
          <div>
            {entered > 0 ? (
              <p>
                <b>{`${better} ahead of the median, ${worse} behind`}</b>
                <Legend />
              </p>
            ) : null}
            <p>
              {flow.premium && !isPremium ? `Build ${aFlowOfType(flow.flowType)} with Premium.` : `Turn these benchmarks into a ready-to-run ${flow.label.toLowerCase()} flow.`}
            </p>
          </div>
          <GenerateButton flow={flow} isPremium={isPremium} />
        </div>
      </div>
    </details>
  );
}

/**
 * "Where these medians come from", once for the card: each source (with its peer group) listed
 * once, with the metrics and flows it speaks for. Most sources serve several flows, so listing
 * them per section would repeat the same sentences five times.
 */
function CardSources({ flows }: { flows: CardFlow[] }) {
  const sources = sourcesOf(flows);
  if (!sources.length) return null;
  return (
    <details className="bm-sources text-xs text-slate-500" data-testid="benchmark-sources">
      <summary className="cursor-pointer font-medium text-slate-600 hover:text-slate-900">Where these medians come from</summary>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5 leading-relaxed">
        {sources.map((source) => (
          <li key={`${source.group}|${source.text}`}>
            <b>{source.uses}</b>
            {` (${source.group}): ${source.text}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The card's distinct sources, metric by metric, each with who uses it: "Open Rate: Lead Nurture, Onboarding; Click Rate: every flow". */
export function sourcesOf(flows: CardFlow[]) {
  const byText = new Map<string, { text: string; group: string; flowsByMetric: Map<string, string[]> }>();
  for (const definition of METRIC_DEFINITIONS) {
    for (const flow of flows) {
      const median = flow.rows.find((row) => row.key === definition.key)?.median;
      if (!median?.source) continue;
      const key = `${median.groupLabel}|${median.source}`;
      let entry = byText.get(key);
      if (!entry) byText.set(key, (entry = { text: median.source, group: median.groupLabel, flowsByMetric: new Map() }));
      const users = entry.flowsByMetric.get(definition.label) ?? [];
      users.push(flow.label);
      entry.flowsByMetric.set(definition.label, users);
    }
  }
  return [...byText.values()].map(({ text, group, flowsByMetric }) => ({
    text,
    group,
    uses: [...flowsByMetric].map(([metric, users]) => `${metric}: ${users.length === flows.length ? "every flow" : users.join(", ")}`).join("; "),
  }));
}

function MetricRow({
  flowType,
  row,
  text,
  saved,
  sectionGroup,
  error,
  score,
  onEdit,
}: {
  flowType: FlowType;
  row: CardFlow["rows"][number];
  text: string;
  saved: number | null;
  sectionGroup: string | null;
  error: string | undefined;
  score: Score;
  onEdit: (key: MetricKey, text: string) => void;
}) {
  const definition = metricDefinition(row.key);
  const errorId = `${flowType}-${row.key}-error`;
  const noteId = `${flowType}-${row.key}-note`;
  const roundingNote = roundedFigureNote(definition, parseMetricInput(text));
  const dollars = definition.unit === "dollars";
  const figure = saved ?? row.imported;
  const bars = comparisonBars(figure, row.median?.text ?? null);
  // Styled by the stylesheet through `.metric-rows` (no class per cell: the card has 35 rows). The
  // unit ("%", or "$" with `.usd`) is drawn inside the field.
  return (
    <li>
      {/* The label holds its field (no id to pair them): laid out as two cells of the row. */}
      <label>
        <span>
          {definition.label}
          <small>{definition.higherIsBetter ? "Higher is better" : "Lower is better"}</small>
        </span>
        <div className={dollars ? "usd" : undefined}>
          <input
            name={row.key}
            type="number"
            inputMode="decimal"
            min={0}
            max={definition.max}
            step={definition.step}
            value={text}
            placeholder={row.imported !== null ? String(row.imported) : dollars ? "0.00" : "0.0"}
            onChange={(event) => onEdit(row.key, event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : roundingNote ? noteId : undefined}
          />
        </div>
      </label>
      {error ? <p id={errorId}>{error}</p> : null}
      {/* A figure typed finer than it is stored: said under the field, and the score reads the kept figure. */}
      {!error && roundingNote ? (
        <p id={noteId} className="note" data-testid={`rounded-${flowType}-${row.key}`}>
          {roundingNote}
        </p>
      ) : null}
      {row.imported !== null && saved !== null ? (
        <p className="bm-typed text-xs text-slate-600">
          {`Your figure replaces Klaviyo's ${importedText(definition.unit, row.imported)}. `}
          <button type="submit" name={REVERT_FIELD} value={row.key} className="font-medium text-brand-700 underline">
            {`Use Klaviyo's ${definition.label.toLowerCase()}`}
          </button>
        </p>
      ) : row.imported !== null ? (
        <p className="bm-typed text-xs text-emerald-800">From Klaviyo</p>
      ) : null}
      <div className="median">
        <span>Median: </span>
        {row.median ? (
          <>
            <b>{formatMedianText(definition.unit, row.median.text)}</b>
            {/* Said once under the rows when the whole section shares it. */}
            {sectionGroup === row.median.groupLabel ? null : <small>{row.median.groupLabel}</small>}
          </>
        ) : (
          <i>No benchmark yet</i>
        )}
      </div>
      <ScoreCell score={score} />
      {/* The figure and the median as two bars, drawn by the stylesheet from their widths (the
          figures themselves are in the field and the median cell). */}
      {bars ? <i style={{ "--y": `${bars.you}%`, ...(bars.median === null ? {} : { "--m": `${bars.median}%` }) } as React.CSSProperties} /> : null}
    </li>
  );
}

/** Which bar is which: the user's figure, then the median. */
function Legend() {
  return (
    <span className="bm-legend" aria-hidden="true">
      <i>You</i>
      <i>Median</i>
    </span>
  );
}

/** A score as a pill: its colour and its ▲ / ▼ come from the stylesheet (`.metric-rows .score`), by verdict. */
function ScoreCell({ score }: { score: Score }) {
  if (score.kind === "none") {
    return (
      <div className="score" data-verdict="none">
        <span className="sr-only">Score: </span>
        {score.text}
      </div>
    );
  }
  return (
    <div className="score" data-verdict={score.verdict}>
      {score.text}
      <span className="sr-only">{`, ${verdictLabel(score.verdict)}`}</span>
    </div>
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
    <p role="status" aria-live="polite">
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
