import { countSms, emailProblems, plainPunctuation, SMS_OPT_OUT, smsBrand, smsProblems, visibleLength } from "~/lib/content/rules";
import { CALL_TO_ACTION_MAX, PREHEADER_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import type { ModelFlow, ModelTouchpoint } from "~/lib/content/schema";
import type { FlowType } from "~/lib/flow-types";
import { applyFlowRules, type FlowDraft, type RuleContext, TOUCHPOINT_COUNT } from "~/lib/flows/rules";
import type { ContentRequest } from "~/services/ai/provider.server";
import { withoutNotedRules } from "~/services/ai/prompt.server";
import type { Problem } from "~/services/ai/repair.server";
import { spaceSends } from "~/lib/flows/spacing";

/**
 * What is mended in a model's answer before it is judged (decision 128), and every rule it is then
 * judged by. Only fixes whose result says what the model meant: a subject, preheader or button cut
 * at a word boundary to its limit, the SMS opt-out said exactly once at the end, the brand before
 * an SMS, the trigger and exit-rules lines the notes get anyway, a step that repeats an earlier one
 * when the flow has too many, steps put in the order of their own times and sends from the trigger
 * spaced an hour apart (lib/flows/spacing.ts, as the offline planner does). Anything else is a
 * problem for the one repair.
 */

// ---------------------------------------------------------------------------------------------
// Plans

function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when the step says what an earlier one said: the same title, or the same channel and brief. */
function repeatsEarlier(steps: FlowDraft["touchpoints"], index: number): boolean {
  const step = steps[index]!;
  return steps.slice(0, index).some((other) => key(other.title) === key(step.title) || (other.stepType === step.stepType && key(other.keyMessages) === key(step.keyMessages)));
}

/** A plan with its safe fixes made. */
export function fixPlan(draft: FlowDraft, flowType: FlowType): FlowDraft {
  const seen = new Set<string>();
  const exitRules = draft.exitRules.filter((rule) => {
    const k = key(rule);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const notes = [...new Set(withoutNotedRules(draft.notes).split("\n"))].join("\n").trim();
  // The model's own times order the steps (a stable sort keeps its order among equal times), and
  // two sends from the trigger are an hour apart, as the offline planner spaces them.
  let touchpoints = spaceSends(draft.touchpoints);
  const { max } = TOUCHPOINT_COUNT[flowType];
  while (touchpoints.length > max) {
    const index = touchpoints.findIndex((_tp, i) => repeatsEarlier(touchpoints, i));
    if (index === -1) break;
    touchpoints = touchpoints.filter((_tp, i) => i !== index);
  }
  return { ...draft, exitRules, notes, touchpoints };
}

/** The product rules' refusals of a plan (step counts, order, first-touch window, channels, sunset window). */
export function planRuleProblems(draft: FlowDraft, context: RuleContext): Problem[] {
  const result = applyFlowRules(draft, context);
  return result.ok ? [] : result.problems.map((message) => ({ where: "flow rules", message }));
}

// ---------------------------------------------------------------------------------------------
// Written content

/** Words a cut line must not end on ("Book your", "Tea for the"). */
const DANGLING = /\s+(?:a|an|the|and|or|but|to|of|for|with|your|our|my|in|on|at|by|from|&|-|–|—)$/i;

/**
 * The text cut to `max` characters at a word boundary (at the last clause's end where that keeps
 * a third), without a dangling word or comma; null when no word boundary falls in its second half (a cut
 * mid-word is never made).
 */
export function trimAtWord(text: string, max: number): string | null {
  const clean = text.replace(/\s+/g, " ").trim();
  if (visibleLength(clean) <= max) return clean;
  const chars = Array.from(clean);
  const head = chars.slice(0, max + 1).join("");
  const space = head.lastIndexOf(" ");
  if (space < max / 2) return null;
  let cut = head.slice(0, space).replace(/[\s,;:(\-–—]+$/u, "");
  // A whole clause reads better than a clause cut short: end at the last comma or dash when that keeps a third.
  const clause = Math.max(cut.lastIndexOf(", "), cut.lastIndexOf(" - "), cut.lastIndexOf(" – "), cut.lastIndexOf(" — "), cut.lastIndexOf("; "));
  if (clause >= max / 3) cut = cut.slice(0, clause);
  while (DANGLING.test(cut)) cut = cut.replace(DANGLING, "").replace(/[\s,;:(\-–—]+$/u, "");
  return cut && visibleLength(cut) >= max / 3 ? cut : null;
}

const OPT_OUT_ANYWHERE = /[\s,;:–—-]*reply stop to opt[ -]?out[\s.!,;]*/gi;

/** The SMS with plain punctuation, the brand first and the opt-out exactly once at its end, where that fits. */
export function fixSms(text: string, companyName: string): string {
  const fits = (candidate: string) => countSms(candidate).characters <= countSms(candidate).limit;
  let sms = plainPunctuation(text).replace(/\s+/g, " ").trim();
  const body = sms.replace(OPT_OUT_ANYWHERE, " ").replace(/\s+/g, " ").trim();
  const ended = body && !/[.!?]$/.test(body) ? `${body}.` : body;
  const withOptOut = ended ? `${ended} ${SMS_OPT_OUT}` : SMS_OPT_OUT;
  if (fits(withOptOut) || visibleLength(withOptOut) <= visibleLength(sms)) sms = withOptOut;
  const brand = smsBrand(companyName);
  if (brand && !sms.startsWith(brand) && fits(`${brand}: ${sms}`)) sms = `${brand}: ${sms}`;
  return sms;
}

function trimmed(value: string | null, max: number): string | null {
  if (value === null) return null;
  return trimAtWord(value, max) ?? value;
}

/** Written content with its safe fixes made, each field of the channel its step has. */
export function fixWritten(answer: ModelFlow, request: ContentRequest): ModelFlow {
  const channel = new Map(request.touchpoints.map((tp) => [tp.id, tp.stepType]));
  return {
    touchpoints: answer.touchpoints.map((item): ModelTouchpoint => {
      if (channel.get(item.touchpointId) === "SMS") return item.sms === null ? item : { ...item, sms: fixSms(item.sms, request.companyName) };
      return {
        ...item,
        subject: trimmed(item.subject, SUBJECT_MAX),
        preheader: trimmed(item.preheader, PREHEADER_MAX),
        callToAction: trimmed(item.callToAction, CALL_TO_ACTION_MAX),
      };
    }),
  };
}

const FIELD_NAMES: Readonly<Record<string, string>> = { subject: "subject", preheader: "preheader", bodyText: "body", callToAction: "button", sms: "sms" };

/** The content rules' refusals (lib/content/rules.ts): a missing step, an empty or long field, an SMS that breaks the SMS rules. */
export function writtenRuleProblems(answer: ModelFlow, request: ContentRequest): Problem[] {
  const byId = new Map(answer.touchpoints.map((item) => [item.touchpointId, item]));
  const problems: Problem[] = [];
  for (const tp of request.touchpoints) {
    const where = `touchpoint ${tp.stepNumber}`;
    const item = byId.get(tp.id);
    if (!item) {
      problems.push({ where, message: `No copy for touchpointId ${tp.id} (${tp.stepType}): write it.` });
      continue;
    }
    const found =
      tp.stepType === "SMS"
        ? smsProblems((item.sms ?? "").trim(), request.companyName)
        : emailProblems({
            subject: item.subject ?? "",
            preheader: item.preheader ?? "",
            bodyText: item.bodyText ?? "",
            callToAction: item.callToAction ?? "",
            // The link is added by the server, never by the model.
            buttonUrl: "[Link: added by Flowmap]",
          });
    for (const [field, message] of Object.entries(found)) {
      const value = (item[field as keyof ModelTouchpoint] ?? "").trim();
      const measured = value && /longer than/.test(message) ? ` It is ${visibleLength(value)}.` : "";
      problems.push({ where: `${where} ${FIELD_NAMES[field] ?? field}`, message: `${message}${measured}` });
    }
  }
  return problems;
}
