import { stepsAfter, stepsOf } from "~/lib/business/process";
import { type BrandRules, brandRulesOf } from "~/lib/business/brand-rules";
import type { FlowType } from "~/lib/flow-types";
import { type BusinessModel, businessModelOf } from "~/lib/business/model";
import { placeOf } from "~/lib/business/place";
import { type BusinessKind, MODEL_SPECS, type ModelSpec, unitIn, withUnit } from "~/lib/business/model-specs";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/**
 * One model of what a business told us, used by both flow generators, the content writer and the
 * copy checker. It reads the questionnaire answers (some of which the website research filled in)
 * and keeps:
 * - the brand exactly as written;
 * - short, grammar-safe phrases (a long answer is never spliced mid-sentence: it is shortened at
 *   a clause boundary, used whole where a whole sentence reads well, or left out);
 * - offers parsed into kind, value, code and condition, each tied to the flows it belongs to;
 * - proof, reviews, guarantee, audience, questions customers ask;
 * - what kind of business it is (product, subscription, appointment service, digital), how fast
 *   people decide, how often they buy, and when onboarding starts.
 * Pure: the same answers always give the same facts.
 */

export type { BusinessKind };
export type DecisionSpeed = "impulse" | "quick" | "considered" | "research";
export type OnboardingStart = "signup" | "first_purchase" | "first_booking";
export type Voice = "warm" | "polished" | "bold" | "plain";
export type OfferKind = "percent" | "amount" | "free_shipping" | "gift" | "trial" | "content";

export interface Offer {
  kind: OfferKind;
  /** "15%", "$20", or null for offers without a figure (free shipping, a gift, a trial). */
  value: string | null;
  /** The code exactly as the business wrote it, or null. */
  code: string | null;
  /** "on your first order", "over $35", or null. */
  condition: string | null;
  /** The offer in the business's own words (one sentence, without its full stop). */
  text: string;
  /** A few words for a subject line: "15% off", "$20 off your first massage", "Free shipping". */
  headline: string;
  /** A standing perk ("free shipping on every order over $35") rather than an incentive. */
  standing: boolean;
  /** The flows this offer belongs to. */
  flows: FlowType[];
}

export interface FaqAnswer {
  /** The question as customers ask it, ending with "?". */
  question: string;
  /** The owner's answer, as written ("Yes, a normal socket"). */
  answer: string;
}

export interface WorryAnswer {
  /** The worry as the owner wrote it ("worried it's cry-it-out"). */
  worry: string;
  /** How the business answers it, from the answers ("gentle methods only (never cry-it-out)"). */
  answer: string;
}

export interface BusinessFacts {
  brand: string;
  /** How the business sells (lib/business/model.ts): the owner's correction, else inferred from the answers. */
  model: BusinessModel;
  /** What the model means for flows: words, anchor, follow-ups, calls to action. */
  spec: ModelSpec;
  /** The owner's word for what is bought or booked: "treatment", "pre-order", "day pass", "trial". */
  unit: string;
  /** The lead nurture's goal in the owner's words ("Book a test drive"), or "". */
  goal: string;
  /** A button for the goal ("Book a test drive"), or "" when the goal does not read as one. */
  goalCta: string;
  /** When onboarding starts, in the owner's words, tidied ("After the consultation and patch test"), or "". */
  onboardingStage: string;
  kind: BusinessKind;
  b2b: boolean;
  website: string;
  usesSms: boolean;
  /** The main thing sold, as a short noun phrase ("single-estate loose-leaf teas"). */
  product: string;
  /** The product answer as one readable sentence, or "" when it is too long to use whole. */
  productSentence: string;
  audience: string;
  problem: string;
  difference: string;
  /** Customers' own words, to quote. */
  reviews: string[];
  /** Who said each review, where the answer names them ("Priya"), else null. */
  reviewers: Array<string | null>;
  /** Ratings, counts, press, certifications: short lines. */
  proof: string[];
  guarantee: string;
  /** Worries that stop people buying, as short phrases. */
  objections: string[];
  /** The first objection's worries that the answers also answer, each with that answer in the owner's words; a worry nothing answers is not here. */
  worryAnswers: WorryAnswer[];
  /** Questions customers ask (each ends with "?"). */
  questions: string[];
  /** The questions the owner answers in the answers ("Do you need my electricity? (yes, a normal socket)"), each with that answer in the owner's words. */
  faqAnswers: FaqAnswer[];
  /** What a new customer needs to know or do, in the owner's words, as short lines ("Shave the area 24h before"). */
  prep: string[];
  /** The owner's own onboarding steps after the one it starts at ("Welcome call with the named accountant", "Xero access"), or []. */
  nextSteps: string[];
  /** The software has a free trial with an end (a free plan alone has none). */
  trial: boolean;
  /** A bundle the owner sells (a course of sessions, a membership, a pass), in their words, or "" when they sell none. */
  bundle: string;
  /** What the owner sells besides the main thing, when the product answer lists it ("Personal training ($60/session)", "InBody scans"), else []. */
  addOns: string[];
  /** What is left to do after starting (the owner's step after signing up: "upload Rx or give optician details"), or "". */
  finishStep: string;
  /** The perk the owner gives for a referral, in their words ("$500 Visa card for every referral that installs"), or "". */
  referral: string;
  offers: Offer[];
  voice: Voice;
  decision: DecisionSpeed;
  /** Days between purchases or visits for a repeat business ("Monthly" → 30), or null. */
  cycleDays: number | null;
  /** The service happens online (video lessons, remote coaching): no address to arrive at. */
  remote: boolean;
  /** The service comes to the customer (a mobile groomer, a house call, a cleaner): nobody comes in or arrives early. */
  atCustomer: boolean;
  /** Where customers collect or visit, in the owner's words ("the shop in Salamanca, Hobart"), or "" (place.ts). */
  place: string;
  /** A product bought once in years (furniture, mattresses, jewellery, made to order): nothing to reorder, so no replenishment. */
  durable: boolean;
  onboardingStart: OnboardingStart;
  /** What the business wants people to do: shop, subscribe, book or start. */
  action: Action;
  /** Every answer's text, for the checker's "is this in the answers?" questions. */
  answerText: string;
  /** The brand's own rules from the answers (banned words, exclamation marks, sign-off, casing…), held in every line. */
  brandRules: BrandRules;
  /** What people leave unfinished: the model's ("booking", "cart", "sign-up"), or a purchase where the business takes no bookings. */
  abandoned: string;
}

export interface Action {
  verb: "shop" | "subscribe" | "book" | "start";
  /** The first conversion, as a noun phrase: "first order", "first box", "first appointment". */
  first: string;
  /** Button text for the first conversion. */
  cta: string;
  /** Button text for coming back (upsell, sunset). */
  again: string;
  /** Button text for finishing what was left unfinished (abandoned cart): a booking, a sign-up or an order. */
  finish: string;
  /** What an exit rule says when the contact converts. */
  exit: string;
}

const MAX_PHRASE_WORDS = 10;

/** Collapses whitespace and turns typographic quotes into plain ones. */
function tidy(text: string | undefined): string {
  return (text ?? "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** The sentences of an answer (also split at line breaks, bullets and semicolons). */
export function sentencesOf(text: string | undefined): string[] {
  return (
    (text ?? "")
      .replace(/What the website highlights:[^.\n]*\.?/gi, "")
      .replace(/Customer testimonials \(\d+ on the website\);?/gi, "")
      .replace(/\r\n?/g, "\n")
      // Owners who type in lower case still end sentences: a full stop before any word splits, except after a common abbreviation.
      .split(/\n+|;\s+|(?<=[.!?])(?<!\b(?:e\.g|i\.e|[Dd]r|[Mm]rs?|[Mm]s|[Ss]t|vs|etc|approx|[Nn]o)\.)\s+(?=["'\p{L}0-9$£€])/u)
      .map((part) => tidy(part.replace(/^\s*(?:[•*-]|\d+[.)])\s+/, "")))
      .map((part) => part.replace(/[.!]+$/, "").trim())
      .filter((part) => part.length > 1)
  );
}

/** The answer's first statement: a leading question is kept with the sentence that answers it ("Not your cup? We'll refund it"). */
export function leadStatement(text: string | undefined): string {
  return leadOf(sentencesOf(text));
}

/** The first of the sentences, with its answer when it is a question ("Not happy? We'll rewash free"). */
function leadOf(parts: readonly string[]): string {
  const first = parts[0] ?? "";
  return first.endsWith("?") && parts[1] && !parts[1].endsWith("?") ? `${first} ${parts[1]}` : first;
}

/** A sentence that gives no promise: "none", "n/a", "nope", or one saying what the business won't promise ("I won't guarantee grades"). */
const NO_PROMISE =
  /^(?:none|n\/?a|nope|nothing|no)$|^(?:none|n\/?a|nope|nothing)\b|\b(?:can'?t|cannot|won'?t|will not|don'?t|do not|never)\s+(?:(?:offer|give|make)\s+(?:any\s+)?)?(?:guarantee|promise)/i;

/** The guarantee the owner gives, in their words: the first sentence that promises something ("none. can't guarantee grades" gives none). */
function guaranteeOf(answer: string | undefined): string {
  const parts = sentencesOf(answer);
  const start = parts.findIndex((sentence) => !NO_PROMISE.test(sentence));
  return start < 0 ? "" : clipPhrase(leadOf(parts.slice(start)), 20);
}

function wordCount(text: string) {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * A short phrase from an answer: its first sentence when it has at most `maxWords` words, else
 * that sentence cut at a clause boundary (comma, dash, "and", "with", "that", "which", "so") that
 * leaves a whole clause; "" when no clean cut exists. Never ends mid-clause.
 */
export function shortPhrase(text: string | undefined, maxWords = MAX_PHRASE_WORDS): string {
  return clipPhrase(sentencesOf(text)[0] ?? "", maxWords);
}

/** One sentence at most `maxWords` long, cut at a clause boundary; "" when no clean cut exists. */
export function clipPhrase(sentence: string, maxWords = MAX_PHRASE_WORDS): string {
  const first = sentence.trim();
  if (!first) return "";
  if (wordCount(first) <= maxWords) return first;
  const cuts = [
    ...first.matchAll(/\s*(?:,(?=\s)|\s[-–—]\s|:|\s\((?=))\s*|\s(?=(?:and|with|that(?!\s(?:much|many|long|far|few|little)\b)|which|so|because|but|while|who|where)\s)/g),
  ];
  let best = "";
  for (const cut of cuts) {
    const candidate = first.slice(0, cut.index).trim();
    // A cut that leaves a stub after a comma ("…waxing, plus people") says less than the cut at the comma.
    if (wordCount(candidate) <= maxWords && wordCount(candidate) >= 2 && !/(?:,|\s[-–—])\s*\S+(?:\s+\S+)?$/.test(candidate)) best = candidate;
  }
  return best.replace(/[,:;(]+$/, "");
}

/** Lower-cases the first letter unless the first word is a name, an acronym or the brand. */
export function lowerStart(text: string, brand = ""): string {
  if (!text) return text;
  if (brand && text.startsWith(brand)) return text;
  const first = text.split(/\s/)[0] ?? "";
  if (first.length > 1 && first === first.toUpperCase() && /[A-Z]/.test(first)) return text;
  if (/^[A-Z][a-z]*[A-Z]/.test(first)) return text;
  if (/^(I|I'm|I've|I'd)$/.test(first)) return text;
  // A title the business capitalised word by word ("Month-End Close Benchmark Report") is a name.
  if (/^[A-Z]\S*\s+[A-Z]/.test(text) && !/^(?:A|An|The|Our|Your|I)\s/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A thing named in a sentence, with its article: "the free tasting guide", "your free guide", "the Month-End Close Benchmark Report". */
export function theThing(name: string, brand = ""): string {
  const trimmed = name.trim().replace(/^(?:get|download|grab|claim)\s+/i, "");
  if (/^(?:a|an|the|our|your)\s/i.test(trimmed)) return lowerStart(trimmed, brand);
  return `the ${lowerStart(trimmed, brand)}`;
}

/** "is" or "are" for a noun phrase: "15% off is", "Free wood samples are" (a last word ending in a plural s). */
export function verbBe(phrase: string): "is" | "are" {
  const last = (phrase.trim().split(/\s+/).pop() ?? "").toLowerCase().replace(/[^a-z]/g, "");
  return last.length > 3 && last.endsWith("s") && !/(?:ss|us|is|ics|news)$/.test(last) ? "are" : "is";
}

/** "Your 15% off", and "Your first week free" left as it is: an offer that already starts with "your" is not given a second one. */
export function yourOffer(headline: string): string {
  return /^your\b/i.test(headline.trim()) ? upperStart(headline.trim()) : `Your ${headline.trim().toLowerCase()}`;
}

export function upperStart(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

// ---------------------------------------------------------------------------------------------
// Offers

const PERCENT = /(\d{1,2}(?:\.\d)?)\s?%\s*(?:off|discount)?/i;
const AMOUNT = /([$£€]\s?\d+(?:[.,]\d{2})?)\s*(?:off|discount|credit)/i;
const FREE_SHIPPING = /\bfree (?:shipping|delivery|white-glove delivery|postage)\b/i;
const TRIAL =
  /\b(?:free trial|\d+[- ]day trial|trial (?:class|session|lesson|week|month)|first (?:class|session|lesson|visit|month|week|box) (?:is )?free|free (?:first )?(?:class|session|lesson|consultation|demo|visit|month|week))\b/i;
const CONTENT = /\b(?:guide|e-?book|report|checklist|template|webinar|course|quiz|playbook|whitepaper|toolkit|cheat ?sheet|workbook|sample pack)\b/i;
const GIFT = /\b(?:free (?!shipping|delivery|returns?\b)[a-z-]+(?: [a-z-]+)?|gift|bonus|half price|half-price|buy one,? get one|bogo)\b/i;
const CODE = /\b(?:code|coupon|promo(?: code)?|use)\s*:?\s*["']?([A-Z0-9][A-Z0-9_-]{2,19})\b/;
const STANDING = /\b(?:every order|all orders|orders? over|always|every purchase|on orders)\b/i;
/** The owner's "none" ("None for the free plan", "no offers on the course"), unless it goes on to name one ("none, except 10% off…"). */
function saysNone(sentence: string): boolean {
  return (
    /^(?:none|nothing|no (?:offers?|discounts?|deals?|promos?))\b/i.test(sentence) &&
    !/\b(?:but|except|though|apart from|other than)\b.*(?:\bfree\b|%|[$£€]\s?\d|\boff\b)/i.test(sentence)
  );
}
const NOT_AN_OFFER = /\b(?:free returns?|no fees?|cancel any ?time|money[- ]back|guarantee)\b/i;

/** Code-like tokens: capitals with at least one digit, or an explicit "code X". */
export function codesIn(text: string): string[] {
  const codes = new Set<string>();
  for (const match of text.matchAll(/\b(?:[Cc]ode|[Cc]oupon|[Pp]romo code)\s*:?\s*["']?([A-Z0-9][A-Z0-9_-]{2,19})\b/g)) codes.add(match[1]!);
  for (const match of text.matchAll(/\b(?=[A-Z0-9_-]*\d)(?=[A-Z0-9_-]*[A-Z]{2})[A-Z0-9][A-Z0-9_-]{3,19}\b/g)) codes.add(match[0]);
  return [...codes];
}

function conditionOf(sentence: string): string | null {
  const match =
    /\b(?:on|for|off|with)\s+((?:your|the|a|any|every|all)\s+(?:first|next|new)\s+[a-z]+(?:\s+(?!with\b|and\b|or\b|on\b|for\b|at\b|to\b|by\b|from\b)[a-z]+)?|(?:every |all |any )?orders? over [$£€]?\d+(?:[.,]\d{2})?|new (?:customers|members|clients|subscribers))/i.exec(
      sentence,
    ) ?? /\b(over [$£€]\d+(?:[.,]\d{2})?|when you [^,.;]+)/i.exec(sentence);
  return match ? match[1]!.trim() : null;
}

/** Every offer in one answer: one sentence (or clause) at a time. */
export function parseOffers(answer: string | undefined, flows: FlowType[]): Offer[] {
  const offers: Offer[] = [];
  // A bracket after a full stop is a sentence of its own ("The trial is the offer. (Startups can apply for 50% off.)").
  const sentences = sentencesOf(answer)
    .flatMap((s) => s.split(/[.!?]\s+(?=\()/))
    .map((s) => s.replace(/^\((.*)\)$/s, "$1").trim());
  for (const raw of sentences) {
    // "The trial is the offer" points at an offer made elsewhere; it is not one.
    if (/\bis (?:the|our) (?:only )?offer\b/i.test(raw)) continue;
    // An offer the owner says is not running now is not an offer, and neither is their "none".
    if (/\b(?:not (?:running|on|available|active|offered)(?: (?:now|at the moment|right now))?|not (?:right )?now|no longer|has ended|paused|only some)\b/i.test(raw)) continue;
    if (saysNone(raw)) continue;
    const parts = raw.split(/,\s+(?=(?:free|\d+\s?%|[$£€]\d|first|plus)\b)|\s+\/\s+/i);
    for (const sentence of parts) {
      if (NOT_AN_OFFER.test(sentence) && !PERCENT.test(sentence) && !AMOUNT.test(sentence)) continue;
      const percent = PERCENT.exec(sentence);
      const amount = AMOUNT.exec(sentence);
      const code = CODE.exec(sentence)?.[1] ?? codesIn(sentence)[0] ?? null;
      let kind: OfferKind | null = null;
      let value: string | null = null;
      if (percent && /%\s*(?:off|discount)|% on|save/i.test(sentence)) [kind, value] = ["percent", `${percent[1]}%`];
      else if (amount) [kind, value] = ["amount", amount[1]!.replace(/\s/g, "")];
      else if (TRIAL.test(sentence)) kind = "trial";
      else if (FREE_SHIPPING.test(sentence)) kind = "free_shipping";
      else if (CONTENT.test(sentence) && /\bfree\b|download|get|grab/i.test(sentence)) kind = "content";
      else if (GIFT.test(sentence)) kind = "gift";
      else if (CONTENT.test(sentence)) kind = "content";
      if (!kind) continue;
      // The offer as customers read it: an aside in brackets ("(from the newsletter pop-up)") is the owner's note, not the offer.
      const text = sentence
        .replace(/\s*\((?![^)]*\b(?:code\s+[A-Z0-9]{3,}|use)\b)[^)]*\)/g, "")
        // The owner's chat at the end ("…at their first visit though", "lol") is not the offer's.
        .replace(/[\s,]+(?:though|lol|haha|tbh|obviously|obvs|i guess|i think)[.!]*$/i, "")
        .replace(/[.!]+$/, "")
        .trim();
      const standing = kind === "free_shipping" && STANDING.test(sentence);
      offers.push({ kind, value, code, condition: conditionOf(sentence), text, headline: headlineOf(kind, value, text), standing, flows });
    }
  }
  return offers;
}

/** A headline never ends on a word that needs another after it ("free bag of", "free on a"). */
const DANGLING = /\s(?:a|an|the|of|on|for|with|to|in|at|and|or|your|my|our|per|from|by)$/i;

function headlineOf(kind: OfferKind, value: string | null, text: string): string {
  const headline = rawHeadlineOf(kind, value, text);
  if (!DANGLING.test(headline)) return headline;
  const trimmed = headline.replace(/(?:\s(?:a|an|the|of|on|for|with|to|in|at|and|or|your|my|our|per|from|by))+$/i, "");
  return trimmed.split(/\s+/).length >= 2 && !/^free$/i.test(trimmed) ? trimmed : kind === "percent" || kind === "amount" ? `${value} off` : "Your welcome offer";
}

function rawHeadlineOf(kind: OfferKind, value: string | null, text: string): string {
  if (wordCount(text) <= 6 && text.length <= 36) return upperStart(text);
  switch (kind) {
    case "percent":
    case "amount":
      return `${value} off`;
    case "free_shipping":
      // The business's own words: "Free white-glove delivery", not a generic "Free shipping".
      return upperStart(FREE_SHIPPING.exec(text)?.[0] ?? "Free shipping");
    case "trial":
      return upperStart(TRIAL.exec(text)?.[0] ?? "A free trial");
    case "content": {
      const named =
        /(?:free\s+)?(?:[\w-]+\s+){0,3}(?:guide|e-?book|report|checklist|template|webinar|course|quiz|playbook|whitepaper|toolkit|cheat ?sheet|workbook|sample pack)\b/i.exec(
          text.replace(/^(?:a|an|the|our|get|download)\s+/i, ""),
        );
      return upperStart(named?.[0] ?? "Your free guide");
    }
    case "gift":
      return upperStart(GIFT.exec(text)?.[0] ?? "A gift for you");
  }
}

/** An offer for people who already buy: a second visit, the next order, an annual plan, a member's or a referral perk. */
const FOR_CUSTOMERS = /\b(?:2nd|second|3rd|third|next (?:visit|order|booking|month|box)|renew\w*|upgrade\w*|annual|yearly|existing|members?'?|refer\w*|friends?)\b/i;
/** An offer with a condition that makes it wrong as a reminder's incentive ("by application only", "with any kitchen signed by June 30"). */
const RESTRICTED =
  /\b(?:by application|application only|when you (?:start|sign|buy|spend|join)|signed by|with any|if you (?:join|sign|book)|within \d+ days of|same day|for startups|when you take)\b/i;
/** An offer only some people can have (a group, an application, a condition): said in full, never as a headline promised to everyone. */
export function isConditional(offer: Pick<Offer, "text">): boolean {
  return RESTRICTED.test(offer.text) || FOR_A_GROUP.test(offer.text);
}

/** An offer for one group of people rather than anyone finishing a first purchase: "new puppy owners", "students", "NHS staff", "over-60s", birthdays. */
const FOR_A_GROUP =
  /\b(?:(?!business\b)[\p{L}/-]+ owners|students?|teachers?|nurses|doctors|seniors|pensioners|veterans|military|key workers|nhs|first responders|graduates|newlyweds|locals|residents|under[- ]?\d+s|over[- ]?\d+s|birthdays?)\b/iu;
/** An offer anyone may take at any time, with or without buying: a reason to come in, not an incentive to finish a checkout or to come back. */
const OPEN_TO_ALL = /\b(?:any ?time|no purchase (?:needed|necessary|required))\b/i;
/** An offer for someone a customer brings along: a co-founder's seat, a partner's place, a plus-one. */
const FOR_A_COMPANION = /\b(?:co-?founders?|spouses?|partner's|plus[- ]ones?|bring (?:a|your) (?:partner|colleague|teammate))\b/i;
/** An offer that comes with something bought later, named: "when you start Invisalign", "when you add Gold". */
const WITH_A_NAMED_PURCHASE = /\b[Ww]hen you (?:start|begin|add|choose|go for)\s+(?:the |our )?(\p{Lu}[\p{L}\d'-]*(?: \p{Lu}[\p{L}\d'-]*)*)/u;
/** What a sign-up is for: the one thing a business people visit without booking can have left unfinished online. */
const SIGN_UP = /\b(?:member\w*|club|plan|join\w*|sign[- ]?(?:up|ing)|subscri\w+)\b/i;

interface PlacementContext {
  /** Onboarding starts after the first purchase or booking, so a first-purchase incentive is spent by then. */
  onboardingAfterPurchase: boolean;
  /** The owner's word for what is bought or booked first ("treatment", "wash"). */
  unit: string;
  /** People come in without booking: nothing but a sign-up is left unfinished online. */
  walkIn: boolean;
}

/**
 * Each offer in the flows it belongs to. An onboarding that starts after the first purchase or
 * booking has no use for a first-purchase incentive: that offer goes to the lead nurture and the
 * abandoned checkout, where people have not bought yet. An offer for people who already buy goes
 * to the customers' flows; one that comes with a later, named purchase goes to the upsell that
 * sells it; one open to anyone at any time, or for someone a customer brings along, goes to the
 * leads' and customers' flows. An abandoned checkout carries only an incentive to finish it
 * (recoverable). A first-purchase incentive also closes the lead nurture when the lead answer has
 * none.
 */
function placeOffers(offers: Offer[], context: PlacementContext) {
  for (const offer of offers) {
    if (offer.standing || offer.kind === "content") continue;
    offer.flows = flowsFor(offer, context);
  }
  if (!offers.some((o) => o.flows.includes("lead_nurture") && o.kind !== "content")) {
    const incentive = offers.find((o) => o.flows.includes("onboarding") && !o.standing && o.kind !== "content" && !FOR_CUSTOMERS.test(o.text));
    if (incentive) incentive.flows.push("lead_nurture");
  }
}

function flowsFor(offer: Offer, context: PlacementContext): FlowType[] {
  if (withLaterPurchase(offer.text, context.unit)) return ["upsell"];
  if (FOR_CUSTOMERS.test(offer.text)) return context.onboardingAfterPurchase ? ["onboarding", "upsell"] : ["upsell"];
  // Decided on with a lead, taken up by a customer, but no incentive to finish one's own checkout.
  if (OPEN_TO_ALL.test(offer.text) || FOR_A_COMPANION.test(offer.text)) return ["lead_nurture", "onboarding", "upsell"];
  const flows: FlowType[] =
    context.onboardingAfterPurchase && offer.flows.includes("onboarding")
      ? [...new Set([...offer.flows.filter((flow) => flow !== "onboarding"), "lead_nurture", "abandoned_cart"] as FlowType[])]
      : offer.flows;
  return recoverable(offer.text, context) ? flows : flows.filter((flow) => flow !== "abandoned_cart");
}

/**
 * The offer comes with a named purchase other than the first one the flows sell ("when you start
 * Invisalign" at a dentist's whose first is a check-up). In capitals, no word stands out as a name.
 */
function withLaterPurchase(text: string, unit: string): boolean {
  if (text === text.toUpperCase()) return false;
  const named = WITH_A_NAMED_PURCHASE.exec(text)?.[1];
  return named !== undefined && !named.toLowerCase().includes(unit.toLowerCase());
}

/**
 * Whether an unfinished booking or checkout may carry the offer: not one with a narrow condition,
 * not one for a group of people, and, where people come in without booking, only one for the
 * sign-up they left unfinished (a free first visit is had by turning up).
 */
function recoverable(text: string, context: PlacementContext): boolean {
  if (RESTRICTED.test(text) || FOR_A_GROUP.test(text)) return false;
  return !context.walkIn || SIGN_UP.test(text);
}

// ---------------------------------------------------------------------------------------------
// Kind, timing and action

function decisionOf(answers: Partial<QuestionnaireAnswers>): DecisionSpeed {
  const timeline = `${answers.purchaseDecisionTimeline ?? ""} ${answers.salesCycleLength ?? ""}`.toLowerCase();
  if (/impulse|minutes|0-2 hours/.test(timeline)) return "impulse";
  if (/quick|hours|same day|2-24/.test(timeline)) return "quick";
  if (/research|7\+|weeks|months|quarter|long/.test(timeline)) return "research";
  if (/considered|days|1-7/.test(timeline)) return "considered";
  if ((answers.businessType ?? "").startsWith("B2B")) return "research";
  return "considered";
}

const DURABLE_WORDS =
  /\b(furniture|tables?|sofas?|couch(?:es)?|chairs?|beds?|mattress(?:es)?|wardrobes?|cabinets?|desks?|bikes?|bicycles?|jewel(?:le)?ry|(?:engagement|wedding) rings?|watches|appliances?|heirlooms?|made[- ]to[- ]order|custom[- ]built|handmade furniture)\b/i;

/** A one-off, long-lived purchase: a product with no stated buying cycle whose description names durable goods. */
function durableOf(answers: Partial<QuestionnaireAnswers>, kind: BusinessKind, cycleDays: number | null): boolean {
  return kind === "product" && cycleDays === null && DURABLE_WORDS.test(`${answers.productServiceDescription ?? ""} ${answers.businessOperationDescription ?? ""}`);
}

const WEEK_COUNTS: Record<string, number> = { once: 1, one: 1, twice: 2, two: 2, three: 3, four: 4 };
const DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };
const FEW = "(?:a few|a couple of)";

/** Days between visits when they come `count` times in `days`: the shorter gap, so the invite is never late. */
function gapOf(days: number, count: number): number | null {
  return count > 0 ? Math.max(1, Math.floor(days / count)) : null;
}

/** "2 classes a week", "2x a week", "twice a week", "3-4 times a week" → days between visits. */
function perWeek(text: string): number | null {
  const match = /\b(\d|once|one|twice|two|three|four)(?:\s*(?:-|–|to)\s*(\d))?\s*(?:x|times|classes|sessions|visits)?\s*(?:a|per|\/)\s*week\b/.exec(text);
  if (!match) return null;
  const low = WEEK_COUNTS[match[1]!] ?? Number(match[1]);
  return gapOf(7, match[2] ? (low + Number(match[2])) / 2 : low);
}

/** "come in 8 times in the first month", "visit at least 6 days a month" → days between visits (a plan's allowance, "8 days a month", is no rhythm). */
function perMonth(text: string): number | null {
  const match =
    /\b(?:come in|comes in|visit|visits|attend|attends|train|trains)\s+(?:at least\s+)?(\d{1,2})\s*(?:x|times|days|visits|classes|sessions)\s+(?:a|per|in (?:the|a|their) (?:first )?)\s*month\b/.exec(
      text,
    );
  return match ? gapOf(30, Number(match[1])) : null;
}

/** "reorder before the bag runs out (3-4 weeks)", "reorder around week 6-8" → the middle of the owner's range. */
function reorderRange(text: string): number | null {
  const match = /\b(?:reorder|re-order|runs? out|replenish|restock)\b[^.]{0,40}?\b(?:weeks?\s*)?(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(day|week|month)?s?\b/.exec(text);
  if (!match) return null;
  const unit = match[3] ?? (/\bweek/.test(match[0]) ? "week" : "day");
  return Math.round(((Number(match[1]) + Number(match[2])) / 2) * (DAYS[unit] ?? 1));
}

/** "come back next weekend": a week. */
function nextWeek(text: string): number | null {
  return /\bcome back next (?:week|weekend)\b/.test(text) ? 7 : null;
}

/** "they come back for a different room a few months later": about three of them. */
function fewLater(text: string): number | null {
  const later = new RegExp(`\\bcomes? back\\b[^.→\\n]{0,40}?\\b${FEW}\\s+(week|month)s?\\s+later\\b`).exec(text);
  return later ? 3 * DAYS[later[1]!]! : null;
}

/** The owner's goal for the next visit or order: "second order within 60 days", "second visit within 2 months". */
function secondWithin(text: string): number | null {
  const match =
    /\b(?:second|2nd|next|another)\s+(?:order|visit|purchase|booking|appointment|session|treatment|class|lesson|stay|box)\s+within\s+(\d{1,3})\s*(day|week|month)s?\b/.exec(text);
  return match ? Number(match[1]) * DAYS[match[2]!]! : null;
}

const OCCASIONAL_DAYS = 180;

/**
 * The interval the dropdowns name, the middle one when the owner picked several ("Weekly" and
 * "Monthly" → about two weeks). "Seasonal/Occasional" alone is about twice a year for visits (a
 * check-up comes round) and no cycle for goods (bought for an occasion, not used up).
 */
function pickedInterval(frequencies: readonly string[]): number | null {
  const days = frequencies
    .map((f) => (/2\+ times|high frequency/i.test(f) ? 3 : /weekly/i.test(f) ? 7 : /monthly/i.test(f) ? 30 : /seasonal|occasional/i.test(f) ? OCCASIONAL_DAYS : 0))
    .filter(Boolean);
  return days.length ? Math.floor(Math.sqrt(Math.min(...days) * Math.max(...days))) : null;
}

/** Goods that are used up and bought again: without a stated cycle, they are reordered about monthly. */
const CONSUMABLE = /\b(?:coffee|tea|beans|food|treats|snacks|chews|supplements?|vitamins|skincare|sunscreen|spf|ink|refills?|soap|shampoo|lenses|litter|pods|capsules|candles)\b/i;
const CONSUMABLE_CYCLE_DAYS = 30;

/**
 * Days between purchases or visits: the owner's own words first (a rhythm, when they come back,
 * their goal for the next order, an interval), then the dropdowns, else null.
 */
function cycleOf(answers: Partial<QuestionnaireAnswers>, kind: BusinessKind): number | null {
  const text = Object.values(answers)
    .map((value) => (Array.isArray(value) ? value.join(" ") : String(value ?? "")))
    .join(" ")
    .toLowerCase();
  const said = perWeek(text) ?? perMonth(text) ?? reorderRange(text) ?? nextWeek(text) ?? secondWithin(text) ?? fewLater(text);
  if (said) return said;
  // The owner's own interval: "sessions are 6 weeks apart", "every 3 months".
  const stated = /\b(?:every|each)\s+(\d{1,2})(?:\s*(?:-|–|to)\s*\d{1,2})?\s*(day|week|month)s?\b|\b(\d{1,2})\s*(day|week|month)s?\s+apart\b/.exec(text);
  const picked = pickedInterval(answers.customerFrequency ?? []);
  if (picked === OCCASIONAL_DAYS && kind === "product") return null;
  if (stated && !picked) return Number(stated[1] ?? stated[3]) * DAYS[(stated[2] ?? stated[4])!]!;
  if (picked) return picked;
  if (/\bweekly\b|every week|each week|most weeks|every weekend/.test(text)) return 7;
  if (/fortnight|every two weeks/.test(text)) return 14;
  return null;
}

const CONVERSION_EVENT =
  /\b(?:book\w*|appointments?|sessions?|visits?|class(?:es)?|purchase\w*|orders?|ordered|buy|buys|bought|paid|pays?|payment|deposit|contract|agreement|engagement|signed|subscri\w*|checkout|consult\w*|fob|accepted|enrol\w*|pre-?orders?|collect\w*|handed over|delivered|dispatched|verified|wash|registers?|plan|member|dinner|meal|eaten|first day|lesson|induction|trial|request\w*|starts?)\b/;
const SIGNUP_EVENT = /\b(?:sign[- ]?ups?|signs up|signed up|joins? (?:the )?(?:list|newsletter)|creates? an account|account is created|first app open|downloads?|opt[- ]?in)\b/;

/** Where onboarding starts: at sign-up, unless the owner names a purchase, booking or other first conversion it follows. */
function onboardingStartOf(answers: Partial<QuestionnaireAnswers>, kind: BusinessKind): OnboardingStart {
  const stage = `${answers.onboardingStage ?? ""}`.toLowerCase().replace(/\(not [^)]*\)|\bnot at \w+/g, "");
  const event = CONVERSION_EVENT.test(stage.replace(/sign(?:s|ed)?[- ]?up(?! for a plan)/g, ""));
  if (
    !event ||
    (SIGNUP_EVENT.test(stage) &&
      !/(?:after|once|when)\b.{0,40}\b(?:pa(?:y|id)|purchase|buy|order|deposit|contract|agreement|book|visit|class|consult|fob|accepted|enrol|plan|request|member)/.test(stage))
  )
    return "signup";
  return kind === "service" ? "first_booking" : "first_purchase";
}

/** People come in without booking ("NO booking, just show up", "walk-ins only"): the owner says so in how they run or sell. */
function walkInOnly(answers: Partial<QuestionnaireAnswers>): boolean {
  return /\b(?:no (?:bookings?|appointments?|reservations?)\b(?! (?:needed|required|necessary))|just (?:show|turn) up|walk[- ]ins? only)/i.test(
    `${answers.businessOperationDescription ?? ""} ${answers.purchaseMethod ?? ""} ${answers.customerJourney ?? ""}`,
  );
}

/** The model's calls to action and exits in the business's own word for what it sells. */
export function actionOf(spec: ModelSpec, unit: string): Action {
  const verb: Action["verb"] = spec.kind === "product" ? "shop" : spec.kind === "subscription" ? "subscribe" : spec.kind === "service" ? "book" : "start";
  return {
    verb,
    first: withUnit(spec.first, unit),
    cta: withUnit(spec.cta.first, unit),
    again: withUnit(spec.cta.again, unit),
    finish: withUnit(spec.cta.finish, unit),
    exit: withUnit(spec.exit, unit),
  };
}

/** Text typed in capitals ("WHEN THEY PICK UP THEIR FOB") in sentence case; anything else as typed, with a capital first letter. */
export function sentenceCase(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, "");
  const shouting = letters.length > 6 && letters === letters.toUpperCase();
  const cased = shouting ? text.toLowerCase() : text;
  return upperStart(cased.trim());
}

const GOAL_VERBS = /^(?:book|start|download|apply|request|join|buy|register|sign up|try|get|place|upload|create|order|claim|reserve|schedule|visit|enrol|enroll|take)\b/i;

/**
 * The lead nurture's goal as a button ("Book a test drive"): a short imperative in the owner's
 * words; a goal of one verb ("Join") takes the model's button when it says that verb ("Join now");
 * else "".
 */
export function goalButton(goal: string, modelCta = ""): string {
  const first =
    goal
      .split(/\s*(?:[,;(]|\s[-–—]\s|\bthen\b|\band then\b)\s*/)[0]
      ?.replace(/[.!]+$/, "")
      .trim() ?? "";
  if (!GOAL_VERBS.test(first) || first.length > 40) return "";
  if (first.split(/\s+/).length < 2) return modelCta.toLowerCase().startsWith(`${first.toLowerCase()} `) ? modelCta : "";
  return upperStart(first.replace(/\byour\b/i, "my"));
}

const VOICE_WORDS: Array<[Voice, RegExp]> = [
  ["warm", /\b(friendly|warm|casual|fun|playful|approachable|caring|personal|down[- ]to[- ]earth|conversational|neighbou?rly|encouraging|upbeat|kind|gentle)\b/i],
  ["bold", /\b(bold|energetic|confident|edgy|disruptive|direct|no[- ]nonsense|high[- ]energy|challenger)\b/i],
  ["polished", /\b(professional|expert|authoritative|premium|luxury|sophisticated|trusted|elegant|refined|formal|clinical|precise|calm)\b/i],
];

/** The voice the business described: the adjective it wrote first wins ("friendly but professional" is warm). */
export function voiceOf(description: string | undefined): Voice {
  const text = description ?? "";
  let best: Voice = "plain";
  let bestIndex = Number.POSITIVE_INFINITY;
  for (const [voice, pattern] of VOICE_WORDS) {
    const index = text.search(pattern);
    if (index !== -1 && index < bestIndex) {
      best = voice;
      bestIndex = index;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Proof, reviews, questions

/** Lines the website research writes about the page rather than the business. */
const RESEARCH_NOTE = /^(?:what the website highlights|customer testimonials \(\d+ on the website\)|offers?:|url:|headings?:)/i;

/** Verbs a differentiator often starts with when its writer left out the subject ("Closes the books in two days"). */
const SUBJECTLESS_VERBS = new Set(
  "automates brings builds closes combines connects cuts delivers finds gives handles helps imports includes integrates keeps learns lets makes matches offers plugs reconciles reduces removes replaces runs saves sends ships syncs takes tracks turns updates works".split(
    " ",
  ),
);

/** "Closes the books in two days" → "Ledgerly closes the books in two days": the copy quotes it after a colon, where a sentence needs its subject. */
export function withSubject(phrase: string, brand: string): string {
  const first = phrase.split(/\s+/, 1)[0]?.toLowerCase() ?? "";
  return brand && SUBJECTLESS_VERBS.has(first) ? `${brand} ${lowerStart(phrase, brand)}` : phrase;
}

function usable(sentences: string[]) {
  return sentences.filter((s) => !RESEARCH_NOTE.test(s));
}

interface Review {
  text: string;
  author: string | null;
}

function reviewsOf(answers: Partial<QuestionnaireAnswers>): Review[] {
  const found: Review[] = [];
  for (const field of [answers.customerFeedback, answers.availableProofMaterials, answers.socialProofCredentials]) {
    const source = tidy(field);
    for (const match of source.matchAll(/"([^"]{12,220})"(?:,?\s*(?:says|said|writes|—|-|\()\s*([A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?))?/gu)) {
      found.push({ text: match[1]!.trim().replace(/[,;:.!]+$/, ""), author: match[2] ?? null });
    }
  }
  if (found.length) {
    const seen = new Set<string>();
    return found.filter((r) => !seen.has(r.text) && seen.add(r.text)).slice(0, 3);
  }
  const quotes: string[] = [];
  {
    // Feedback written as what customers say: "Members say it is the best part of their month".
    for (const sentence of usable(sentencesOf(answers.customerFeedback))) {
      const said = /^(?:customers|members|clients|people|users|guests|parents|readers)\s+(?:say|tell us|love|write)\s+(?:that\s+)?(.{8,160})$/i.exec(sentence);
      if (said)
        quotes.push(
          upperStart(
            said[1]!
              .replace(/\btheir\b/g, "my")
              .replace(/\bthey\b/g, "I")
              .replace(/\bit is\b/, "it's"),
          ),
        );
    }
  }
  return [...new Set(quotes)].slice(0, 3).map((text) => ({ text, author: null }));
}

const PROOF_SIGNAL = /\d|\b(rated|stars?|reviews?|award|certified|featured|trusted|press|as seen|members|customers|clients|users)\b/i;

function proofOf(answers: Partial<QuestionnaireAnswers>): string[] {
  const lines: string[] = [];
  for (const field of [answers.socialProofCredentials, answers.availableProofMaterials]) {
    for (const sentence of usable(sentencesOf(field))) {
      if (/["“]/.test(sentence) || !PROOF_SIGNAL.test(sentence)) continue;
      for (const part of sentence.split(/,\s+(?=[\p{L}0-9])|\s+and\s+(?=(?:a|an|the)\s+(?:feature|mention|award))/u)) {
        const phrase = shortPhrase(part, 12);
        if (phrase && PROOF_SIGNAL.test(phrase) && wordCount(phrase) >= 2) lines.push(phrase);
      }
    }
  }
  return [...new Set(lines)].slice(0, 4);
}

function questionsOf(answers: Partial<QuestionnaireAnswers>): string[] {
  // A question the owner answers "no" asks about something the business doesn't do: it is never quoted back.
  const questions = (answers.frequentQuestionsConcerns ?? "")
    .replace(/[^?\n]*\?\s*\(?\s*no\b[^)\n]*\)?|[^?\n(]*\(\s*no\s*\)\s*\?/gi, "")
    .split(/(?<=\?)\s*|\n+/)
    // "(yes, a free day) is there parking?": the owner's answer to the question before is not part of this one.
    .map((q) => tidy(q.replace(/^[\s/|•*-]*(?:\d+[.)]|Q:)?\s*/i, "").replace(/^\([^)]*\)\s*/, "")))
    .map((q) => q.charAt(0).toUpperCase() + q.slice(1))
    .filter((q) => q.endsWith("?") && wordCount(q) <= 16 && wordCount(q) >= 3);
  return [...new Set(questions)].slice(0, 4);
}

const BUNDLE =
  /(?<![\p{L}])(?:courses? of \d+[^,.;]*|\d+-(?:visit|class|session) pass(?:es)?|packages?|memberships?|bundles?|class pass(?:es)?|(?:[\p{L}'&]+ ){1,2}club)(?![\p{L}])/iu;

/** The bundle the owner sells, from the product and offers answers; "" when none is named or the owner says they sell none. */
function bundleOf(answers: Partial<QuestionnaireAnswers>): string {
  const text = [
    answers.productServiceDescription,
    answers.businessOperationDescription,
    answers.purchaseMethod,
    answers.guarantees_q8,
    answers.onboardingGoal,
    answers.customerJourney,
  ]
    .filter(Boolean)
    .join(". ");
  for (const sentence of sentencesOf(text)) {
    if (/\b(?:no|not|never|don'?t|do not)\b[^.]{0,30}\b(?:packages?|bundles?|memberships?|blocks?)\b/i.test(sentence)) continue;
    const match = BUNDLE.exec(sentence);
    if (match) return match[0].trim();
  }
  return "";
}

/** The parts of a phrase between its commas, semicolons and spaced slashes, leaving brackets whole ("flower care (trim stems, change the water)"). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    const slash = char === "/" && text[i - 1] === " " && text[i + 1] === " ";
    if (depth === 0 && (char === "," || char === ";" || slash)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim().replace(/^(?:and|or)\s+/i, "")).filter(Boolean);
}

/**
 * A phrase written as a list of fragments ("can't do saturdays, too far, the price") as its items;
 * one item when it is a sentence. Two or three fragments read as a list when short; a longer run of
 * them does even when one item runs on.
 */
export function listItems(text: string): string[] {
  const items = topLevelParts(text);
  const limit = items.length >= 3 ? 10 : 6;
  return items.length > 1 && items.every((item) => wordCount(item) <= limit) ? items : [text.trim()];
}

/** The items of a product answer written as a list that are bought besides the first (the main thing), without what the owner says they don't sell ("No classes"). */
function addOnsOf(answers: Partial<QuestionnaireAnswers>): string[] {
  const items = usable(sentencesOf(answers.productServiceDescription)).flatMap(listItems);
  if (items.length < 2 || items.some((item) => wordCount(item) > 12)) return [];
  // An add-on is something bought: it carries a price, or names a service ("InBody scans", "flu vaccinations").
  const bought = (item: string) =>
    /[$£€]\s?\d/.test(item) ||
    /\b(?:sessions?|training|coaching|scans?|checks?|vaccinations?|reviews?|consultations?|lessons?|classes|hire|cleaning|cleans|treatments?|services?|add-ons?|extras?|packs?|passes|fittings?|tests?|assessments?|workshops?)\b(?:\s*\([^)]*\))?$/i.test(
      item.trim(),
    );
  return items.slice(1).filter((item) => !/^(?:no|not|never|without)\b/i.test(item.trim()) && !/:|^[\d$£€]|\b(?:is|are|was|were)\b/i.test(item) && bought(item));
}

/** The owner's advice for a new customer, one instruction or topic a line ("Collection hours", "Shave the area 24h before"), each short enough to quote. */
function prepOf(answers: Partial<QuestionnaireAnswers>): string[] {
  const lines: string[] = [];
  for (const sentence of usable(sentencesOf(answers.keyUserKnowledgeElements))) {
    const items = listItems(sentence);
    if (items.length > 1) {
      lines.push(...items.map(sentenceCase));
      continue;
    }
    for (const part of sentence.split(
      /,\s+(?=(?:no|don't|do not|never|bring|wear|shave|avoid|expect|arrive|use|store|freeze|keep|book|tell|check|download|connect|invite|upload|add|set)\b)/i,
    )) {
      const phrase = clipPhrase(sentenceCase(part.trim()), 16);
      if (phrase && !/\?$/.test(phrase)) lines.push(phrase);
    }
  }
  return [...new Set(lines.filter(saysSomething))].slice(0, 5);
}

/** Heading words an advice line can stop at without saying anything ("Collection hours", "The roadside assistance number"). */
const HEADING_ONLY =
  /^(?:(?:the|your|our)\s+)?(?:[\p{L}-]+\s+){0,3}(?:hours|times|details|info|information|directions|address|numbers?|polic(?:y|ies)|instructions|rules|parking|menu|prices|pricing|contacts?|dates?|schedule|link|specs|deadlines?|slots|fees?|videos|care|buttons|permits|forms|requirements)$/iu;
/** A question word opening a line that does not answer itself ("How to claim on the warranty", "When the first service is due"). */
const TOPIC_ONLY = /^(?:how\s+to|how|when|what|where|which|who|why)\b/i;

/**
 * Whether an advice line says something a customer can act on: an instruction or a fact ("Shave
 * the area 24h before", "Pickup 7-10am"), not a heading the answers never fill in ("Collection
 * hours", "How to claim on the warranty"). A line with a figure, a colon or an aside has content.
 */
export function saysSomething(line: string): boolean {
  const text = line.trim().replace(/[.!]+$/, "");
  if (/\d|:|\(|=/.test(text)) return true;
  return !HEADING_ONLY.test(text) && !TOPIC_ONLY.test(text) && /\s/.test(text);
}

/**
 * A question people ask before they buy ("Are you taking new patients?", "How much is a session?",
 * "Do you take walk-ins?"): once they have bought or booked it is answered, so the flows after the
 * purchase never ask it back.
 */
const BEFORE_BUYING =
  /\b(?:new (?:patients|clients|customers|members|students)|how much|what (?:does|do) (?:it|they|you) (?:cost|charge)|price|prices|pricing|cost|costs|fees?|is there a (?:free|trial|discount)|free (?:trial|consultation|quote)|can I (?:book|try|join|sign up)|how do I (?:book|join|sign up|start|order)|do you (?:take|accept|have|offer|cover|serve|deliver)|are you (?:open|taking|accepting))\b/i;

export function askedBeforeBuying(question: string): boolean {
  return BEFORE_BUYING.test(question);
}

/** The facts as the flows after a purchase read them: no question asked only before buying. */
export function afterPurchase(f: BusinessFacts): BusinessFacts {
  return { ...f, questions: f.questions.filter((q) => !askedBeforeBuying(q)), faqAnswers: f.faqAnswers.filter((pair) => !askedBeforeBuying(pair.question)) };
}

/**
 * A purchase made once, not a habit: a considered one-off (an installation, a wedding, a car) or a
 * durable piece. Its buyers are clients, never regulars, and the flows after it offer what goes
 * with it and a referral instead of the next visit.
 */
export function boughtOnce(f: Pick<BusinessFacts, "model" | "durable">): boolean {
  return f.model === "high-ticket" || f.durable;
}

/** The customer's own step after the first one, when the owner's steps start at signing up or starting ("Sign up → upload Rx or give optician details → we verify"). */
function finishStepOf(process: string): string {
  const [first, next] = stepsOf(tidy(process));
  if (!first || !next || !/\b(?:sign(?:s|ed)?[- ]?up|start(?:s|ed)?|register(?:s|ed)?|join(?:s|ed)?|enquir(?:y|es|ed))\b/i.test(first)) return "";
  return next.split(/\s+/).length <= 10 && !/^(?:we|our|i|they)\b/i.test(next) && balancedBrackets(next) ? next : "";
}

function balancedBrackets(text: string): boolean {
  return (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length;
}

/** The owner's referral perk in their words ("$500 Visa card for every referral that installs"), or "". */
function referralOf(answers: Partial<QuestionnaireAnswers>): string {
  for (const field of [answers.onboardingSpecialOffers, answers.upsellOpportunities, answers.specificLeadOffer]) {
    const found = usable(sentencesOf(field)).find((s) => /\brefer(?:ral|rals|s|red)?\b|\bfriend\b/i.test(s) && !/^(?:no|not|never)\b/i.test(s));
    if (found) return clipPhrase(found.replace(/[.!]+$/, ""), 16) ?? "";
  }
  return "";
}

/** Words too common to tie a worry to its answer. */
const WORRY_FILLER =
  /^(?:worry|worries|worried|fear|fears|afraid|concern|concerns|concerned|about|that|this|they|them|their|it's|will|won't|would|could|with|from|have|into|just|what|when|your|being|think|thinks|doesn't|don't|really|another|other|only|more|much|very|some|people|first|work|works|fine|enough|soon|long|wait|time|times|year|month|week|hour|minute|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|appointment|booking|session|visit|order)$/i;

function keywordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}][\p{L}'-]{3,}/gu) ?? [])
    .filter((w) => !WORRY_FILLER.test(w))
    .map((w) => w.replace(/ves$/, "f").replace(/s$/, ""))
    .filter((w) => !WORRY_FILLER.test(w));
}

/** An owner's bracketed answer with its "yes"/"no"/"true -" lead taken off, or "" when that is all it says. */
function answerIn(text: string): string {
  const said = text
    .trim()
    // "no, you choose from our caterers" leads with its yes or no; "No products to sell you" means what it says.
    .replace(/^(?:true|yes|no|honestly|nope|yep)\s*(?:[-–—:,!.]+\s*|$)/i, "")
    .split(/\.\s+/)[0]!
    // A clause about customers ("we tell them honestly") is a note to the writer, not the answer.
    .split(/,\s+/)
    .filter((clause, index) => index === 0 || !/\b(?:them|they|their)\b/i.test(clause))
    .join(", ")
    .replace(/[.!]+$/, "")
    .trim();
  // A long answer is cut to its first clause, and an answer still longer than a phrase is left out, as is one with a figure off (an offer the business never made) or a colon of its own (it follows one).
  const phrase = wordCount(said) > WORRY_ANSWER_WORDS ? (said.split(/,\s+|;\s+|\.\s+|\s+[-–—]\s+/)[0] ?? "") : said;
  return wordCount(phrase) >= 2 && wordCount(phrase) <= WORRY_ANSWER_WORDS && !/%|[$£€]\s?\d|:/.test(phrase) ? fixedArticles(phrase) : "";
}

/**
 * The owner's answers to the questions people ask, where the answers give one in brackets after
 * the question ("Do you need my electricity? (yes, a normal socket)"): a short answer in the owner's
 * words. A "no" is left out (the business doesn't do it: never said), as is an answer longer than a
 * phrase, one with a colon of its own, or one holding a price or a discount (an offer).
 */
function faqAnswersOf(answers: Partial<QuestionnaireAnswers>): FaqAnswer[] {
  const pairs = [...(answers.frequentQuestionsConcerns ?? "").matchAll(/([^?\n()]+\?)\s*\(([^)\n]+)\)/g)].map((m) => ({
    question: upperFirst(tidy(m[1]!.replace(/^[\s/|•*-]*(?:\d+[.)]|Q:)?\s*/i, ""))),
    answer: upperFirst(tidy(m[2]!).replace(/[.!]+$/, "")),
  }));
  const kept = pairs.filter(
    ({ question, answer }) =>
      // A bare "no" (or "no, we don't") says the business doesn't do it; "no need, …" is an answer.
      !/^(?:no|nope|not (?:yet|really|at the moment))[\s.!]*$|^no,?\s+(?:we|sorry|not|never)\b/i.test(answer) &&
      wordCount(question) >= 3 &&
      wordCount(question) <= 16 &&
      wordCount(answer) >= 1 &&
      wordCount(answer) <= FAQ_ANSWER_WORDS &&
      // An answer with a price or a discount is an offer, and offers go only where the owner puts them.
      !/[:%]|[$£€]\s?\d|\b(?:off|free|discount\w*|cheaper)\b/i.test(answer),
  );
  return kept.slice(0, 3);
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words an owner's answer to a question may run to when it is quoted back. */
const FAQ_ANSWER_WORDS = 12;

/** Words an answer to a worry may run to: a phrase, never a pasted answer. */
const WORRY_ANSWER_WORDS = 10;

/** "a accountant" → "an accountant": the owner's slip of an article, put right before it is quoted back. */
function fixedArticles(text: string): string {
  return text.replace(/\b([Aa]) (?=(?:[aeio]|u(?!s[aeiu]|ni|ro|ti))\w)/g, "$1n ");
}

/**
 * How the answers answer each worry of an objection ("Price, worried it's cry-it-out, ..."): the
 * owner's bracketed note on the worry itself, else the note on a question about the same thing
 * ("Is it cry-it-out? (no)" says too little, so on to), else a clause of what sets the business
 * apart or its guarantee naming it ("gentle methods only (never cry-it-out)").
 */
function worryAnswersOf(answers: Partial<QuestionnaireAnswers>, objection: string): WorryAnswer[] {
  const faq = [...(answers.frequentQuestionsConcerns ?? "").matchAll(/([^?\n]+\?)\s*\(([^)\n]+)\)?/g)].map((m) => ({ question: m[1]!, answer: answerIn(m[2]!) }));
  const clauses = [answers.competitiveDifferentiation, answers.guarantees_q8, answers.competitiveAdvantageReasons]
    .flatMap((field) => topLevelParts(tidy(field)))
    .map((clause) => clause.replace(/[.!]+$/, "").trim())
    .filter((clause) => wordCount(clause) >= 2 && wordCount(clause) <= 20);
  // What is sold ties nothing together: "£5.50 for a loaf" is not answered by a line about a loaf.
  const sold = new Set(keywordsOf(productOf(answers)));
  const found: WorryAnswer[] = [];
  for (const item of objection ? topLevelParts(objection) : []) {
    const own = /\(([^)]*)\)?/.exec(item);
    const worry = item
      .replace(/\s*\([^)]*\)?/, "")
      .replace(/^['"]|['"]$/g, "")
      .trim();
    const words = keywordsOf(worry).filter((w) => !sold.has(w));
    if (!worry || !words.length) continue;
    const names = (text: string) => keywordsOf(text).some((w) => words.includes(w));
    const answer =
      // A quoted aside is what people say, not the answer.
      (own && !/^['"‘“]/.test(own[1]!.trim()) && answerIn(own[1]!)) ||
      faq.find((pair) => pair.answer && names(pair.question))?.answer ||
      clauses.map(answerIn).find((clause) => clause && names(clause)) ||
      "";
    if (answer) found.push({ worry: fixedArticles(worry), answer });
  }
  return found;
}

function objectionsOf(answers: Partial<QuestionnaireAnswers>): string[] {
  const out: string[] = [];
  for (const field of [answers.topReasonsNotToBuy, answers.frequentQuestionsConcerns, answers.onboardingBottlenecks]) {
    for (const sentence of usable(sentencesOf(field))) {
      // A question, or a line of questions with their answers ("Do you…? (yes) What if…? (…)"), is not a worry.
      if (sentence.includes("?")) continue;
      const phrase = shortPhrase(sentence, 16);
      if (phrase) out.push(phrase);
    }
  }
  return [...new Set(out)].slice(0, 3);
}

/** A noun phrase for the product: "Single-estate loose-leaf teas shipped fresh every month" → kept; long → cut at a clause. */
function productOf(answers: Partial<QuestionnaireAnswers>): string {
  for (const sentence of usable(sentencesOf(answers.productServiceDescription))) {
    // "We roast single-origin coffee…" → "single-origin coffee…"
    const cleaned = sentence
      .replace(/\s*\([^)]*\)?/g, "")
      .replace(/^(?:we|our company|our team|[A-Z][\w&' -]{0,40}?)\s+(?:roasts?|makes?|sells?|offers?|provides?|ships?|builds?|runs?|delivers?|creates?|designs?|is|are)\s+/i, "")
      .replace(/^(?:a|an|the)\s+(?=\w)/i, (article) => article.toLowerCase())
      // "Staff rota app: drag-and-drop rota" runs on with a dash: the sentence around it has its own colon.
      .replace(/:\s+/g, " — ");
    const phrase = shortPhrase(cleaned, 9);
    if (phrase) return phrase;
  }
  return "";
}

export const BRAND_FALLBACK = "Our team";

/** The business's facts, from its answers. */
export function businessFacts(answers: Partial<QuestionnaireAnswers>, companyName = answers.companyName ?? ""): BusinessFacts {
  const typed = tidy(companyName || answers.companyName) || BRAND_FALLBACK;
  const model = businessModelOf(answers);
  const brandRules = brandRulesOf({ ...answers, companyName: typed }, { model });
  // The name as the owner insists it is written ("SÖL", "the loaf.", "budgetBee").
  const brand = brandRules.brand || typed;
  const spec = MODEL_SPECS[model];
  const kind = spec.kind;
  const unit = unitIn(
    spec,
    `${answers.productServiceDescription ?? ""} ${answers.businessOperationDescription ?? ""} ${answers.purchaseMethod ?? ""} ${answers.customerJourney ?? ""} ${answers.leadNurtureGoal ?? ""} ${answers.onboardingStage ?? ""}`,
  );
  const b2b = (answers.businessType ?? "").startsWith("B2B");
  const onboardingOffers = parseOffers(answers.onboardingSpecialOffers, ["onboarding", "abandoned_cart"]);
  const leadOffers = parseOffers(answers.specificLeadOffer, ["lead_nurture"]);
  // The same offer written in both answers belongs to every flow either names.
  const offers: Offer[] = [];
  for (const offer of [...onboardingOffers, ...leadOffers]) {
    const same = offers.find((o) => o.text.toLowerCase() === offer.text.toLowerCase());
    if (same) same.flows = [...new Set([...same.flows, ...offer.flows])];
    else offers.push({ ...offer, flows: [...offer.flows] });
  }
  placeOffers(offers, { onboardingAfterPurchase: onboardingStartOf(answers, kind) !== "signup", unit, walkIn: walkInOnly(answers) });
  const answerText = Object.values(answers)
    .map((value) => (Array.isArray(value) ? value.join(" ") : String(value ?? "")))
    .join("\n");
  const difference = usable(sentencesOf(answers.competitiveDifferentiation || answers.competitiveAdvantageReasons))[0] ?? "";
  const productSentence = usable(sentencesOf(answers.productServiceDescription))[0] ?? "";
  const reviews = reviewsOf(answers);
  const cycle = cycleOf(answers, kind);
  const goal = sentenceCase(tidy(answers.leadNurtureGoal));
  const trial = /\btrial\b/i.test(answerText) && !/\bno (?:free )?trial\b/i.test(answerText);
  const action = actionOf(spec, unit);
  const abandoned = abandonedOf(spec.abandoned.replace("{unit}", unit), brandRules);
  if (abandoned === "purchase") action.finish = "Finish my purchase";
  const remote =
    kind === "service" &&
    /\b(online|video|zoom|virtual|remote(?:ly)?|on your phone|over the phone|in the app)\b/i.test(
      `${answers.productServiceDescription ?? ""} ${answers.businessOperationDescription ?? ""}`
        // Booking or paying online says nothing about where the service happens.
        .replace(
          /\b(?:book(?:ed|s|ing)?|pay(?:s|ing)?|paid|order(?:ed|s)?|buy|sign(?:ed)? up|waiver)\s+(?:\w+\s+)?online\b|\bonline\s+(?:booking|shop|store|checkout|waiver|payment)s?\b/gi,
          "",
        ),
    );
  const atCustomer =
    kind === "service" &&
    !remote &&
    /\b(?:we come to (?:you|your)|(?:we|they|groomers?|cleaners?|engineers?|technicians?) (?:come|comes|travel|travels) to (?:you|your)|mobile (?:\w+ )?(?:service|van|unit|clinic|groom\w*|valet\w*|massage|vet|mechanic|hairdress\w*|barber\w*)|at (?:your|the customer's|the client's) (?:home|house|door|place|office|premises|workplace)|to your (?:door|doorstep|home|house|driveway|office|workplace|premises)|in your (?:home|house|driveway)|house calls?|home visits?)\b/i.test(
      `${answers.productServiceDescription ?? ""} ${answers.businessOperationDescription ?? ""} ${answers.customerJourney ?? ""}`,
    );
  // Software with a free plan and no trial asks people to start free, never to start a trial.
  if (model === "saas-trial" && !trial) Object.assign(action, { first: "free account", cta: "Get started free", exit: "Upgrades to a paid plan" });
  return {
    brand,
    model,
    spec,
    unit,
    goal,
    goalCta: goalButton(goal, action.cta),
    onboardingStage: sentenceCase(tidy(answers.onboardingStage)).replace(/[.!]+$/, ""),
    kind,
    b2b,
    website: tidy(answers.companyWebsite),
    usesSms: tidy(answers.communicationChannels) === "Email + SMS",
    product: productOf(answers),
    productSentence: wordCount(productSentence) <= 11 ? productSentence : "",
    // Who it is for, without the owner's bracketed asides ("early MVP (pre-seed)"), which no sentence around it can carry.
    audience: shortPhrase(usable(sentencesOf(answers.primaryTargetAudience))[0]?.replace(/\s+\([^)]*\)/g, ""), 10),
    problem: shortPhrase(usable(sentencesOf(answers.primaryProblemSolved))[0], 12),
    difference: withSubject(wordCount(difference) <= 20 ? difference : shortPhrase(difference, 12), brand),
    reviews: reviews.map((r) => r.text),
    reviewers: reviews.map((r) => r.author),
    proof: proofOf(answers),
    guarantee: guaranteeOf(answers.guarantees_q8),
    objections: objectionsOf(answers),
    worryAnswers: worryAnswersOf(answers, usable(sentencesOf(answers.topReasonsNotToBuy))[0] ?? objectionsOf(answers)[0] ?? ""),
    questions: questionsOf(answers),
    faqAnswers: faqAnswersOf(answers),
    prep: prepOf(answers),
    nextSteps: stepsAfter(sentenceCase(tidy(answers.onboardingProcessSteps)), tidy(answers.onboardingStage)),
    bundle: bundleOf(answers),
    addOns: addOnsOf(answers),
    referral: referralOf(answers),
    finishStep: finishStepOf(answers.onboardingProcessSteps ?? ""),
    trial,
    offers,
    voice: voiceOf(answers.brandVoicePositioning),
    decision: decisionOf(answers),
    cycleDays: cycle ?? (kind === "product" && CONSUMABLE.test(answers.productServiceDescription ?? "") ? CONSUMABLE_CYCLE_DAYS : null),
    durable: durableOf(answers, kind, cycle),
    remote,
    atCustomer,
    place: placeOf(answers, model, remote || atCustomer),
    onboardingStart: onboardingStartOf(answers, kind),
    action,
    answerText,
    brandRules,
    abandoned,
  };
}

/** The model's unfinished thing, unless the business says it doesn't do it ("NO booking, just show up"): then what is left is a purchase, and the button finishes it. */
function abandonedOf(what: string, rules: BrandRules): string {
  return rules.negated.includes(what.toLowerCase()) ? "purchase" : what;
}

/** The incentive for a flow: its own offer with a figure or a trial first, else any non-standing one. */
export function offerFor(facts: BusinessFacts, flowType: FlowType, options: { incentiveOnly?: boolean } = {}): Offer | null {
  // Software's trial is what the lead nurture sells: people already in the trial are not offered it again.
  const inTrial = facts.model === "saas-trial" && flowType !== "lead_nurture";
  const mine = facts.offers.filter((o) => o.flows.includes(flowType) && !o.standing && !(inTrial && o.kind === "trial"));
  const rank = (o: Offer) => (o.code ? 0 : 1) + (o.kind === "percent" || o.kind === "amount" ? 0 : o.kind === "trial" ? 1 : o.kind === "content" ? 3 : 2);
  const sorted = [...mine].sort((a, b) => rank(a) - rank(b));
  // Software with a trial sells the trial: a free item a lead signed up for is no incentive to start one.
  const gift = (o: Offer) => o.kind === "gift" && facts.model === "saas-trial" && facts.trial;
  const found = options.incentiveOnly ? sorted.find((o) => o.kind !== "content" && !gift(o)) : sorted[0];
  return found ?? null;
}

/** The lead magnet (a guide, report, checklist) a lead nurture delivers first, if the business has one. */
export function leadMagnetOf(facts: BusinessFacts): Offer | null {
  return facts.offers.find((o) => o.kind === "content" && o.flows.includes("lead_nurture")) ?? null;
}

/** The standing perk worth repeating (free shipping over a threshold), if any. */
export function standingPerkOf(facts: BusinessFacts): Offer | null {
  return facts.offers.find((o) => o.standing) ?? null;
}

/** A small, stable number from the brand, so two businesses get different angles and titles. */
export function brandSeed(facts: BusinessFacts): number {
  let hash = 2166136261;
  for (const char of `${facts.brand}|${facts.kind}|${facts.product}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}
