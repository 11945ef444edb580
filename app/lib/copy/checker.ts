import type { BrandRules } from "~/lib/business/brand-rules";
import { type BusinessFacts, codesIn } from "~/lib/business/facts";
import { brandFindings, emailExclamations, exclamationMessage, nameSlips, signOffFindings } from "~/lib/copy/brand-check";
import { FIRST_NAME_TAG, FIRST_NAME_TAG_WITH_DEFAULT } from "~/lib/content/merge-tags";
import { inventedClaims } from "~/lib/copy/invented";
import { MARKED_PLACEHOLDER } from "~/lib/content/placeholders";
import { termSource } from "~/lib/business/brand-words";
import { exclamationsOutsideQuotes } from "~/lib/content/tone";
import { briefAsks } from "~/lib/flows/feedback/brief";
import { FLOW_TYPES, flowTypeLabel } from "~/lib/flow-types";
import type { WrittenFields } from "~/lib/content/schema";
import type { TouchpointFields } from "~/lib/flows/types";

/**
 * The copy checker: one pure module run on every flow plan and every piece of written content,
 * whichever generator wrote it. It reads text as a lifecycle marketer would before sending and
 * flags what would embarrass the brand:
 * - the marketer's brief in customer copy ("thank them", "in the first line", "Proof to show:");
 * - a subject (or a plan's step title) used twice in one flow;
 * - the brand written in another case ("bramble & Bean");
 * - a long answer pasted into customer copy (twelve or more of its words in a row within a line,
 *   outside quotes); the owner's guarantee, reviews and proof may be said word for word, and the
 *   marketer's own plan may carry the answers as they are;
 * - a code, percentage or amount that is not in the business's answers (a given price broken down
 *   per day or week, "$29 a month: less than $1 a day", is the business's own figure);
 * - a claim the answers do not give (invented.ts): a deadline, scarcity, a founding story, news, a
 *   package, membership or other scheme, a free consultation, a download, a promise of speed;
 * - a placeholder that is not clearly marked ("[Company]", "XX%", "{{ coupon }}");
 * - raw data keys ("exitWhen: …", "from: 08:00");
 * - a break of the brand's own rules (brand-check.ts): a word it never uses or a thing the business
 *   does not offer, exclamation marks over its allowance, a name in another spelling, capitals in a
 *   lower-case brand, emoji it does not use, a banned opener, a missing or refused sign-off;
 * - written content that ignores what feedback asked of it (flows/feedback/brief.ts): a word it
 *   must never say, exclamation marks in a formal tone.
 * The offline generator must pass it always; a model's answer with findings is sent back once for
 * repair and refused after that.
 */

export type FindingRule = "brief" | "repeat" | "brand-case" | "pasted" | "invented" | "placeholder" | "data-key" | "brand-rule" | "ask";

export interface Finding {
  rule: FindingRule;
  /** Where: "touchpoint 2 subject", "plan step 3 title", "overview". */
  where: string;
  /** The words at fault. */
  text: string;
  /** What is wrong, in a sentence a writer (or a model) can act on. */
  message: string;
}

/** One piece of text to check, and whether a customer reads it (copy) or the marketer (plan). */
export interface CheckedText {
  where: string;
  text: string;
  audience: "customer" | "marketer";
}

/** The clearly marked placeholders a marketer fills in ("[YOUR DISCOUNT CODE]", "[add: your consultation price]", "[Link: your booking page]"): never an invented fact. */
export { MARKED_PLACEHOLDER };

const BRIEF_PHRASES: RegExp[] = [
  /\b(?:thank|remind|tell|ask|show|give|invite|encourage|reassure|nudge|help|let|get|bring|move|push|send|offer) them\b/i,
  /\bthey (?:have|haven't|did|didn't|will|need)\b.*\b(?:bought|ordered|booked|opened|clicked)\b/i,
  /\bin the (?:first|opening) (?:line|lines|sentence|paragraph)\b/i,
  /\b(?:subject line|preheader|call to action|CTA|key messages?|touchpoints?|merge tag|send window)\b/,
  /\b(?:the|a) (?:subscriber|shopper|recipient|contact|lead|prospect)s?\b/i,
  /\bonly (?:when|if) (?:it is|it's) true\b/i,
  /\bsay so\b/i,
  /^(?:proof to show|answer the objection|write in|goal of this message|speak to|sign off from|tone|voice|guarantee|offer|note|your note|brief)\s*:/im,
  /\b(?:low-stock notice|download or access link|first lines)\b/i,
  /\b(?:use|mention|include|state|restate|lead with|feature|highlight|add) (?:the|their|your|a|an) (?:offer|guarantee|proof|review|testimonial|brand|founder|deadline)s?\b(?! (?:is|was|are|ends|expires))/i,
];

/** Data keys a stored object shows when it is printed instead of written: camelCase or snake_case keys, clock values after a key. */
const DATA_KEY = /\b(?:[a-z]+[A-Z][A-Za-z]*|[a-z]+_[a-z_]+)\s*:(?!\/\/)|\b(?:from|to|start|end)\s*:\s*\d{2}:\d{2}\b|[{[]\s*"[A-Za-z_]+"\s*:/;

/** Placeholders nobody filled in: brackets, template braces, XX figures, "insert …", "TBD". */
const UNMARKED_PLACEHOLDER =
  /\[[^\]\n]{1,60}\]|\{\{[^}]*\}\}|\{[a-z_ ]{2,40}\}|\bX{2,}%|\$X{2,}\b|<\s*insert[^>]*>|\binsert (?:name|link|code|offer|here)\b|\bTBD\b|\blorem ipsum\b/gi;

/** "15%", "$20", "£5.50" (percent and amounts, as written). */
const FIGURE = /(?:[$£€]\s?\d+(?:,\d{3})*(?:[.,]\d{1,2})?(?!\d)|\b\d{1,3}(?:\.\d)?\s?%)/g;

/** A run of this many words of one answer, outside quotes, is a pasted answer. */
export const PASTE_WORDS = 12;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z0-9'$%£€]+/)
    .filter(Boolean);
}

/** Text without its quoted passages (a quoted review may repeat a customer's words whole). */
function unquoted(text: string): string {
  return text.replace(/"[^"\n]{3,400}"|“[^”\n]{3,400}”/g, " ");
}

function normalizeFigure(figure: string): string {
  return figure.replace(/\s/g, "").replace(/,(\d{2})$/, ".$1");
}

interface Answers {
  /** Each long answer's words, for the paste check. */
  long: string[][];
  /** The long answers' short sentences, each as its words joined: a fact the copy may restate whole. */
  sentences: string[];
  figures: Set<string>;
  codes: Set<string>;
  /** The business's own words and the user's: what an invented claim is judged against. */
  owned: string;
}

/** The first words of a passage, by which an answer line is known to hold it. */
const OPENING_WORDS = 6;

/** Answer lines that may be said word for word: the guarantee, the reviews, the proof (a promise or a quote is kept exact). */
function verbatimLine(list: readonly string[], facts: BusinessFacts): boolean {
  const line = ` ${list.join(" ")} `;
  return [facts.guarantee, ...facts.reviews, ...facts.proof].some((passage) => {
    const opening = words(passage).slice(0, OPENING_WORDS);
    return opening.length >= 4 && line.includes(` ${opening.join(" ")} `);
  });
}

/** A sentence of an answer this short, said whole, is a fact restated, not an answer pasted. */
const QUOTABLE_WORDS = 20;

/** The short sentences of the long answer lines, each as its words joined. */
function quotableSentences(answerText: string): string[] {
  return answerText
    .split("\n")
    .filter((line) => words(line).length >= PASTE_WORDS + 4)
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((sentence) => words(sentence))
    .filter((list) => list.length >= PASTE_WORDS && list.length <= QUOTABLE_WORDS)
    .map((list) => list.join(" "));
}

/** The business's codes: those its answers name (an owner in capitals writes "CODE NOFEE") and its offers'. */
function answerCodes(facts: BusinessFacts, source: string): Set<string> {
  const named = [...source.matchAll(/\bcode\s*:?\s*["']?([A-Za-z0-9][A-Za-z0-9_-]{2,19})\b/gi)].map((m) => m[1]!);
  const offered = facts.offers.map((offer) => offer.code).filter((code): code is string => !!code);
  return new Set([...codesIn(source), ...named, ...offered].map((c) => c.toUpperCase()));
}

function readAnswers(facts: BusinessFacts, allowedExtra: string): Answers {
  // An offer is said exactly as the owner gave it: its words are the offer's, not a pasted answer.
  const offers = facts.offers.map((offer) => ` ${words(offer.text).join(" ")} `);
  const long = facts.answerText
    .split("\n")
    .map(words)
    .filter((list) => list.length >= PASTE_WORDS + 4 && !verbatimLine(list, facts))
    .map((list) => withoutOffers(list, offers));
  const source = `${facts.answerText}\n${allowedExtra}`;
  const figures = new Set([...source.matchAll(FIGURE)].map((m) => normalizeFigure(m[0])));
  // What the business model gives a first step ("free account" for a freemium app) is the business's own too.
  const owned = `${source}\n${facts.action.first}`;
  return { long, sentences: quotableSentences(facts.answerText), figures, codes: answerCodes(facts, source), owned };
}

/** An answer's words with every run that is one of the offers blanked out, so no run of the paste check spans an offer. */
function withoutOffers(list: string[], offers: readonly string[]): string[] {
  let joined = ` ${list.join(" ")} `;
  for (const offer of offers) if (offer.trim()) joined = joined.split(offer).join(" | ");
  return joined.trim().split(" ");
}

/** Runs of `PASTE_WORDS` words of the text, each within one line: the items of a bulleted list are separate lines, never one sentence. */
function runsOf(text: string, sentences: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (const line of unquoted(text).split("\n")) {
    // A short sentence of the answers said whole is a fact restated: no run spans it.
    const joined = sentences.reduce((out, sentence) => out.split(` ${sentence} `).join(" | "), ` ${words(line).join(" ")} `);
    const mine = joined.trim().split(" ").filter(Boolean);
    for (let i = 0; i + PASTE_WORDS <= mine.length; i++) grams.add(mine.slice(i, i + PASTE_WORDS).join(" "));
  }
  return grams;
}

function pastedRun(text: string, answers: Pick<Answers, "long" | "sentences">): string | null {
  const { long } = answers;
  const grams = runsOf(text, answers.sentences);
  if (!grams.size) return null;
  for (const answer of long) {
    for (let i = 0; i + PASTE_WORDS <= answer.length; i++) {
      const gram = answer.slice(i, i + PASTE_WORDS).join(" ");
      if (grams.has(gram)) return gram;
    }
  }
  return null;
}

const PERIOD_DAYS: Readonly<Record<string, number>> = { day: 1, week: 7, wk: 7, month: 30, mo: 30, year: 365, yr: 365 };

function amountOf(figure: string): number {
  return Number(
    figure
      .replace(/[^\d.,]/g, "")
      .replace(/,(\d{3})/g, "$1")
      .replace(",", "."),
  );
}

/** The business's prices per period: "$29 a month", "£11.99 per week", "$49.99/yr", as amounts per day. */
function dailyPrices(owned: string): number[] {
  const after = /([$£€]\s?\d[\d,]*(?:\.\d{1,2})?)\s*(?:a|an|per|\/|each)\s*(day|week|wk|month|mo|year|yr)\b/gi;
  const before = /\b(?:month to month|monthly|per month|a month)\s*[:,-]?\s*([$£€]\s?\d[\d,]*(?:\.\d{1,2})?)/gi;
  return [
    ...[...owned.matchAll(after)].map((m) => amountOf(m[1]!) / PERIOD_DAYS[m[2]!.toLowerCase()]!),
    ...[...owned.matchAll(before)].map((m) => amountOf(m[1]!) / PERIOD_DAYS.month!),
  ];
}

/**
 * A given price broken down as a comparison: "less than $1 a day" where the answers give "$29 a
 * month". The figure must be said as an upper bound (less than, under) or an estimate (about,
 * around) of the business's own price per day or week, and be true of it.
 */
function breakdownOf(text: string, match: RegExpMatchArray, owned: string): boolean {
  const before = text.slice(Math.max(0, match.index! - 25), match.index);
  const after = text.slice(match.index! + match[0].length, match.index! + match[0].length + 12);
  const period = /^\s*(?:a|per|\/)\s*(day|week)\b/i.exec(after)?.[1]?.toLowerCase();
  const bound = /\b(less than|under|below|about|around|roughly|about|just over|only)\s*$/i.exec(before)?.[1]?.toLowerCase();
  if (!period || !bound) return false;
  const said = amountOf(match[0]);
  return dailyPrices(owned).some((perDay) => {
    const real = perDay * PERIOD_DAYS[period]!;
    return /less|under|below/.test(bound) ? real <= said : Math.abs(real - said) <= said * 0.2;
  });
}

function brandCaseSlips(text: string, brand: string): string[] {
  return nameSlips(text, brand);
}

export interface CheckOptions {
  /** Text the user wrote that may also supply figures and codes (their feedback, their edits). */
  allowed?: string;
  /** The brand's rules to hold the copy to; the facts' own rules when left out. */
  brandRules?: BrandRules;
  /** Each written touchpoint's key messages, in the same order: what feedback asked of its copy. */
  briefs?: readonly string[];
}

function rulesOf(facts: BusinessFacts, options: CheckOptions): BrandRules | null {
  return options.brandRules ?? facts.brandRules ?? null;
}

function withoutFlowLabels(text: string): string {
  return FLOW_TYPES.reduce((out, type) => out.split(flowTypeLabel(type)).join(""), text);
}

/** Every finding in a set of texts (empty when the copy can go out as it is). */
export function checkCopy(facts: BusinessFacts, texts: readonly CheckedText[], options: CheckOptions = {}): Finding[] {
  const answers = readAnswers(facts, options.allowed ?? "");
  const rules = rulesOf(facts, options);
  const brand = rules?.brand || facts.brand;
  const names = [brand, ...(rules?.casing ?? [])].filter(Boolean);
  const findings: Finding[] = [];
  const add = (rule: FindingRule, where: string, text: string, message: string) => findings.push({ rule, where, text, message });
  for (const { where, text, audience } of texts) {
    if (!text) continue;
    // A flow type's own name ("Abandoned Cart") is Flowmap's label, not the business's word.
    if (rules) brandFindings(withoutFlowLabels(text), rules, audience, where, (found, message) => add("brand-rule", where, found, message));
    const bare = text.replace(FIRST_NAME_TAG_WITH_DEFAULT, "").replace(MARKED_PLACEHOLDER, "");
    if (audience === "customer") {
      // A quoted passage is someone's own words (the owner's promise, a customer's review), never the writer's brief.
      for (const pattern of BRIEF_PHRASES) {
        const match = pattern.exec(unquoted(bare));
        if (match) {
          add("brief", where, match[0], `"${match[0]}" is an instruction to the writer, not copy for the customer: write to the reader as "you".`);
          break;
        }
      }
      for (const claim of inventedClaims(unquoted(bare), answers.owned)) add("invented", where, claim.text, claim.message);
    }
    for (const slip of brandCaseSlips(text, brand)) add("brand-case", where, slip, `The brand is written "${slip}": write it exactly "${brand}".`);
    // The marketer's own plan may carry an answer as it is: only customer copy must not.
    const pasted = audience === "customer" ? pastedRun(text, answers) : null;
    if (pasted) add("pasted", where, pasted, `A long answer is pasted into the sentence ("${pasted}…"): shorten it to a phrase or quote it.`);
    for (const match of bare.matchAll(FIGURE)) {
      const figure = normalizeFigure(match[0]);
      if (!answers.figures.has(figure) && !breakdownOf(bare, match, answers.owned))
        add("invented", where, match[0], `${match[0]} is not in the business's answers: use only the offers it gave, or a marked placeholder.`);
    }
    for (const code of codesIn(bare)) {
      if (!answers.codes.has(code.toUpperCase()))
        add("invented", where, code, `The code ${code} is not in the business's answers: never invent a code; use [YOUR DISCOUNT CODE] instead.`);
    }
    for (const match of bare.matchAll(UNMARKED_PLACEHOLDER)) {
      add("placeholder", where, match[0], `"${match[0]}" is a placeholder nobody will fill in: write the words, or mark it as [add: …] or [YOUR …] for the marketer.`);
    }
    // The brand's own name ("dermaLUX:" opening a text) reads like a key but is the name as the brand writes it.
    const key = DATA_KEY.exec(names.reduce((out, name) => out.split(name).join(" "), bare));
    if (key) add("data-key", where, key[0], `"${key[0]}" is a data key, not prose: write it as a sentence.`);
  }
  return findings;
}

/** Findings for titles or subjects repeated within one flow (case and spacing ignored). */
export function checkRepeats(items: ReadonlyArray<{ where: string; text: string }>, what: string): Finding[] {
  const seen = new Map<string, string>();
  const findings: Finding[] = [];
  for (const { where, text } of items) {
    const key = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
    if (!key) continue;
    const first = seen.get(key);
    if (first) findings.push({ rule: "repeat", where, text, message: `The ${what} "${text}" is used twice (also at ${first}): each one must be different.` });
    else seen.set(key, where);
  }
  return findings;
}

/** The findings as lines a model can act on in its one repair. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `- ${f.where}: ${f.message}`).join("\n");
}

// ---------------------------------------------------------------------------------------------
// Whole flows and whole written flows

interface PlanLike {
  flowOverview: string;
  touchpoints: ReadonlyArray<Pick<TouchpointFields, "title" | "primaryGoal" | "keyMessages" | "callToAction"> & { timingText?: string }>;
}

/** Every finding in a flow plan (the marketer reads it, so briefs are welcome; the rest is not). */
export function checkPlan(facts: BusinessFacts, plan: PlanLike, options: CheckOptions = {}): Finding[] {
  const texts: CheckedText[] = [{ where: "overview", text: plan.flowOverview, audience: "marketer" }];
  plan.touchpoints.forEach((tp, index) => {
    const at = `step ${index + 1}`;
    texts.push(
      { where: `${at} title`, text: tp.title, audience: "marketer" },
      { where: `${at} goal`, text: tp.primaryGoal, audience: "marketer" },
      { where: `${at} key messages`, text: tp.keyMessages, audience: "marketer" },
      { where: `${at} call to action`, text: tp.callToAction, audience: "customer" },
    );
  });
  const titles = plan.touchpoints.map((tp, index) => ({ where: `step ${index + 1} title`, text: tp.title }));
  return [...checkCopy(facts, texts, options), ...checkRepeats(titles, "step title")];
}

export type WrittenLike = Partial<WrittenFields>;

/** Every finding in a flow's written content (the customer reads all of it). */
export function checkWritten(facts: BusinessFacts, written: readonly WrittenLike[], options: CheckOptions = {}): Finding[] {
  const texts: CheckedText[] = [];
  written.forEach((w, index) => {
    const at = `touchpoint ${index + 1}`;
    for (const field of ["subject", "preheader", "bodyText", "callToAction", "sms"] as const) {
      const text = w[field];
      if (text) texts.push({ where: `${at} ${field === "bodyText" ? "body" : field === "callToAction" ? "button" : field}`, text, audience: "customer" });
    }
  });
  const subjects = written.flatMap((w, index) => (w.subject ? [{ where: `touchpoint ${index + 1} subject`, text: w.subject }] : []));
  const bare = written.flatMap((w, index) =>
    w.bodyText && /^(?:hi|hello|hey|dear)\s*,/i.test(w.bodyText.trim())
      ? [
          {
            rule: "placeholder" as const,
            where: `touchpoint ${index + 1} body`,
            text: w.bodyText.trim().split("\n")[0]!,
            message: `The email opens with a bare greeting: greet by first name with ${FIRST_NAME_TAG}, or leave the greeting out.`,
          },
        ]
      : [],
  );
  return [...checkCopy(facts, texts, options), ...checkRepeats(subjects, "subject"), ...bare, ...emailRuleFindings(facts, written, options), ...askFindings(written, options)];
}

/** What a touchpoint's brief asked that its copy ignores: a word it must never say (in any field), exclamation marks in a formal tone. */
function askFindings(written: readonly WrittenLike[], options: CheckOptions): Finding[] {
  return written.flatMap((w, index) => {
    const asks = briefAsks(options.briefs?.[index] ?? "");
    const where = `touchpoint ${index + 1}`;
    const text = [w.subject, w.preheader, w.bodyText, w.callToAction, w.sms].filter(Boolean).join("\n");
    const findings: Finding[] = asks.avoid
      .filter((term) => new RegExp(termSource(term), "iu").test(text))
      .map((term) => ({ rule: "ask", where, text: term, message: `The brief says never to say "${term}": leave it out of every field.` }));
    if (asks.tone === "formal" && exclamationsOutsideQuotes(text))
      findings.push({ rule: "ask", where, text: "!", message: "The brief asks for a formal tone: no exclamation marks; end those sentences with full stops." });
    return findings;
  });
}

/** Brand rules that hold per email rather than per line: exclamation marks across its fields, and its sign-off. */
function emailRuleFindings(facts: BusinessFacts, written: readonly WrittenLike[], options: CheckOptions): Finding[] {
  const rules = rulesOf(facts, options);
  if (!rules) return [];
  const findings: Finding[] = [];
  written.forEach((w, index) => {
    const where = `touchpoint ${index + 1}`;
    const add = (at: string) => (text: string, message: string) => findings.push({ rule: "brand-rule", where: at, text, message });
    const total = emailExclamations([w.subject ?? "", w.preheader ?? "", w.bodyText ?? "", w.callToAction ?? ""], rules);
    if (total !== null) add(where)("!", exclamationMessage(total, rules.exclamations ?? 0, "this email"));
    if (w.bodyText) signOffFindings(w.bodyText, rules, add(`${where} body`));
  });
  return findings;
}
