import { asksAnything } from "~/lib/content/asks";
import { briefAsks } from "~/lib/flows/feedback/brief";
import type { BrandRules } from "~/lib/business/brand-rules";
import type { BusinessFacts } from "~/lib/business/facts";
import { BUSINESS_MODEL_LABELS } from "~/lib/business/model";
import { withArticle } from "~/lib/business/model-specs";
import { CALL_TO_ACTION_MAX, PREHEADER_MAX, SMS_GSM7_MAX, SMS_OPT_OUT, SMS_UNICODE_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { PASTE_WORDS } from "~/lib/copy/checker";
import { INVENTED_RULE } from "~/lib/copy/invented";
import { type FlowType, flowTypeLabel } from "~/lib/flow-types";
import {
  type FlowDraft,
  FIRST_TOUCH_MINUTES,
  FLOW_GOALS,
  notedFlowRules,
  SMS_REQUIRED_FLOW_TYPES,
  SMS_SEND_WINDOW,
  SUNSET_MIN_INACTIVITY_DAYS,
  TOUCHPOINT_COUNT,
} from "~/lib/flows/rules";
import { MIN_GAP_MINUTES } from "~/lib/flows/spacing";
import { TIMING_EVENT_PHRASES, TIMING_EVENTS } from "~/lib/timing";
import type { ContentRequest } from "~/services/ai/provider.server";
import type { CurrentFlowDraft, FlowRequest, RegenerateRequest } from "~/services/ai/provider.server";

/**
 * What a model is asked, built from data in one place (decision 128): the business's facts and
 * model (lib/business/facts.ts, model-specs.ts), the plan the offline planner would write for it
 * as a starting point, the owner's offers and brand rules exactly, and every rule the answer will
 * be held to, stated with the checker's own numbers (imported, never retyped). No database ids,
 * timestamps or empty fields, and no bracket placeholders but the marked ones a writer may leave.
 */

export interface Prompt {
  system: string;
  user: string;
}

/** Temperatures when the environment sets none: planning is the call whose answers must hold to the most rules. */
export const DEFAULT_PLAN_TEMPERATURE = 0.5;
export const DEFAULT_CONTENT_TEMPERATURE = 0.7;

/** "- Label: value" lines for the values that are set; lists joined with "; ". */
function lines(entries: ReadonlyArray<readonly [string, string | readonly string[] | null | undefined | false]>): string[] {
  const out: string[] = [];
  for (const [label, value] of entries) {
    const text = Array.isArray(value)
      ? value
          .map((item: string) => item.trim())
          .filter(Boolean)
          .join("; ")
      : typeof value === "string"
        ? value.trim()
        : "";
    if (text) out.push(`- ${label}: ${text}`);
  }
  return out;
}

function section(title: string, body: readonly string[]): string {
  return body.length ? `${title}\n${body.join("\n")}` : "";
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join("\n\n");
}

/** The value without its empty parts (empty strings, nulls, empty lists), so a prompt carries no empty fields. */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact).filter((item) => !isEmpty(item));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => [k, compact(v)] as const)
        .filter(([, v]) => !isEmpty(v)),
    );
  }
  return typeof value === "string" ? value.trim() : value;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function quoted(items: readonly string[]): string[] {
  return items.map((item) => `"${item}"`);
}

// ---------------------------------------------------------------------------------------------
// The business

/** What the business sells and how, from its facts and its model's spec. */
export function businessSection(facts: BusinessFacts, voice = ""): string {
  const { spec, action } = facts;
  const anchor = spec.anchor ? TIMING_EVENT_PHRASES[spec.anchor] : "";
  const offers = facts.offers.map((offer) =>
    [`"${offer.text}"`, offer.code ? `code ${offer.code}` : "", `for ${offer.flows.map(flowTypeLabel).join(", ")}`].filter(Boolean).join(", "),
  );
  return section("The business (from the owner's answers; use these facts, and no others):", [
    ...lines([
      ["Brand, written exactly", facts.brand],
      ["How it sells", BUSINESS_MODEL_LABELS[facts.model]],
      ["What is bought or booked (the owner's word)", facts.unit],
      ["The first conversion", action.first],
      ["Its customers are called", spec.people],
      ["What it sells", facts.product],
      ["Who it is for", facts.audience],
      ["The problem it solves", facts.problem],
      ["What makes it different", facts.difference],
      ["Voice, in the owner's words", voice],
      ["Website", facts.website],
      ["Channels", facts.usesSms ? "Email + SMS" : "Email only"],
      ["Business to business", facts.b2b ? "yes" : ""],
      ["Delivered online (no address to arrive at)", facts.remote ? "yes" : ""],
      ["Bought once in years (nothing to reorder)", facts.durable ? "yes" : ""],
      ["Customers come back about every", facts.cycleDays ? `${facts.cycleDays} days` : ""],
      ["Onboarding starts", facts.onboardingStage],
      ["The lead nurture's goal, in the owner's words", facts.goal],
      ["What it sells as a bundle", facts.bundle],
      ["Offers, exactly as the owner gave them (no others exist)", offers.length ? offers : "none: never offer a discount, gift or free item"],
      ["Guarantee", facts.guarantee],
      ["Proof", facts.proof],
      ["Customers' own words (quote them in quotation marks)", quoted(facts.reviews)],
      ["Worries that stop people buying", facts.objections],
      ["Questions customers ask", facts.questions],
      ["What a new customer needs to know or do", facts.prep],
      ["The owner's onboarding steps", facts.nextSteps],
    ]),
    ...lines([
      ["Later steps can be timed from the customer's date of", anchor && `${anchor} (timing event "${spec.anchor}")`],
      ["An abandoned checkout here is an unfinished", facts.abandoned],
      ["Calls to action that fit", [action.cta, action.again, action.finish]],
      ["A contact has converted when they", action.exit],
      ["Reorder reminders fit", spec.replenishes && !facts.durable ? "yes" : ""],
      ["Rebooking reminders fit", spec.rebooks ? "yes" : ""],
    ]),
  ]);
}

/** The brand's rules, as the checker holds them; only the rules the owner set. */
export function brandRulesSection(rules: BrandRules): string {
  const emoji = { none: "never use emoji", sparingly: "emoji sparingly, one at most per message", ok: "emoji are welcome" } as const;
  return section("The brand's rules (the checker holds every line to them):", [
    ...lines([
      ["Write these names exactly", rules.casing],
      ["Exclamation marks", rules.exclamations === null ? "" : `at most ${rules.exclamations} in one email or text`],
      ["Case", rules.lowercase ? "everything in lower case" : ""],
      ["Emoji", rules.emoji ? emoji[rules.emoji] : ""],
      ["Sign every email", rules.signOff ? `"${rules.signOff}"` : rules.signOffPerson ? "with the named person the owner asks for, as [add: the name to sign with]" : ""],
      ["Never sign off as", quoted(rules.signOffNot)],
      ["Never use these words", quoted(rules.banned)],
      ["Say instead", rules.replacements.map((r) => `"${r.to}", never "${r.from}"`)],
      ["Discounts", rules.noDiscounts ? "the business never discounts: no discount, sale or coupon anywhere" : ""],
      ["Spelling", rules.spelling ? `${rules.spelling} English` : ""],
      ["Never open an email with", quoted(rules.openers)],
      ["Formality", rules.formality ?? ""],
      ["The business does not do or offer these (never name them, not even to say so)", quoted(rules.negated)],
      ["Words this kind of business never uses", quoted(rules.avoid)],
    ]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The rules a plan is held to

/** Every rule a plan is checked against (lib/flows/rules.ts and the copy checker), with the checker's numbers. */
export function planRules(flowType: FlowType, facts: BusinessFacts): string[] {
  const label = flowTypeLabel(flowType);
  const count = TOUCHPOINT_COUNT[flowType];
  const window = FIRST_TOUCH_MINUTES[flowType];
  const rules = [
    `${label} flows have ${count.min} to ${count.max} touchpoints: never more than ${count.max}, never fewer than ${count.min}.`,
    "Touchpoints are in send order: offsetMinutes (minutes after the trigger) never goes down from one step to the next.",
    `Two sends timed from the trigger are at least ${MIN_GAP_MINUTES} minutes apart (a later one is moved otherwise).`,
    window ? `The first touchpoint timed from the trigger goes ${window.min} to ${window.max} minutes after it.` : "",
    `A step timed from a date the customer has gives timing { type: "relative_event", event (one of ${TIMING_EVENTS.join(", ")}), direction "before" or "after", minutes, time null or "HH:MM" with whole days, displayText null }, and its offsetMinutes is your estimate of when that falls after the trigger (it orders the steps). Any other step has timing null.`,
    facts.usesSms
      ? `SMS go only to contacts with SMS consent, between ${SMS_SEND_WINDOW.start} and ${SMS_SEND_WINDOW.end} in their local time.${SMS_REQUIRED_FLOW_TYPES.includes(flowType) ? ` ${label} flows of an Email + SMS business include at least one SMS.` : ""}`
      : "This business sends email only: no SMS touchpoints; every stepType is Email.",
    "Every touchpoint has a title, a primaryGoal, keyMessages (bullet lines starting with '• ', the brief for whoever writes the message) and a callToAction. Every title is different.",
    `callToAction is the button's words, said to the reader, at most ${CALL_TO_ACTION_MAX} characters.`,
    `flowOverview names ${facts.brand} and the flow's goal: to ${FLOW_GOALS[flowType].goal}.`,
    "trigger says what starts the flow; exitRules lists at least one thing that ends it.",
    "notes holds only what else a marketer needs: never the trigger, the exit rules or the SMS consent rule (they are added to the notes for you).",
    flowType === "sunset"
      ? `inactivityDays is the number of days without a click or purchase that starts the flow, at least ${SUNSET_MIN_INACTIVITY_DAYS}.`
      : "inactivityDays is null.",
  ];
  return rules.filter(Boolean);
}

/** The copy checker's rules, as it states them (lib/copy/checker.ts, invented.ts). */
export function copyRules(): string[] {
  return [
    "Write the brand exactly as given, in its own case.",
    "Use offers exactly as the owner gave them. Never write a percentage, an amount or a code the answers do not give; a discount without a code uses the placeholder [YOUR DISCOUNT CODE].",
    `Never copy ${PASTE_WORDS} or more words in a row from an answer into a sentence: shorten it to a phrase, or quote it in quotation marks (a guarantee or a customer's words may be quoted whole).`,
    INVENTED_RULE,
    "The only placeholders allowed are marked ones: [YOUR DISCOUNT CODE] and [add: …] (for example [add: your consultation price]). Never leave any other bracket, brace, XX figure or TBD.",
    "No data keys in the text (such as exitWhen: or from: 08:00): write sentences.",
  ];
}

function numbered(rules: readonly string[]): string {
  return rules.map((rule, index) => `${index + 1}. ${rule}`).join("\n");
}

const PLAN_EXAMPLE = [
  "An example touchpoint, from another business (its form only; write yours from this business's facts):",
  JSON.stringify({
    stepType: "Email",
    title: "What to expect at your first lesson",
    offsetMinutes: 1440,
    timingText: "1 day after signup",
    timing: null,
    primaryGoal: "Make the first lesson feel easy before they book.",
    keyMessages: '• What happens in the first 20 minutes\n• Quote a student: "I stopped dreading the deep end"\n• One clear next step: book the first lesson',
    callToAction: "Book my first lesson",
  }),
].join("\n");

// ---------------------------------------------------------------------------------------------
// Plans

function systemFor(flowType: FlowType, facts: BusinessFacts, task: string): string {
  return join(
    `You are a senior lifecycle marketer who plans email and SMS flows. ${task} Answer with JSON only, in the given schema.`,
    section("Every rule below is checked; an answer that breaks one is sent back:", [numbered([...planRules(flowType, facts), ...copyRules()])]),
    PLAN_EXAMPLE,
  );
}

function contextSections(request: FlowRequest, facts: BusinessFacts): string[] {
  return [
    businessSection(facts, request.business.brandVoicePositioning),
    brandRulesSection(facts.brandRules),
    request.customContext.trim() ? `Extra context from the user: ${request.customContext.trim()}` : "",
  ];
}

/** The prompt for a new flow: the business, and the plan the offline planner would write for it as the starting point. */
export function planPrompt(request: FlowRequest, facts: BusinessFacts, skeleton: FlowDraft, options: { adminRule?: boolean } = {}): Prompt {
  const { flowType } = request;
  const task = `Write ${withArticle(flowTypeLabel(flowType))} flow for ${facts.brand} whose goal is to ${FLOW_GOALS[flowType].goal}.`;
  const start = options.adminRule
    ? "The starting plan (JSON, in the answer's schema) follows the flow map an admin wrote for this kind of business: keep its steps, trigger and exit rules, and write each step for this business."
    : "The starting plan (JSON, in the answer's schema) is what Flowmap's planner writes for this business: its steps, timing (including steps timed from the customer's date) and goals fit the business model. Improve the wording and the briefs for this business; change a step only for a clear reason, and keep to the rules.";
  return {
    system: systemFor(flowType, facts, task),
    user: join(...contextSections(request, facts), `${start} Fields left out are null or empty.\n${JSON.stringify(compact(skeleton))}`),
  };
}

/** The flow as it is now, without the lines the notes get back on every save (trigger, exit rules, SMS consent). */
export function currentFlowOf(current: CurrentFlowDraft): Record<string, unknown> {
  const { trigger, exitWhen } = notedFlowRules(current.quickNotes);
  return {
    flowOverview: current.flowOverview,
    trigger: trigger ?? "",
    exitRules: exitWhen ?? [],
    notes: withoutNotedRules(current.quickNotes),
    touchpoints: current.touchpoints,
  };
}

/** Notes without the trigger, exit-rules and SMS-consent lines, which composeQuickNotes adds to every flow. */
export function withoutNotedRules(notes: string): string {
  return notes
    .split("\n")
    .filter((line) => !/^\s*(?:Trigger|Exit rules|SMS consent)\s*:/i.test(line))
    .join("\n")
    .trim();
}

/** The prompt for a regeneration: the business, the flow as it is, and the user's feedback. */
export function regeneratePrompt(request: RegenerateRequest, facts: BusinessFacts): Prompt {
  const { flowType } = request;
  const task = `Rewrite ${possessiveOf(facts.brand)} ${flowTypeLabel(flowType)} flow to act on the user's feedback.`;
  return {
    system: systemFor(flowType, facts, task),
    user: join(
      ...contextSections(request, facts),
      `The flow as it is now (JSON; fields left out are null or empty): ${JSON.stringify(compact(currentFlowOf(request.current)))}`,
      `The user's feedback: ${request.feedback}`,
      "Rewrite the flow to act on the feedback, keeping what the feedback does not ask to change. Place new steps where the feedback says, never two sends at the same moment. In explanation, tell the user in a few sentences exactly what you changed, and say so plainly for anything you could not do (a rule above, or a fact the answers do not give). A discount the business has no code for uses the placeholder [YOUR DISCOUNT CODE], and the explanation tells the user to fill it in.",
      "Your answer is checked against every instruction in the feedback: never do the opposite of a 'no', 'never', 'remove' or 'don't' (no offer left where it says no offer, no text where it says no SMS, no step added where it says not to add one); a step it moves or adds goes exactly where it says (timed from the business's date, with timing, when it names one); a request the business's answers rule out (a discount for a business that never discounts) is not made, and the explanation says why.",
    ),
  };
}

function possessiveOf(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

// ---------------------------------------------------------------------------------------------
// Content

/** Every rule written content is checked against (lib/content/rules.ts, the copy checker). */
export function contentRules(brand: string): string[] {
  return [
    `Email touchpoints: subject at most ${SUBJECT_MAX} characters; preheader at most ${PREHEADER_MAX} characters, adding something the subject does not say; bodyText in plain text (paragraphs separated by a blank line, bullet lines start with "• ", no HTML, no markdown); callToAction is the button's words, at most ${CALL_TO_ACTION_MAX} characters; sms null.`,
    `SMS touchpoints: sms only (the email fields null): one message of at most ${SMS_GSM7_MAX} characters (${SMS_UNICODE_MAX} if it needs any character outside GSM-7, so avoid emoji and curly quotes), starting with "${brand}: " and ending with '${SMS_OPT_OUT}' exactly once, with nothing after it.`,
    `The one merge tag is ${FIRST_NAME_TAG}: open every email with a greeting that uses it (for example "Hi ${FIRST_NAME_TAG},"). No other merge tag or brace.`,
    "Every subject is different.",
    "Write to the reader as 'you': the key messages are the brief for you, the writer, never text for the customer.",
    "Do not write web addresses: each button's link is added for you from the business's answers.",
  ];
}

const CONTENT_EXAMPLE = [
  "An example, from another business (its form only; write yours from this business's facts):",
  JSON.stringify({
    touchpointId: "example-1",
    subject: "What to expect at your first lesson",
    preheader: "Twenty minutes in the shallow end, at your pace.",
    bodyText: `Hi ${FIRST_NAME_TAG},\n\nYour first lesson starts in the shallow end, with a coach beside you the whole time.\n\n• Bring a towel and goggles\n• Arrive ten minutes early to change\n\nSee you in the water,\nThe Harbour Swim team`,
    callToAction: "Book my first lesson",
    sms: null,
  }),
  JSON.stringify({
    touchpointId: "example-2",
    subject: null,
    preheader: null,
    bodyText: null,
    callToAction: null,
    sms: `Harbour Swim: your lesson is tomorrow at 9:00. Bring goggles and a towel. ${SMS_OPT_OUT}`,
  }),
].join("\n");

/** What each kind of ask means (flows/feedback/brief.ts), as the checker holds the copy to it. */
const ASKS_RULES = [
  "'Tone: formal' means no exclamation marks, no contractions and no emoji; 'Tone: playful', 'warm', 'plain', 'shorter', 'less-salesy' (no urgency, a soft button) and 'gentle' (no guilt or fear) change the words, never the brand's rules.",
  "'Topic: X' means the email is about X, from what the answers say about it, else the marked placeholder [add: what to say about X]; 'Lead with: X' puts X first; 'Mention: X' says X in the body; 'Never say: X' keeps X out of every field.",
].join(" ");

/** The key-message lines that are feedback's asks ("Tone: formal", "Never say: subscription"; flows/feedback/brief.ts), verbatim. */
export function asksIn(keyMessages: string): string[] {
  return keyMessages
    .split("\n")
    .map((line) => line.replace(/^\s*[•*-]\s*/, "").trim())
    .filter((line) => asksAnything(briefAsks(line)));
}

/** The prompt for a flow's copy: the same business and brand rules as the plan, and the steps to write. */
export function contentPrompt(request: ContentRequest, facts: BusinessFacts): Prompt {
  const brand = facts.brand;
  const system = join(
    `You are a senior lifecycle copywriter. Write ready-to-send copy for every touchpoint of ${possessiveOf(brand)} ${flowTypeLabel(request.flowType)} flow, in the business's own voice. Answer with JSON only, one entry per touchpoint, in the given order, with its touchpointId.`,
    section("Every rule below is checked; an answer that breaks one is sent back:", [numbered([...contentRules(brand), ...copyRules()])]),
    section("A touchpoint's asks are the marketer's feedback, quoted from its key messages: follow every one for that touchpoint.", [ASKS_RULES]),
    CONTENT_EXAMPLE,
  );
  const steps = request.touchpoints.map((tp) => ({
    touchpointId: tp.id,
    stepNumber: tp.stepNumber,
    channel: tp.stepType,
    title: tp.title,
    primaryGoal: tp.primaryGoal,
    keyMessages: tp.keyMessages,
    asks: asksIn(tp.keyMessages),
    callToAction: tp.callToAction,
  }));
  return {
    system,
    user: join(
      businessSection(facts, request.business.brandVoicePositioning),
      brandRulesSection(facts.brandRules),
      `The touchpoints to write (JSON): ${JSON.stringify(compact(steps))}`,
    ),
  };
}
