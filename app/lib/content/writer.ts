import {
  afterPurchase,
  boughtOnce,
  type BusinessFacts,
  brandSeed,
  businessFacts,
  listItems,
  lowerStart,
  isConditional,
  offerFor,
  type Offer,
  theThing,
  verbBe,
  type Voice,
  type WorryAnswer,
  upperStart,
  yourOffer,
} from "~/lib/business/facts";
import type { BusinessAnswers } from "~/lib/content/business";
import { safeHttpUrl } from "~/lib/content/html";
import { bannedTermsIn, enforceBrandRules } from "~/lib/business/brand-enforce";
import { holdEmail, holdText, tidyMarks } from "~/lib/content/brand-pass";
import { asksOf, ledSubjects, leadParagraphs, mentionParagraphs, withAsks } from "~/lib/content/asks";
import { datedParts } from "~/lib/content/dated";
import { onboardingFacts, onboardingMoment } from "~/lib/business/moment";
import { buttonLink } from "~/lib/content/links";
import { LINES, type LineFacts, type LineRole } from "~/lib/content/lines";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { COPY_PHRASE_WORDS, ownPhrase, sentence, variant } from "~/lib/content/phrasing";
import { CALL_TO_ACTION_MAX, countSms, fitSmsBody, fitWords, plainPunctuation, PREHEADER_MAX, SMS_OPT_OUT, smsBrand, SUBJECT_MAX, visibleLength } from "~/lib/content/rules";
import type { EmailCopy, TouchpointCopy } from "~/lib/content/types";
import { greetingFor, inTone, livelier, ownEmoji, signOffFor, toneButton, toneOptions, toneParagraphs } from "~/lib/content/tone";
import { FLOW_TYPES, type FlowType, type StepType } from "~/lib/flow-types";
import { withArticle } from "~/lib/business/model-specs";
import type { BriefAsks } from "~/lib/flows/feedback/brief";
import type { TouchpointAngle } from "~/lib/flows/angles";
import type { TouchpointView } from "~/lib/flows/types";

/**
 * The offline content writer: ready-to-send copy for every touchpoint of a flow, written to the
 * reader ("you") in the business's voice from its facts (lib/business/facts.ts). The plan's key
 * messages are the writer's brief and never reach the customer; what the copy says comes from the
 * touchpoint's purpose (its angle) and the business's own offers, proof, guarantee and answers.
 * Offers appear exactly as the business gave them; a discount the business has no code for keeps
 * the plan's marked placeholder ([YOUR DISCOUNT CODE]). Subjects are unique within the flow, each
 * preheader adds to its subject, and every email opens with a first-name greeting with a fallback
 * (merge-tags.ts).
 */

export type WriterTouchpoint = Pick<TouchpointView, "id" | "stepNumber" | "stepType" | "title" | "primaryGoal" | "keyMessages" | "callToAction">;

export interface WriterInput {
  flowType: FlowType;
  companyName: string;
  answers: BusinessAnswers;
  touchpoints: readonly WriterTouchpoint[];
}

const ANGLE_WORDS: Array<[TouchpointAngle, RegExp]> = [
  ["goodbye", /\b(should we stop|goodbye|last email|farewell|break[- ]?up|clean (?:up )?(?:the )?list)\b/i],
  ["referral", /\b(refer(?:ral|rals|s)?|know someone|pass it on|tell a friend)\b/i],
  ["welcome", /\b(welcome|you're in|interest in)\b/i],
  ["magnet", /\b(here's your|your (?:free )?(?:guide|report|checklist|copy|download)|deliver (?:what|the promised))\b/i],
  // "Your next treatment", "Time to book your next assessment": whatever the owner calls the unit.
  ["rebook", /\b(?:(?:book|for|your) (?:your )?next (?!order\b|box\b|bag\b|delivery\b|supply\b|pre-order\b)\w+|re-?book)/i],
  ["replenish", /\b(running low|restock|reorder|replenish|order again|next (?:pre-order|order|box|bag|supply|delivery))\b/i],
  ["cart", /\b(forget something|cart|booking isn't finished|almost done|finish your|still want that|left (?:something|behind))\b/i],
  ["upgrade", /\btrial ends\b/i],
  ["urgency", /\b(last chance|last reminder|let it go|still waiting|ends|expir\w*|deadline|don't miss)\b/i],
  // "Thank you for your first order" thanks; "For your first visit: 20% off" offers.
  ["offer", /\b(offer|discount|% off|incentive|free shipping|ready when you are|whenever you're ready)\b|^(?:ready for your|for your first)\b/i],
  ["booked", /\b(you're booked|is booked|before your first|coming up|getting ready for)\b/i],
  ["thanks", /\b(thank you|thanks for|is confirmed|confirm)\b/i],
  ["checkin", /\b(how (?:was|did|is)|check[- ]?in|feedback|review while|how it's going|going so far)\b/i],
  [
    "proof",
    /\b(proof|prove it|reviews?|testimonials?|what (?:customers|members|regulars|people|clients) (?:say|are saying|loved)|stories|take our word|results|case stud\w*|come back|keep coming|members stay|make the case|teams like yours|customers like you|why \w+ choose)\b/i,
  ],
  ["objection", /\b(questions?|answers?|worry|worries|objection|doubt|risky|small print|switching|before you (?:book|order|decide))\b/i],
  ["education", /\b(better way|cost of|really costs|hidden cost)\b/i],
  ["story", /\b(why we (?:started|built)|differen(?:t|ce)|the .+ way|our story|story behind|people behind|meet the team|how .+ does it)\b/i],
  [
    "howto",
    /\b(how (?:to|it works|the subscription works)|step by step|rollout|what arrives|best sellers|who (?:they.re|each one is) for|first choice|choose|find the right|what to expect|getting started|get the most|first win|up and running|what to look for|guide|tips?|works)\b/i,
  ],
  ["crosssell", /\b(picked for you|goes (?:well|with)|you might also|recommend\w*)\b/i],
  ["upgrade", /\b(upgrade|package|membership|habit|more of what|bigger plan|next delivery)\b/i],
  ["reactivation", /\b(miss you|been a while|still with us|what you've missed|what's new)\b/i],
  ["reminder", /\b(remind\w*|text|nudge)\b/i],
];

/**
 * The touchpoint's angle, worked out from its title and goal first, then its place in the flow (a
 * stored touchpoint keeps no angle of its own, see lib/flows/angles.ts). "education" comes only
 * from the words (a title or goal about a better way or what a problem really costs); the place
 * in the flow never gives it, since a teaching email without those words reads as a how-to.
 */
export function angleOf(flowType: FlowType, touchpoint: Pick<WriterTouchpoint, "title" | "primaryGoal">, index: number, total: number): TouchpointAngle {
  const words = `${touchpoint.title}\n${touchpoint.primaryGoal}`;
  if (flowType === "abandoned_cart" && index === 0) return "cart";
  if (flowType === "sunset" && index === total - 1 && total > 1) return "goodbye";
  // Saying goodbye belongs to sunset flows: elsewhere "the last email" is just the last step.
  const patterns = ANGLE_WORDS.filter(([angle]) => angle !== "goodbye" || flowType === "sunset");
  for (const [angle, pattern] of patterns) if (pattern.test(touchpoint.title)) return angle;
  for (const [angle, pattern] of patterns) if (pattern.test(words)) return angle;
  switch (flowType) {
    case "onboarding":
      return index === 0 ? "welcome" : index === total - 1 ? "offer" : "howto";
    case "lead_nurture":
      return index === 0 ? "welcome" : index === total - 1 ? "offer" : index % 2 ? "proof" : "objection";
    case "abandoned_cart":
      return index === total - 1 ? "urgency" : "objection";
    case "upsell":
      return index === 0 ? "thanks" : "crosssell";
    case "sunset":
      return "reactivation";
  }
}

// ---------------------------------------------------------------------------------------------
// What the brief asks for beyond the angle (lines the planner or the feedback wrote)

interface Brief {
  /** "20% off with code [YOUR DISCOUNT CODE]" from a discount asked for in feedback. */
  placeholderOffer: string | null;
  /** What feedback asks of the copy: tone, topic, what to lead with, mention and never say (content/asks.ts). */
  asks: BriefAsks;
  lastChance: boolean;
  /** The customer question the planner asked this email to answer ("Answer: Can I see the samples first?"). */
  question: string | null;
  /** The planner asked this email to show what sets the business apart ("Show the difference: …"). */
  showsDifference: boolean;
  title: string;
  /** The step's title and goal together, for when it falls ("the evening before pickup"). */
  purpose: string;
  /** How many emails of the flow before this one wrote the same angle (0 for the first). */
  repeat: number;
}

function readBrief(touchpoint: WriterTouchpoint): Brief {
  const lines = touchpoint.keyMessages.split("\n").map((l) => l.replace(/^\s*[•*-]\s*/, "").trim());
  const placeholder = lines.map((l) => /^Offer (.+? with code \[YOUR DISCOUNT CODE\])$/.exec(l)?.[1]).find(Boolean) ?? null;
  const asks = asksOf(touchpoint.keyMessages);
  // An offer or code feedback placed on this step ("The code exactly as given: NOFEE") is said in its body.
  const given = lines
    .map((l) =>
      /^The (?:offer|code) exactly as given: (.+)$/
        .exec(l)?.[1]
        ?.replace(/\s*\(code ([A-Z0-9]+)\)$/, " with code $1")
        .trim(),
    )
    .filter((g): g is string => !!g);
  return {
    placeholderOffer: placeholder,
    asks: { ...asks, mentions: [...asks.mentions, ...given.map((g) => (/^[A-Z0-9]{3,}$/.test(g) ? `code ${g}` : g))] },
    lastChance: /^last chance/i.test(touchpoint.title),
    question: lines.map((l) => /^Answer: (.+\?)$/.exec(l)?.[1]?.trim()).find(Boolean) ?? null,
    showsDifference: lines.some((l) => /^(?:Show )?the difference:/i.test(l)),
    title: touchpoint.title,
    purpose: `${touchpoint.title}\n${touchpoint.primaryGoal}`,
    repeat: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Sentences

/** "Worry that X" → "that X"; "Fear of not being fit enough" → "about not being fit enough"; "Long lead times" → "about long lead times". */
export function worryClause(objection: string, who: "they're" | "you're" = "they're"): string {
  const text = objection.replace(/[.!?]+$/, "").trim();
  const that = /^(?:a |the )?(?:worry|worries|worried|concern|concerned|fear|fears|afraid)\s+that\s+(.+)$/i.exec(text);
  if (that) return `that ${that[1]}`;
  const about = /^(?:a |the )?(?:worry|worries|worried|concern|concerns|concerned|fear|fears|afraid)\s+(?:of|about|over)\s+(.+)$/i.exec(text);
  if (about) return `about ${about[1]}`;
  // "Worried it's cry-it-out": what they worry is the rest.
  const worried = /^(?:worried|worries|concerned)\s+(.+)$/i.exec(text);
  if (worried) return `that ${worried[1]}`;
  // "Too shy to speak with a stranger" describes the person: "worry they're too shy to…".
  if (/^(?:too|not|so|very|a bit|a little|rather)\b/i.test(text)) return `${who} ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  if (/\b(?:is|are|looks?|seems?|takes?|feels?|will|won't|can't|might|costs?)\b/i.test(text)) return `that ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  return `about ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

function say(text: string, voice: Voice) {
  return voice === "polished" ? text.replace(/!/g, ".") : text;
}

/** The offer as a customer reads it: the business's words, plus its code when the words lack it. */
function offerSentence(offer: Offer): string {
  const code = offer.code && !offer.text.includes(offer.code) ? ` Use code ${offer.code} at checkout.` : "";
  return `${sentence(offer.text)}${code}`;
}

const GREETING: Record<Voice, string> = { warm: "Hi", polished: "Hello", bold: "Hey", plain: "Hi" };
const SIGN_OFF: Record<Voice, string> = { warm: "Warmly,", polished: "Kind regards,", bold: "Talk soon,", plain: "Thanks," };

function unitOf(f: BusinessFacts) {
  return f.action.first.replace(/^first /, "");
}

function pickFitting(candidates: Array<string | false | null | undefined>, max: number, used: Set<string>, seed: number): string {
  const fitting = candidates.filter((c): c is string => !!c && visibleLength(c) <= max);
  const fresh = fitting.filter((c) => !used.has(c.toLowerCase()));
  const pool = fresh.length ? fresh : fitting;
  return pool.length ? pool[Math.min(seed, pool.length - 1)]! : fitWords(String(candidates.find(Boolean) ?? ""), max);
}

/** A lead and its items as a bulleted list ("Before you come:\n- Shave the area 24h before\n- …"), or one sentence for a single item. */
export function itemLines(lead: string, items: readonly string[], brand: string): string {
  // One long item that is a list of its own ("Bring photos + rough measurements + a budget range") is listed, never quoted whole.
  const parts = items.length === 1 ? items[0]!.split(/\s+\+\s+|\s*;\s*/).filter(Boolean) : [];
  if (parts.length > 1 && parts.every((part) => part.split(/\s+/).length <= 6)) {
    const verb = /^(\p{L}+)\s/u.exec(parts[0]!)?.[1];
    // "Bring photos + a budget range": the verb of the first part heads the list ("Before you come, bring:").
    if (verb && /^(?:bring|have|wear|pack|prepare|send)$/i.test(verb))
      return [`${lead}, ${verb.toLowerCase()}:`, ...parts.map((part, i) => `- ${upperStart(i === 0 ? part.slice(verb.length).trim() : part)}`)].join("\n");
    return itemLines(lead, parts, brand);
  }
  if (items.length === 1) return sentence(`${lead}: ${lowerStart(ownPhrase(items[0]!), brand)}`);
  return [`${lead}:`, ...items.map((item) => `- ${upperStart(item)}`)].join("\n");
}

/** What happens after the first purchase, in the model's words: software is set up, a pre-order is collected, only a shop ships. */
function nextLine(f: BusinessFacts, line: (role: LineRole) => string): string {
  switch (f.model) {
    case "shop":
      return `You'll get a note the moment it ships, with a link to follow it.`;
    case "pickup": {
      const collect = f.place ? sentence(`We'll have it ready for you to collect from ${f.place}`) : "We'll have it ready for you to collect.";
      return f.prep[0] ? `${collect}${f.prep.length > 1 ? "\n\n" : " "}${itemLines("Good to know", f.prep, f.brand)}` : collect;
    }
    case "saas-trial":
    case "course":
      return line("setUp");
    case "subscription":
      return `We'll tell you before your first ${f.unit} arrives, and you can change it any time before then.`;
    default:
      return f.prep[0] ? itemLines("What happens next", f.prep, f.brand) : `We'll be in touch with everything you need before your first ${f.unit}.`;
  }
}

/** The thank-you after a first purchase, in the business's own words, differing between its flows; software adds that the account is ready. */
/** The thank-you follows a visit: a walk-in or an appointment's upsell. A deposit, an agreement or an enrolment comes before anyone has come in. */
function cameIn(f: BusinessFacts, flowType: FlowType): boolean {
  return (f.model === "appointment" || f.model === "local-visit") && flowType !== "onboarding" ? true : f.model === "local-visit";
}

function thanksOpening(f: BusinessFacts, line: (role: LineRole, perFlow?: boolean) => string): string {
  if (f.kind === "digital") return `${line("thanksDigital", true)} ${line("accountReady")}`;
  const role: LineRole =
    f.kind === "service"
      ? f.remote
        ? "thanksRemote"
        : f.atCustomer
          ? "thanksAtCustomer"
          : "thanksService"
      : f.model === "pickup"
        ? "thanksPickup"
        : f.model === "shop"
          ? "thanksShop"
          : "thanksOther";
  return line(role, true);
}

/** The owner's own setup steps as a list ("Getting started with Rotaly:\n- Import your staff list\n- …"), or "" with fewer than two. */
function ownSteps(f: BusinessFacts): string {
  // The owner's own onboarding steps first ("Add locations", "Import or add staff"), else their advice.
  const steps = (f.nextSteps.length >= 2 ? f.nextSteps.slice(0, 4).map(upperStart) : f.prep.slice(0, 3)).map(ownPhrase);
  if (steps.length < 2 || steps.some((step) => step.startsWith('"'))) return "";
  return itemLines(`Getting started with ${f.brand}`, steps, f.brand);
}

/** After a visit: when the next one is due, in the owner's rhythm, or nothing. */
function cycleLine(f: BusinessFacts): string {
  return cyclePhrase(f.cycleDays) ? `We'll remind you when your next ${f.unit} is due: most people come back ${cyclePhrase(f.cycleDays)}.` : "";
}

/** "every month or so", "every 6 weeks or so", or "" for no cycle or a seasonal one (which names no rhythm worth promising). */
function cyclePhrase(days: number | null): string {
  if (!days || days >= 150) return "";
  if (days < 7) return "a couple of times a week";
  if (days < 28) return `every ${Math.round(days / 7) === 1 ? "week" : `${Math.round(days / 7)} weeks`}`;
  if (days < 40) return "once a month";
  return `every ${Math.round(days / 7)} weeks`;
}

/** A guarantee's own name and its terms ("Fussy Dog Promise - if your dog won't eat it, we refund it"): a name is one to five capitalised words. */
const NAMED_PROMISE = /^((?:[A-Z0-9][\w'&-]*\s+){0,4}[A-Z][\w'&-]*)\s*(?:\s[-–—]\s|:)\s*(.+)$/;

interface PromiseLines {
  /** The guarantee as a line of its own ("" when there is none). */
  said: string;
  /** The guarantee after the email's lead ("And you're covered:"), or on its own when it cannot follow one. */
  covered: (lead: string) => string;
  /** The guarantee as the short answer to a worry. */
  answer: string;
}

/**
 * The guarantee as the copy says it, always whole (cut, it would promise less than the owner does):
 * one longer than a phrase of copy is quoted as the business's promise; a named one is said by its
 * terms, then its name ("If your dog won't eat it, we refund it. That's our Fussy Dog Promise.");
 * one with its own heading ("100-night home trial: if it is not right, …") becomes two sentences,
 * so no line carries two colons; one written as a question and answer stands on its own; any other
 * follows the email's lead ("And you're covered: free returns within 30 days.").
 */
function promiseOf(f: BusinessFacts): PromiseLines {
  const guarantee = f.guarantee ? sentence(f.guarantee) : "";
  if (!guarantee) return { said: "", covered: () => "", answer: "" };
  const named = NAMED_PROMISE.exec(guarantee);
  const headed = guarantee.replace(/^([^:?]{2,60}):\s+(\S)/, (_m, head: string, next: string) => `${head}. ${next.toUpperCase()}`);
  const terms = named ? named[2]! : headed;
  const alone =
    terms.split(/\s+/).length > COPY_PHRASE_WORDS
      ? `Our ${named ? named[1] : "promise to you"}: "${upperStart(terms)}"`
      : !named && (headed !== guarantee || guarantee.includes("?"))
        ? `Our promise: ${headed}`
        : "";
  const tail = named ? `${terms} That's our ${named[1]}.` : guarantee;
  const after = (lead: string) => `${lead} ${lead.endsWith("?") ? upperStart(tail) : lowerStart(tail, f.brand)}`;
  return { said: alone || upperStart(tail), covered: (lead) => alone || after(lead), answer: alone || after("Short answer:") };
}

interface Parts {
  subjects: Array<string | false | null | undefined>;
  preheaders: Array<string | false | null | undefined>;
  paragraphs: Array<string | false | null | undefined>;
  cta: string;
}

/** Words that start a proof line as ordinary words ("Over 2,000 clients", "Rated 4.9"); any other capital starts a name ("Google 4.9", "Xero Gold Partner"). */
const PROOF_OPENERS =
  /^(?:over|more|rated|trusted|featured|used|loved|voted|winner|as|our|we|the|a|an|since|top|best|every|all|most|hundreds|thousands|millions|one|two|three|four|five|ten)\b/i;

/** A proof line after a colon: lower-cased when it opens with an ordinary word, kept as typed when it opens with a name. */
function proofAfterColon(proof: string, brand: string): string {
  return PROOF_OPENERS.test(proof) ? lowerStart(proof, brand) : proof;
}

/** A review as a line of copy: `"…," says Priya.` with its author, else the quote on its own. */
function quoteOf(f: BusinessFacts, index: number): string {
  const review = f.reviews[index];
  if (!review) return "";
  const author = f.reviewers[index];
  return author ? `"${/[?!]$/.test(review) ? review : `${review},`}" says ${author}.` : `"${sentence(review)}"`;
}

/**
 * The business's own phrasing of a recurring sentence: chosen by the brand's seed and the role, and
 * with `perFlow`, moved along by the flow and by the angle's repeats within it, so the same role in
 * two of its emails reads differently.
 */
function lineOf(f: BusinessFacts, flowType: FlowType, repeat = 0) {
  const cycle = cyclePhrase(f.cycleDays);
  const facts: LineFacts = {
    b: f.brand,
    unit: unitOf(f),
    own: f.unit,
    people: f.spec.people,
    first: f.action.first,
    cycle: cycle ? `, and most people come back about ${cycle}` : "",
  };
  const seed = brandSeed(f);
  return (role: LineRole, perFlow = false) => variant(role, seed, LINES[role](facts), perFlow ? FLOW_TYPES.indexOf(flowType) + repeat * FLOW_TYPES.length : 0);
}

/** A proof email's subjects per flow: each flow says it in its own words, so no two flows of a business share a subject. */
const PROOF_SUBJECTS: Record<FlowType, (b: string, people: string) => string[]> = {
  lead_nurture: (b) => ["Don't just take our word for it", `What customers say about ${b}`, "Real people, real results"],
  onboarding: (b) => ["You're in good company", `Why people choose ${b}`],
  abandoned_cart: (b) => [`Why people choose ${b}`, "Real people, real results"],
  upsell: (b, people) => [`What other ${people} say`, `In their words: ${b}`],
  sunset: (b) => [`What people are saying about ${b}`, `${b}, in other people's words`],
};

/** "everything from rooftop solar to EV chargers" for a product answer written as a list of three or more, else "". */
export function productRange(product: string): string {
  const items = product ? listItems(product) : [];
  return items.length >= 3 ? `everything from ${items[0]} to ${items[items.length - 1]}` : "";
}

/** A word that names a kind of thing, not one of them ("cleaning", "tuition", "software"): no article before it. */
const UNCOUNTED =
  /(?:ing|ion|ment|ness|ity|ance|ence|ware|care|hire|therapy|istry|graphy|surgery|tuition|advice|bread|coffee|tea|food|solar|equipment|furniture|jewellery|jewelry)$/i;

/** The product as running text reads it: "a sourdough loaf", "a new patient exam with full x-rays"; plurals, lists, kinds and names as written. */
export function productInRunningText(product: string): string {
  const text = product.trim();
  if (!text || /^(?:a|an|the|our|your|my|this|these|every|each|some|any|\d)/i.test(text) || listItems(text).length > 1 || /[—–:]/.test(text)) return text;
  const head = text.split(/\s+(?:with|for|of|on|in|from|to|by|at)\s+/i)[0]!;
  const words = head.split(/\s+/);
  const last = words[words.length - 1]!;
  // A name is written in capitals ("Excel Without Tears", "GYM MEMBERSHIP"); a plural or a kind takes no article.
  if (words.length > 4 || words.slice(1).some((w) => /^\p{Lu}/u.test(w)) || /^\p{Lu}{2,}/u.test(text) || /s$/i.test(last) || UNCOUNTED.test(last)) return text;
  return withArticle(text);
}

/** The email's words for its angle: subject options, preheader options, body paragraphs, button. */
function partsFor(angle: TouchpointAngle, f: BusinessFacts, flowType: FlowType, brief: Brief): Parts {
  const b = f.brand;
  const unit = unitOf(f);
  // Existing customers get no first-purchase offer; a lead nurture keeps its incentive for the close.
  const offer =
    flowType === "upsell" || flowType === "sunset" || (flowType === "lead_nurture" && angle === "welcome")
      ? null
      : (offerFor(f, flowType, { incentiveOnly: angle !== "welcome" && angle !== "magnet" }) ?? null);
  // An offer only some can have ("startups can apply for 50% off") is said in full, never promised in a subject or a button.
  const conditional = offer && offer.kind !== "content" && isConditional(offer) ? offer : null;
  const incentive = brief.placeholderOffer || conditional ? null : offer && offer.kind !== "content" ? offer : null;
  const goodToKnow = conditional ? sentence(`Good to know: ${lowerStart(conditional.text, b)}`) : "";
  const quote = quoteOf(f, 0);
  const secondQuote = quoteOf(f, 1);
  const product = f.product ? lowerStart(f.product, b) : "";
  // A product written as a list ("rooftop solar, home batteries, EV chargers") is said as its range in a preheader; one thing gets its article in a sentence.
  const range = productRange(product);
  const running = productInRunningText(product);
  const question = brief.question ?? f.questions[0];
  // A worry in words the business never uses is left unsaid, not half said.
  const worry = f.objections[0] && keepsBrandWords(f.objections[0], f) ? lowerStart(f.objections[0], b) : "";
  const asksHowItWas = f.kind === "service" || f.model === "pickup";
  // A worry is raised only with the business's answer to it, and only in words the brand's rules let it say ("no delivery" is never said by a business that does none).
  const answered = worry ? f.worryAnswers.filter((a) => holdText(a.worry, f.brandRules, "body").trim() && keepsBrandWords(`${a.worry} ${a.answer}`, f)) : [];
  // The owner's own answers to the questions people ask, in words the brand's rules let it say.
  const faq = f.faqAnswers.filter((pair) => keepsBrandWords(`${pair.question} ${pair.answer}`, f));
  const worryAnswered = (a: WorryAnswer, who: "they're" | "you're") =>
    `${who === "you're" ? "If you're worried" : "Some people worry"} ${worryClause(a.worry, who)}: ${lowerStart(sentence(a.answer), b)}`;
  const { said: guarantee, covered, answer } = promiseOf(f);
  const asked = question ? `Got a question, like "${question}" Reply to this email and a real person will answer.` : "";
  const v = (text: string) => say(text, f.voice);
  const line = lineOf(f, flowType, brief.repeat);
  const placeholder = brief.placeholderOffer ? `Here's ${brief.placeholderOffer}, for the next 48 hours.` : "";
  const moment = flowType === "onboarding" ? onboardingMoment(f) : null;
  const dated = moment && moment.kind !== "booked" ? datedParts(angle, f, moment, brief.title, line, secondQuote || quote) : null;
  if (dated) return dated;
  switch (angle) {
    case "welcome":
      return {
        // A lead is welcomed to the business; a customer, in the onboarding, is in.
        subjects: [
          incentive && `Welcome to ${b}: ${incentive.headline.toLowerCase()} inside`,
          ...(flowType === "lead_nurture" ? [`Welcome to ${b}`, `Glad you found ${b}`] : [`You're in! Welcome to ${b}`, `Welcome aboard ${b}`]),
        ],
        preheaders: [
          incentive ? `${incentive.headline} ${verbBe(incentive.headline)} waiting for you, plus what to expect from us.` : "",
          product ? sentence(`${upperStart(range || product)}, and what to expect from us`) : "",
          "Here's what to expect from us, and how often.",
        ],
        paragraphs: [
          v(`Welcome to ${b}! ${line("glad")}`),
          product && (/^(?:we|our)\b/i.test(f.productSentence) || f.productSentence.startsWith(b) ? sentence(f.productSentence) : sentence(`Here's what we do: ${product}`)),
          incentive ? `To say thanks for joining: ${lowerStart(offerSentence(incentive), b)}` : goodToKnow,
          // Software's first email gets people to the first step the owner named.
          f.model === "saas-trial" && flowType === "onboarding" && (f.nextSteps[0] ?? f.prep[0])
            ? sentence(`Your first step: ${lowerStart(ownPhrase(f.nextSteps[0] ?? f.prep[0]!), b)}`)
            : "",
          f.audience
            ? `Everything we send is written for ${lowerStart(f.audience, b)}: useful, short and never more than we'd want to read ourselves.`
            : "Everything we send is short and useful, and never more than we'd want to read ourselves.",
        ],
        cta: incentive ? `Claim ${incentive.headline.toLowerCase()}` : f.action.cta,
      };
    case "magnet": {
      const magnet = f.offers.find((o) => o.kind === "content" && o.flows.includes(flowType));
      return {
        subjects: [magnet && `Here's your ${magnet.headline.replace(/^(?:A|An|The|Your) /, "").toLowerCase()}`, "Here's what you asked for", `Your download from ${b}`],
        preheaders: [
          product && sentence(range ? `Plus a little about ${b}: ${range}` : `Plus a little about ${b}: ${product}`),
          "It takes two minutes to read, and the next emails build on it.",
        ],
        paragraphs: [
          // A lead magnet is named, not pasted as a sentence of its own ("The Report 2026. It's…").
          v(
            `Thanks for asking! ${magnet ? `Here's ${theThing(magnet.text.replace(/[.!]+$/, ""), b).replace(/^an? /, "your ")}, and it's` : "What you asked for is"} one click away: the button below takes you straight to it.`,
          ),
          f.problem ? sentence(`It's written for anyone who knows this feeling: ${lowerStart(f.problem, b)}`) : "",
          line("nextEmails"),
        ],
        cta: "Get my copy",
      };
    }
    case "story":
      return {
        // What makes the business different, never a founding story the answers do not tell.
        subjects:
          flowType === "lead_nurture"
            ? [`What makes ${b} different`, `Why ${b} is different`, `How ${b} does it differently`]
            : [`The thinking behind ${b}`, `Why ${b} works the way it does`],
        preheaders: [f.problem && sentence(`The problem we fix: ${lowerStart(f.problem, b)}`), "The short version, and why it matters to you."],
        paragraphs: [
          f.problem ? sentence(`${b} is for anyone who knows this: ${lowerStart(f.problem, b)}`) : "",
          f.difference ? sentence(`${line("differently")} ${upperStart(f.difference)}`) : product ? sentence(`Our answer: ${product}`) : "",
          // The first review belongs to the proof email; the story quotes a second one when there is one.
          secondQuote,
        ],
        cta: "See how we do it",
      };
    case "education":
      // Software sells on the cost of the problem; everything else is taught how to choose or start.
      if (f.kind === "digital" && f.problem)
        return {
          // A team counts the cost in hours and budgets; a person just lives with the problem.
          subjects: f.b2b
            ? ["What the problem really costs", "There's a better way to work", `A better way, from ${b}`]
            : ["There's a better way", `A better way, from ${b}`, "It doesn't have to be this hard"],
          preheaders: [sentence(`If this sounds familiar: ${lowerStart(f.problem, b)}`), f.b2b ? "And what teams like yours do instead." : "And what helps instead."],
          paragraphs: [
            v(sentence(`If this sounds familiar, you're not alone: ${lowerStart(f.problem, b)}`)),
            f.b2b ? line("costsMore") : "",
            product ? sentence(`There's a better way: ${product}`) : "",
            question ? asked : "",
          ],
          cta: "See the better way",
        };
    // falls through
    case "howto":
      return {
        subjects:
          flowType === "onboarding"
            ? [
                f.kind === "service"
                  ? `Your first ${unit}: what to expect`
                  : f.kind === "subscription"
                    ? "Your subscription, step by step"
                    : f.kind === "digital"
                      ? `Getting set up with ${b}`
                      : `Making the most of your ${f.model === "shop" ? `${b} order` : unit}`,
                "Three steps to a good start",
              ]
            : flowType === "abandoned_cart"
              ? ["How it works, in a minute", `How ${b} works`]
              : [
                  f.kind === "service"
                    ? `What to expect at your first ${unit}`
                    : f.kind === "subscription"
                      ? "How your subscription works"
                      : f.kind === "digital"
                        ? flowType === "lead_nurture"
                          ? `How ${b} works, step by step`
                          : `Getting set up with ${b}`
                        : f.model === "shop"
                          ? `How to choose your first ${b} favourite`
                          : `How to choose your first ${unit}`,
                  `Getting started with ${b} is easy`,
                  "Three easy steps to get started",
                ],
        preheaders: [question ? `A question we hear a lot: "${question}" Just reply and we'll answer.` : "", "Step by step, with no guesswork."],
        paragraphs: [
          f.kind === "service"
            ? f.remote
              ? `${line("firstIsSimple")} ${line("linkEarly")}`
              : `${line("firstIsSimple")} ${line(f.atCustomer ? "weComeToYou" : "arriveEarly")}`
            : f.kind === "subscription"
              ? `${line("howItWorks", true)} You can skip, swap or pause whenever you like.`
              : f.kind === "digital"
                ? ownSteps(f) || line(f.model === "course" ? "courseSteps" : "threeSteps")
                : product
                  ? sentence(`${line("whereToStart")} Most people begin with ${running}, and it's easy to find the one that suits you`)
                  : `${line("whereToStart")} Our best sellers are the easiest way in.`,
          brief.showsDifference && f.difference
            ? sentence(`One thing to look for, wherever you ${f.kind === "service" ? "book" : "buy"}: ${lowerStart(f.difference, b)}. ${line("howWeDoIt")}`)
            : "",
          question ? asked : answered[0] ? worryAnswered(answered[0], "you're") : "",
        ],
        cta: f.action.cta,
      };
    case "proof":
      return {
        subjects: PROOF_SUBJECTS[flowType](b, f.spec.people),
        preheaders: [f.proof[0] && sentence(f.proof[0]), "A few words from people who tried it first."],
        paragraphs: [
          line("proofLead", true),
          quote ? `${quote}` : f.proof[0] ? sentence(`The numbers speak for themselves: ${proofAfterColon(f.proof[0], b)}`) : "",
          quote && f.proof[0] ? sentence(`And we're proud of this: ${proofAfterColon(f.proof[0], b)}`) : "",
          covered(line("proofIfNot")),
        ],
        cta: "Read the reviews",
      };
    case "objection":
      return {
        subjects:
          flowType === "abandoned_cart"
            ? ["Still deciding? Here's what helps", "The question everyone asks first"]
            : flowType === "lead_nurture"
              ? [f.kind === "service" ? "Before you book: honest answers" : "Before you decide: quick answers", "The question everyone asks first"]
              : ["Your questions, answered", "The question we hear most"],
        preheaders: [answer, answered.length || faq.length ? "Honest answers to the questions we hear most." : "Ask us anything before you decide: a real person answers."],
        paragraphs: [
          line("askFirst"),
          answered.length > 1
            ? `${line("worryListLead")}\n${answered.map((a) => `- ${upperStart(a.worry)}: ${lowerStart(sentence(a.answer), b)}`).join("\n")}\n${line("worryListEnd")}`
            : answered[0]
              ? `${worryAnswered(answered[0], "they're")} ${line("worryOneEnd")}`
              : faq.length
                ? `${line("faqLead")}\n${faq.map((pair) => `- "${pair.question}" ${sentence(pair.answer)}`).join("\n")}`
                : "",
          covered("And you're covered:"),
          line("replyAnything"),
        ],
        cta: flowType === "abandoned_cart" ? f.action.finish : "Get the answers",
      };
    case "offer":
      return {
        subjects: [
          incentive && flowType === "abandoned_cart" && `Still yours: ${incentive.headline.toLowerCase()}`,
          // An offer with a condition is named, as the step's title names it, with its terms in the preheader: never promised outright.
          conditional && !/\b(?:you|when|if|with|the|a|an|to|for|and|or)$/i.test(conditional.headline) && `${upperStart(conditional.headline)}: how it works`,
          incentive &&
            (incentive.headline.toLowerCase().includes(unit) ? `${incentive.headline}, just for you` : `For your ${f.action.first}: ${incentive.headline.toLowerCase()}`),
          brief.placeholderOffer && "A little something to help you decide",
          flowType === "onboarding" ? `Your ${f.action.first}, when you're ready` : `Ready for your ${f.action.first}?`,
          flowType === "onboarding" ? `Here when you need us at ${b}` : "Whenever you're ready, we're here",
        ],
        preheaders: [
          incentive && offerSentence(incentive),
          conditional && sentence(upperStart(conditional.text)),
          covered("No risk:"),
          product && !range && sentence(`The easiest way to try ${running}`),
          "One easy step, whenever it suits you.",
        ],
        paragraphs: [
          placeholder || (incentive ? `${line("offerLead", true)} ${lowerStart(offerSentence(incentive), b)}` : v(line("whenReady", true))),
          goodToKnow,
          product ? sentence(`It's the easiest way to try ${range ? b : running}`) : "",
          covered("And you're covered:"),
        ],
        cta: brief.placeholderOffer ? "Claim my discount" : incentive ? `Claim ${incentive.headline.toLowerCase()}` : f.action.cta,
      };
    case "urgency":
      return {
        subjects: [
          incentive && `${yourOffer(incentive.headline)} ${verbBe(incentive.headline)} still waiting`,
          incentive && `Don't miss ${incentive.headline.toLowerCase()}`,
          brief.lastChance && "Last chance",
          "A quick reminder before it slips by",
          "Still thinking it over?",
        ],
        preheaders: [incentive && `Still yours: ${lowerStart(offerSentence(incentive), b)}`, covered("Nothing to lose:"), "Your next step is still waiting."],
        paragraphs: [
          line("slipsBy", true),
          placeholder || (incentive ? `It's still yours: ${lowerStart(offerSentence(incentive), b)}` : line("clickAway", true)),
          covered("Nothing to lose:"),
        ],
        cta: incentive ? `Claim ${incentive.headline.toLowerCase()}` : brief.placeholderOffer ? "Claim my discount" : f.action.cta,
      };
    case "cart": {
      // The subject, the preheader and the body name what the customer started, as the plan's title does: a booking, an enquiry, a sign-up, a cart.
      const booking = f.kind === "service" && f.abandoned === "booking";
      const started = f.kind === "service" && !booking ? lineOf({ ...f, action: { ...f.action, first: f.abandoned } }, flowType, brief.repeat) : line;
      return {
        subjects: booking
          ? ["Your booking isn't finished", `Still want that ${unit}?`]
          : f.kind === "digital"
            ? ["Your sign-up is almost done", "Finish setting up your account", `You're nearly in at ${b}`]
            : f.model === "shop"
              ? ["Did you forget something?", "Your cart is waiting", `You left something at ${b}`]
              : [`Your ${f.abandoned} isn't finished`, `Finish your ${f.abandoned} in a minute`],
        preheaders: [
          `We kept your ${f.abandoned}, so you can finish in a minute.`,
          f.offers.find((o) => o.standing) && sentence(f.offers.find((o) => o.standing)!.text),
          guarantee,
          "We saved it for you, so you can finish in a minute.",
        ],
        paragraphs: [
          started(booking ? "cartSavedService" : f.kind === "digital" ? "cartSavedDigital" : "cartSavedOther"),
          booking
            ? line("cartFinishService")
            : f.finishStep && f.model !== "shop"
              ? sentence(`All that's left: ${lowerStart(f.finishStep, b)}`)
              : f.kind === "digital" || f.model !== "shop"
                ? started("cartFinishOther")
                : `Everything is still in your cart, and checking out takes a minute.`,
          question ? asked : covered("Not sure yet?"),
        ],
        cta: f.action.finish,
      };
    }
    case "booked":
      return {
        subjects: [`You're booked! Here's what to expect`, `Before your first ${unit}`, `Your ${unit} is booked`],
        preheaders: [
          question && `Questions like "${question}" We're one reply away.`,
          f.remote || f.atCustomer ? "Everything you need to know before you start." : "Everything you need to know before you arrive.",
        ],
        paragraphs: [
          v(`Thank you for booking with ${b}! ${line("meetingYou")}`),
          f.prep[0] ? itemLines(f.atCustomer ? "Before we arrive" : "Before you come", f.prep, b) : "",
          // The owner's own "arrive 5 minutes early" is already in the list: only how to change the time is added.
          line(f.prep.some((p) => /\barriv/i.test(p)) ? "changeTime" : f.remote ? "onTheDayRemote" : f.atCustomer ? "onTheDayAtCustomer" : "onTheDayVisit"),
          asked,
          f.difference ? sentence(`One thing you'll notice: ${lowerStart(f.difference, b)}`) : "",
        ],
        cta: "See my booking",
      };
    case "thanks":
      return {
        // The upsell thanks again what the onboarding thanked first, in other words.
        subjects:
          flowType === "upsell" && (!cameIn(f, flowType) || f.kind !== "service")
            ? [`Thanks again from ${b}`, `A thank-you from ${b}`]
            : f.kind === "service" && !cameIn(f, flowType)
              ? [`Thank you for choosing ${b}`, `Welcome to ${b}: what happens next`]
              : f.kind === "service"
                ? flowType === "upsell"
                  ? [f.remote ? `Thanks for joining us` : f.atCustomer ? `Thanks for having us` : `Thanks for coming in`, `Thank you for your ${unit}`]
                  : [`Thank you for your ${unit}`, f.remote ? `Thanks for joining us` : f.atCustomer ? `Thanks for having us` : `Thanks for coming in`]
                : f.kind === "digital"
                  ? [`Thanks for choosing ${b}`, "You're all set", `Welcome aboard ${b}`]
                  : [f.model === "shop" ? `Thank you for your order` : `Thank you for your ${unit}`, `Thanks for choosing ${b}`, `Your ${f.action.first} is confirmed`],
        preheaders: [f.difference && sentence(f.difference), "Here's what happens next."],
        paragraphs: [
          v(f.kind === "service" && !cameIn(f, flowType) ? line("thanksOther", true) : thanksOpening(f, line)),
          flowType === "upsell" && f.kind === "service" ? cycleLine(f) : nextLine(f, line),
          f.difference ? sentence(`One thing you'll notice: ${lowerStart(f.difference, b)}`) : "",
        ],
        cta: f.kind === "service" ? "See my booking" : f.kind === "digital" ? "Get set up" : f.model === "shop" ? "Track my order" : `See my ${unit}`,
      };
    case "checkin":
      return {
        // A visit or a collection is over and asked about; a product in use is asked how it's going.
        subjects:
          flowType === "onboarding"
            ? [asksHowItWas ? `How was your first ${unit}?` : "How is it going so far?", `Quick question from ${b}`]
            : [asksHowItWas ? `How was your ${unit}?` : "How are you finding it?", "How did we do?"],
        preheaders: ["One click tells us, and a real person reads every reply.", "Your answer helps us get better."],
        paragraphs: [
          line(asksHowItWas ? "howWasIt" : "howIsItGoing", true),
          line("oneClickTells", true),
          secondQuote || quote ? `Here's what another customer told us: ${secondQuote || quote}` : "",
        ],
        cta: "Tell us how it went",
      };
    case "rebook":
      return {
        // The onboarding invites the second visit, the upsell every one after: each in its own words.
        subjects: flowType === "onboarding" ? [`Ready to book your next ${unit}?`, `Booking your next ${unit}`] : [`Time for your next ${unit}?`, `Your next ${unit} is due`],
        preheaders: [cyclePhrase(f.cycleDays) ? `Most of our regulars come back about ${cyclePhrase(f.cycleDays)}.` : "", "Pick the time that suits you, in a minute."],
        paragraphs: [line("sinceLast", true), line("bookMinute")],
        cta: f.action.again,
      };
    case "replenish":
      // Only a shop's customers run low and reorder; everyone else places their next one.
      if (f.model !== "shop")
        return {
          subjects: flowType === "onboarding" ? [`Ready for your next ${unit}?`, `Your next ${unit}`] : [`Time for your next ${unit}?`, `Your next ${unit} is due`],
          preheaders: [cyclePhrase(f.cycleDays) && `Most people come back ${cyclePhrase(f.cycleDays)}.`, "It takes a minute, whenever it suits you."],
          paragraphs: [line("nextOne", true), f.bundle ? sentence(`Coming back regularly? Ask us about ${theThing(f.bundle, b)}`) : ""],
          cta: f.action.again,
        };
      return {
        subjects: flowType === "onboarding" ? ["Time to restock?", `Your next ${b} order`] : ["Running low?", `Stocking up at ${b}?`],
        preheaders: [f.offers.find((o) => o.standing) && sentence(f.offers.find((o) => o.standing)!.text), "Reorder in one click, before you run out."],
        paragraphs: [
          v(line("runningLow", true)),
          "The button below takes you straight to your last order.",
          f.offers.find((o) => o.standing) ? sentence(`Remember: ${lowerStart(f.offers.find((o) => o.standing)!.text, b)}`) : "",
        ],
        cta: "Reorder now",
      };
    case "crosssell":
      // A one-off service (an installation, a wedding) offers what goes with it and how it is looked after, never "your last order".
      if (f.kind === "service" && boughtOnce(f))
        return {
          subjects: ["What goes with it", `More from ${b}, when you need it`],
          preheaders: [f.guarantee ? "What goes with it, and how it's looked after." : "What goes with it, when you're ready.", "When you're ready, not before."],
          paragraphs: [
            product ? sentence(`When you need more, we're here: ${product}`) : `When you need more, we're here, and it starts with a reply.`,
            covered("And it's looked after:"),
            line("replyAnything"),
          ],
          cta: "See what goes with it",
        };
      return {
        subjects: ["Picked for you", "Goes well with your last order", "You might also like"],
        preheaders: [
          f.reviews[0] && `Customers say: "${f.reviews[0]}"`,
          f.kind === "digital" ? "What to try once you're up and running." : "A few favourites that go with what you chose.",
        ],
        paragraphs: [
          line(f.kind === "digital" ? "whatNextDigital" : "whatNextOther"),
          f.difference ? sentence(`${f.kind === "digital" || f.kind === "service" ? "And as always" : "Like everything we make"}: ${lowerStart(f.difference, b)}`) : "",
          quote ? `${quote}` : "",
        ],
        cta: f.kind === "digital" ? "See what's next" : "See my picks",
      };
    case "upgrade":
      return {
        subjects: [
          /trial ends/i.test(brief.title)
            ? brief.title
            : f.kind === "service"
              ? f.bundle
                ? "Make it a habit"
                : `Your next ${unit}`
              : f.kind === "subscription"
                ? "More of what you love"
                : flowType === "onboarding"
                  ? `Getting more from ${b}`
                  : "Ready for more?",
          `A step up with ${b}`,
          f.bundle ? `About ${lowerStart(f.bundle, b)}` : "",
        ],
        preheaders: [guarantee, "A step up from what you already use."],
        paragraphs: [
          v(
            f.kind === "service" && f.bundle
              ? sentence(`Coming regularly? Ask us about ${lowerStart(f.bundle, b)}`)
              : f.kind === "service"
                ? `Coming regularly? Booking your next ${unit} now keeps the time that suits you.`
                : f.model === "saas-trial" && /trial ends/i.test(brief.title)
                  ? `Your trial ends in 2 days. Choose the plan that fits before then, and everything you've set up carries straight on.`
                  : f.kind === "digital"
                    ? line("planUp", true)
                    : `You already know what you like. Here's how to get more of it.`,
          ),
          quote ? `${quote}` : f.proof[0] ? sentence(`You're in good company: ${proofAfterColon(f.proof[0], b)}`) : "",
          covered("And you're covered:"),
        ],
        cta: f.kind === "service" && !f.bundle ? f.action.again : "See the options",
      };
    case "referral":
      return {
        subjects: [f.referral ? "A thank-you for passing us on" : `Know someone who'd like ${b}?`, "Pass it on?", `Know someone who'd like ${b}?`],
        preheaders: [f.referral ? sentence(upperStart(f.referral)) : "", "The best thanks we get is a recommendation."],
        paragraphs: [
          `If ${b} did right by you, the best thanks is passing us on to someone who needs the same.`,
          f.referral ? sentence(`As a thank-you: ${lowerStart(f.referral, b)}`) : "",
          quote || (f.proof[0] ? sentence(`They'll be in good company: ${proofAfterColon(f.proof[0], b)}`) : ""),
        ],
        cta: f.referral ? "Refer a friend" : "Pass it on",
      };
    case "reactivation":
      return {
        // Nothing is promised as new: the answers hold no news.
        subjects: [`We miss you at ${b}`, "It's been a while", "Still with us?"],
        preheaders: [product && sentence(range ? `A quick reminder of what we do: ${range}` : `A quick reminder: ${product}`), "A short note, and a quick reminder of what we do."],
        paragraphs: [
          v(`It's been a while, and we miss you at ${b}.`),
          product ? sentence(`Here's a quick reminder of what's waiting for you: ${product}`) : "",
          // A visit people come back for on a cycle invites them back for it, in the business's word ("another dinner").
          f.spec.rebooks && f.cycleDays ? line("anotherOne") : "",
          line("lessOften"),
        ],
        cta: f.action.again,
      };
    case "goodbye":
      return {
        subjects: ["Should we stop emailing you?", "Is this goodbye?", "One click to stay in touch"],
        preheaders: ["One click keeps you on the list. Otherwise, this is our last email."],
        paragraphs: [line("lastEmail"), `If you'd still like to hear from ${b}, one click keeps you on the list. ${line("noHardFeelings")}`],
        cta: "Keep me subscribed",
      };
    case "reminder":
      return {
        subjects: [...remindedSubjects(f, flowType, brief), `A quick note from ${b}`],
        preheaders: [guarantee, "It only takes a minute."],
        paragraphs: [v(`A short reminder from ${b}: your next step is waiting.`), covered("And you're covered:")],
        cta: f.action.cta,
      };
  }
}

/** When the reminder falls, in the step's own words: "tomorrow" for the evening or day before, else "". */
function reminderDay(purpose: string): string {
  if (/\b(?:tomorrow|evening before|day before|night before)\b/i.test(purpose)) return "tomorrow";
  if (/\btoday\b|\bhours? before\b/i.test(purpose)) return "today";
  return "";
}

/** A reminder's subject says what it reminds of: the collection, the appointment, the saved booking, with the day when the step holds it. */
function remindedSubjects(f: BusinessFacts, flowType: FlowType, brief: Brief): string[] {
  const unit = unitOf(f);
  const day = reminderDay(brief.purpose);
  if (flowType === "abandoned_cart") return [`A reminder: your ${f.abandoned} is saved`];
  if (f.model === "pickup") {
    const at = f.place ? ` from ${f.place}` : "";
    return day ? [`Collecting your ${unit} ${day}${at}`, `Your ${unit} is ready to collect ${day}`] : [`A reminder about collecting your ${unit}`];
  }
  if (f.kind === "service") return day ? [`See you ${day} for your ${unit}`, `Your ${unit} is ${day}`] : [`A reminder about your ${unit}`];
  if (flowType === "upsell") return [`A reminder about your next ${unit}`];
  return [`A reminder about your ${f.action.first}`];
}

/** A preheader adds to its subject: it does not repeat most of the subject's words. */
export function addsTo(subject: string, preheader: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z0-9%$£€]+/)
      .filter((w) => w.length > 2);
  const subjectWords = new Set(words(subject));
  const own = words(preheader);
  if (!own.length) return false;
  const shared = own.filter((w) => subjectWords.has(w)).length;
  return shared / own.length < 0.5 && !preheader.toLowerCase().includes(subject.toLowerCase());
}

/** The lead nurture names its goal in every email, in the owner's words, unless the email already does. */
function goalLine(f: BusinessFacts, flowType: FlowType, touchpoint: WriterTouchpoint, body: readonly string[]): string {
  if (flowType !== "lead_nurture") return "";
  const goal = f.goalCta ? lowerStart(f.goalCta, f.brand) : `your ${f.action.first}`;
  if (body.some((p) => p.toLowerCase().includes(goal.toLowerCase()))) return "";
  const lines = f.goalCta
    ? [
        "When you're ready, the next step is simple",
        "Whenever it suits you",
        "Ready when you are",
        "The next step, whenever you like",
        "When the time is right",
        "No rush, but when you're ready",
        "Whenever you'd like to go ahead",
        "Your next step, when it suits you",
      ].map((lead) => `${lead}: ${goal}.`)
    : [
        `Whenever you're ready, ${goal}`,
        `When it suits you, ${goal} with ${f.brand}`,
        `No rush: ${goal} with ${f.brand}`,
        `${upperStart(goal)} with ${f.brand}`,
        `Any time you like, ${goal}`,
        `When the moment's right, ${goal} with ${f.brand}`,
      ].flatMap((head) =>
        ["is one click away.", "is just a click away.", "is there when you want it.", "takes one click.", "is waiting for you.", "is a click away, whenever you like."].map(
          (tail) => `${head} ${tail}`,
        ),
      );
  return variant("goal", brandSeed(f), lines, touchpoint.stepNumber);
}

/** Who signs the email: the name the owner gave, a marked placeholder where they sign as a named person, else the team. */
function signerOf(f: BusinessFacts): string {
  const rules = f.brandRules;
  if (rules.signOff) return rules.signOff;
  const team = /^the\s/i.test(f.brand) ? `${f.brand} team` : `The ${f.brand} team`;
  if (rules.signOffPerson || rules.signOffNot.some((not) => /\bteam\b/i.test(not))) return "[add: your name]";
  return team;
}

/** A button within its limit: "Claim free tasting flight of three roasts" becomes "Claim my offer"; anything else is cut at a word. */
export function fitButton(text: string): string {
  if (visibleLength(text) <= CALL_TO_ACTION_MAX) return text;
  if (/^claim\b/i.test(text)) return "Claim my offer";
  return fitWords(text, CALL_TO_ACTION_MAX);
}

/** The button text: the plan's own call to action when it is short and customer-facing, else the angle's. */
export function buttonText(callToAction: string, fallback: string): string {
  const clean = plainPunctuation(callToAction.replace(/\s+/g, " ").trim());
  if (clean && visibleLength(clean) <= CALL_TO_ACTION_MAX && !/[:;[\]]/.test(clean) && !/\bthem\b/i.test(clean)) return clean;
  return fallback;
}

/** A flow says its guarantee in at most this many emails: enough to reassure, not a refrain. */
const GUARANTEE_MAX_EMAILS = 2;

/** Words of a line, lower-cased without punctuation, so lines worded around the same words compare equal. */
function wordsOf(text: string) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%$]+/gu, " ")
    .trim();
}

/** Whether `text` carries the guarantee: its last six words, however the line around them is worded. */
function saysGuarantee(text: string, f: BusinessFacts) {
  if (!f.guarantee) return false;
  const tail = wordsOf(f.guarantee).split(" ").slice(-6).join(" ");
  return tail.length > 0 && wordsOf(text).includes(tail);
}

/** Whether the text, held to the brand's rules, still names a word the business never uses (a banned word, something it does not do). */
function keepsBrandWords(text: string, f: BusinessFacts): boolean {
  return !bannedTermsIn(enforceBrandRules(text, f.brandRules, "body"), f.brandRules).length;
}

export function writeEmail(angle: TouchpointAngle, touchpoint: WriterTouchpoint, facts: BusinessFacts, flowType: FlowType, used: Set<string>): EmailCopy {
  const repeat = [...used].filter((key) => key.startsWith(`angle:${angle}:`)).length;
  used.add(`angle:${angle}:${touchpoint.id}`);
  const brief = { ...readBrief(touchpoint), repeat };
  const { asks } = brief;
  const tone = asks.tone;
  // The step's asks tighten the brand's rules (a formal tone, words never to say) for every line below.
  const f = withAsks(facts, asks);
  const parts = partsFor(angle, f, flowType, brief);
  // Subjects in order of preference (the brief's topic or lead first, then an offer's subject): the
  // first one the flow has not used among those that keep the brand's words (a subject naming a
  // word it never uses would fall back to a plain one) and that the tone would say.
  const options = ledSubjects(toneOptions(parts.subjects, tone), asks, f);
  const keepsWords = (s: string | false | null | undefined) => !!s && keepsBrandWords(s, f);
  const subjects = options.some(keepsWords) ? options.filter(keepsWords) : options;
  const subject = inTone(say(pickFitting(subjects, SUBJECT_MAX, used, 0), f.voice), tone);
  used.add(subject.toLowerCase());
  // A customer's words are quoted once in a flow: the first email to quote a review keeps it, a later
  // one drops that line, except a proof email, whose purpose it is. The guarantee is said (in the
  // body or the preheader) in at most two emails of a flow; a later one says something else.
  const guaranteeAllowed = [...used].filter((key) => key.startsWith("guarantee:")).length < GUARANTEE_MAX_EMAILS;
  const own = parts.paragraphs
    .filter((p): p is string => !!p)
    .filter((p) => angle === "proof" || !f.reviews.some((review) => p.includes(review) && used.has(`quote:${review}`)))
    .filter((p) => guaranteeAllowed || !saysGuarantee(p, f));
  const body = bodyAsked(own, f, asks);
  for (const review of f.reviews) if (body.some((p) => p.includes(review))) used.add(`quote:${review}`);
  const preheader = inTone(
    say(
      pickFitting(
        toneOptions(parts.preheaders, tone).filter((p) => p && addsTo(subject, p) && (guaranteeAllowed || !saysGuarantee(p, f))),
        PREHEADER_MAX,
        new Set(),
        0,
      ) || "Open for the details.",
      f.voice,
    ),
    tone,
  );
  if ([preheader, ...body].some((line) => saysGuarantee(line, f))) used.add(`guarantee:${touchpoint.id}`);
  const greeting = `${greetingFor(tone, GREETING[f.voice])} ${FIRST_NAME_TAG},`;
  const signOff = `${signOffFor(tone, SIGN_OFF[f.voice])}\n${signerOf(f)}`;
  // A short tone leaves out the optional goal line.
  const goal = tone === "plain" || tone === "shorter" ? "" : goalLine(f, flowType, touchpoint, body);
  const paragraphs = [greeting, ...body, goal, signOff].filter(Boolean);
  // The brand's rules (as the asks tighten them) hold in every line; then every field is fitted to
  // its limit before any check, so the offline writer never breaks its own rules.
  const held = holdEmail(
    {
      subject,
      preheader,
      bodyText: inTone(tidyMarks(paragraphs.join("\n\n")), tone),
      callToAction: inTone(toneButton(buttonText(touchpoint.callToAction, parts.cta), tone), tone),
    },
    f.brandRules,
    { subject: `A note from ${f.brand}`, preheader: "Open for the details.", cta: upperStart(f.action.cta) },
  );
  const callToAction = fitButton(held.callToAction);
  return {
    subject: fitWords(tidyMarks(held.subject), SUBJECT_MAX),
    preheader: fitWords(tidyMarks(held.preheader), PREHEADER_MAX),
    bodyText: held.bodyText,
    callToAction,
    // Where the button goes: the owner's URL for what it says (in any answer), else a marked placeholder.
    buttonUrl: buttonLink(callToAction, { companyWebsite: f.website, answers: f.answerText }, { flowType, verb: f.action.verb }),
  };
}

/**
 * The body as the brief asks: its topic (or what it leads with) first, the angle's paragraphs as
 * the tone keeps them, then what it asks to mention; a playful tone opens livelier.
 */
function bodyAsked(own: readonly string[], f: BusinessFacts, asks: BriefAsks): string[] {
  const opening = [...leadParagraphs(f, asks), ...toneParagraphs(own, asks.tone)];
  const body = [...opening, ...mentionParagraphs(f, asks, opening)];
  if (asks.tone !== "playful" || !body[0]) return body;
  return [livelier(body[0], ownEmoji(f.answerText)), ...body.slice(1)];
}

/** "https://www.acme.com/" → "acme.com": what fits in a text message. */
export function shortLink(website: string): string {
  const url = safeHttpUrl(website);
  if (!url) return "";
  const parsed = new URL(url);
  const path = parsed.pathname === "/" ? "" : parsed.pathname.replace(/\/$/, "");
  return `${parsed.hostname.replace(/^www\./, "")}${path}`;
}

/** What an abandoned-checkout text says was kept: the thing the plan's title names (a booking, a sign-up, a subscription or a cart). */
function savedLine(f: BusinessFacts) {
  return `Your ${f.abandoned} is saved.`;
}

function smsLine(angle: TouchpointAngle, f: BusinessFacts, flowType: FlowType, brief: Brief): string {
  // A discount feedback put on this text is what it says, whatever its angle: the marked placeholder is for the marketer to fill.
  if (brief.placeholderOffer) return `${upperStart(brief.placeholderOffer)}.`;
  const offer = flowType === "upsell" || flowType === "sunset" ? null : offerFor(f, flowType, { incentiveOnly: true });
  const unit = unitOf(f);
  switch (angle) {
    case "cart":
      return savedLine(f);
    case "rebook":
      return `Time for your next ${unit}?`;
    case "replenish":
      return f.model === "shop" ? "Running low? Reorder in one tap." : `Time for your next ${unit}?`;
    case "offer":
    case "urgency":
      return offer ? sentence(`Still yours: ${lowerStart(offer.text, f.brand)}`) : "Your next step is waiting.";
    case "welcome":
      return "Welcome! Glad you're here.";
    case "proof":
      return f.proof[0] ? sentence(f.proof[0]) : "See why customers choose us.";
    case "objection":
      return "Questions? Reply here and a real person will answer.";
    case "booked":
    case "reminder":
      // "Tomorrow" only for a text the day or evening before; a reminder hours before says "soon".
      if (flowType === "onboarding" && /tomorrow|evening before|day before|reminder/i.test(brief.title)) {
        const when = /tomorrow|evening before|day before|night before/i.test(brief.title) || !/\bhours?\b|minutes?\b/i.test(brief.title) ? "tomorrow" : "soon";
        if (f.model === "pickup") {
          // The owner's own words for the text come first: the place is added only where they gave none.
          const at = f.place && !brief.asks.mentions.length ? ` at ${f.place}` : "";
          return when === "tomorrow" ? `Pickup tomorrow: your ${unit} is ready${at}.` : `Your ${unit} is ready soon${at}.`;
        }
        return sentence(`See you ${when} for your ${unit}${f.prep[0] && !brief.asks.mentions.length ? `. ${upperStart(f.prep[0])}` : ""}`);
      }
      return angle === "booked" ? `See you soon! Your ${unit} is coming up.` : flowType === "abandoned_cart" ? savedLine(f) : "A quick reminder from us.";
    case "thanks":
      return f.kind === "service"
        ? f.remote
          ? `Thanks for your ${unit}!`
          : `Thanks for coming in!`
        : f.kind === "digital"
          ? "Thanks for joining us!"
          : `Thanks for your ${unit}!`;
    case "checkin":
      return "How did it go? Reply and tell us.";
    case "referral":
      return f.referral ? sentence(`Know someone who'd like us? ${upperStart(f.referral)}`) : "Know someone who'd like us? Pass us on.";
    case "reactivation":
      return "We miss you!";
    case "goodbye":
      return "Want to keep hearing from us? Reply YES.";
    default:
      return flowType === "abandoned_cart" ? savedLine(f) : f.kind === "service" ? `Ready to book your ${unit}?` : "A quick reminder from us.";
  }
}

/** One SMS: "{Brand}: {message} Reply STOP to opt out", in one message whenever the brand allows; what the brief asks comes first when it fits. */
export function writeSms(angle: TouchpointAngle, touchpoint: WriterTouchpoint, facts: BusinessFacts, flowType: FlowType): string {
  const brand = smsBrand(facts.brand);
  const prefix = `${brand}: `;
  const suffix = ` ${SMS_OPT_OUT}`;
  const brief = readBrief(touchpoint);
  const { asks } = brief;
  const f = withAsks(facts, asks);
  const hold = (text: string) => plainPunctuation(holdText(tidyMarks(inTone(say(text, f.voice), asks.tone)), f.brandRules, "sms"));
  // The brand's rules hold in the line; a line that named a word the business never uses, or that the tone would not say, gives way to a plain one.
  const line = hold(toneOptions([smsLine(angle, f, flowType, brief), "A quick note from us."], asks.tone)[0]!) || hold("A quick note from us.");
  const leads = leadParagraphs(f, asks).map(hold).filter(Boolean);
  const mentions = mentionParagraphs(f, asks, [line]).map(hold).filter(Boolean);
  const cta = inTone(enforceBrandRules(toneButton(buttonText(touchpoint.callToAction, "Tap here"), asks.tone), f.brandRules, "cta"), asks.tone);
  const link = shortLink(f.website);
  const close = link ? `${cta}: ${link}` : sentence(cta);
  // What the brief leads with comes first, then the line, then what it asks to mention.
  const withAsked =
    leads.length || mentions.length
      ? [
          [...leads, line, ...mentions, close],
          [...leads, line, ...mentions],
        ]
      : [];
  const candidates = [...withAsked, [line, close], [line, sentence(cta)], [line]].map((parts) => parts.filter(Boolean).join(" "));
  const fits = (body: string) => {
    const count = countSms(prefix + body + suffix);
    return count.characters <= count.limit;
  };
  const body = candidates.find(fits) ?? fitSmsBody(prefix, line, suffix);
  return body ? `${prefix}${body}${suffix}` : `${brand}:${suffix}`;
}

/** Angles that can stand in for each other when a flow has two emails of the same kind, so no two read alike. */
const KIN: Partial<Record<TouchpointAngle, TouchpointAngle[]>> = {
  objection: ["proof", "story", "howto"],
  proof: ["story", "objection", "howto"],
  story: ["proof", "howto"],
  howto: ["story", "proof"],
  upgrade: ["crosssell", "proof"],
  crosssell: ["upgrade", "proof"],
  reactivation: ["proof"],
};

/** The angle, or a kin angle the flow's emails have not used yet when this one is taken. */
function freshAngle(angle: TouchpointAngle, stepType: StepType, usedAngles: Set<TouchpointAngle>): TouchpointAngle {
  if (stepType === "SMS") return angle;
  const chosen = usedAngles.has(angle) ? (KIN[angle]?.find((kin) => !usedAngles.has(kin)) ?? angle) : angle;
  usedAngles.add(chosen);
  return chosen;
}

/** A list longer than a phrase ("no products to sell you, no commissions, fee-only coaching, women-only") by its first item; anything else as it is. */
function firstOfList(text: string): string {
  return text.split(/\s+/).length > COPY_PHRASE_WORDS ? listItems(text)[0]! : text;
}

/** The facts as the copy reads them: no answer pasted whole into a sentence. */
function forCopy(f: BusinessFacts): BusinessFacts {
  // A guarantee is kept whole: cut, it would promise less than the owner does.
  // "None" is an answer, not a guarantee: a business without one promises nothing.
  const guarantee = /^(?:none|no|n\/?a|nothing|-+)[.!]?$/i.test(f.guarantee.trim()) ? "" : f.guarantee;
  return { ...f, difference: ownPhrase(firstOfList(f.difference)), guarantee, problem: ownPhrase(f.problem), audience: ownPhrase(f.audience) };
}

/** Copy for every touchpoint of the flow, in step order. */
export function writeFlowCopy(input: WriterInput): TouchpointCopy[] {
  const read = forCopy(businessFacts(input.answers, input.companyName));
  // An onboarding that starts when a first session is booked is written about that session.
  // After a purchase, nobody is asked what people ask before buying ("Are you taking new patients?").
  const bought = input.flowType === "onboarding" || input.flowType === "upsell" ? afterPurchase(read) : read;
  const facts = input.flowType === "onboarding" ? onboardingFacts(bought) : bought;
  const ordered = [...input.touchpoints].sort((a, b) => a.stepNumber - b.stepNumber);
  const used = new Set<string>();
  const usedAngles = new Set<TouchpointAngle>();
  return ordered.map((touchpoint, index) => {
    const angle = freshAngle(angleOf(input.flowType, touchpoint, index, ordered.length), touchpoint.stepType, usedAngles);
    if (touchpoint.stepType === "SMS") return { touchpointId: touchpoint.id, stepType: "SMS", sms: writeSms(angle, touchpoint, facts, input.flowType) };
    return { touchpointId: touchpoint.id, stepType: "Email", email: writeEmail(angle, touchpoint, facts, input.flowType, used) };
  });
}

/** The brand an SMS of this company must start with (re-exported for the validators' callers). */
export { ownPhrase, smsBrand };
