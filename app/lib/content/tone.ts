import { dropSentencesWith } from "~/lib/business/brand-enforce";
import { termSource } from "~/lib/business/brand-words";
import type { Tone } from "~/lib/flows/feedback/brief";

/**
 * How a note's tone ("more formal", "more playful", "warmer", "plainer", "less salesy", "less
 * guilt-trippy", "shorter") changes copy the writer has already chosen: its greeting and sign-off,
 * contractions, exclamation marks and emoji, and which lines stay. It only ever works within the
 * brand's own rules: the brand pass runs after it (a brand with no exclamation marks keeps none
 * even when playful, a brand's sign-off name stays), and a formal tone tightens those rules
 * (content/asks.ts), never loosens them. A customer's quoted words are never reworded. Pure.
 */

/** The word each tone greets with; a casual one gives way to "Hello" for a formal brand (the brand pass). */
const GREETING: Partial<Record<Tone, string>> = { formal: "Hello", playful: "Hey", warm: "Hi", gentle: "Hi", plain: "Hi", shorter: "Hi" };
const SIGN_OFF: Partial<Record<Tone, string>> = { formal: "Kind regards,", playful: "Cheers,", warm: "Warmly,", gentle: "Warmly,", plain: "Thanks,", shorter: "Thanks," };

/** The greeting word for the tone, else the voice's own. */
export function greetingFor(tone: Tone | null, own: string): string {
  return (tone && GREETING[tone]) || own;
}

/** The sign-off for the tone, else the voice's own; the name signed under it is the brand's. */
export function signOffFor(tone: Tone | null, own: string): string {
  return (tone && SIGN_OFF[tone]) || own;
}

/** Each contraction and its full form; `true` where the full form reads naturally contracted again (a warm or playful tone). */
const CONTRACTIONS: ReadonlyArray<[string, string, boolean]> = [
  ["you're", "you are", true],
  ["we're", "we are", true],
  ["they're", "they are", true],
  ["it's", "it is", true],
  ["that's", "that is", true],
  ["here's", "here is", true],
  ["there's", "there is", true],
  ["what's", "what is", false],
  ["we'll", "we will", true],
  ["you'll", "you will", true],
  ["it'll", "it will", false],
  ["we've", "we have", false],
  ["you've", "you have", false],
  ["we'd", "we would", false],
  ["you'd", "you would", false],
  ["I'm", "I am", false],
  ["let's", "let us", false],
  ["don't", "do not", true],
  ["doesn't", "does not", true],
  ["didn't", "did not", true],
  ["can't", "cannot", true],
  ["won't", "will not", true],
  ["isn't", "is not", true],
  ["aren't", "are not", true],
  ["wasn't", "was not", false],
  ["haven't", "have not", false],
  ["hasn't", "has not", false],
  ["couldn't", "could not", false],
  ["wouldn't", "would not", false],
  ["shouldn't", "should not", false],
];

/** "you’re" read as "you're". */
const straight = (text: string) => text.toLowerCase().replace(/\u2019/g, "'");
const SHORT_TO_FULL = new Map(CONTRACTIONS.map(([short, full]) => [straight(short), full]));
const FULL_TO_SHORT = new Map(CONTRACTIONS.filter(([, , back]) => back).map(([short, full]) => [full, short]));
const CONTRACTED = new RegExp(`(?<![\\p{L}\\p{N}'\u2019])(?:${CONTRACTIONS.map(([short]) => short.replace("'", "['\u2019]")).join("|")})(?![\\p{L}\\p{N}])`, "giu");
/** A full form followed by another word ("you are welcome"), never one closing a clause ("that's who you are."). */
const FULL = new RegExp(`\\b(${[...FULL_TO_SHORT.keys()].join("|")})(?= [\\p{L}])`, "giu");

/** The replacement in the case of the words it replaces ("It is" → "It's", "Do not" → "Don't"). */
function inCase(found: string, replacement: string): string {
  return /^\p{Lu}/u.test(found) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/** The text with `rewrite` applied outside quoted passages (a customer's review, the owner's quoted words, a merge tag's fallback). */
function outsideQuotes(text: string, rewrite: (part: string) => string): string {
  return text
    .split(/("[^"\n]*"|“[^”\n]*”)/)
    .map((part, index) => (index % 2 ? part : rewrite(part)))
    .join("");
}

/** Contractions written out ("you're" → "you are"): a formal tone's. */
export function withoutContractions(text: string): string {
  return outsideQuotes(text, (part) =>
    part
      // "It's been a while" is "it has been", not "it is been".
      .replace(/(?<![\p{L}])(it|that|there|here|what)['\u2019]s (?=been\b|got\b)/giu, "$1 has ")
      .replace(CONTRACTED, (found) => inCase(found, SHORT_TO_FULL.get(straight(found)) ?? found)),
  );
}

/** Full forms contracted where that reads naturally ("you are welcome" → "you're welcome"): a warm or playful tone's. */
export function withContractions(text: string): string {
  return outsideQuotes(text, (part) => part.replace(FULL, (found) => inCase(found, FULL_TO_SHORT.get(found.toLowerCase()) ?? found)));
}

/** Contractions in the text, outside quotes: what a formal tone removes and a warm one adds. */
export function contractionsIn(text: string): number {
  let count = 0;
  outsideQuotes(text, (part) => {
    count += (part.match(CONTRACTED) ?? []).length;
    return part;
  });
  return count;
}

/** Exclamation marks in the text outside quotes: a formal tone allows none of the writer's own. */
export function exclamationsOutsideQuotes(text: string): number {
  let count = 0;
  outsideQuotes(text, (part) => {
    count += (part.match(/!/g) ?? []).length;
    return part;
  });
  return count;
}

/** One field's words in the tone: contractions out for a formal tone, in for a warm or playful one. */
export function inTone(text: string, tone: Tone | null): string {
  if (tone === "formal") return withoutContractions(text);
  if (tone === "warm" || tone === "playful") return withContractions(text);
  // A less salesy tone says it calmly: the writer's own exclamation marks become full stops.
  if (tone === "less-salesy") return outsideQuotes(text, (part) => part.replace(/!+/g, "."));
  return text;
}

/** Words that push a sale: a less salesy tone drops the sentence, subject or preheader that says them. */
const PUSHY = ["don't miss", "last chance", "slips by", "slipped your mind", "still yours", "still waiting", "hurry", "act now", "today only", "48 hours", "claim", "grab"];
/** Words that guilt or frighten: a gentle tone drops them from a reactivation or goodbye email. */
const GUILTY = ["miss you", "you've missed", "goodbye", "should we stop", "stop emailing", "too late", "lose out", "part ways", "hard feelings", "sad to see", "gone quiet"];

const pattern = (terms: readonly string[]) => new RegExp(terms.map((t) => termSource(t)).join("|"), "iu");
const PUSHY_PATTERN = pattern(PUSHY);
const GUILTY_PATTERN = pattern(GUILTY);

/** The words the tone never says, or none. */
function unsaid(tone: Tone | null): { terms: readonly string[]; pattern: RegExp } | null {
  return tone === "less-salesy" ? { terms: PUSHY, pattern: PUSHY_PATTERN } : tone === "gentle" ? { terms: GUILTY, pattern: GUILTY_PATTERN } : null;
}

/** One-line options (subjects, preheaders) without those the tone never says, while any remain. */
export function toneOptions<T extends string | false | null | undefined>(options: readonly T[], tone: Tone | null): T[] {
  const never = unsaid(tone);
  const kept = never ? options.filter((o) => !o || !never.pattern.test(o)) : [...options];
  return kept.some(Boolean) ? kept : [...options];
}

/** The paragraphs the tone keeps: a short tone keeps the first two, a less salesy or gentle one drops its unsaid sentences (keeping at least one paragraph). */
export function toneParagraphs(paragraphs: readonly string[], tone: Tone | null): string[] {
  if (tone === "plain" || tone === "shorter") return paragraphs.slice(0, 2).map(shorterSentences);
  const never = unsaid(tone);
  if (!never) return [...paragraphs];
  const kept = paragraphs.map((p) => dropSentencesWith(p, never.terms)).filter((p) => p.trim());
  return kept.length ? kept : paragraphs.slice(0, 1);
}

/** "Pick a time, and it takes a minute" → "Pick a time. It takes a minute": a short tone's shorter sentences. */
export function shorterSentences(text: string): string {
  return outsideQuotes(text, (part) =>
    part.replace(/,\s+and\s+(?=(?:we|you|it|they|there|the|your|our|everything)\b)(\p{L})/gu, (_m, first: string) => `. ${first.toUpperCase()}`),
  );
}

/** A button a less salesy tone softens: "Claim 10% off" → "Take a look", "Book now" → "Book". */
export function toneButton(cta: string, tone: Tone | null): string {
  if (tone !== "less-salesy") return cta;
  if (/^(?:claim|grab|get|buy|shop)\b/i.test(cta)) return "Take a look";
  return cta.replace(/\s+(?:now|today)$/i, "");
}

/** The owner's own first emoji, when any answer uses one: the only emoji a playful tone adds. */
export function ownEmoji(answerText: string): string {
  return /\p{Extended_Pictographic}\uFE0F?/u.exec(answerText)?.[0] ?? "";
}

/** A playful opening: the first sentence ends with an exclamation mark and the owner's own emoji (the brand pass then holds both to the brand's rules). */
export function livelier(paragraph: string, emoji: string): string {
  const lively = paragraph.replace(/^([^.!?\n"]+)\.(?=\s|$)/, "$1!");
  return emoji ? `${lively} ${emoji}` : lively;
}
