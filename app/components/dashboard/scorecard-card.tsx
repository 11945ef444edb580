import { Link, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { CrownIcon, UpgradeLink } from "~/components/upgrade-dialog";
import { buttonClass } from "~/components/ui/button";
import { SendMissingForm } from "~/components/klaviyo/send-missing-form";
import { SEND_MISSING_INTENT } from "~/lib/klaviyo/constants";
import { benchmarkSectionHref } from "~/lib/dashboard-links";
import { FLOW_TYPE_INFO, flowTypeLabel, type FlowType } from "~/lib/flow-types";
import { KLAVIYO_FLOWS_PATH } from "~/lib/klaviyo/import";
import { metricDefinition, METRIC_DEFINITIONS } from "~/lib/metrics";
import { FLOW_WEIGHTS, METRIC_WEIGHTS, MIN_FIGURES_PER_FLOW, MIN_SCORED_FLOWS, scoreBand } from "~/lib/scorecard/method";
import type { KlaviyoGap, RegenerateSuggestion } from "~/lib/scorecard/klaviyo";
import type { Recommendation, Severity } from "~/lib/scorecard/recommendations";
import type { Scorecard } from "~/lib/scorecard/scorecard";
import { comparedFigureCount, FLOWS_BY_WEIGHT } from "~/lib/scorecard/scoring";
import type { DashboardScorecard } from "~/lib/dashboard-data";

import { FlowIcon } from "./flow-icons";
import { METRICS_SAVED_EVENT } from "./use-metric-autosave";

/**
 * The premium Scorecard card: with a connected Klaviyo account, first the flow types it lacks
 * (each with one button that generates and sends it as a draft); one score out of 100 with its
 * band, a score per flow (a flow that trails its peers links to regenerate with a suggested
 * note), what to fix first, and which figures to enter when there are too few for a score. Free users get a teaser
 * that carries none of the scorecard's figures, with the upgrade link.
 */
export function ScorecardCard({ data }: { data: DashboardScorecard }) {
  if (data.kind === "teaser") return <ScorecardTeaser />;
  return <PremiumScorecard scorecard={data.scorecard} change={data.change} />;
}

function isScorecard(body: unknown): body is Scorecard {
  if (!body || typeof body !== "object") return false;
  const score: unknown = Reflect.get(body, "score");
  return (
    (score === null || typeof score === "number") &&
    Array.isArray(Reflect.get(body, "flows")) &&
    Array.isArray(Reflect.get(body, "recommendations")) &&
    Array.isArray(Reflect.get(body, "missing"))
  );
}

/**
 * The page's scorecard, refreshed from GET /api/scorecard after the benchmark card saves a
 * figure (with JavaScript). Without JavaScript the save reloads the page, which shows it anyway.
 */
function useLiveScorecard(initial: Scorecard) {
  const [live, setLive] = useState<{ scorecard: Scorecard; refreshed: boolean }>({ scorecard: initial, refreshed: false });
  useEffect(() => setLive({ scorecard: initial, refreshed: false }), [initial]);
  useEffect(() => {
    let controller: AbortController | null = null;
    const refresh = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      fetch("/api/scorecard", { headers: { Accept: "application/json" }, credentials: "same-origin", signal: current.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: unknown) => {
          if (!current.signal.aborted && isScorecard(body)) setLive({ scorecard: body, refreshed: true });
        })
        // The figure is saved either way; the next page load shows the scorecard that goes with it.
        .catch(() => {});
    };
    window.addEventListener(METRICS_SAVED_EVENT, refresh);
    return () => {
      window.removeEventListener(METRICS_SAVED_EVENT, refresh);
      controller?.abort();
    };
  }, []);
  return live;
}

function PremiumScorecard({ scorecard: loaded, change }: { scorecard: Scorecard; change: string | null }) {
  const { scorecard, refreshed } = useLiveScorecard(loaded);
  return (
    <section aria-labelledby="scorecard-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="scorecard-card">
      <div className="relative isolate border-b border-slate-200 bg-linear-to-br from-brand-50 via-white to-white px-5 py-6 sm:px-7">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="max-w-2xl">
            <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-700 uppercase">
              <CrownIcon className="h-3.5 w-3.5 text-amber-500" /> Premium scorecard
            </p>
            <h2 id="scorecard-heading" className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              Your score and what to fix first
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">
              Your figures against your peers&apos; medians and your flows in Flowmap against best practice. Revenue and clicks count most, and each flow counts by its share of
              typical flow revenue.
            </p>
          </div>
        </div>
      </div>

      <SendMissingFailure />
      {scorecard.klaviyoGaps && scorecard.klaviyoGaps.length > 0 ? <KlaviyoGaps gaps={scorecard.klaviyoGaps} /> : null}

      <div className="grid gap-6 p-5 sm:p-7 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] md:gap-8">
        <div className="flex flex-col items-center gap-3 text-center md:items-start md:text-left">
          <ScoreDial score={scorecard.score} />
          <p role="status" className="sr-only">
            {refreshed ? `Scorecard updated with your figures: ${scorecard.score === null ? "no overall score yet" : `${scorecard.score} out of 100`}.` : ""}
          </p>
          {refreshed ? (
            <p className="rounded-lg bg-emerald-50 px-3 py-2 text-xs leading-relaxed text-emerald-900" data-testid="scorecard-refreshed">
              Updated with the figures you just saved.
            </p>
          ) : change ? (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs leading-relaxed text-slate-700" data-testid="scorecard-change">
              {change}
            </p>
          ) : null}
        </div>
        <FlowScores scorecard={scorecard} />
      </div>

      {scorecard.missing.length > 0 ? <MissingFigures missing={scorecard.missing} scored={scorecard.score !== null} /> : null}

      <div className="border-t border-slate-200 px-5 py-6 sm:px-7">
        <h3 className="text-base font-semibold text-slate-900">What to fix first</h3>
        {scorecard.recommendations.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing stands out: every figure you entered is at or ahead of the median, and your flows follow best practice.</p>
        ) : (
          <ol className="mt-4 space-y-4" data-testid="recommendations">
            {scorecard.recommendations.map((item, index) => (
              <RecommendationItem key={item.id} item={item} rank={index + 1} />
            ))}
          </ol>
        )}
      </div>

      <HowItWorks />
    </section>
  );
}

const BAND_STYLES = [
  { min: 60, ring: "text-emerald-500", text: "text-emerald-800", bar: "bg-emerald-500" },
  { min: 40, ring: "text-amber-500", text: "text-amber-800", bar: "bg-amber-500" },
  { min: 0, ring: "text-rose-500", text: "text-rose-800", bar: "bg-rose-500" },
] as const;

function bandStyle(score: number) {
  return BAND_STYLES.find((band) => score >= band.min) ?? BAND_STYLES[BAND_STYLES.length - 1];
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function ScoreDial({ score }: { score: number | null }) {
  const style = score === null ? null : bandStyle(score);
  const label = score === null ? "No overall score yet: too few figures" : `Overall score ${score} out of 100: ${scoreBand(score)}`;
  return (
    <div className="flex flex-col items-center gap-2 md:items-start">
      <div role="img" aria-label={label} className="relative h-36 w-36" data-testid="overall-score" data-score={score ?? ""}>
        <svg viewBox="0 0 120 120" className="h-full w-full -rotate-90" aria-hidden="true">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-slate-100" />
          {score === null ? null : (
            <circle
              cx="60"
              cy="60"
              r={RADIUS}
              fill="none"
              strokeWidth="10"
              strokeLinecap="round"
              stroke="currentColor"
              className={style!.ring}
              strokeDasharray={`${(CIRCUMFERENCE * score) / 100} ${CIRCUMFERENCE}`}
            />
          )}
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden="true">
          <span className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">{score ?? "--"}</span>
          <span className="text-xs font-medium text-slate-500">out of 100</span>
        </div>
      </div>
      <p className={`text-sm font-semibold ${style ? style.text : "text-slate-600"}`}>{score === null ? "Not enough figures yet" : scoreBand(score)}</p>
    </div>
  );
}

/** A refused "generate and send" from the scorecard, answered to the page (with or without JavaScript). */
function SendMissingFailure() {
  const reply: unknown = useActionData();
  if (!reply || typeof reply !== "object" || Reflect.get(reply, "intent") !== SEND_MISSING_INTENT) return null;
  const message: unknown = Reflect.get(reply, "message");
  if (typeof message !== "string" || !message) return null;
  return (
    <div role="alert" className="mx-5 mt-5 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:mx-7" data-testid="send-missing-error">
      <strong className="block font-semibold">Not sent to Klaviyo</strong>
      {message}
    </div>
  );
}

/** The flow types the connected Klaviyo account lacks, first on the card: what is at stake and one button each. */
function KlaviyoGaps({ gaps }: { gaps: KlaviyoGap[] }) {
  return (
    <div className="border-b border-amber-200 bg-amber-50 px-5 py-6 sm:px-7" data-testid="scorecard-klaviyo-gaps">
      <h3 className="text-base font-semibold text-amber-950">What your Klaviyo account lacks</h3>
      <p className="mt-1 text-sm text-amber-900">
        None of your Klaviyo flows counts as these flow types (
        <Link to={KLAVIYO_FLOWS_PATH} className="font-medium underline underline-offset-2">
          check how your flows are counted
        </Link>
        ). The most at stake first.
      </p>
      <ol className="mt-4 space-y-4">
        {gaps.map((gap) => (
          <li key={gap.flowType} className="rounded-xl border border-amber-200 bg-white p-4" data-testid="klaviyo-gap" data-flow-type={gap.flowType}>
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <FlowIcon flowType={gap.flowType} />
              No {flowTypeLabel(gap.flowType)} flow in Klaviyo
            </p>
            <p className="mt-2 text-sm leading-relaxed text-slate-700" data-testid="klaviyo-gap-stake">
              <span className="font-semibold">At stake: </span>
              {gap.stake}
            </p>
            <SendMissingForm flowType={gap.flowType} hasFlow={gap.hasFlow} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Under a flow whose figures trail its peers: regenerate it, the dialog opening with the note. */
function RegenerateLink({ suggestion }: { suggestion: RegenerateSuggestion }) {
  const figures = suggestion.trailing.map((metric) => metricDefinition(metric).label.toLowerCase()).join(", ");
  return (
    <Link
      to={suggestion.href}
      className="mt-1 inline-block text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
      data-testid={`regenerate-suggestion-${suggestion.flowType}`}
    >
      Behind peers on {figures}: regenerate with a suggested note →
    </Link>
  );
}

function FlowScores({ scorecard }: { scorecard: Scorecard }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Score per flow</h3>
      <ul className="mt-3 space-y-3" data-testid="flow-scores">
        {FLOWS_BY_WEIGHT.map((flowType) => {
          const flow = scorecard.flows.find((item) => item.flowType === flowType);
          const score = flow?.score ?? null;
          const figures = comparedFigureCount(flow);
          const suggestion = (scorecard.regenerate ?? []).find((item) => item.flowType === flowType);
          return (
            <li key={flowType} className="flex items-center gap-3" data-testid={`flow-score-${flowType}`}>
              <FlowIcon flowType={flowType} />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="truncate text-sm font-medium text-slate-800">
                    {FLOW_TYPE_INFO[flowType].label}
                    <span className="ml-1.5 text-xs font-normal text-slate-500">counts {FLOW_WEIGHTS[flowType]}%</span>
                  </span>
                  {score === null ? (
                    <span className="flex-none text-xs text-slate-500">{figures === 0 ? "No figures" : `${figures} of ${MIN_FIGURES_PER_FLOW} figures`}</span>
                  ) : (
                    <span className={`flex-none text-sm font-semibold tabular-nums ${bandStyle(score).text}`}>
                      {score}
                      <span className="sr-only"> out of 100</span>
                    </span>
                  )}
                </div>
                <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  {score === null ? null : <div className={`h-full rounded-full ${bandStyle(score).bar}`} style={{ width: `${Math.max(2, score)}%` }} />}
                </div>
                {suggestion ? <RegenerateLink suggestion={suggestion} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MissingFigures({ missing, scored }: { missing: Scorecard["missing"]; scored: boolean }) {
  const byFlow = new Map<FlowType, string[]>();
  for (const item of missing) byFlow.set(item.flowType, [...(byFlow.get(item.flowType) ?? []), metricDefinition(item.metric).label.toLowerCase()]);
  return (
    <div className="mx-5 mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:mx-7" data-testid="scorecard-missing">
      <h3 className="text-sm font-semibold text-amber-900">{scored ? "Enter these figures to score more flows" : "Enter these figures to get your score"}</h3>
      <p className="mt-1 text-xs text-amber-900">
        A flow is scored from {MIN_FIGURES_PER_FLOW} figures that have a median, one of them revenue per recipient or click rate; the overall score needs {MIN_SCORED_FLOWS} scored
        flows. No score is guessed.
      </p>
      <ul className="mt-3 space-y-1.5">
        {[...byFlow].map(([flowType, labels]) => (
          <li key={flowType} className="text-sm text-slate-800">
            <Link to={benchmarkSectionHref(flowType)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {FLOW_TYPE_INFO[flowType].label}
            </Link>
            : {labels.join(", ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

const SEVERITY_STYLES: Record<Severity, { label: string; className: string }> = {
  critical: { label: "Critical", className: "bg-rose-600 text-white ring-rose-600" },
  high: { label: "High impact", className: "bg-rose-50 text-rose-800 ring-rose-200" },
  medium: { label: "Medium", className: "bg-amber-50 text-amber-900 ring-amber-200" },
  low: { label: "Low", className: "bg-slate-100 text-slate-700 ring-slate-200" },
};

function RecommendationItem({ item, rank }: { item: Recommendation; rank: number }) {
  const severity = SEVERITY_STYLES[item.severity];
  const estimable = item.impact.revenuePer1000Recipients !== null;
  return (
    <li className={`rounded-xl border p-4 sm:p-5 ${rank === 1 ? "border-brand-200 bg-brand-50/40" : "border-slate-200"}`} data-testid="recommendation" data-id={item.id}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex h-7 w-7 flex-none items-center justify-center rounded-full bg-slate-900 text-xs font-bold text-white" aria-hidden="true">
          {rank}
        </span>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <h4 className="text-sm font-semibold text-slate-900 sm:text-base">
            <span className="sr-only">{rank}. </span>
            {item.title}
          </h4>
          <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ${severity.className}`}>{severity.label}</span>
        </div>
      </div>
      <div className="mt-3 space-y-3 sm:pl-10">
        <p className="text-sm leading-relaxed text-slate-700">{item.detail}</p>
        <p
          className={`rounded-lg px-3 py-2 text-sm leading-relaxed ${estimable ? "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-100" : "bg-slate-50 text-slate-700 ring-1 ring-slate-100"}`}
          data-testid="impact"
        >
          {estimable ? <span className="font-semibold">At stake: </span> : null}
          {item.impact.text}
        </p>
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
          {item.actions.map((action, index) => (
            <Link
              key={action.label}
              to={action.href}
              className={
                index === 0
                  ? buttonClass({ variant: rank === 1 ? "primary" : "secondary", size: "sm", className: "text-left" })
                  : "px-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              }
            >
              {action.label}
              {index === 0 ? <span aria-hidden="true">→</span> : null}
            </Link>
          ))}
        </div>
      </div>
    </li>
  );
}

function HowItWorks() {
  return (
    <details className="group border-t border-slate-200 bg-slate-50 px-5 py-4 text-sm text-slate-700 sm:px-7">
      <summary className="cursor-pointer font-semibold text-slate-800 hover:text-slate-950">How this score is made</summary>
      <div className="mt-3 space-y-3 leading-relaxed">
        <p>
          Each figure scores 50 at your peer group&apos;s median, 80 at twice as good and 20 at half as good (for bounces, unsubscribes and spam complaints, lower is better). A
          flow&apos;s score weighs its figures; the overall score weighs the flows.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <p className="font-semibold text-slate-800">Figures</p>
            <ul className="mt-1 space-y-0.5">
              {[...METRIC_DEFINITIONS]
                .sort((a, b) => METRIC_WEIGHTS[b.key] - METRIC_WEIGHTS[a.key])
                .map((definition) => (
                  <li key={definition.key}>
                    {definition.label}: {METRIC_WEIGHTS[definition.key]}%
                  </li>
                ))}
            </ul>
          </div>
          <div>
            <p className="font-semibold text-slate-800">Flows (by their share of flow revenue)</p>
            <ul className="mt-1 space-y-0.5">
              {FLOWS_BY_WEIGHT.map((flowType) => (
                <li key={flowType}>
                  {FLOW_TYPE_INFO[flowType].label}: {FLOW_WEIGHTS[flowType]}%
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p>
          Recommendations are ranked by the revenue at stake per 1,000 recipients (your revenue per recipient against the median), then by how far a figure is from the median. Open
          rates count least: privacy features open emails on their own.
        </p>
      </div>
    </details>
  );
}

/** Free users: what the scorecard is, with no figure of it, and the way to get it. */
function ScorecardTeaser() {
  return (
    <section aria-labelledby="scorecard-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="scorecard-teaser">
      <div className="grid gap-6 p-5 sm:p-7 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] md:items-center">
        <div>
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-amber-700 uppercase">
            <CrownIcon className="h-3.5 w-3.5" /> Premium
          </p>
          <h2 id="scorecard-heading" className="mt-1 text-xl font-bold tracking-tight text-slate-900">
            Your score and what to fix first
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            Premium reads your figures and the flows you built, gives you one score out of 100 and one per flow, and ranks what to fix first by the revenue at stake, with the steps
            to take in Flowmap.
          </p>
          <UpgradeLink className={buttonClass({ variant: "premium", className: "mt-4" })}>
            <CrownIcon className="h-4 w-4" />
            Unlock your scorecard
          </UpgradeLink>
        </div>
        {/* A blurred glimpse of a scorecard, drawn by the stylesheet: a score ring, two lines, three bars. */}
        <div className="scorecard-peek" aria-hidden="true">
          <p />
          {[80, 55, 65].map((width) => (
            <b key={width} style={{ "--w": `${width}%` } as React.CSSProperties} />
          ))}
        </div>
      </div>
    </section>
  );
}
