import type { FlowOutput, StepCopy } from "./pipeline";

/**
 * The texts of a flow, each with where it sits, and the word matching every check shares. A plan
 * text is what the marketer reads (trigger, exit rules, overview, notes, each step's title, goal,
 * key messages, call to action and timing); a copy text is what the customer reads (subject,
 * preheader, body, button, SMS).
 */

export type Field = "trigger" | "exit" | "overview" | "notes" | "title" | "goal" | "keyMessages" | "planCta" | "timing" | "subject" | "preheader" | "body" | "button" | "sms";

export interface TextUnit {
  where: string;
  field: Field;
  kind: "plan" | "copy";
  stepNumber: number | null;
  text: string;
}

export function planTexts(flow: FlowOutput): TextUnit[] {
  const plan = flow.plan;
  if (!plan) return [];
  const unit = (where: string, field: Field, text: string, stepNumber: number | null = null): TextUnit => ({ where, field, kind: "plan", stepNumber, text });
  const units = [unit("trigger", "trigger", plan.trigger), ...plan.exitRules.map((rule, i) => unit(`exit rule ${i + 1}`, "exit", rule))];
  units.push(unit("overview", "overview", plan.overview), unit("notes", "notes", plan.notes));
  for (const step of plan.steps) {
    const at = `step ${step.stepNumber}`;
    units.push(
      unit(`${at} title`, "title", step.title, step.stepNumber),
      unit(`${at} goal`, "goal", step.primaryGoal, step.stepNumber),
      unit(`${at} key messages`, "keyMessages", step.keyMessages, step.stepNumber),
      unit(`${at} call to action`, "planCta", step.callToAction, step.stepNumber),
      unit(`${at} timing`, "timing", step.timingText, step.stepNumber),
    );
  }
  return units.filter((u) => u.text.trim() !== "");
}

export function copyTexts(flow: FlowOutput): TextUnit[] {
  return flow.copy.flatMap(copyUnits);
}

export function copyUnits(copy: StepCopy): TextUnit[] {
  const at = `step ${copy.stepNumber}`;
  const unit = (label: string, field: Field, text: string): TextUnit => ({ where: `${at} ${label}`, field, kind: "copy", stepNumber: copy.stepNumber, text });
  const units =
    copy.stepType === "SMS"
      ? [unit("SMS", "sms", copy.sms)]
      : [
          unit("subject", "subject", copy.subject),
          unit("preheader", "preheader", copy.preheader),
          unit("body", "body", copy.bodyText),
          unit("button", "button", copy.callToAction),
        ];
  return units.filter((u) => u.text.trim() !== "");
}

export function allTexts(flow: FlowOutput): TextUnit[] {
  return [...planTexts(flow), ...copyTexts(flow)];
}

// ---------------------------------------------------------------------------------------------
// Matching

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A whole word or phrase, case-insensitive: not inside a longer word (a term that starts or ends
 * with a sign, like "% off", is bounded only on its word side). Spaces in the term match any run of
 * white space; `plural` also takes a trailing s or es.
 */
export function termPattern(term: string, options: { plural?: boolean; flags?: string } = {}): RegExp {
  const key = `${term}\u0000${options.plural ?? false}\u0000${options.flags ?? "giu"}`;
  let pattern = PATTERNS.get(key);
  if (!pattern) PATTERNS.set(key, (pattern = buildTermPattern(term, options)));
  pattern.lastIndex = 0;
  return pattern;
}

const PATTERNS = new Map<string, RegExp>();

function buildTermPattern(term: string, options: { plural?: boolean; flags?: string }): RegExp {
  const clean = term.trim();
  const body = clean.split(/\s+/).map(escapeRegExp).join("\\s+");
  const before = /^[\p{L}\p{N}]/u.test(clean) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = /[\p{L}\p{N}]$/u.test(clean) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${body}${options.plural ? "(?:e?s)?" : ""}${after}`, options.flags ?? "giu");
}

export function hasTerm(text: string, term: string, options: { plural?: boolean } = {}): boolean {
  return termPattern(term, { ...options, flags: "iu" }).test(text);
}

/** The words around a match, on one line: "…told us the treatment was painless, and…". */
export function snippet(text: string, index: number, length: number, around = 40): string {
  const start = Math.max(0, index - around);
  const end = Math.min(text.length, index + length + around);
  const clip = text.slice(start, end).replace(/\s*\n+\s*/g, " / ");
  return `${start > 0 ? "…" : ""}${clip}${end < text.length ? "…" : ""}`;
}

/** A short form of a whole text for a report line. */
export function clip(text: string, max = 120): string {
  const flat = text.replace(/\s*\n+\s*/g, " / ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Lower case without accents, for comparisons that must not care about either. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Merge tags ({{ … }}, {% … %}), marked placeholders ([…]) and URLs, which no wording rule reads. */
export function withoutMarkup(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}|\{%[^%]*%\}/g, " ")
    .replace(/\[[^\]\n]{1,80}\]/g, " ")
    .replace(/\bhttps?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:example|com|co\.uk|io|app|org|net|ie|au|ca|de|eu)\b(?:\/\S*)?/gi, " ");
}

export const EMOJI = /\p{Extended_Pictographic}/u;
