import { type BusinessFacts, type Offer, offerFor } from "~/lib/business/facts";
import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { answersConflict, discountConflict } from "~/lib/flows/feedback/conflicts";
import type { Intent, Target } from "~/lib/flows/feedback/intents";
import { addBriefLine, bullets, claim, describe, type FeedbackContext, type FeedbackState, type Handler, joinBullets, refuse, resolve } from "~/lib/flows/feedback/steps";
import type { DraftTouchpoint } from "~/lib/flows/rules";

/**
 * Offers: add one ("add a discount", "PUT NOFEE IN THE FIRST ONE", "add 20% off"), remove them
 * ("we never discount, remove any offer", "no discount in the welcome email"), or move one ("no
 * GLOW50 in the first email, save it for the last one"). Only the business's own offers, exactly as
 * given, or a marked placeholder to fill in: never an invented code. A discount for an owner who
 * never discounts, or an offer of something the business does not do, is refused with the reason.
 */

type OfferIntent = Extract<Intent, { kind: "offer" }>;

/** The marked placeholder for a discount code the business has not given. */
export const DISCOUNT_CODE_PLACEHOLDER = "[YOUR DISCOUNT CODE]";

const OFFER_LINE = /\b(?:\d{1,2}\s?%\s?off|[$£€]\d[\d,.]*\s?off|discount|coupon|promo|code\b|offer exactly as given|claim\b|free shipping|money off)/i;

export function isOfferLine(line: string, facts: BusinessFacts): boolean {
  if (/^(?:never say|tone|topic|lead with|mention):/i.test(line)) return false;
  return OFFER_LINE.test(line) || facts.offers.some((o) => (o.code && line.includes(o.code)) || line.toLowerCase().includes(o.text.toLowerCase()));
}

function withoutOffer(tp: DraftTouchpoint, facts: BusinessFacts, code: string | null): DraftTouchpoint {
  const drop = (line: string) => (code ? line.includes(code) : isOfferLine(line, facts));
  const lines = bullets(tp.keyMessages).filter((line) => !drop(line));
  const cta = drop(tp.callToAction) || /^claim\b/i.test(tp.callToAction) ? facts.action.cta : tp.callToAction;
  const title = drop(tp.title) ? (tp.stepType === "SMS" ? `A text from ${facts.brand}` : `A note from ${facts.brand}`) : tp.title;
  const avoid = code ?? (facts.offers.find((o) => o.code)?.code || "discount");
  // An owner who never discounts already has discounts kept out of every line by the brand rules.
  const brief = facts.brandRules.noDiscounts && !code ? joinBullets(lines) : addBriefLine(joinBullets(lines), BRIEF_LINE.avoid(avoid));
  return { ...tp, title, callToAction: cta, keyMessages: brief };
}

function hasOffer(tp: DraftTouchpoint, facts: BusinessFacts, code: string | null): boolean {
  const text = [tp.title, tp.callToAction, ...bullets(tp.keyMessages)];
  return text.some((line) => (code ? line.includes(code) && !line.startsWith("Never say:") : isOfferLine(line, facts)));
}

function removeOffer(state: FeedbackState, intent: OfferIntent, context: FeedbackContext): void {
  const indices = resolve(intent.target ?? { by: "all", channel: null }, state.list);
  const had = indices.filter((i) => hasOffer(state.list[i]!, context.facts, intent.code)).length;
  for (const i of indices) state.list[i] = withoutOffer(state.list[i]!, context.facts, intent.code);
  const where = indices.length === 1 ? describe(state.list, indices[0]!) : "every step";
  const what = intent.code ?? "any offer or discount";
  const words = had
    ? `took ${what} out of ${where}`
    : context.facts.brandRules.noDiscounts && !intent.code
      ? `checked ${where}: none offers a discount, and your answers already keep discounts out of the copy`
      : `briefed ${where} never to offer ${what} (none was there)`;
  claim(state, "offer", words, (list) => indices.every((i) => !list[i] || !hasOffer(list[i]!, context.facts, intent.code)));
}

/** The business's own offer the note names (by its code, its figure, or any for a bare "discount"). */
function ownOffer(intent: OfferIntent, context: FeedbackContext): Offer | null {
  const facts = context.facts;
  if (intent.code) return facts.offers.find((o) => o.code?.toUpperCase() === intent.code!.toUpperCase()) ?? null;
  const own = offerFor(facts, context.flowType, { incentiveOnly: true });
  return own && (!intent.value || own.value === intent.value) ? own : null;
}

function offerLine(offer: Offer): string {
  return `The offer exactly as given: ${offer.text}${offer.code && !offer.text.includes(offer.code) ? ` (code ${offer.code})` : ""}`;
}

/** "but not right now", "paused": the answers say the code isn't running. */
function notRunning(code: string, facts: BusinessFacts): boolean {
  const sentence = facts.answerText.split(/(?<=[.!?\n])\s*/).find((s) => s.includes(code)) ?? "";
  return /\b(?:not (?:right )?now|not running|paused|ended|expired|no longer|not at the moment|not currently)\b/i.test(sentence);
}

function addLine(state: FeedbackState, index: number, line: string, cta: string, short: boolean): void {
  const tp = state.list[index]!;
  const rest = bullets(tp.keyMessages).filter((l) => !/offer exactly as given|\[YOUR DISCOUNT/.test(l));
  state.list[index] = { ...tp, keyMessages: joinBullets([line, ...rest].slice(0, short ? 3 : 6)), callToAction: cta };
}

function whyNoOffer(intent: OfferIntent, context: FeedbackContext, own: Offer | null): string | null {
  if (context.intents.some((i) => i.kind === "offer" && i.op === "remove" && JSON.stringify(i.target) === JSON.stringify(intent.target ?? i.target)))
    return "your note also says no offer there";
  if (own) return null;
  const discount = /\b(?:discount|coupon|promo|%|off|code|price of|sale|deal)\b/i.test(intent.what) || !!intent.value || !!intent.code;
  return (
    (discount ? discountConflict(context.facts) : null) ??
    answersConflict(intent.what.replace(/\b(?:add|put|give|them|a|an|to|the|reminder|in|first|one)\b/gi, " "), context.facts, { figures: false })
  );
}

/** "20%" where the answers give no such figure: the business's own offer comes first. */
function unknownValue(intent: OfferIntent, context: FeedbackContext): boolean {
  return !!intent.value && !context.facts.answerText.replace(/\s/g, "").includes(intent.value.replace(/\s/g, ""));
}

function addOffer(state: FeedbackState, intent: OfferIntent, context: FeedbackContext): void {
  // An amount the answers never give is never written into the copy (the one rule for figures,
  // conflicts.ts): the business's own offer for this flow takes its place, else the marked
  // placeholders, and the reply says which and how to allow the amount.
  let instead: string | null = null;
  if (unknownValue(intent, context)) {
    const allow = "add it to your offers in your answers to use it";
    instead = offerFor(context.facts, context.flowType, { incentiveOnly: true })
      ? `Your answers give no ${intent.value} off, so the flow uses your own offer instead (${allow}).`
      : `Your answers give no ${intent.value} off, so the flow promises no amount (${allow}).`;
    intent = { ...intent, value: null };
  }
  const own = ownOffer(intent, context);
  const reason = whyNoOffer(intent, context, own);
  if (reason) return refuse(state, "offer", `added no ${intent.code ?? (intent.value ? `${intent.value} off` : "offer")}: ${reason}`);
  const target: Target = intent.target ?? { by: "ordinal", n: -1, channel: null };
  const [index] = resolve(target, state.list);
  if (index === undefined) return refuse(state, "offer", "added no offer: found no such step");
  const short = context.intents.some((i) => i.kind === "structure" && (i.op === "shorter" || i.op === "max"));
  const named = describe(state.list, index);
  // Already there: nothing changes, and the reply says so rather than claiming it was put there.
  if (own && state.list[index]!.keyMessages.includes(offerLine(own)))
    return refuse(
      state,
      "offer",
      `added no other offer: ${named} already carries your own offer, ${own.text}${
        instead
          ? `; ${instead
              .replace(/, so the flow uses your own offer instead/, "")
              .replace(/\.$/, "")
              .replace(/^Your/, "your")}`
          : ""
      }`,
    );
  if (instead) state.todo.push(instead);
  if (own) return placeOwn(state, index, own, named, short);
  if (intent.code) return placeCode(state, index, intent.code, context, named, short);
  placePlaceholder(state, index, intent.value, named, short);
}

function placeOwn(state: FeedbackState, index: number, own: Offer, named: string, short: boolean): void {
  const line = offerLine(own);
  addLine(state, index, line, `Claim ${own.headline.toLowerCase()}`, short);
  const title = state.list[index]!.title;
  claim(state, "offer", `put your own offer, ${own.text}, on ${named}`, (list) => list.some((tp) => tp.title === title && tp.keyMessages.includes(line)));
}

function placeCode(state: FeedbackState, index: number, code: string, context: FeedbackContext, named: string, short: boolean): void {
  const line = `The code exactly as given: ${code}`;
  addLine(state, index, line, "Claim my offer", short);
  const title = state.list[index]!.title;
  claim(state, "offer", `added ${code} to ${named}`, (list) => list.some((tp) => tp.title === title && tp.keyMessages.includes(line)));
  if (!context.facts.answerText.includes(code)) state.todo.push(`Your answers don't mention ${code}: check the code is live before sending.`);
  else if (notRunning(code, context.facts)) state.todo.push(`Your answers say ${code} isn't running right now: check it is live before sending.`);
}

function placePlaceholder(state: FeedbackState, index: number, value: string | null, named: string, short: boolean): void {
  const shown = value ? `${value} off` : "[YOUR DISCOUNT]";
  const line = `Offer ${shown} with code ${DISCOUNT_CODE_PLACEHOLDER}`;
  addLine(state, index, line, value ? `Claim ${shown}` : "Claim my discount", short);
  const title = state.list[index]!.title;
  claim(state, "offer", `added ${value ? shown : "a discount"} to ${named}, the only step with an incentive so earlier emails do not train people to wait`, (list) =>
    list.some((tp) => tp.title === title && tp.keyMessages.includes(line)),
  );
  state.todo.push(`Your answers hold no discount code, so the step says ${DISCOUNT_CODE_PLACEHOLDER}${value ? "" : " and [YOUR DISCOUNT]"}: fill in your own before sending.`);
}

function moveOffer(state: FeedbackState, intent: OfferIntent, context: FeedbackContext): void {
  removeOffer(state, { ...intent, op: "remove" }, context);
  const own = ownOffer(intent, context);
  const [index] = resolve(intent.to ?? { by: "ordinal", n: -1, channel: null }, state.list);
  if (!own || index === undefined)
    return refuse(state, "offer", `put ${intent.code ?? "the offer"} nowhere else: ${own ? "found no such step" : "your answers give no such offer"}`);
  const avoid = BRIEF_LINE.avoid(own.code ?? "discount");
  const tp = state.list[index]!;
  state.list[index] = { ...tp, keyMessages: joinBullets(bullets(tp.keyMessages).filter((l) => l !== avoid)) };
  placeOwn(state, index, own, describe(state.list, index), false);
}

export const handleOffer: Handler<OfferIntent> = (state, intent, context) => {
  if (intent.op === "remove") return removeOffer(state, intent, context);
  if (intent.op === "move") return moveOffer(state, intent, context);
  return addOffer(state, intent, context);
};
