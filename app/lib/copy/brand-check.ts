import { type BannedTerm, bannedTermsIn, countExclamations } from "~/lib/business/brand-enforce";
import type { BrandRules } from "~/lib/business/brand-rules";
import { escapeRegExp, fold, termSource } from "~/lib/business/brand-words";
import { SMS_OPT_OUT } from "~/lib/content/rules";

/**
 * The copy checker's brand-rule findings: words the brand never uses, exclamation marks over its
 * allowance, the brand (or a name it spells its own way) in another spelling, capitals in a
 * lower-case brand, emoji it does not use, a banned opener, and a missing or refused sign-off.
 * Each message says what the rule is and what to write instead. Pure.
 */

type Add = (text: string, message: string) => void;

function bannedMessage(hit: BannedTerm): string {
  switch (hit.kind) {
    case "replaced":
      return `The brand never says "${hit.term}": say "${hit.instead}".`;
    case "banned":
      return `"${hit.term}" is a word the brand never uses (its voice answer rules it out): leave it out.`;
    case "negated":
      return `"${hit.term}": the business says it doesn't do or offer this. Leave it out, even in a negation; say what it does instead.`;
    case "avoid":
      return `"${hit.term}" is not a word for this kind of business: use the business's own words.`;
  }
}

function isTitleOrUpper(found: string): boolean {
  return found === found.toUpperCase() || found.split(/\s+/).every((w) => w.charAt(0) === w.charAt(0).toUpperCase());
}

/** A web address written without its scheme, as a text message gives it ("lenzy.example/plans"): a host is lower case, whatever the brand. */
const BARE_DOMAIN = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/\S*)?/gi;

/** Every spelling of a name in the text that is not the name as the brand writes it ("Sol" for "SÖL", "The Loaf" for "the loaf."). */
export function nameSlips(text: string, name: string): string[] {
  if (fold(name).length < 3) return [];
  const core = name.replace(/\.$/, "");
  const stop = core !== name;
  const pattern = new RegExp(`${termSource(core, { accents: true })}${stop ? "\\.?" : ""}`, "giu");
  return [...text.replace(MERGE_OR_LINK, " ").replace(BARE_DOMAIN, " ").matchAll(pattern)]
    .map((m) => m[0])
    .filter((found) => {
      const dot = stop && found.endsWith(".");
      const bare = dot ? found.slice(0, -1) : found;
      // Without its full stop, "the loaf" may be a loaf; only "The Loaf" is clearly the name.
      if (stop && !dot) return bare !== core && isTitleOrUpper(bare);
      return found.replace(/\s+/g, " ") !== name;
    });
}

const MERGE_OR_LINK = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|https?:\/\/\S+|\bwww\.\S+|\[[^\]\n]{1,80}\]|\b(?=[A-Z0-9_-]*\d)(?=[A-Z0-9_-]*[A-Z])[A-Z0-9][A-Z0-9_-]{2,19}\b/g;
const EMOJI = /(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}/u;

/** Capitals in a lower-case brand's copy, outside tags, links, placeholders, codes, the SMS opt-out and the names it spells its own way. */
function capitalsIn(text: string, rules: BrandRules): string | null {
  // The opt-out notice is the carrier's fixed wording ("Reply STOP to opt out"), not the brand's copy.
  let bare = text.split(SMS_OPT_OUT).join(" ").replace(MERGE_OR_LINK, " ");
  for (const name of [rules.brand, ...rules.casing].filter(Boolean)) bare = bare.replace(new RegExp(termSource(name, { accents: true }), "giu"), " ");
  return /\p{Lu}/u.test(bare) ? ((/\S*\p{Lu}\S*/u.exec(bare) ?? [""])[0] ?? "") : null;
}

/** The findings of one text: banned words, its own exclamation marks, names, capitals, emoji and openers. */
export function brandFindings(text: string, rules: BrandRules, audience: "customer" | "marketer", where: string, add: Add) {
  for (const hit of bannedTermsIn(text, rules)) add(hit.term, bannedMessage(hit));
  for (const name of rules.casing) for (const slip of nameSlips(text, name)) add(slip, `"${slip}" is written "${name}" by this brand: write it exactly that way.`);
  for (const name of [rules.brand, ...rules.casing].filter((n) => n.endsWith("."))) {
    if (new RegExp(`${escapeRegExp(name)}\\.(?!\\.)`).test(text)) add(`${name}.`, `"${name}" ends in its own full stop: don't add a second one at the end of the sentence.`);
  }
  if (audience !== "customer") return;
  const exclamations = countExclamations(text);
  if (rules.exclamations !== null && exclamations > rules.exclamations) add("!", exclamationMessage(exclamations, rules.exclamations, "this text"));
  const capital = rules.lowercase ? capitalsIn(text, rules) : null;
  if (capital) add(capital, `The brand writes everything in lower case: "${capital}" has a capital letter.`);
  if (rules.emoji === "none" && EMOJI.test(text)) add((EMOJI.exec(text) ?? [""])[0]!, "The brand never uses emoji: take it out.");
  if (!/button|call to action/.test(where)) openerFindings(text, rules, add);
}

function openerFindings(text: string, rules: BrandRules, add: Add) {
  const opener = rules.openers.find((o) => new RegExp(`^\\s*${termSource(o)}`, "iu").test(text));
  if (opener) add(opener, `The brand never opens with "${opener}": open another way.`);
}

/** The message for too many exclamation marks in one text or one email. */
export function exclamationMessage(count: number, allowance: number, what: string): string {
  const rule = allowance === 0 ? "The brand never uses exclamation marks" : `The brand allows at most ${allowance} exclamation mark${allowance === 1 ? "" : "s"} per email`;
  return `${rule}; ${what} has ${count}: end those sentences with full stops.`;
}

/** An email's exclamation marks across its subject, preheader, body and button, against the allowance. */
export function emailExclamations(fields: readonly string[], rules: BrandRules): number | null {
  if (rules.exclamations === null) return null;
  const counts = fields.map(countExclamations);
  const total = counts.reduce((a, b) => a + b, 0);
  return total > rules.exclamations && counts.every((c) => c <= rules.exclamations!) ? total : null;
}

/** The body's last lines: where an email is signed. */
function closing(body: string): string {
  return body.trim().split(/\n+/).slice(-3).join("\n");
}

/** A body not signed as the brand asks: without its sign-off name, with a refused one, or signed "The team" where a named person should sign. */
export function signOffFindings(body: string, rules: BrandRules, add: Add) {
  if (!body.trim()) return;
  const end = closing(body);
  if (rules.signOff && !new RegExp(termSource(rules.signOff), "iu").test(end)) add(end.split("\n").pop() ?? "", `Sign the email off as "${rules.signOff}", as the brand asks.`);
  for (const refused of rules.signOffNot) {
    if (new RegExp(termSource(refused), "iu").test(end)) add(refused, `The brand never signs off as "${refused}"${rules.signOff ? `: sign off as "${rules.signOff}"` : ""}.`);
  }
  if (rules.signOffPerson && !rules.signOff && /\bthe\b[^\n]{0,40}\bteam\b\s*$/i.test(end)) {
    add(end.split("\n").pop() ?? "", "The brand signs off with a named person, not a team: sign with the person's name (or a marked placeholder for it).");
  }
}
