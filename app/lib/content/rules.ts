import { cleanButtonUrl } from "~/lib/content/links";
import type { EmailCopy } from "~/lib/content/types";

/**
 * The rules every piece of written content follows, whoever wrote it (the offline writer or the
 * model): one place for the limits, the SMS character counting and the checks. Pure and
 * client-safe: the content page uses the same counting for its SMS preview.
 */

export const SUBJECT_MAX = 60;
export const PREHEADER_MAX = 100;
export const CALL_TO_ACTION_MAX = 40;
export const BODY_TEXT_MAX = 5000;
/** A button's link: a URL or a marked placeholder. */
export const BUTTON_URL_MAX = 2000;
/** One SMS: 160 GSM-7 characters, or 70 when a character outside GSM-7 forces UCS-2. */
export const SMS_GSM7_MAX = 160;
export const SMS_UNICODE_MAX = 70;
/** Per-segment capacity once a message is split (the rest carries the concatenation header). */
export const SMS_GSM7_SEGMENT = 153;
export const SMS_UNICODE_SEGMENT = 67;
export const SMS_OPT_OUT = "Reply STOP to opt out";

/** GSM 03.38 basic character set (one septet each). */
const GSM7_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** GSM 03.38 extension table: each costs an escape septet plus its own. */
const GSM7_EXTENSION = "\f^{}\\[~]|€";

const BASIC = new Set(Array.from(GSM7_BASIC));
const EXTENSION = new Set(Array.from(GSM7_EXTENSION));

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as the network counts them: septets for GSM-7, UTF-16 code units for UCS-2. */
  characters: number;
  /** The single-message limit for this encoding (160 or 70). */
  limit: number;
  /** How many messages it is sent as (0 for an empty text). */
  segments: number;
}

export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return false;
  return true;
}

/** Counts an SMS the way carriers bill it. */
export function countSms(text: string): SmsCount {
  if (isGsm7(text)) {
    let characters = 0;
    for (const char of text) characters += EXTENSION.has(char) ? 2 : 1;
    const segments = characters === 0 ? 0 : characters <= SMS_GSM7_MAX ? 1 : Math.ceil(characters / SMS_GSM7_SEGMENT);
    return { encoding: "GSM-7", characters, limit: SMS_GSM7_MAX, segments };
  }
  // UCS-2 on the wire is UTF-16: a character outside the BMP (most emoji) takes two units.
  const characters = text.length;
  const segments = characters <= SMS_UNICODE_MAX ? 1 : Math.ceil(characters / SMS_UNICODE_SEGMENT);
  return { encoding: "UCS-2", characters, limit: SMS_UNICODE_MAX, segments };
}

/** Characters as a person counts them (code points), for the subject and preheader limits. */
export function visibleLength(text: string): number {
  return Array.from(text).length;
}

export type ContentProblems = Record<string, string>;

export function emailProblems(content: EmailCopy): ContentProblems {
  const problems: ContentProblems = {};
  const subject = content.subject.trim();
  if (!subject) problems.subject = "The subject line is empty.";
  else if (visibleLength(subject) > SUBJECT_MAX) problems.subject = `The subject line is longer than ${SUBJECT_MAX} characters.`;
  const preheader = content.preheader.trim();
  if (!preheader) problems.preheader = "The preheader is empty.";
  else if (visibleLength(preheader) > PREHEADER_MAX) problems.preheader = `The preheader is longer than ${PREHEADER_MAX} characters.`;
  const body = content.bodyText.trim();
  if (!body) problems.bodyText = "The email body is empty.";
  else if (visibleLength(body) > BODY_TEXT_MAX) problems.bodyText = `The email body is longer than ${BODY_TEXT_MAX} characters.`;
  const cta = content.callToAction.trim();
  if (!cta) problems.callToAction = "The call to action is empty.";
  else if (visibleLength(cta) > CALL_TO_ACTION_MAX) problems.callToAction = `The call to action is longer than ${CALL_TO_ACTION_MAX} characters.`;
  const link = content.buttonUrl.trim();
  if (!link) problems.buttonUrl = "The button has no link.";
  else if (!cleanButtonUrl(link) || visibleLength(link) > BUTTON_URL_MAX) problems.buttonUrl = "The button's link is neither a web address nor a marked [Link: …] placeholder.";
  return problems;
}

/** Typographic characters that have a plain GSM-7 twin: keeps SMS in 160-character mode. */
const PLAIN_TWINS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u2022": "-",
};

export function plainPunctuation(text: string): string {
  return text.replace(/[\u2018\u2019\u201A\u201C\u201D\u201E\u2013\u2014\u2026\u00A0\u2022]/g, (char) => PLAIN_TWINS[char] ?? char);
}

/**
 * The name an SMS must open with: the company name, trimmed, inner whitespace collapsed, curly
 * quotes and dashes made plain (so a typographic apostrophe alone never forces Unicode).
 */
export function smsBrand(companyName: string): string {
  return plainPunctuation(companyName).replace(/\s+/g, " ").trim();
}

export function smsProblems(text: string, companyName: string): ContentProblems {
  const problems: ContentProblems = {};
  const brand = smsBrand(companyName);
  const count = countSms(text);
  if (!text.trim()) problems.sms = "The SMS is empty.";
  else if (brand && !text.startsWith(brand)) problems.sms = `The SMS must start with the brand name (${brand}).`;
  else if (!text.endsWith(SMS_OPT_OUT)) problems.sms = `The SMS must end with '${SMS_OPT_OUT}'.`;
  else if (count.characters > count.limit) {
    problems.sms =
      count.encoding === "GSM-7"
        ? `The SMS is ${count.characters} characters; one message holds ${SMS_GSM7_MAX}.`
        : `The SMS needs Unicode and is ${count.characters} characters; one Unicode message holds ${SMS_UNICODE_MAX}.`;
  }
  return problems;
}

/** Cuts text to at most `max` code points at a word boundary, without a dangling comma or dash. */
export function fitWords(text: string, max: number, ellipsis = ""): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (visibleLength(clean) <= max) return clean;
  const room = max - visibleLength(ellipsis);
  if (room <= 0) return "";
  const chars = Array.from(clean);
  let cut = chars.slice(0, room).join("");
  const nextIsBreak = chars[room] === " ";
  if (!nextIsBreak) {
    const lastSpace = cut.lastIndexOf(" ");
    if (lastSpace > room * 0.4) cut = cut.slice(0, lastSpace);
  }
  // A cut never ends on a word that leads into the next ("Just reply and").
  let fitted = cut.replace(/[\s,;:\-–—(]+$/u, "");
  while (DANGLING.test(fitted)) fitted = fitted.replace(DANGLING, "").replace(/[\s,;:\-–—(]+$/u, "");
  return fitted + ellipsis;
}

/** A last word that only leads into what was cut off. */
const DANGLING = /\s+(?:and|or|but|with|to|of|the|a|an|for|at|in|on|our|your|we|we'll|you)$/i;

/** Cuts an SMS body so that the whole message (with its fixed parts) fits one message. */
export function fitSmsBody(prefix: string, body: string, suffix: string): string {
  const fits = (candidate: string) => {
    const count = countSms(prefix + candidate + suffix);
    return count.characters <= count.limit;
  };
  const clean = body.replace(/\s+/g, " ").trim();
  if (fits(clean)) return clean;
  // Try word-boundary cuts from the longest down; each candidate ends with a full stop.
  const words = clean.split(" ");
  for (let n = words.length - 1; n > 0; n--) {
    const candidate = words
      .slice(0, n)
      .join(" ")
      .replace(/[\s,;:\-–—(]+$/u, "");
    const ended = /[.!?]$/.test(candidate) ? candidate : `${candidate}.`;
    if (fits(ended)) return ended;
  }
  return "";
}
