/**
 * A flow rule's trigger, exit rules and SMS policy, read from the JSON an admin stores
 * (`{"exitWhen": [...], "skipWhen": [...], "smsPolicy": {"consentRequired": true,
 * "sendWindowLocalTime": {"from": "08:00", "to": "21:00"}}, ...}`, a plain list or a text), and
 * written as sentences a marketer reads: "The flow ends for any contact who places an order, or
 * who unsubscribes." "Texts go only to contacts who gave SMS consent, between 08:00 and 21:00 in
 * their local time." No key of the stored JSON ever reaches the text; a key this module does not
 * know is shown as words ("maxPerWeek" → "Max per week").
 *
 * Pure and client-safe: the exports and the flow screen write the same sentences.
 */

export interface TimeWindow {
  start: string;
  end: string;
}

/** A rule this module has no sentence for: its key as words, its value as text. */
export interface RuleNote {
  label: string;
  text: string;
}

export interface SmsPolicy {
  consentRequired: boolean | null;
  /** The recipient's local time texts may go out in. */
  sendWindow: TimeWindow | null;
  /** The recipient's local time no text goes out in. */
  quietHours: TimeWindow | null;
  outsideWindow: string | null;
  withoutConsent: string | null;
  content: string | null;
  notes: RuleNote[];
}

export interface FlowRules {
  /** What ends the flow for a contact, each as the admin wrote it. */
  exitWhen: string[];
  skipWhen: string[];
  pauseWhen: string[];
  reentry: string[];
  afterLastStep: string[];
  notes: RuleNote[];
  smsPolicy: SmsPolicy | null;
}

export const NO_FLOW_RULES: FlowRules = { exitWhen: [], skipWhen: [], pauseWhen: [], reentry: [], afterLastStep: [], notes: [], smsPolicy: null };

// ---------------------------------------------------------------------------------------------
// Reading the stored JSON

/** "sendWindowLocalTime" → "Send window local time"; "max_per_week" → "Max per week". */
export function keyAsWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z]/g, "");
}

const TIME = /^\s*(\d{1,2}:\d{2})\s*$/;

function windowOf(value: unknown): TimeWindow | null {
  if (typeof value === "string") {
    const match = /(\d{1,2}:\d{2})\s*(?:-|–|—|to|until)\s*(\d{1,2}:\d{2})/i.exec(value);
    return match ? { start: match[1]!, end: match[2]! } : null;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.fromEntries(Object.entries(value).map(([key, item]) => [normalKey(key), item]));
    const start = entries.from ?? entries.start ?? entries.after;
    const end = entries.to ?? entries.end ?? entries.until ?? entries.before;
    if (typeof start === "string" && typeof end === "string" && TIME.test(start) && TIME.test(end)) return { start: start.trim(), end: end.trim() };
  }
  return null;
}

/** Any JSON value as plain words: lists joined, windows as "from 08:00 to 21:00", nested keys as words. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join("; ");
  if (typeof value === "object") {
    const window = windowOf(value);
    if (window) return `from ${window.start} to ${window.end}`;
    return Object.entries(value)
      .map(([key, item]) => {
        const text = valueText(item);
        return text ? `${keyAsWords(key).toLowerCase()} ${text}` : "";
      })
      .filter(Boolean)
      .join("; ");
  }
  return "";
}

/** A list of texts from a list, a text with one item a line (bullets and numbers dropped), or one value. */
function textList(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") {
    return value
      .split(/\r?\n/)
      .map((line) => line.replace(/^\s*(?:[•*-]|\d+[.)])\s+/, "").trim())
      .filter(Boolean);
  }
  if (Array.isArray(value)) return value.flatMap(textList);
  const text = valueText(value);
  return text ? [text] : [];
}

function parseSmsPolicy(value: unknown): SmsPolicy | null {
  const policy: SmsPolicy = { consentRequired: null, sendWindow: null, quietHours: null, outsideWindow: null, withoutConsent: null, content: null, notes: [] };
  if (typeof value === "string" || Array.isArray(value)) {
    const text = valueText(value);
    if (text) policy.notes.push({ label: "SMS", text });
    return text ? policy : null;
  }
  if (!value || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const name = normalKey(key);
    if (["consentrequired", "requiresconsent", "requireconsent", "consent", "smsconsent"].includes(name) && typeof item === "boolean") policy.consentRequired = item;
    else if (["sendwindowlocaltime", "sendwindow", "window", "sendinglocaltime", "allowedhours", "sendhours"].includes(name) && windowOf(item)) policy.sendWindow = windowOf(item);
    else if (["quiethours", "quiettime", "donotsend"].includes(name) && windowOf(item)) policy.quietHours = windowOf(item);
    else if (["outsidewindow", "outsidesendwindow", "outsidehours"].includes(name) && typeof item === "string" && item.trim()) policy.outsideWindow = item.trim();
    else if (["withoutconsent", "noconsent"].includes(name) && typeof item === "string" && item.trim()) policy.withoutConsent = item.trim();
    else if (["content", "copy", "contentrules", "message"].includes(name) && typeof item === "string" && item.trim()) policy.content = item.trim();
    else {
      const text = valueText(item);
      if (text) policy.notes.push({ label: keyAsWords(key), text });
    }
  }
  return policy;
}

const EXIT_KEYS = ["exitwhen", "exit", "exits", "exitrules", "exitconditions", "exitif", "stopwhen"];
const SKIP_KEYS = ["skipwhen", "skip", "skipif", "skips"];
const PAUSE_KEYS = ["pausewhen", "pause", "pauseif"];
const REENTRY_KEYS = ["reentry", "reenter", "reentryrule", "reentrywindow", "entrylimit"];
const AFTER_KEYS = ["afterlaststep", "afterlast", "afterflow", "afterthelaststep", "afterexit", "onexit"];
const SMS_KEYS = ["smspolicy", "sms", "smsrules", "texting", "textpolicy"];

/** The rule's stored exit rules (any JSON an admin saved) as a structure. */
export function parseFlowRules(value: unknown): FlowRules {
  const rules: FlowRules = { exitWhen: [], skipWhen: [], pauseWhen: [], reentry: [], afterLastStep: [], notes: [], smsPolicy: null };
  if (value === null || value === undefined) return rules;
  if (typeof value !== "object" || Array.isArray(value)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item && typeof item === "object" && !Array.isArray(item)) {
          const inner = parseFlowRules(item);
          rules.exitWhen.push(...inner.exitWhen);
          rules.skipWhen.push(...inner.skipWhen);
          rules.pauseWhen.push(...inner.pauseWhen);
          rules.reentry.push(...inner.reentry);
          rules.afterLastStep.push(...inner.afterLastStep);
          rules.notes.push(...inner.notes);
          rules.smsPolicy ??= inner.smsPolicy;
        } else rules.exitWhen.push(...textList(item));
      }
      return rules;
    }
    rules.exitWhen.push(...textList(value));
    return rules;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = normalKey(key);
    if (EXIT_KEYS.includes(name)) rules.exitWhen.push(...textList(item));
    else if (SKIP_KEYS.includes(name)) rules.skipWhen.push(...textList(item));
    else if (PAUSE_KEYS.includes(name)) rules.pauseWhen.push(...textList(item));
    else if (REENTRY_KEYS.includes(name)) rules.reentry.push(...textList(item));
    else if (AFTER_KEYS.includes(name)) rules.afterLastStep.push(...textList(item));
    else if (SMS_KEYS.includes(name)) rules.smsPolicy = parseSmsPolicy(item);
    else {
      const text = valueText(item);
      if (text) rules.notes.push({ label: keyAsWords(key), text });
    }
  }
  return rules;
}

// ---------------------------------------------------------------------------------------------
// Sentences

/** Verbs a rule's condition opens with when a contact does something ("Places an order"). */
const CONTACT_VERBS = new Set(
  (
    "abandons accepts activates adds answers asks attends becomes books browses buys calls cancels checks clicks comes completes confirms " +
    "contacts converts creates declines does downloads empties enters finishes gets gives goes has hits is joins leaves logs makes marks " +
    "moves opens orders pays places purchases reaches reactivates receives redeems refers registers renews replies reports requests " +
    "responds returns schedules shares signs spends starts stays stops submits subscribes switches tries unsubscribes updates upgrades " +
    "uses views visits writes"
  ).split(" "),
);

/** Words that may lose their capital when a text continues a sentence ("Hold the message" → "…, hold the message"). */
function continueSentence(text: string): string {
  const trimmed = text.trim();
  return /^[A-Z][a-z]*\b/.test(trimmed) && !/^I\b/.test(trimmed) ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1) : trimmed;
}

function withoutEndStop(text: string): string {
  return text.trim().replace(/[.;,\s]+$/, "");
}

/** Capital first, a full stop last. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]["')”’]?$/.test(capital) ? capital : `${capital}.`;
}

function opensWithContactVerb(text: string): boolean {
  return CONTACT_VERBS.has((/^\s*([A-Za-z]+)/.exec(text)?.[1] ?? "").toLowerCase());
}

function joinOr(items: readonly string[], glue: string): string {
  if (items.length <= 1) return items[0] ?? "";
  if (items.length === 2) return `${items[0]}, or ${glue}${items[1]}`;
  return `${items.slice(0, -1).join(`, ${glue}`)}, or ${glue}${items[items.length - 1]}`;
}

/** "Places an order: move to the post-purchase flow" → "places an order (move to the post-purchase flow)". */
function clause(item: string): string {
  const text = withoutEndStop(item);
  const colon = text.indexOf(": ");
  if (colon < 0) return continueSentence(text);
  const head = continueSentence(text.slice(0, colon));
  const tail = continueSentence(withoutEndStop(text.slice(colon + 2)));
  if (!tail) return head;
  return tail.includes("(") ? `${head} — ${tail}` : `${head} (${tail})`;
}

/** "The flow starts when a contact joins the list and has not bought yet." */
export function triggerSentence(trigger: string | null | undefined): string {
  const text = withoutEndStop(trigger ?? "");
  if (!text) return "";
  if (opensWithContactVerb(text)) return asSentence(`The flow starts when a contact ${continueSentence(text)}`);
  if (/^no\b/i.test(text)) return asSentence(`The flow starts after ${continueSentence(text)}`);
  // A trigger in the owner's words that names its own moment ("When a new patient books", "After the first pre-order").
  if (/^(?:when|whenever|after|once|as soon as|at|on|right (?:at|after)|before|during)\b/i.test(text)) return asSentence(`The flow starts ${continueSentence(text)}`);
  return asSentence(`The flow starts when ${continueSentence(text)}`);
}

/** The exit conditions as one or two sentences: what a contact does, then any other event. */
export function exitSentences(exitWhen: readonly string[]): string[] {
  const byContact = exitWhen.filter(opensWithContactVerb).map(clause);
  const other = exitWhen.filter((item) => !opensWithContactVerb(item)).map(clause);
  const sentences: string[] = [];
  if (byContact.length) sentences.push(asSentence(`The flow ends for any contact who ${joinOr(byContact, "who ")}`));
  if (other.length) sentences.push(asSentence(`${byContact.length ? "It also ends" : "The flow ends"} when ${joinOr(other, "when ")}`));
  return sentences;
}

/** Skip, pause, re-entry and after-the-last-step rules, and any other rule, as sentences. */
export function otherRuleSentences(rules: Pick<FlowRules, "skipWhen" | "pauseWhen" | "reentry" | "afterLastStep" | "notes">): string[] {
  const sentences: string[] = [];
  for (const item of rules.skipWhen) sentences.push(asSentence(`Skip ${continueSentence(withoutEndStop(item))}`));
  if (rules.pauseWhen.length) sentences.push(asSentence(`The flow pauses for a contact when ${joinOr(rules.pauseWhen.map(clause), "when ")}`));
  for (const item of rules.reentry) {
    sentences.push(
      /^(at most|once|never|only|no more|up to|after)\b/i.test(item.trim())
        ? asSentence(`A contact can enter the flow again ${continueSentence(item)}`)
        : asSentence(`Re-entry: ${withoutEndStop(item)}`),
    );
  }
  for (const item of rules.afterLastStep) sentences.push(asSentence(`After the last message, ${continueSentence(item)}`));
  for (const note of rules.notes) sentences.push(asSentence(`${note.label}: ${note.text}`));
  return sentences;
}

/** Send window, consent and quiet hours first, then what happens outside them, then the rules for the text itself. */
export function smsPolicySentences(policy: SmsPolicy | null): string[] {
  if (!policy) return [];
  const sentences: string[] = [];
  const window = policy.sendWindow;
  if (policy.consentRequired === true) {
    sentences.push(
      window ? `Texts go only to contacts who gave SMS consent, between ${window.start} and ${window.end} in their local time.` : "Texts go only to contacts who gave SMS consent.",
    );
  } else if (window) {
    sentences.push(`Texts go out only between ${window.start} and ${window.end} in the contact's local time.`);
  }
  if (policy.consentRequired === false) sentences.push("This rule does not require SMS consent.");
  if (policy.quietHours) sentences.push(`No texts go out during quiet hours, from ${policy.quietHours.start} to ${policy.quietHours.end} in the contact's local time.`);
  if (policy.outsideWindow) sentences.push(asSentence(`Outside those hours, ${continueSentence(policy.outsideWindow)}`));
  if (policy.withoutConsent) sentences.push(asSentence(policy.withoutConsent));
  if (policy.content) sentences.push(asSentence(`In every text, ${continueSentence(policy.content)}`));
  for (const note of policy.notes) sentences.push(asSentence(`${note.label}: ${note.text}`));
  return sentences;
}

/** "between 08:00 and 21:00 in the contact's local time" (an SMS touchpoint's send window). */
export function sendWindowPhrase(window: TimeWindow | null): string {
  return window ? `between ${window.start} and ${window.end} in the contact's local time` : "";
}
