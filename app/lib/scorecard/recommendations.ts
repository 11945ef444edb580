import { benchmarkSectionHref } from "~/lib/dashboard-links";
import { flowHref } from "~/lib/flows/flow-url";
import { aFlowOfType, FLOW_TYPES, flowTypeLabel, type FlowType, type StepType } from "~/lib/flow-types";
import { SMS_REQUIRED_FLOW_TYPES } from "~/lib/flows/rules";
import { emptyMetricValues, type MetricKey } from "~/lib/metrics";
import { formatDuration, MINUTES_PER_DAY } from "~/lib/timing";
import { FLOW_DESCRIPTIONS } from "~/lib/benchmarks/card";

import { suggestedNote } from "./klaviyo";
import { comparedWithMedian, dollarsText, figureText, moneyText, peerPhrase, percentText } from "./format";
import { FLOW_WEIGHTS, MIN_FIGURES_PER_FLOW, RULES } from "./method";
import { comparedFigureCount, type FlowFigures, noMedians, type PeerMedian, type ScoreResult } from "./scoring";

/**
 * "What to fix first" (pure): findings from the user's figures against their peers and from
 * the flows they built in Flowmap, each with the numbers, the revenue at stake per 1,000
 * recipients where the figures allow it, and one or two actions that link to the user's own
 * flows. Ranked by money at stake, then by distance from the median; at most five.
 */

export type Severity = "critical" | "high" | "medium" | "low";

export interface RecommendationAction {
  label: string;
  href: string;
}

export interface RecommendationImpact {
  /** Dollars per 1,000 recipients, rounded; null when the figures do not allow an estimate. */
  revenuePer1000Recipients: number | null;
  /** Why it matters, in words: the estimate, or plainly "Not estimable" and what would make it so. */
  text: string;
}

export interface Recommendation {
  /** Stable across loads: the rule and the flow ('revenue_gap:abandoned_cart'). */
  id: string;
  flowType: FlowType;
  severity: Severity;
  title: string;
  /** The finding, with the user's figures, the median and the peer group. */
  detail: string;
  impact: RecommendationImpact;
  actions: RecommendationAction[];
}

/** A touchpoint as the rules read it: channel, title and when it goes. */
export interface TouchpointFacts {
  id: string;
  channel: StepType;
  title: string;
  /** Minutes after the flow's trigger; null for a timing relative to another event. */
  offsetMinutes: number | null;
  delayDays: number;
}

/** One of the user's flows in Flowmap, as the rules read it. */
export interface FlowFacts {
  id: string;
  flowType: FlowType;
  regenerationCount: number;
  /** In step order. */
  touchpoints: TouchpointFacts[];
}

export interface RecommendationInput {
  figures: readonly FlowFigures[];
  scores: ScoreResult;
  flows: readonly FlowFacts[];
  /** The business sends SMS (its answers say Email + SMS). */
  usesSms: boolean;
}

/** A finding before ranking, with what ranking needs. */
interface Candidate extends Recommendation {
  /** Critical deliverability trouble goes first whatever the money: it stops every flow. */
  critical: boolean;
  /** Relative distance from the median; null for findings about the flows rather than a figure. */
  distance: number | null;
  /** For findings without a median: their order among themselves (higher first). */
  priority: number;
}

// ---------------------------------------------------------------------------------------------
// Wording

function timesText(ratio: number) {
  const rounded = Math.round(ratio * 10) / 10;
  return rounded === 2 ? "twice" : `${rounded} times`;
}

function lowerLabel(flowType: FlowType) {
  return flowTypeLabel(flowType).toLowerCase();
}

function sentenceLabel(flowType: FlowType) {
  const lower = lowerLabel(flowType);
  return lower[0]!.toUpperCase() + lower.slice(1);
}

const aFlow = aFlowOfType;

function firstSentence(text: string) {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function notEstimable(reason: string): RecommendationImpact {
  return { revenuePer1000Recipients: null, text: `Not estimable: ${reason}` };
}

function severityFor({ distance, money }: { distance: number; money: number | null }): Severity {
  if ((money ?? 0) >= RULES.highImpactDollars || distance >= RULES.highGap) return "high";
  if (distance >= RULES.mediumGap) return "medium";
  return "low";
}

// ---------------------------------------------------------------------------------------------
// What the flows in Flowmap say

interface FlowIssue {
  kind: "cart_first_message_late" | "no_sms";
  sentence: string;
  /** The fix: a link of its own, or a request for the regeneration (several requests go in one). */
  fix: { edit: RecommendationAction } | { regenerate: string };
}

function regenerateAction(flowType: FlowType, requests: readonly string[]): RecommendationAction {
  const asked = requests.length === 0 ? "with your feedback" : `asking for ${requests.join(" and ")}`;
  return { label: `Regenerate it ${asked}`, href: flowHref(flowType, { dialog: "regenerate" }) };
}

/** The issues' fixes as links: edits each on their own, regeneration requests in one. */
function issueActions(flowType: FlowType, issues: readonly FlowIssue[]): RecommendationAction[] {
  const actions: RecommendationAction[] = [];
  const requests: string[] = [];
  for (const issue of issues) {
    if ("edit" in issue.fix) actions.push(issue.fix.edit);
    else requests.push(issue.fix.regenerate);
  }
  if (requests.length > 0) actions.push(regenerateAction(flowType, requests));
  return actions;
}

interface Crowding {
  emails: number;
  days: number;
  /** The second email of the crowded run: the first one to move later. */
  toMove: TouchpointFacts;
}

/** The largest run of emails within the crowding window, when it is crowded. */
export function crowdedEmails(flow: FlowFacts): Crowding | null {
  const emails = flow.touchpoints.filter((tp) => tp.channel === "Email" && tp.offsetMinutes !== null);
  const sorted = [...emails].sort((a, b) => a.offsetMinutes! - b.offsetMinutes!);
  let best: { start: number; end: number } | null = null;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end]!.offsetMinutes! - sorted[start]!.offsetMinutes! > RULES.crowdedWithinMinutes) start++;
    if (!best || end - start > best.end - best.start) best = { start, end };
  }
  if (!best || best.end - best.start + 1 < RULES.crowdedEmails) return null;
  const span = sorted[best.end]!.offsetMinutes! - sorted[best.start]!.offsetMinutes!;
  return { emails: best.end - best.start + 1, days: Math.max(1, Math.ceil(span / MINUTES_PER_DAY)), toMove: sorted[best.start + 1]! };
}

function flowIssues(flow: FlowFacts, input: RecommendationInput): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const first = flow.touchpoints[0];
  if (flow.flowType === "abandoned_cart" && first && first.offsetMinutes !== null && first.offsetMinutes > RULES.cartFirstMessageMinutes) {
    // The edit form sets whole days: a delay of a day or more can be brought to 0 there; a
    // delay within the first day needs a regeneration that asks for it.
    const fix =
      first.delayDays >= 1
        ? { edit: { label: `Edit “${first.title}”: set its delay to 0 days`, href: flowHref(flow.flowType, { dialog: "edit", touchpoint: first.id }) } }
        : { regenerate: "the first reminder within 1 hour" };
    issues.push({
      kind: "cart_first_message_late",
      sentence: `Your abandoned cart flow's first message goes after ${formatDuration(first.offsetMinutes)}; most stores send within 1 hour.`,
      fix,
    });
  }
  if (input.usesSms && SMS_REQUIRED_FLOW_TYPES.includes(flow.flowType) && !flow.touchpoints.some((tp) => tp.channel === "SMS")) {
    issues.push({
      kind: "no_sms",
      sentence: `You use SMS, but your ${lowerLabel(flow.flowType)} flow has no SMS step.`,
      fix: { regenerate: "“more SMS”" },
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// The rules

interface FlowContext {
  flowType: FlowType;
  values: FlowFigures["values"];
  medians: FlowFigures["medians"];
  flow: FlowFacts | null;
  issues: FlowIssue[];
  sunset: FlowFacts | null;
  scored: boolean;
  /** Figures that count towards the flow's score (entered, with a median): the card's count too. */
  compared: number;
}

function pair(ctx: FlowContext, metric: MetricKey): { value: number; median: PeerMedian } | null {
  const value = ctx.values[metric];
  const median = ctx.medians[metric];
  if (value === null || value === undefined || !Number.isFinite(value) || !median || !(median.value > 0)) return null;
  return { value, median };
}

function generateAction(flowType: FlowType): RecommendationAction {
  return { label: `Generate ${aFlow(flowType)}`, href: flowHref(flowType) };
}

/** Actions for a flow that underperforms: what its flow in Flowmap shows first, then generic ones. */
function performanceActions(ctx: FlowContext): RecommendationAction[] {
  if (!ctx.flow) return [{ label: `Generate ${aFlow(ctx.flowType)} built on best practice`, href: flowHref(ctx.flowType) }];
  const actions = issueActions(ctx.flowType, ctx.issues);
  if (actions.length === 0) {
    // The dialog opens with a note worked out from the figures that trail.
    const note = suggestedNote({ flowType: ctx.flowType, values: ctx.values, medians: ctx.medians })?.note;
    actions.push({ label: "Regenerate it with your feedback on the offer and the call to action", href: flowHref(ctx.flowType, { dialog: "regenerate", note }) });
  }
  actions.push({ label: "Rewrite its email and SMS copy", href: `/flow-content?flow=${encodeURIComponent(ctx.flow.id)}` });
  return actions.slice(0, 2);
}

function issueSentences(ctx: FlowContext) {
  return ctx.issues.map((issue) => ` ${issue.sentence}`).join("");
}

function revenueGap(ctx: FlowContext): Candidate | null {
  const revenue = pair(ctx, "revenuePerRecipient");
  if (!revenue) return null;
  const gap = (revenue.median.value - revenue.value) / revenue.median.value;
  if (gap < RULES.revenueGap) return null;
  const money = (revenue.median.value - revenue.value) * 1000;
  let context = "";
  const click = pair(ctx, "clickRate");
  if (click && click.value < click.median.value) {
    context = ` Its click rate, ${percentText(click.value)} against ${percentText(click.median.value)}, shows fewer people coming back to buy.`;
  } else if (click) {
    context = ` Its click rate (${percentText(click.value)}) is at or above the median, so the loss comes after the click: the offer, the landing page or the checkout.`;
  }
  return {
    id: `revenue_gap:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: severityFor({ distance: gap, money }),
    title: `${flowTypeLabel(ctx.flowType)}: revenue per recipient ${Math.round(gap * 100)}% below peers`,
    detail: `${sentenceLabel(ctx.flowType)} revenue per recipient ${dollarsText(revenue.value)} against a median of ${dollarsText(revenue.median.value)} ${peerPhrase(revenue.median.groupLabel)}.${context}${issueSentences(ctx)}`,
    impact: { revenuePer1000Recipients: Math.round(money), text: `About ${moneyText(money)} more revenue per 1,000 recipients at the median.` },
    actions: performanceActions(ctx),
    critical: false,
    distance: gap,
    priority: 0,
  };
}

function revenueUnknownReason(ctx: FlowContext) {
  const revenue = pair(ctx, "revenuePerRecipient");
  if (revenue) {
    const below = revenue.value < revenue.median.value;
    const compared = comparedWithMedian("revenuePerRecipient", revenue.value, revenue.median.value);
    return `your ${lowerLabel(ctx.flowType)} revenue per recipient (${figureText("revenuePerRecipient", revenue.value)}) ${compared}, so ${below ? "the gap is too small for Flowmap to price" : "there is no revenue gap for Flowmap to price"}.`;
  }
  return `enter your ${lowerLabel(ctx.flowType)} revenue per recipient to put a figure on it.`;
}

function clickGap(ctx: FlowContext): Candidate | null {
  const click = pair(ctx, "clickRate");
  if (!click) return null;
  const gap = (click.median.value - click.value) / click.median.value;
  if (gap < RULES.clickGap) return null;
  return {
    id: `click_gap:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: severityFor({ distance: gap, money: null }),
    title: `${flowTypeLabel(ctx.flowType)}: click rate ${Math.round(gap * 100)}% below peers`,
    detail: `${sentenceLabel(ctx.flowType)} click rate ${percentText(click.value)} against a median of ${percentText(click.median.value)} ${peerPhrase(click.median.groupLabel)}. Clicks are the step before revenue, and privacy features cannot inflate them.${issueSentences(ctx)}`,
    impact: notEstimable(revenueUnknownReason(ctx)),
    actions: performanceActions(ctx),
    critical: false,
    distance: gap,
    priority: 0,
  };
}

function openGap(ctx: FlowContext): Candidate | null {
  const open = pair(ctx, "openRate");
  if (!open) return null;
  const gap = (open.median.value - open.value) / open.median.value;
  if (gap < RULES.openGap) return null;
  return {
    id: `open_gap:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: gap >= RULES.highGap ? "medium" : "low",
    title: `${flowTypeLabel(ctx.flowType)}: open rate ${Math.round(gap * 100)}% below peers`,
    detail: `${sentenceLabel(ctx.flowType)} open rate ${percentText(open.value)} against a median of ${percentText(open.median.value)} ${peerPhrase(open.median.groupLabel)}. Privacy features inflate everyone's opens, so a low one usually means mail is missing the inbox or the subject line does not land.${issueSentences(ctx)}`,
    impact: notEstimable(revenueUnknownReason(ctx)),
    actions: performanceActions(ctx),
    critical: false,
    distance: gap,
    priority: 0,
  };
}

function unsubscribeHigh(ctx: FlowContext): Candidate | null {
  const unsubscribe = pair(ctx, "unsubscribeRate");
  if (!unsubscribe) return null;
  const ratio = unsubscribe.value / unsubscribe.median.value;
  if (ratio < RULES.unsubscribeRatio) return null;
  const crowding = ctx.flow ? crowdedEmails(ctx.flow) : null;
  const rate = `an unsubscribe rate of ${percentText(unsubscribe.value)}, ${timesText(ratio)} the median of ${percentText(unsubscribe.median.value)} ${peerPhrase(unsubscribe.median.groupLabel)}`;
  const base = {
    id: `unsubscribe_high:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: (ratio >= 2 ? "high" : "medium") as Severity,
    impact: notEstimable("every unsubscribe is a contact no flow can reach again, but Flowmap does not know your list's value."),
    critical: false,
    distance: ratio - 1,
    priority: 0,
  };
  if (ctx.flow && crowding) {
    return {
      ...base,
      title: `${flowTypeLabel(ctx.flowType)}: too many emails too close together`,
      detail: `${plural(crowding.emails, `${lowerLabel(ctx.flowType)} email`)} in ${plural(crowding.days, "day")} and ${rate}: space them out.`,
      actions: [
        { label: `Space them out: move “${crowding.toMove.title}” later`, href: flowHref(ctx.flowType, { dialog: "edit", touchpoint: crowding.toMove.id }) },
        regenerateAction(ctx.flowType, ["“fewer emails”"]),
      ],
    };
  }
  return {
    ...base,
    title: `${flowTypeLabel(ctx.flowType)}: unsubscribe rate ${timesText(ratio)} the median`,
    detail: `${sentenceLabel(ctx.flowType)} emails get ${rate}.`,
    actions: ctx.flow ? [regenerateAction(ctx.flowType, ["“fewer emails”"])] : [generateAction(ctx.flowType)],
  };
}

function sunsetAction(ctx: FlowContext): RecommendationAction {
  return ctx.sunset
    ? { label: "Check your sunset flow: it stops mailing people who no longer engage", href: flowHref("sunset") }
    : { label: "Generate a sunset flow to stop mailing people who no longer engage", href: flowHref("sunset") };
}

function spamHigh(ctx: FlowContext): Candidate | null {
  const spam = pair(ctx, "spamComplaintRate");
  if (!spam) return null;
  const ratio = spam.value / spam.median.value;
  if (ratio < RULES.spamRatio && spam.value < RULES.spamWarningPercent) return null;
  const critical = spam.value >= RULES.spamCriticalPercent;
  const actions = [sunsetAction(ctx)];
  if (ctx.flow && ctx.flowType !== "sunset") actions.push(regenerateAction(ctx.flowType, ["“fewer emails”"]));
  return {
    id: `spam_high:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: critical ? "critical" : "high",
    title: `${flowTypeLabel(ctx.flowType)}: spam complaints at ${percentText(spam.value)}`,
    detail: `${sentenceLabel(ctx.flowType)} spam complaint rate ${percentText(spam.value)} against a median of ${percentText(spam.median.value)} ${peerPhrase(spam.median.groupLabel)}. Gmail asks senders to stay below ${percentText(RULES.spamWarningPercent)} and rejects mail from senders at ${percentText(RULES.spamCriticalPercent)} or more.`,
    impact: notEstimable("complaints put the delivery of all your email at risk, not only this flow's revenue."),
    actions,
    critical,
    distance: ratio - 1,
    priority: 0,
  };
}

function bounceHigh(ctx: FlowContext): Candidate | null {
  const bounce = pair(ctx, "bounceRate");
  if (!bounce) return null;
  const ratio = bounce.value / bounce.median.value;
  if (ratio < RULES.bounceRatio) return null;
  return {
    id: `bounce_high:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: ratio >= 3 ? "high" : "medium",
    title: `${flowTypeLabel(ctx.flowType)}: bounce rate ${timesText(ratio)} the median`,
    detail: `${sentenceLabel(ctx.flowType)} bounce rate ${percentText(bounce.value)} against a median of ${percentText(bounce.median.value)} ${peerPhrase(bounce.median.groupLabel)}. Mailbox providers read many bounces as a neglected list.`,
    impact: notEstimable("bounces cost deliverability rather than revenue Flowmap can count."),
    actions: [sunsetAction(ctx)],
    critical: false,
    distance: ratio - 1,
    priority: 0,
  };
}

/** A flow-fact issue on its own, when no finding about the flow's figures carries it. */
function issueFinding(ctx: FlowContext, issue: FlowIssue): Candidate {
  const late = issue.kind === "cart_first_message_late";
  return {
    id: `${issue.kind}:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: "medium",
    title: late ? "Abandoned Cart: first reminder goes too late" : `${flowTypeLabel(ctx.flowType)}: no SMS step`,
    detail: late
      ? `${issue.sentence} SaleCycle found that reminders sent one hour after abandonment convert best and those sent after a day convert worst.`
      : `${issue.sentence} A short text reaches people who missed the email, at the moment that matters.`,
    impact: notEstimable(revenueUnknownReason(ctx)),
    actions: issueActions(ctx.flowType, [issue]),
    critical: false,
    distance: null,
    priority: late ? 4 : 3,
  };
}

function figuresEntered(ctx: FlowContext) {
  return Object.values(ctx.values).filter((value) => value !== null && value !== undefined).length;
}

function flowWithoutFigures(ctx: FlowContext): Candidate | null {
  if (!ctx.flow || ctx.scored) return null;
  const entered = figuresEntered(ctx);
  const regenerated = ctx.flow.regenerationCount;
  const messages = plural(ctx.flow.touchpoints.length, "message");
  const count = ctx.compared > 0 ? `only ${ctx.compared} of the ${MIN_FIGURES_PER_FLOW} figures a score needs` : entered ? "no figures that have a peer median" : "no figures";
  return {
    id: `flow_without_figures:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: "low",
    title: `${flowTypeLabel(ctx.flowType)}: a flow without ${entered ? "enough " : ""}figures`,
    detail: `Your ${lowerLabel(ctx.flowType)} flow in Flowmap has ${messages}${regenerated ? ` and was regenerated ${plural(regenerated, "time")}` : ""}, but ${count}: Flowmap cannot tell whether it works${regenerated ? " or whether the changes helped" : ""}.`,
    impact: notEstimable(`enter the ${lowerLabel(ctx.flowType)} figures to compare it with peers.`),
    actions: [{ label: `Enter your ${lowerLabel(ctx.flowType)} figures`, href: benchmarkSectionHref(ctx.flowType) }],
    critical: false,
    distance: null,
    priority: 1,
  };
}

function figuresWithoutFlow(ctx: FlowContext): Candidate | null {
  if (ctx.flow || figuresEntered(ctx) === 0) return null;
  return {
    id: `figures_without_flow:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: "low",
    title: `${flowTypeLabel(ctx.flowType)}: figures but no flow in Flowmap`,
    detail: `You entered ${lowerLabel(ctx.flowType)} figures, but there is no ${lowerLabel(ctx.flowType)} flow in Flowmap, so its timing and channels cannot be checked against best practice.`,
    impact: notEstimable(revenueUnknownReason(ctx)),
    actions: [generateAction(ctx.flowType)],
    critical: false,
    distance: null,
    priority: 2,
  };
}

function missingFlow(ctx: FlowContext): Candidate | null {
  if (ctx.flow || figuresEntered(ctx) > 0) return null;
  const median = ctx.medians.revenuePerRecipient;
  const peers =
    median && median.value > 0 ? ` Peers earn a median of ${dollarsText(median.value)} per recipient from ${aFlow(ctx.flowType)} (${peerPhrase(median.groupLabel)}).` : "";
  return {
    id: `missing_flow:${ctx.flowType}`,
    flowType: ctx.flowType,
    severity: FLOW_WEIGHTS[ctx.flowType] >= 30 ? "high" : "medium",
    title: `No ${lowerLabel(ctx.flowType)} flow yet`,
    detail: `You have no ${lowerLabel(ctx.flowType)} flow in Flowmap and no figures for one. ${firstSentence(FLOW_DESCRIPTIONS[ctx.flowType])}`,
    // What peers earn per recipient is known; how many of the user's contacts the flow would
    // reach, and whether they run one elsewhere, is not.
    impact: notEstimable(`Flowmap does not know how many of your contacts it would reach.${peers}`),
    actions: [generateAction(ctx.flowType)],
    critical: false,
    // Without the flow, the user misses that flow's share of typical flow revenue: as far below
    // the median as that share allows, the largest (abandoned cart) counting as 100% below.
    distance: FLOW_WEIGHTS[ctx.flowType] / Math.max(...Object.values(FLOW_WEIGHTS)),
    priority: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Ranking

/**
 * Critical deliverability first (it stops every flow); then the money at stake, highest first,
 * with estimable findings before the rest; then the distance from the median; findings that
 * are about the flows rather than a figure after those, in a fixed order; ties go to the flow
 * that weighs more in the score.
 */
export function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.critical !== b.critical) return a.critical ? -1 : 1;
  const moneyA = a.impact.revenuePer1000Recipients;
  const moneyB = b.impact.revenuePer1000Recipients;
  if ((moneyA === null) !== (moneyB === null)) return moneyA === null ? 1 : -1;
  if (moneyA !== null && moneyB !== null && moneyA !== moneyB) return moneyB - moneyA;
  if ((a.distance === null) !== (b.distance === null)) return a.distance === null ? 1 : -1;
  if (a.distance !== null && b.distance !== null && a.distance !== b.distance) return b.distance - a.distance;
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.flowType !== b.flowType) return FLOW_WEIGHTS[b.flowType] - FLOW_WEIGHTS[a.flowType];
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every finding, ranked (the card and the API show the first MAX_RECOMMENDATIONS, buildScorecard). */
export function allFindings(input: RecommendationInput): Recommendation[] {
  const sunset = input.flows.find((flow) => flow.flowType === "sunset") ?? null;
  const candidates: Candidate[] = [];
  for (const flowType of FLOW_TYPES) {
    const figures = input.figures.find((item) => item.flowType === flowType);
    const flow = input.flows.find((item) => item.flowType === flowType) ?? null;
    const ctx: FlowContext = {
      flowType,
      values: figures?.values ?? emptyMetricValues(),
      medians: figures?.medians ?? noMedians(),
      flow,
      issues: flow ? flowIssues(flow, input) : [],
      sunset,
      scored: input.scores.flows.find((item) => item.flowType === flowType)?.score !== null,
      compared: comparedFigureCount(input.scores.flows.find((item) => item.flowType === flowType)),
    };
    // One finding about how the flow performs (the most telling), carrying what its flow shows.
    const performance = revenueGap(ctx) ?? clickGap(ctx) ?? openGap(ctx);
    const health = [unsubscribeHigh(ctx), spamHigh(ctx), bounceHigh(ctx)].filter((item): item is Candidate => item !== null);
    const forFlow: Candidate[] = [...(performance ? [performance] : []), ...health];
    if (!performance) forFlow.push(...ctx.issues.map((issue) => issueFinding(ctx, issue)));
    const structural = [flowWithoutFigures(ctx), figuresWithoutFlow(ctx), missingFlow(ctx)].filter((item): item is Candidate => item !== null);
    // A flow already discussed needs no "figures but no flow" finding: its actions say so.
    candidates.push(...forFlow, ...structural.filter((item) => !(forFlow.length > 0 && item.id.startsWith("figures_without_flow"))));
  }
  return candidates.sort(compareCandidates).map(({ critical: _critical, distance: _distance, priority: _priority, ...recommendation }) => recommendation);
}
