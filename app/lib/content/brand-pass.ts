import { bannedTermsIn, dropSentencesWith, enforceBrandRules, enforceEmail } from "~/lib/business/brand-enforce";
import type { BrandRules } from "~/lib/business/brand-rules";
import type { EmailCopy } from "~/lib/content/types";
import type { DraftTouchpoint } from "~/lib/flows/rules";

/**
 * The last pass every offline text goes through: the brand's rules from its voice answer (its own
 * words for words it never uses, its spelling of its name, exclamation marks, lower case, emoji,
 * spelling), then any sentence still naming a word the business never uses (a banned word,
 * something it does not do, a word wrong for its model) is dropped, not merely negated. What
 * cannot be dropped (a subject, a button) falls back to a plain line of the business's own.
 */

/** The text held to the rules, less every sentence that still names a banned term. */
export function holdText(text: string, rules: BrandRules, kind: "body" | "plan" | "sms"): string {
  const enforced = enforceBrandRules(tidyMarks(text), rules, kind);
  const terms = bannedTermsIn(enforced, rules);
  return terms.length ? dropSentencesWith(enforced, terms, rules) : enforced;
}

/** An owner's doubled marks ("grandparents!!") single, and a name ending in a full stop never followed by a second one ("Co.."). */
export function tidyMarks(text: string): string {
  return text
    .replace(/(?<!\.)\.\.(?!\.)/g, ".")
    .replace(/([!?]){2,}/g, "$1")
    .replace(/\s+([,.;:!?])(?=\s|$)/g, "$1")
    .replace(/,\./g, ".");
}

/** A one-line field (subject, preheader, button) held to the rules, or the fallback when it names a banned term. */
function holdLine(text: string, fallback: string, rules: BrandRules): string {
  return bannedTermsIn(text, rules).length ? fallback : text;
}

/** One email held to the brand's rules, its exclamation marks counted across all its fields. */
export function holdEmail<T extends Pick<EmailCopy, "subject" | "preheader" | "bodyText" | "callToAction">>(
  email: T,
  rules: BrandRules,
  fallbacks: { subject: string; preheader: string; cta: string },
): T {
  const enforced = enforceEmail({ subject: email.subject, preheader: email.preheader, body: email.bodyText, cta: email.callToAction }, rules);
  const terms = bannedTermsIn(enforced.body, rules);
  const body = terms.length ? dropSentencesWith(enforced.body, terms, rules) : enforced.body;
  const line = (text: string, fallback: string, kind: "subject" | "preheader" | "cta") => enforceBrandRules(holdLine(text, fallback, rules), rules, kind);
  return {
    ...email,
    subject: line(enforced.subject, fallbacks.subject, "subject"),
    preheader: line(enforced.preheader, fallbacks.preheader, "preheader"),
    bodyText: body,
    callToAction: line(enforced.cta, fallbacks.cta, "cta"),
  };
}

/** Labels whose line the writer reads back as it is (an answer to give, an offer, and what feedback asks: tone, topic, lead with, mention, never say): never quoted. */
const READ_BACK = /^(?:•\s*)?(?:Answer(?: up front)?|Offer|Mention|Tone|Topic|Lead with|Never say|Open with|Your note)\b|^[^:]*\boffer\b[^:]*:/i;
const BRIEF_QUOTE_WORDS = 10;

/** "• The difference: every car inspected, serviced…" → the owner's long words quoted, so a brief cites them rather than pastes them. */
export function quoteOwnWords(line: string): string {
  const match = /^(•\s*[^:"]{2,60}:\s+)(.+)$/.exec(line);
  if (!match || READ_BACK.test(line)) return line;
  const rest = match[2]!.trim();
  if (rest.split(/\s+/).length < BRIEF_QUOTE_WORDS || /^["“]/.test(rest) || rest.endsWith("?")) return line;
  return `${match[1]}"${rest.replace(/"/g, "'")}"`;
}

/** A planned step's texts held to the rules: a brief line naming a banned term is dropped, the rest rewritten in the brand's words. */
export function holdStep<T extends Pick<DraftTouchpoint, "title" | "primaryGoal" | "keyMessages" | "callToAction" | "timingText">>(
  step: T,
  rules: BrandRules,
  fallbackTitle: string,
): T {
  const lines = step.keyMessages
    .split("\n")
    .map((line) => enforceBrandRules(tidyMarks(quoteOwnWords(line)), rules, "plan"))
    .filter((line) => !bannedTermsIn(line, rules).length);
  return {
    ...step,
    title: holdLine(enforceBrandRules(step.title, rules, "plan"), fallbackTitle, rules),
    primaryGoal: holdText(step.primaryGoal, rules, "plan") || "Move them one step closer.",
    keyMessages: lines.join("\n") || "• One clear next step",
    // The call to action becomes the button the customer reads: it follows the copy's rules (a lower-case brand's button is lower case).
    callToAction: holdLine(enforceBrandRules(step.callToAction, rules, "cta"), "Find out more", rules),
  };
}
