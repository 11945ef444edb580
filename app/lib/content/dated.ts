import { brandSeed, type BusinessFacts, lowerStart, upperStart } from "~/lib/business/facts";
import type { OnboardingMoment } from "~/lib/business/moment";
import type { LineRole } from "~/lib/content/lines";
import { variant } from "~/lib/content/phrasing";
import type { TouchpointAngle } from "~/lib/flows/angles";

/**
 * The onboarding emails of a business whose customers buy first and come later (an installation,
 * the wedding, the start of a cohort, a first week as a member), written around that date
 * (lib/business/moment.ts): thanks and what happens next, getting ready before the date, how it is
 * going after it, and a month in, a review. A booked first session is written as an appointment's.
 */

export interface DatedParts {
  subjects: Array<string | false | null | undefined>;
  preheaders: Array<string | false | null | undefined>;
  paragraphs: Array<string | false | null | undefined>;
  cta: string;
}

type Line = (role: LineRole, perFlow?: boolean) => string;
type Dated = Exclude<OnboardingMoment, { kind: "booked" }>;

/** Every head with every tail: many phrasings of one sentence, so businesses rarely share one. */
function crossed(heads: readonly string[], tails: readonly string[], join: string): string[] {
  return heads.flatMap((head) => tails.map((tail) => `${head}${join}${tail}`));
}

/** This business's phrasing of a sentence of the dated emails, stable for the business. */
function say(f: BusinessFacts, role: string, options: readonly string[]): string {
  return variant(`dated:${role}`, brandSeed(f), options);
}

const SAYINGS = {
  nextSteps: [
    "Here's what happens next:",
    "What happens from here:",
    "The next steps, in order:",
    "Here's how the next weeks go:",
    "From here, the steps are:",
    "What comes next:",
  ],
  firstDays: [
    "A few things help in the first days:",
    "Good to know for the first days:",
    "What makes the first days easy:",
    "A few things worth knowing early on:",
    "To get off to a good start:",
    "For your first days with us:",
  ],
  useful: [
    "What people find most useful in their first days:",
    "A few more things worth knowing:",
    "The things people ask about in their first weeks:",
    "More to help in the first weeks:",
    "Worth knowing as you settle in:",
    "A few more tips for the first weeks:",
  ],
  soon: (noun: string) =>
    crossed(
      [`${upperStart(noun)} is only a few days away`, `${upperStart(noun)} is nearly here`, `${upperStart(noun)} is almost here`, `${upperStart(noun)} is coming up soon`],
      ["so here's a short checklist.", "and here's what helps.", "so here's what to have ready."],
      ", ",
    ),
  changes: crossed(
    ["If anything changes on your side", "If your plans change", "If something comes up", "Should anything change"],
    ["reply to this email and we'll sort it out together.", "just reply and we'll work it out with you.", "let us know by replying, and we'll take it from there."],
    ", ",
  ),
  reviewAsk: crossed(
    [
      "If it's gone well, a short review helps people like you decide",
      "If you're happy, a few words in a review help others choose",
      "A short review would mean a lot, and helps people like you decide",
      "If we've done well by you, a review helps the next person decide",
    ],
    ["and it takes two minutes.", "and it only takes a minute or two.", "and it's quick to write."],
    ", ",
  ),
  ratherHear: crossed(
    ["And if something isn't right", "If anything fell short", "And if something could be better", "If anything isn't as it should be"],
    ["reply to this email: we'd rather hear it from you first.", "tell us first: just reply to this email.", "reply and tell us, so we can put it right."],
    ", ",
  ),
};

/** The owner's preparation notes as list items: each note, and each comma-separated part of a long one. */
export function prepItems(notes: readonly string[], brand: string): string[] {
  return (
    notes
      .flatMap((note) => (note.split(/\s+/).length > 8 ? note.split(/\s*[,;]\s*(?![^(]*\))/) : [note]))
      .map((item) =>
        item
          .replace(/^(?:and|then|also)\s+/i, "")
          .replace(/[.;:,]+$/, "")
          .trim(),
      )
      .filter((item) => item.length > 1)
      // A long item keeps its instruction and drops its bracketed reason ("Don't turn it on before PTO (it can void the warranty)").
      .map((item) => (item.split(/\s+/).length > 11 ? item.replace(/\s*\([^)]*\)\s*$/, "") : item))
      .map((item) => toReader(item.startsWith(brand) ? item : upperStart(item)))
  );
}

/** A note the owner wrote about the customer ("who their accountant is") as said to them ("who your accountant is"). */
export function toReader(text: string): string {
  const swaps: Record<string, string> = { their: "your", theirs: "yours", them: "you", "they're": "you're", they: "you", themselves: "yourself" };
  return text.replace(/\b(?:their|theirs|them|they're|they|themselves)\b/gi, (word) => {
    const swap = swaps[word.toLowerCase()]!;
    return word[0] === word[0]!.toUpperCase() ? upperStart(swap) : swap;
  });
}

/** An item timed weeks or months before the date ("Balance due 3 months before") is past doing a few days before it. */
function dueEarlier(item: string): boolean {
  return /\b\d+\s*(?:weeks?|months?)\s+(?:before|ahead|prior)\b/i.test(item);
}

/** A lead-in and the items as a list the email shows one per line. */
function listOf(lead: string, items: readonly string[]): string {
  return items.length ? `${lead}\n${items.map((item) => `- ${item}`).join("\n")}` : "";
}

/** Whether a step of a dated onboarding is its month-in review request. */
export function isReviewStep(title: string): boolean {
  return /\ba month in\b|\breview\b/i.test(title);
}

/** The email for one step of a dated onboarding, or null when the angle is not one of its own. */
export function datedParts(angle: TouchpointAngle, f: BusinessFacts, moment: Dated, title: string, line: Line, quote: string): DatedParts | null {
  const b = f.brand;
  const noun = moment.noun;
  const ahead = moment.kind === "ahead";
  const items = prepItems(f.prep, b);
  // The questions the owner listed are asked before buying; a customer with a date ahead gets a reply instead.
  // The first email says what happens next in the owner's own steps, and the notes follow; without
  // steps, a started onboarding spreads the notes over its first two emails and one with a date ahead
  // lists them at once, then again, less what is due earlier, before the date.
  const steps = f.nextSteps.map((step) => toReader(upperStart(step)));
  const first = steps.length ? [] : ahead || items.length <= 2 ? items.slice(0, 4) : items.slice(0, 2);
  const later = ahead ? items.filter((item) => !dueEarlier(item)).slice(0, 5) : items.slice(first.length, first.length + 4);
  switch (angle) {
    case "thanks":
      return {
        subjects: [`Thank you for choosing ${b}`, `Welcome to ${b}: what happens next`, `What happens next with ${b}`],
        preheaders: [ahead ? `Everything between now and ${noun}, step by step.` : "What to know for the first days, in one place.", "Here's what happens next."],
        paragraphs: [
          line("thanksOther", true),
          steps.length
            ? listOf(say(f, "nextSteps", SAYINGS.nextSteps), steps)
            : ahead
              ? listOf(`Between now and ${noun}, a few things to know:`, first) || `We'll be in touch before ${noun} with everything you need.`
              : listOf(say(f, "firstDays", SAYINGS.firstDays), first) || "If anything is unclear in the first days, we're one reply away.",
          line("replyAnything"),
        ],
        cta: "See what happens next",
      };
    case "booked":
    case "howto":
      return ahead
        ? {
            subjects: [`Getting ready for ${noun}`, `${upperStart(noun)} is coming up`, `A few days to ${noun}`],
            preheaders: ["What to have ready, and what happens on the day."],
            paragraphs: [
              say(f, "soon", SAYINGS.soon(noun)),
              listOf("What helps most:", later) || "There's nothing more you need to do: we'll take you through each step on the day.",
              say(f, "changes", SAYINGS.changes),
            ],
            cta: "See the details",
          }
        : {
            subjects: [`Your first days with ${b}`, "What to know for the first weeks", `Getting the most from ${b}`],
            preheaders: [f.questions[0] && `Plus the question new ${f.spec.people} ask most: "${f.questions[0]}"`, "The few things that make the first weeks easy."],
            paragraphs: [
              listOf(say(f, "useful", SAYINGS.useful), later),
              f.difference ? `One thing you'll notice: ${lowerStart(f.difference, b).replace(/[.!]*$/, ".")}` : "",
              // Once they have started, the questions people ask before buying are theirs too ("Do I need my own shoes?").
              f.questions[0] ? `A question new ${f.spec.people} often ask: "${f.questions[0]}" Reply to this email and a real person will answer.` : line("replyAnything"),
            ],
            cta: "See the details",
          };
    case "checkin":
    case "proof":
      return isReviewStep(title) ? review(f, ahead ? `It's been a month since ${noun}.` : `You've been with ${b} for a month now.`, quote) : checkin(f, moment, line);
    default:
      return null;
  }
}

function checkin(f: BusinessFacts, moment: Dated, line: Line): DatedParts {
  // A day that is over (the wedding, the launch) is asked about; anything that carries on has first days.
  if (moment.kind === "ahead" && moment.anchor === "event_date")
    return {
      subjects: [`How was ${moment.noun}?`, `We hope ${moment.noun} was everything you wanted`, `Quick question from ${f.brand}`],
      preheaders: ["One click tells us, and a real person reads every reply.", "Your answer helps us get it right for the next one."],
      paragraphs: [`We hope ${moment.noun} was everything you wanted. How did it go?`, line("oneClickTells")],
      cta: "Tell us how it went",
    };
  return {
    subjects: ["How are the first days going?", `How is everything since ${moment.noun}?`, `Quick question from ${f.brand}`],
    preheaders: ["One click tells us, and a real person reads every reply.", "Your answer helps us get it right for you."],
    paragraphs: [
      moment.kind === "ahead" ? `It's been a few days since ${moment.noun}. How is everything going?` : `How are your first days with ${f.brand} going?`,
      line("oneClickTells"),
    ],
    cta: "Tell us how it's going",
  };
}

function review(f: BusinessFacts, opening: string, quote: string): DatedParts {
  return {
    subjects: ["A month in: how did we do?", `Would you review ${f.brand}?`, "Two minutes, and a big help"],
    preheaders: ["A short review helps people like you decide.", "If something isn't right, tell us first."],
    paragraphs: [`${opening} ${say(f, "reviewAsk", SAYINGS.reviewAsk)}`, quote ? `Here's what someone else wrote: ${quote}` : "", say(f, "ratherHear", SAYINGS.ratherHear)],
    cta: "Leave a review",
  };
}
