import { businessProfile, firstSentence, lowerFirst, type BusinessAnswers, type BusinessProfile, type Voice } from "~/lib/content/business";
import { safeHttpUrl } from "~/lib/content/html";
import {
  CALL_TO_ACTION_MAX,
  countSms,
  fitSmsBody,
  fitWords,
  plainPunctuation,
  PREHEADER_MAX,
  SMS_OPT_OUT,
  smsBrand,
  SUBJECT_MAX,
  visibleLength,
} from "~/lib/content/rules";
import type { EmailCopy, TouchpointCopy } from "~/lib/content/types";
import type { FlowType, StepType } from "~/lib/flow-types";

/**
 * The offline content writer: deterministic copy for every touchpoint of a flow, in the business's
 * voice and from its own answers. Each touchpoint gets an angle (welcome, proof, objection, offer,
 * ...) from its title, goal and key messages and its place in the flow; the angle decides the
 * subject, the opening, which answers support it and the default call to action. The result is
 * held to the same rules (rules.ts) as a model's.
 */

export interface WriterTouchpoint {
  id: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  primaryGoal: string;
  keyMessages: string;
  callToAction: string;
}

export interface WriterInput {
  flowType: FlowType;
  companyName: string;
  answers: BusinessAnswers;
  touchpoints: readonly WriterTouchpoint[];
}

export type Angle =
  | "welcome"
  | "education"
  | "proof"
  | "objection"
  | "offer"
  | "urgency"
  | "cart"
  | "upsell"
  | "checkin"
  | "reactivation"
  | "goodbye";

const ANGLE_WORDS: Array<[Angle, RegExp]> = [
  ["offer", /\b(offers?|discount\w*|coupons?|% off|incentives?|free shipping|promo\w*|gift)\b/i],
  ["urgency", /\b(last chance|urgen\w*|expir\w*|ending soon|deadline|reminder)\b/i],
  ["proof", /\b(proof|testimonial\w*|reviews?|case stud\w*|success stor\w*|social|results)\b/i],
  ["objection", /\b(objection\w*|faqs?|concerns?|hesitat\w*|doubts?|risk\w*)\b/i],
  ["welcome", /\b(welcome|thank\w*|confirm\w*|introduc\w*)\b/i],
  ["education", /\b(tips?|how[- ]to|guide|tutorial|learn\w*|educat\w*|features?|getting started|set ?up|quick win)\b/i],
  ["upsell", /\b(upgrade|upsell|cross[- ]sell|add[- ]on|complement\w*|next level|bundle)\b/i],
  ["checkin", /\b(check[- ]in|feedback|survey|progress)\b/i],
  ["reactivation", /\b(miss you|win[- ]?back|re-?engag\w*|come back|inactive|still interested)\b/i],
];

const GOODBYE = /\b(last email|final email|goodbye|farewell|break[- ]?up|remove|unsubscribe|clean(?:ing)? (?:up|the list))\b/i;

/** The touchpoint's angle: its own words first, then its place in the flow type. */
export function angleOf(flowType: FlowType, touchpoint: WriterTouchpoint, index: number, total: number): Angle {
  const words = `${touchpoint.title}\n${touchpoint.primaryGoal}`;
  const isLast = index === total - 1 && total > 1;
  if (flowType === "sunset" && (GOODBYE.test(words) || isLast)) return "goodbye";
  if (flowType === "abandoned_cart" && index === 0) return "cart";
  for (const [angle, pattern] of ANGLE_WORDS) if (pattern.test(words)) return angle;
  for (const [angle, pattern] of ANGLE_WORDS) if (pattern.test(touchpoint.keyMessages)) return angle;
  switch (flowType) {
    case "onboarding":
      return index === 0 ? "welcome" : isLast ? "checkin" : "education";
    case "lead_nurture":
      return index === 0 ? "welcome" : isLast ? "offer" : index % 2 === 1 ? "proof" : "objection";
    case "abandoned_cart":
      return isLast ? "urgency" : "objection";
    case "upsell":
      return index === 0 ? "upsell" : isLast ? "urgency" : "proof";
    case "sunset":
      return "reactivation";
  }
}

/** Template punctuation per voice: polished copy does not exclaim. */
function say(text: string, voice: Voice) {
  return voice === "polished" ? text.replace(/!/g, ".") : text;
}

function sentence(text: string) {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

const GREETING: Record<Voice, string> = { warm: "Hi there,", polished: "Hello,", bold: "Hey there,", plain: "Hi," };
const SIGN_OFF: Record<Voice, string> = { warm: "Warmly,", polished: "Kind regards,", bold: "Talk soon,", plain: "Thanks," };

const DEFAULT_CTA: Record<Angle, string> = {
  welcome: "Get started",
  education: "Show me how",
  proof: "See the results",
  objection: "Get my answer",
  offer: "Claim my offer",
  urgency: "Pick up where I left off",
  cart: "Return to my cart",
  upsell: "See what's new",
  checkin: "Tell us how it's going",
  reactivation: "Come back and see",
  goodbye: "Keep me subscribed",
};

/** The button text: the touchpoint's own call to action when it is short enough, else its first clause, else the angle's. */
export function buttonText(callToAction: string, angle: Angle): string {
  const clean = plainPunctuation(firstSentence(callToAction, 200)).replace(/["']/g, (q) => q);
  if (clean && visibleLength(clean) <= CALL_TO_ACTION_MAX) return clean;
  const clause = clean.split(/\s*[,;:(]\s*|\s+[-–—]\s+/)[0]?.trim() ?? "";
  if (clause.length >= 3 && visibleLength(clause) <= CALL_TO_ACTION_MAX) return clause;
  return DEFAULT_CTA[angle];
}

function pickFitting(candidates: string[], max: number, seed: number) {
  const fitting = candidates.filter((candidate) => candidate && visibleLength(candidate) <= max);
  if (fitting.length) return fitting[seed % fitting.length];
  return fitWords(candidates[candidates.length - 1] ?? "", max);
}

function subjectLine(angle: Angle, p: BusinessProfile, seed: number): string {
  const c = p.company;
  const offerShort = p.offer && visibleLength(p.offer) <= 45 ? p.offer : "";
  const options: Record<Angle, string[]> = {
    welcome: [`Welcome to ${c}! Here's what's next`, `Welcome! Here's what's next`],
    education: [`A quick win with ${c}`, `Get more from ${c} this week`, `One tip to get more from us`],
    proof: [`Why people choose ${c}`, `Real results from ${c} customers`, `See what our customers say`],
    objection: [`Your questions about ${c}, answered`, `Still wondering? Let's answer that`],
    offer: [offerShort ? `For you: ${offerShort}` : "", `Something special from ${c}`, `Something special for you`],
    urgency: [`Still thinking it over?`, `A quick reminder from ${c}`],
    cart: [`You left something at ${c}`, `Your cart is saved`],
    upsell: [`Ready for more from ${c}?`, `Picked for you at ${c}`, `Picked for you`],
    checkin: [`How is it going with ${c}?`, `Quick question for you`],
    reactivation: [`We miss you at ${c}`, `It's been a while`],
    goodbye: [`Should we stop emailing you?`, `Is this goodbye?`],
  };
  return say(pickFitting(options[angle], SUBJECT_MAX, seed), p.voice);
}

function preheaderLine(angle: Angle, p: BusinessProfile): string {
  const c = p.company;
  const options: Record<Angle, string[]> = {
    welcome: [p.product ? sentence(p.product) : "", `Here's how to get started with ${c}.`],
    education: [p.problem ? sentence(`The goal: ${lowerFirst(p.problem)}`) : "", `A two-minute read that makes ${c} work harder for you.`],
    proof: [p.proof ? sentence(p.proof) : "", `What customers say after choosing ${c}.`],
    objection: [p.guarantee ? sentence(`You're covered: ${lowerFirst(p.guarantee)}`) : "", `Honest answers to the questions we hear most.`],
    offer: [p.offer ? sentence(p.offer) : "", `We set something aside for you.`],
    urgency: [p.offer ? sentence(`Still yours: ${lowerFirst(p.offer)}`) : "", `Your next step is still waiting.`],
    cart: [p.guarantee ? sentence(p.guarantee) : "", `We saved your cart so you can finish in a minute.`],
    upsell: [p.difference ? sentence(p.difference) : "", `A step up from what you already use.`],
    checkin: [`Hit reply and tell us: we read every answer.`],
    reactivation: [p.offer ? sentence(p.offer) : "", `Here's what's new since you last visited.`],
    goodbye: [`One click keeps you on the list. Otherwise, this is our last email.`],
  };
  return say(pickFitting(options[angle], PREHEADER_MAX, 0), p.voice);
}

function bodyParagraphs(angle: Angle, p: BusinessProfile): { opener: string; context: string; support: string } {
  const c = p.company;
  const v = (text: string) => say(text, p.voice);
  switch (angle) {
    case "welcome":
      return {
        opener: v(`Welcome to ${c}! We're glad you're here.`),
        context: [p.product ? sentence(`What you can expect from us: ${lowerFirst(p.product)}`) : "", p.audience ? sentence(`Made for ${lowerFirst(p.audience)}`) : ""]
          .filter(Boolean)
          .join(" "),
        support: p.offer ? sentence(`To get you started: ${lowerFirst(p.offer)}`) : "",
      };
    case "education":
      return {
        opener: v(`Here's a quick way to get more out of ${c}.`),
        context: p.problem ? sentence(`The goal is simple: ${lowerFirst(p.problem)}`) : "",
        support: p.difference ? sentence(`What makes this different: ${lowerFirst(p.difference)}`) : "",
      };
    case "proof":
      return {
        opener: v(`You don't have to take our word for it.`),
        context: p.proof ? sentence(p.proof) : `Businesses like yours choose ${c} for a reason.`,
        support: p.difference ? sentence(`Why they stay: ${lowerFirst(p.difference)}`) : "",
      };
    case "objection":
      return {
        opener: v(`Still have a question or two? That's normal, and we'd rather answer it than leave you guessing.`),
        context: p.objection
          ? `${sentence(`One we hear often: ${lowerFirst(p.objection)}`)} If that's on your mind too, reply to this email and a real person on our team will answer.`
          : `Reply to this email with anything on your mind and a real person on our team will answer.`,
        support: p.guarantee ? sentence(`And you're covered: ${lowerFirst(p.guarantee)}`) : "",
      };
    case "offer":
      return {
        opener: p.offer ? sentence(`We've set something aside for you: ${lowerFirst(p.offer)}`) : v(`We've set something aside for you.`),
        context: p.product ? sentence(`It's the easiest way to try ${lowerFirst(p.product)}`) : "",
        support: p.guarantee ? sentence(`And you're covered: ${lowerFirst(p.guarantee)}`) : "",
      };
    case "urgency":
      return {
        opener: v(`A quick reminder before it slips by.`),
        context: p.offer ? sentence(`Your offer is still open: ${lowerFirst(p.offer)}`) : `Your next step with ${c} is still waiting for you.`,
        support: p.guarantee ? sentence(`Nothing to lose: ${lowerFirst(p.guarantee)}`) : "",
      };
    case "cart":
      return {
        opener: v(`You left something behind, so we saved it for you.`),
        context: p.product ? sentence(`A reminder of why it's worth it: ${lowerFirst(p.product)}`) : "",
        support: p.guarantee ? sentence(`Not sure yet? ${p.guarantee}`) : "",
      };
    case "upsell":
      return {
        opener: v(`Since you're already with ${c}, here's a way to get even more from it.`),
        context: p.difference ? sentence(`Why it's worth it: ${lowerFirst(p.difference)}`) : "",
        support: p.proof ? sentence(`Customers who made the step tell us: ${lowerFirst(p.proof)}`) : "",
      };
    case "checkin":
      return {
        opener: v(`How is everything going with ${c} so far?`),
        context: `Hit reply and tell us: what's working, and what isn't? We read every answer.`,
        support: p.problem ? sentence(`Everything we do comes back to one thing: ${lowerFirst(p.problem)}`) : "",
      };
    case "reactivation":
      return {
        opener: v(`It's been a while, and we miss you at ${c}.`),
        context: p.product ? sentence(`Here's what's waiting for you: ${lowerFirst(p.product)}`) : "",
        support: p.offer ? sentence(`To welcome you back: ${lowerFirst(p.offer)}`) : "",
      };
    case "goodbye":
      return {
        opener: `We haven't heard from you in a while, so this is our last email unless you tell us otherwise.`,
        context: `If you'd still like to hear from ${c}, one click keeps you on the list. If not, no hard feelings: we'll stop here.`,
        support: "",
      };
  }
}

/** The key messages as recipient-facing bullet points (at most five, one line each). */
function keyPoints(keyMessages: string): string[] {
  return keyMessages
    .replace(/\r\n?/g, "\n")
    .split(/\n|;\s+|\s+•\s+/)
    .map((line) => plainPunctuation(line.replace(/^\s*(?:[•*-]|\d+[.)])\s+/, "").trim()))
    .filter((line) => line.length > 2)
    .slice(0, 5)
    .map((line) => sentence(fitWords(line.replace(/[.!?]+$/, ""), 160)));
}

const LEAD_IN: Record<Voice, string> = {
  warm: "Here's what we'd love you to know:",
  polished: "A few points worth your time:",
  bold: "Here's the short version:",
  plain: "Here's what to know:",
};

export function writeEmail(angle: Angle, touchpoint: WriterTouchpoint, p: BusinessProfile, seed: number): EmailCopy {
  const { opener, context, support } = bodyParagraphs(angle, p);
  const points = angle === "goodbye" ? [] : keyPoints(touchpoint.keyMessages);
  const callToAction = buttonText(touchpoint.callToAction, angle);
  const paragraphs = [
    GREETING[p.voice],
    opener,
    context,
    points.length ? `${LEAD_IN[p.voice]}\n${points.map((point) => `• ${point}`).join("\n")}` : "",
    support,
    "When you're ready, the button below takes you straight there.",
    `${SIGN_OFF[p.voice]}\nThe ${p.company} team`,
  ].filter(Boolean);
  return {
    subject: subjectLine(angle, p, seed),
    preheader: preheaderLine(angle, p),
    bodyText: paragraphs.join("\n\n"),
    callToAction,
  };
}

/** "https://www.acme.com/" → "acme.com": what fits in a text message. */
export function shortLink(website: string): string {
  const url = safeHttpUrl(website);
  if (!url) return "";
  const parsed = new URL(url);
  const path = parsed.pathname === "/" ? "" : parsed.pathname.replace(/\/$/, "");
  return `${parsed.hostname.replace(/^www\./, "")}${path}`;
}

function smsLine(angle: Angle, p: BusinessProfile): string {
  switch (angle) {
    case "welcome":
      return "Welcome aboard!";
    case "education":
      return "Quick tip to get more from us today.";
    case "proof":
      return p.proof ? sentence(p.proof) : "See why customers choose us.";
    case "objection":
      return "Questions? Reply to this text and a real person will answer.";
    case "offer":
      return p.offer ? sentence(p.offer) : "We set something aside for you.";
    case "urgency":
      return p.offer ? sentence(`Still yours: ${lowerFirst(p.offer)}`) : "Friendly reminder: your next step is waiting.";
    case "cart":
      return "Your cart is saved.";
    case "upsell":
      return "Something new, picked for you.";
    case "checkin":
      return "How's it going so far? Reply and tell us.";
    case "reactivation":
      return "We miss you!";
    case "goodbye":
      return "Want to keep hearing from us? Reply YES.";
  }
}

/** One SMS: "{Brand}: {message} Reply STOP to opt out", in one message whenever the brand allows. */
export function writeSms(angle: Angle, touchpoint: WriterTouchpoint, p: BusinessProfile): string {
  const brand = p.company;
  const prefix = `${brand}: `;
  const suffix = ` ${SMS_OPT_OUT}`;
  const line = say(smsLine(angle, p), p.voice);
  const cta = buttonText(touchpoint.callToAction, angle);
  const link = shortLink(p.website);
  const extra = angle === "welcome" || angle === "cart" || angle === "reactivation" ? (p.offer ? sentence(p.offer) : "") : "";
  const candidates = [
    [line, extra, link ? `${cta}: ${link}` : sentence(cta)],
    [line, link ? `${cta}: ${link}` : sentence(cta)],
    [line, sentence(cta)],
    [line],
  ].map((parts) => parts.filter(Boolean).join(" "));
  const fits = (body: string) => {
    const count = countSms(prefix + body + suffix);
    return count.characters <= count.limit;
  };
  const body = candidates.find(fits) ?? fitSmsBody(prefix, line, suffix);
  return body ? `${prefix}${body}${suffix}` : `${brand}:${suffix}`;
}

/** Copy for every touchpoint of the flow, in step order. */
export function writeFlowCopy(input: WriterInput): TouchpointCopy[] {
  const profile = businessProfile(input.answers, input.companyName);
  const ordered = [...input.touchpoints].sort((a, b) => a.stepNumber - b.stepNumber);
  return ordered.map((touchpoint, index) => {
    const angle = angleOf(input.flowType, touchpoint, index, ordered.length);
    if (touchpoint.stepType === "SMS") return { touchpointId: touchpoint.id, stepType: "SMS", sms: writeSms(angle, touchpoint, profile) };
    return { touchpointId: touchpoint.id, stepType: "Email", email: writeEmail(angle, touchpoint, profile, index) };
  });
}

/** The brand an SMS of this company must start with (re-exported for the validators' callers). */
export { smsBrand };
