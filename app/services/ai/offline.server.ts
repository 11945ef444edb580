import { type FlowType, flowTypeLabel } from "~/lib/flow-types";
import {
  allowsSms,
  type DraftTouchpoint,
  FIRST_TOUCH_MINUTES,
  FLOW_GOALS,
  type FlowDraft,
  SMS_REQUIRED_FLOW_TYPES,
  SUNSET_MIN_INACTIVITY_DAYS,
  TOUCHPOINT_COUNT,
} from "~/lib/flows/rules";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { isB2B, isServiceRetail } from "~/lib/questionnaire/options";
import { formatDuration, MINUTES_PER_DAY, MINUTES_PER_HOUR, offsetLabel } from "~/lib/timing";
import type { FlowMappingRecord, FlowStep } from "~/models/flow-mapping.server";
import type { FlowProvider, FlowRequest, RegeneratedDraft, RegenerateRequest } from "~/services/ai/provider.server";
import { FLOW_MAPPING_RULES } from "~/services/seed/flow-mapping-rules";

/**
 * The offline generator: deterministic, no network. It starts from the admin's flow-mapping
 * rule for the flow type (or the default rule when there is none), fills it with the business's
 * own answers (company, audience, offer, proof, guarantee, objections, voice, goal), fits it to
 * the business's channels and to the product rules, and on regeneration applies the user's
 * feedback to the current flow. Same input, same flow.
 */

export const OFFLINE_MODEL = "offline-rules-v1";

const MAX_BULLETS = 5;
/** A step may carry one more line than the rule's own when it adds the business's facts. */
const MAX_BULLETS_WITH_FACTS = 6;

interface Facts {
  company: string;
  audience: string;
  product: string;
  problem: string;
  difference: string;
  offer: string;
  proof: string;
  guarantee: string;
  objections: string;
  voice: string;
  goal: string;
  channels: string;
  businessType: string;
}

/** The first sentence (or the whole of a short answer), without its final full stop. */
function clause(value: string | undefined, max = 160): string {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  if (!text) return "";
  const first = text.split(/(?<=[.!?])\s/)[0] ?? text;
  const cut = first.length > max ? `${first.slice(0, max).replace(/\s+\S*$/, "")}…` : first;
  return cut.replace(/[.!?]$/, "");
}

/** "a Sunset flow", "an Abandoned Cart flow". */
function aFlow(flowType: FlowType) {
  const label = flowTypeLabel(flowType);
  return `${/^[AEIOU]/i.test(label) ? "an" : "a"} ${label} flow`;
}

function upper(text: string) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function lower(text: string) {
  return text ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "Primarily service packages" → "service packages". */
function upsellOffer(answer: string) {
  return lower(clause(answer).replace(/^primarily\s+/i, ""));
}

/** The goal a flow type serves for this business, from the answer written for it. */
function goalOf(business: QuestionnaireAnswers, flowType: FlowType): string {
  switch (flowType) {
    case "onboarding":
      return clause(business.onboardingGoal || business.conversionGoal);
    case "lead_nurture":
      return clause(business.leadNurtureGoal || business.conversionGoal);
    case "upsell":
      return business.upsellOpportunities ? `recommend ${upsellOffer(business.upsellOpportunities)}` : "";
    default:
      return ""; // abandoned cart: the order itself; sunset: re-engagement
  }
}

/** A first-purchase offer belongs to flows that lead to a first purchase, not to existing customers. */
function offerOf(business: QuestionnaireAnswers, flowType: FlowType): string {
  if (flowType === "lead_nurture") return clause(business.specificLeadOffer || business.onboardingSpecialOffers);
  if (flowType === "onboarding" || flowType === "abandoned_cart") return clause(business.onboardingSpecialOffers || business.specificLeadOffer);
  return "";
}

function factsOf(business: QuestionnaireAnswers, flowType: FlowType): Facts {
  return {
    company: business.companyName.trim() || "Your company",
    audience: clause(business.primaryTargetAudience, 120),
    product: clause(business.productServiceDescription),
    problem: clause(business.primaryProblemSolved),
    difference: clause(business.competitiveDifferentiation || business.competitiveAdvantageReasons),
    offer: offerOf(business, flowType),
    proof: clause(business.socialProofCredentials || business.availableProofMaterials || business.customerFeedback),
    guarantee: clause(business.guarantees_q8),
    objections: clause(business.topReasonsNotToBuy || business.frequentQuestionsConcerns),
    voice: clause(business.brandVoicePositioning, 120),
    goal: goalOf(business, flowType),
    channels: business.communicationChannels,
    businessType: business.businessType,
  };
}

/** Without a leading article, to follow "your": "the Month-End Report" → "Month-End Report". */
function bare(text: string) {
  return text.replace(/^(the|a|an)\s+/i, "");
}

/** The biggest figure in the proof ("4.8 stars from 2,300 reviews" → "2,300"), if any. */
function headlineNumber(proof: string): string | null {
  const numbers = proof.match(/\d[\d,]*(?:\.\d+)?/g) ?? [];
  let best: string | null = null;
  for (const number of numbers) {
    if (!best || Number(number.replace(/,/g, "")) > Number(best.replace(/,/g, ""))) best = number;
  }
  return best && Number(best.replace(/,/g, "")) >= 10 ? best : null;
}

/** The answer when it fits a title whole (a title never ends mid-sentence), else null. */
function whole(text: string, max: number): string | null {
  const full = clause(text, 10_000);
  return full && full.length <= max ? lower(full) : null;
}

/** The rule's [placeholders] filled from the business's answers, with a sound wording when an answer is missing. */
function fill(text: string, facts: Facts): string {
  const count = headlineNumber(facts.proof);
  const offer = facts.offer ? bare(lower(facts.offer)) : "";
  return text
    .replace(/\[Company\]/gi, facts.company)
    .replace(/\[target audience\]/gi, facts.audience ? lower(facts.audience) : "your customers")
    .replace(/\[welcome offer\]/gi, offer || "welcome gift")
    .replace(/\[lead magnet\]/gi, offer || "free guide")
    .replace(/\[specific offer\]/gi, offer || `your first step with ${facts.company}`)
    .replace(/for \[desired outcome\]/gi, whole(facts.goal, 60) ? `to ${whole(facts.goal, 60)}` : `behind ${facts.company}'s results`)
    .replace(/\[desired outcome\]/gi, whole(facts.goal, 60) ?? "your first result")
    .replace(/\[problem\] keeps happening/gi, whole(facts.problem, 60) ? `${whole(facts.problem, 60)} keeps happening` : "the problem keeps coming back")
    .replace(/\[problem\]/gi, whole(facts.problem, 60) ?? "the problem")
    .replace(/choosing \[category\]/gi, `choosing ${whole(facts.product, 50) ?? "a provider"}`)
    .replace(/\[category\]/gi, "a provider")
    .replace(/How \[customer\] got \[result\]/gi, `How a ${facts.company} customer got the result they wanted`)
    .replace(/\[customer\]/gi, `a ${facts.company} customer`)
    .replace(/\[result\]/gi, "the result they wanted")
    .replace(/Why \[number\] customers/gi, count ? `Why ${count} customers` : "Why customers")
    .replace(/\[number\]/gi, count ?? "many")
    .replace(/\[product\]/gi, "purchase")
    .replace(/\[item\]/gi, "item")
    .replace(/.+/s, (filled) => inOwnWords(filled, facts));
}

/** The rule's retail words in the business's own: a studio takes bookings, a software company sells plans. */
function inOwnWords(text: string, facts: Facts): string {
  if (isServiceRetail(facts.businessType)) {
    return text
      .replace(/Track your order/g, "See your booking details")
      .replace(/Shop your recommendations/g, "See what we recommend for you")
      .replace(/\byour order\b/g, "your booking")
      .replace(/\byour purchase\b/g, "your first sessions");
  }
  if (isB2B(facts.businessType)) {
    return text
      .replace(/Track your order/g, "Get set up")
      .replace(/Shop your recommendations/g, "See the recommended add-ons")
      .replace(/\byour order\b/g, "your purchase");
  }
  return text;
}

function bullets(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*[•\-*]\s*/, "").trim())
    .filter(Boolean);
}

function joinBullets(items: string[]): string {
  return items.map((item) => `• ${item}`).join("\n");
}

/** What a step is about, read from the rule's own words, so the business's matching answer goes into it. */
function businessLine(step: Pick<FlowStep, "title" | "primaryGoal" | "keyMessages" | "notes">, facts: Facts, index: number): string | null {
  const about = `${step.title} ${step.primaryGoal} ${step.keyMessages}`.toLowerCase();
  const noIncentive = /without a discount|no incentive|no selling/.test(`${about} ${step.notes ?? ""}`.toLowerCase());
  if (!noIncentive && /offer|incentive|discount|save|expire/.test(about) && facts.offer) return `${facts.company}'s offer: ${facts.offer}`;
  if (/proof|review|word for it|stories|testimonial/.test(about) && facts.proof) return `Proof to show: ${facts.proof}`;
  if (/guarantee|risk|return/.test(about) && facts.guarantee) return `Guarantee: ${facts.guarantee}`;
  if (/hesita|objection|question|concern|friction/.test(about) && facts.objections) return `Answer the objection customers raise most: ${lower(facts.objections)}`;
  if (/story|different|started/.test(about) && facts.difference) return `What sets ${facts.company} apart: ${lower(facts.difference)}`;
  if (/problem|educat|how to|getting started|value/.test(about) && facts.problem) return `The problem ${facts.company} solves: ${lower(facts.problem)}`;
  const fallback = [
    facts.product && `Feature ${lower(facts.product)}`,
    facts.audience && `Speak to ${lower(facts.audience)}`,
    facts.difference && `What sets ${facts.company} apart: ${lower(facts.difference)}`,
    facts.proof && `Proof to show: ${facts.proof}`,
  ].filter(Boolean) as string[];
  return fallback.length ? fallback[index % fallback.length]! : null;
}

function stepOffset(step: FlowStep): number {
  if (step.timing?.type === "offset") return step.timing.minutes;
  if (step.timing?.type === "immediate") return 0;
  return (step.delayDays ?? 0) * MINUTES_PER_DAY;
}

function fromRuleStep(step: FlowStep, facts: Facts, index: number): DraftTouchpoint {
  let lines = bullets(fill(step.keyMessages, facts));
  // The rule's generic incentive becomes the business's own offer.
  if (facts.offer && lines.some((line) => /^the incentive\b/i.test(line))) {
    lines = lines.map((line) => (/^the incentive\b/i.test(line) ? `The incentive, ${lower(facts.offer)}, and when it expires (48 hours)` : line));
  }
  // An SMS stays short: the rule's own lines only (they already carry the brand name).
  const extra = step.channel === "SMS" ? null : businessLine(step, facts, index);
  const fact = extra?.slice(extra.indexOf(": ") + 2).toLowerCase().slice(0, 40) ?? "";
  if (extra && !lines.some((line) => line.toLowerCase().includes(fact))) lines.splice(1, 0, extra);
  return {
    stepType: step.channel,
    title: fill(step.title, facts),
    offsetMinutes: stepOffset(step),
    timingText: step.timing?.displayText ?? "",
    primaryGoal: fill(step.primaryGoal, facts),
    keyMessages: joinBullets(lines.slice(0, MAX_BULLETS)),
    callToAction: fill(step.callToAction, facts),
  };
}

/** An SMS step as an email for an email-only business: same goal, email-length content. */
function asEmail(tp: DraftTouchpoint, facts: Facts): DraftTouchpoint {
  const lines = bullets(tp.keyMessages)
    .filter((line) => !/reply stop/i.test(line))
    .map((line) => upper(line.replace(`${facts.company}: `, "")));
  return {
    ...tp,
    stepType: "Email",
    title: /still|saved|waiting/i.test(tp.title) ? "Still thinking it over?" : `${tp.title} (email)`,
    primaryGoal: "A short, personal reminder for those who did not act on the first message.",
    keyMessages: joinBullets([...lines, facts.proof ? `Proof to show: ${facts.proof}` : "A short review from a recent customer"].slice(0, MAX_BULLETS)),
    callToAction: tp.callToAction.replace(/^Tap/i, "Click"),
  };
}

/** An email step as a short SMS (brand name first, one link, opt-out). */
function asSms(tp: DraftTouchpoint, facts: Facts): DraftTouchpoint {
  const hook = clause(bullets(tp.keyMessages)[0] ?? tp.primaryGoal, 90);
  return {
    ...tp,
    stepType: "SMS",
    title: `Text: ${tp.title.replace(/^Text:\s*/, "")}`,
    keyMessages: joinBullets([`${facts.company}: ${lower(hook)}`, "One short link straight to the next step", "Reply STOP to opt out"]),
    callToAction: `Tap to ${lower(tp.callToAction.replace(/^(click|tap) (to )?/i, ""))}`,
  };
}

function smsNudge(facts: Facts, flowType: FlowType, offsetMinutes: number): DraftTouchpoint {
  const what = flowType === "abandoned_cart" ? "your cart is saved" : facts.offer ? lower(facts.offer) : "a quick reminder of what we can do for you";
  return {
    stepType: "SMS",
    title: flowType === "abandoned_cart" ? "Your cart is saved" : `A quick text from ${facts.company}`,
    offsetMinutes,
    timingText: offsetLabel(offsetMinutes),
    primaryGoal: "A short, personal nudge on a second channel for contacts who have not acted on the emails.",
    keyMessages: joinBullets([`${facts.company}: ${what}`, "One short link straight to the next step", "Reply STOP to opt out"]),
    callToAction: flowType === "abandoned_cart" ? "Tap to finish checkout" : "Tap to take the next step",
  };
}

/** Extra steps for a rule with too few: written for the business, placed after the last step. */
function extraStep(flowType: FlowType, facts: Facts, afterMinutes: number, number: number): DraftTouchpoint {
  const offsetMinutes = afterMinutes + (flowType === "abandoned_cart" ? MINUTES_PER_DAY : 3 * MINUTES_PER_DAY);
  const guarantee = facts.guarantee ? `Guarantee: ${facts.guarantee}` : "How easy it is to change your mind";
  return {
    stepType: "Email",
    title: number % 2 ? `Questions people ask before choosing ${facts.company}` : `Why customers stay with ${facts.company}`,
    offsetMinutes,
    timingText: offsetLabel(offsetMinutes),
    primaryGoal: number % 2 ? "Remove the last doubts before the next step." : "Show the result other customers got.",
    keyMessages: joinBullets(
      [
        facts.objections ? `Answer: ${facts.objections}` : "Answer the three questions asked most often",
        facts.proof ? `Proof to show: ${facts.proof}` : "One short customer story",
        guarantee,
      ].slice(0, MAX_BULLETS),
    ),
    callToAction: "Take the next step",
  };
}

function fitCount(touchpoints: DraftTouchpoint[], flowType: FlowType, facts: Facts): DraftTouchpoint[] {
  const { min, max } = TOUCHPOINT_COUNT[flowType];
  const list = [...touchpoints];
  while (list.length > max) list.splice(list.length - 2, 1); // keep the first steps and the closing one
  while (list.length < min) list.push(extraStep(flowType, facts, list[list.length - 1]?.offsetMinutes ?? 0, list.length));
  return list;
}

function fitChannels(touchpoints: DraftTouchpoint[], flowType: FlowType, facts: Facts): DraftTouchpoint[] {
  if (!allowsSms(facts.channels)) return touchpoints.map((tp) => (tp.stepType === "SMS" ? asEmail(tp, facts) : tp));
  if (!SMS_REQUIRED_FLOW_TYPES.includes(flowType) || touchpoints.some((tp) => tp.stepType === "SMS")) return touchpoints;
  const list = [...touchpoints];
  if (list.length < TOUCHPOINT_COUNT[flowType].max) {
    // A text one day after the first email: the second channel reaches those who missed it.
    const first = list[0]?.offsetMinutes ?? 0;
    const next = list[1]?.offsetMinutes;
    const at = next === undefined ? first + MINUTES_PER_DAY : Math.max(first, Math.min(first + MINUTES_PER_DAY, next));
    list.splice(1, 0, smsNudge(facts, flowType, at));
    return list;
  }
  const index = Math.max(1, list.length - 2);
  list[index] = asSms(list[index]!, facts);
  return list;
}

function fitTiming(touchpoints: DraftTouchpoint[], flowType: FlowType): DraftTouchpoint[] {
  const list = [...touchpoints].sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  const window = FIRST_TOUCH_MINUTES[flowType];
  const first = list[0];
  if (window && first && (first.offsetMinutes < window.min || first.offsetMinutes > window.max)) {
    const minutes = Math.min(window.max, Math.max(window.min, flowType === "abandoned_cart" ? MINUTES_PER_HOUR : 0));
    list[0] = { ...first, offsetMinutes: minutes, timingText: offsetLabel(minutes) };
  }
  for (let index = 1; index < list.length; index++) {
    if (list[index]!.offsetMinutes < list[index - 1]!.offsetMinutes) list[index] = { ...list[index]!, offsetMinutes: list[index - 1]!.offsetMinutes };
  }
  return list;
}

function ruleFor(request: FlowRequest): FlowMappingRecord | (typeof FLOW_MAPPING_RULES)[number] {
  return request.rule ?? FLOW_MAPPING_RULES.find((rule) => rule.flowType === request.flowType)!;
}

function exitRulesOf(rule: { exitRules?: unknown }): string[] {
  const exits = rule.exitRules;
  if (exits && typeof exits === "object" && !Array.isArray(exits)) {
    const exitWhen = (exits as Record<string, unknown>).exitWhen;
    if (Array.isArray(exitWhen)) {
      const list = exitWhen.filter((item): item is string => typeof item === "string" && item.trim() !== "");
      if (list.length) return list;
    }
  } else if (Array.isArray(exits)) {
    const list = exits.filter((item): item is string => typeof item === "string" && item.trim() !== "");
    if (list.length) return list;
  }
  return ["Converts (the flow's goal is reached)", "Unsubscribes or marks a message as spam"];
}

function inactivityDaysOf(flowType: FlowType, trigger: string): number | null {
  if (flowType !== "sunset") return null;
  const days = Number(/(\d+)\s*days/i.exec(trigger)?.[1] ?? 0);
  return Math.max(SUNSET_MIN_INACTIVITY_DAYS, days);
}

function span(touchpoints: readonly DraftTouchpoint[]) {
  const last = touchpoints[touchpoints.length - 1]?.offsetMinutes ?? 0;
  return last === 0 ? "at once" : `over ${formatDuration(last)}`;
}

function overviewOf(flowType: FlowType, facts: Facts, touchpoints: readonly DraftTouchpoint[]): string {
  const emails = touchpoints.filter((tp) => tp.stepType === "Email").length;
  const texts = touchpoints.length - emails;
  const mix = texts ? `${emails} email${emails === 1 ? "" : "s"} and ${texts} SMS` : `${emails} email${emails === 1 ? "" : "s"}`;
  const audience = facts.audience ? ` for ${lower(facts.audience)}` : "";
  const parts = [`${facts.company}'s ${flowTypeLabel(flowType)} flow${audience}: ${mix} ${span(touchpoints)} to ${FLOW_GOALS[flowType].goal}.`];
  if (facts.goal) parts.push(`Business goal: ${lower(facts.goal)}.`);
  if (facts.product) parts.push(`It features ${lower(facts.product)}.`);
  return parts.join(" ");
}

function notesOf(rule: { notes?: string }, facts: Facts, customContext: string, carried: string[]): string {
  const ruleNotes = (rule.notes ?? "").replace(/SMS steps go only[^.]*\.(\s*\([^)]*\))?\.?/i, "").trim();
  const lines = [ruleNotes];
  if (facts.voice) lines.push(`Voice: ${facts.voice}.`);
  if (customContext.trim()) lines.push(`Your context: ${customContext.trim()}`);
  lines.push(...carried);
  return lines.filter(Boolean).join("\n");
}

function baseDraft(request: FlowRequest, touchpoints: DraftTouchpoint[], carried: string[] = []): FlowDraft {
  const rule = ruleFor(request);
  const facts = factsOf(request.business, request.flowType);
  const trigger = (rule.trigger ?? "").trim() || `Enters the ${flowTypeLabel(request.flowType)} segment.`;
  return {
    flowOverview: overviewOf(request.flowType, facts, touchpoints),
    trigger,
    exitRules: exitRulesOf(rule),
    inactivityDays: inactivityDaysOf(request.flowType, trigger),
    notes: notesOf(rule, facts, request.customContext, carried),
    touchpoints,
  };
}

function mentions(touchpoints: readonly DraftTouchpoint[], text: string) {
  const needle = text.toLowerCase().slice(0, 40);
  return touchpoints.some((tp) => `${tp.title}\n${tp.primaryGoal}\n${tp.keyMessages}\n${tp.callToAction}`.toLowerCase().includes(needle));
}

function addLine(tp: DraftTouchpoint, line: string, position: "start" | "end" = "end"): DraftTouchpoint {
  const lines = bullets(tp.keyMessages);
  if (lines.length >= MAX_BULLETS_WITH_FACTS) lines.splice(lines.length - 1, 1);
  return { ...tp, keyMessages: joinBullets(position === "start" ? [line, ...lines] : [...lines, line]) };
}

/**
 * Makes sure each thing the business told us shows in the steps where it works best: the voice
 * in the first message, the goal in the last, the offer in the last (the only incentive step of
 * an abandoned cart), proof, guarantee and objections in the emails that precede the ask.
 */
function coverFacts(list: DraftTouchpoint[], facts: Facts): DraftTouchpoint[] {
  const out = [...list];
  const emails = out.map((tp, index) => (tp.stepType === "Email" ? index : -1)).filter((index) => index >= 0);
  if (emails.length === 0) return out;
  const firstEmail = emails[0]!;
  const lastEmail = emails[emails.length - 1]!;
  const middle = emails.filter((index) => index !== firstEmail && index !== lastEmail);
  const pick = (n: number) => middle[n % Math.max(1, middle.length)] ?? lastEmail;
  if (facts.voice) out[firstEmail] = addLine(out[firstEmail]!, `Write in ${facts.company}'s voice: ${lower(facts.voice)}`);
  else if (!mentions(out, facts.company)) out[firstEmail] = addLine(out[firstEmail]!, `Sign off from the ${facts.company} team`);
  if (facts.audience && !mentions(out, facts.audience)) out[firstEmail] = addLine(out[firstEmail]!, `Speak to ${lower(facts.audience)}`);
  if (facts.proof && !mentions(out, facts.proof)) out[pick(0)] = addLine(out[pick(0)]!, `Proof to show: ${facts.proof}`);
  if (facts.objections && !mentions(out, facts.objections)) out[pick(1)] = addLine(out[pick(1)]!, `Answer the objection customers raise most: ${lower(facts.objections)}`);
  if (facts.guarantee && !mentions(out, facts.guarantee)) out[lastEmail] = addLine(out[lastEmail]!, `Guarantee: ${facts.guarantee}`);
  if (facts.offer && !mentions(out, facts.offer)) out[lastEmail] = addLine(out[lastEmail]!, `${facts.company}'s offer: ${facts.offer}`);
  if (facts.goal && !mentions(out, facts.goal)) out[lastEmail] = addLine(out[lastEmail]!, `Goal of this message: ${lower(facts.goal)}`);
  return out;
}

export function generateOfflineDraft(request: FlowRequest): FlowDraft {
  const rule = ruleFor(request);
  const facts = factsOf(request.business, request.flowType);
  const steps = [...(rule.steps ?? [])].sort((a, b) => a.stepNumber - b.stepNumber);
  let touchpoints = steps.map((step, index) => fromRuleStep(step, facts, index));
  touchpoints = fitChannels(touchpoints, request.flowType, facts);
  touchpoints = fitCount(touchpoints, request.flowType, facts);
  touchpoints = fitTiming(touchpoints, request.flowType);
  return baseDraft(request, coverFacts(touchpoints, facts));
}

// ---------------------------------------------------------------------------------------------
// Feedback

const FEEDBACK_KINDS = {
  shorter: /\b(shorter|too long|condense|tighten|trim|brief|concise|fewer (steps|touchpoints|messages))\b/i,
  moreSms: /\b(more (sms|texts?|text messages)|add (an? )?(sms|text)|use sms)\b/i,
  fewerEmails: /\b(fewer|less|too many) e-?mails?\b/i,
  discount: /\b(discount|coupon|promo(tion)? code|\d{1,2}\s?% off|percent off)\b/i,
  urgency: /\b(urgen\w*|scarcity|deadline|fomo|sooner|faster|time[- ]limited|last chance)\b/i,
  friendlier: /\b(friendl\w*|warmer|warm|casual|less formal|conversational|personal|human)\b/i,
  drop: /\b(remove|drop|delete|cut|skip|get rid of)\b/i,
} as const;

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, last: -1 };

/** The step the feedback names ("drop step 3", "remove the second email", "cut 'Why we started'"), or null. */
function namedStep(feedback: string, touchpoints: readonly DraftTouchpoint[]): number | null {
  const number = /\b(?:step|touchpoint|email|sms|message)\s*#?(\d+)\b/i.exec(feedback);
  if (number) {
    const index = Number(number[1]) - 1;
    return index >= 0 && index < touchpoints.length ? index : null;
  }
  const ordinal = /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|last)\b\s+(?:step|touchpoint|email|sms|message|one)/i.exec(feedback);
  if (ordinal) {
    const position = ORDINALS[ordinal[1]!.toLowerCase()]!;
    return position === -1 ? touchpoints.length - 1 : position <= touchpoints.length ? position - 1 : null;
  }
  const quoted = /["“'‘]([^"”'’]{3,})["”'’]/.exec(feedback)?.[1]?.toLowerCase();
  const text = feedback.toLowerCase();
  const index = touchpoints.findIndex((tp) => {
    const title = tp.title.toLowerCase();
    return quoted ? title.includes(quoted) : text.includes(title);
  });
  return index === -1 ? null : index;
}

function removeAt(list: DraftTouchpoint[], index: number) {
  return list.filter((_, i) => i !== index);
}

/** A middle step of least weight: not the first, not the last, an email before an SMS. */
function leastNeededIndex(list: readonly DraftTouchpoint[], channel?: "Email"): number | null {
  const smsCount = list.filter((tp) => tp.stepType === "SMS").length;
  for (let index = list.length - 2; index >= 1; index--) {
    const tp = list[index]!;
    if (channel && tp.stepType !== channel) continue;
    if (tp.stepType === "SMS" && smsCount === 1) continue; // the one text a flow may need
    return index;
  }
  return null;
}

function withUrgency(tp: DraftTouchpoint, facts: Facts): DraftTouchpoint {
  const lines = bullets(tp.keyMessages);
  const deadline = facts.offer ? `${facts.offer} ends in 48 hours: say so in the first line and the subject` : "Say plainly that this is the last reminder and when the offer or spot runs out";
  return {
    ...tp,
    title: /^last chance/i.test(tp.title) ? tp.title : `Last chance: ${lower(tp.title)}`,
    keyMessages: joinBullets([deadline, ...lines].slice(0, MAX_BULLETS)),
    callToAction: /now$/i.test(tp.callToAction) ? tp.callToAction : `${tp.callToAction} now`,
  };
}

function withDiscount(tp: DraftTouchpoint, percent: number, facts: Facts): DraftTouchpoint {
  const code = `${facts.company.replace(/[^A-Za-z]/g, "").toUpperCase().slice(0, 8) || "WELCOME"}${percent}`;
  const lines = bullets(tp.keyMessages).filter((line) => !/% off|discount/i.test(line));
  return {
    ...tp,
    keyMessages: joinBullets([`${percent}% off with code ${code}, valid for 48 hours`, ...lines].slice(0, MAX_BULLETS)),
    callToAction: `Claim ${percent}% off`,
  };
}

function friendlier(tp: DraftTouchpoint, facts: Facts): DraftTouchpoint {
  const lines = bullets(tp.keyMessages).filter((line) => !/^tone:/i.test(line));
  const tone =
    tp.stepType === "SMS"
      ? `Tone: friendly, first name first, signed by a real person at ${facts.company}`
      : `Tone: warm and personal, greet by first name, contractions welcome, signed by a real person at ${facts.company}`;
  return { ...tp, keyMessages: joinBullets([tone, ...lines].slice(0, MAX_BULLETS)) };
}

/** Your notes carried from the current flow's quick notes, so feedback not acted on is kept. */
function carriedNotes(quickNotes: string): string[] {
  return quickNotes.split("\n").filter((line) => line.startsWith("Your note: "));
}

export function regenerateOfflineDraft(request: RegenerateRequest): RegeneratedDraft {
  const { flowType, feedback } = request;
  const facts = factsOf(request.business, flowType);
  const { min, max } = TOUCHPOINT_COUNT[flowType];
  const smsAllowed = allowsSms(facts.channels);
  const changes: string[] = [];
  const refused: string[] = [];
  // The current flow is the starting point (the user's edits stay); one that no longer fits the
  // rules (steps deleted below the minimum) is rebuilt from the rule first.
  let list = [...request.current.touchpoints];
  if (list.length < min || list.length > max) {
    list = generateOfflineDraft(request).touchpoints;
    changes.push(`rebuilt the flow from the ${flowTypeLabel(flowType)} rule, since it had ${request.current.touchpoints.length} steps and needs ${min} to ${max}`);
  }
  const matched = new Set<string>();

  if (FEEDBACK_KINDS.drop.test(feedback)) {
    const index = namedStep(feedback, list);
    if (index !== null) {
      matched.add("drop");
      if (list.length > min) {
        changes.push(`removed step ${index + 1} ("${list[index]!.title}")`);
        list = removeAt(list, index);
      } else refused.push(`kept step ${index + 1}: ${aFlow(flowType)} needs at least ${min} steps`);
    }
  }
  if (FEEDBACK_KINDS.shorter.test(feedback)) {
    matched.add("shorter");
    const target = Math.max(min, Math.ceil(list.length * 0.7));
    const removed: string[] = [];
    while (list.length > target) {
      const index = leastNeededIndex(list);
      if (index === null) break;
      removed.push(list[index]!.title);
      list = removeAt(list, index);
    }
    list = list.map((tp) => ({ ...tp, keyMessages: joinBullets(bullets(tp.keyMessages).slice(0, 3)) }));
    changes.push(removed.length ? `made it shorter: dropped ${removed.map((t) => `"${t}"`).join(", ")} and kept each step to three key messages` : `kept each step to three key messages (${min} steps is the shortest ${aFlow(flowType)} can be)`);
  }
  if (FEEDBACK_KINDS.fewerEmails.test(feedback)) {
    matched.add("fewerEmails");
    const index = leastNeededIndex(list, "Email");
    if (index !== null && list.length > min) {
      changes.push(`removed one email ("${list[index]!.title}")`);
      list = removeAt(list, index);
    } else if (index !== null && smsAllowed) {
      changes.push(`turned the email "${list[index]!.title}" into an SMS`);
      list[index] = asSms(list[index]!, facts);
    } else refused.push(`kept the emails: the flow is at its minimum of ${min} steps${smsAllowed ? "" : " and your business sends email only"}`);
  }
  if (FEEDBACK_KINDS.moreSms.test(feedback)) {
    matched.add("moreSms");
    if (!smsAllowed) refused.push("added no SMS: your answers say your business uses email only (change Communication channels to Email + SMS to use texts)");
    else if (list.length < max) {
      const at = Math.min(list[1]?.offsetMinutes ?? (list[0]?.offsetMinutes ?? 0) + MINUTES_PER_DAY, (list[0]?.offsetMinutes ?? 0) + MINUTES_PER_DAY);
      list.splice(1, 0, smsNudge(facts, flowType, Math.max(list[0]?.offsetMinutes ?? 0, at)));
      changes.push("added an SMS nudge after the first message");
    } else {
      const index = leastNeededIndex(list, "Email");
      if (index !== null) {
        changes.push(`turned the email "${list[index]!.title}" into an SMS`);
        list[index] = asSms(list[index]!, facts);
      } else refused.push("added no SMS: every step that can be a text already is");
    }
  }
  if (FEEDBACK_KINDS.discount.test(feedback)) {
    matched.add("discount");
    const percent = Math.min(50, Math.max(5, Number(/(\d{1,2})\s?%/.exec(feedback)?.[1] ?? 10)));
    // The incentive goes on the closing step only, so earlier steps do not train people to wait for it.
    const index = list.length - 1;
    list[index] = withDiscount(list[index]!, percent, facts);
    changes.push(`added a ${percent}% discount to the last step ("${list[index]!.title}")`);
  }
  if (FEEDBACK_KINDS.urgency.test(feedback)) {
    matched.add("urgency");
    const firstMin = FIRST_TOUCH_MINUTES[flowType]?.min ?? 0;
    const start = list[0]?.offsetMinutes ?? 0;
    list = list.map((tp, index) => {
      if (index === 0) return tp;
      const offsetMinutes = Math.max(start, firstMin, Math.round(start + (tp.offsetMinutes - start) * 0.6));
      return { ...tp, offsetMinutes, timingText: offsetLabel(offsetMinutes) };
    });
    list[list.length - 1] = withUrgency(list[list.length - 1]!, facts);
    changes.push("added urgency: the steps come closer together and the last one carries a clear deadline");
  }
  if (FEEDBACK_KINDS.friendlier.test(feedback)) {
    matched.add("friendlier");
    list = list.map((tp) => friendlier(tp, facts));
    changes.push("made the tone friendlier: every step is written as a personal note, first names and contractions welcome");
  }

  const carried = carriedNotes(request.current.quickNotes);
  if (matched.size === 0) {
    const note = `Your note: ${clause(feedback, 300)}`;
    if (!carried.includes(note)) carried.push(note);
    refused.push(`could not turn "${clause(feedback, 120)}" into a change to the steps, so the flow is unchanged and your note is kept in the quick notes for whoever writes the messages`);
  }

  list = fitChannels(fitTiming(list, flowType), flowType, facts);
  list = fitCount(list, flowType, facts);
  list = fitTiming(list, flowType);
  const draft = baseDraft(request, list, carried);
  const sentences = [
    changes.length ? `I ${changes.join("; ")}.` : "",
    refused.length ? `I ${refused.join("; ")}.` : "",
    `The flow now has ${list.length} steps ${span(list)}.`,
  ].filter(Boolean);
  return { draft, explanation: sentences.join(" ") };
}

export const offlineProvider: FlowProvider = {
  model: OFFLINE_MODEL,
  instant: true,
  generateFlow: async (request) => generateOfflineDraft(request),
  regenerateFlow: async (request) => regenerateOfflineDraft(request),
};
