import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { answersConflict } from "~/lib/flows/feedback/conflicts";
import type { Intent } from "~/lib/flows/feedback/intents";
import { addBriefLine, bullets, claim, countLimits, describe, flowLabel, type Handler, joinBullets, plural, refuse, resolve, targetWords } from "~/lib/flows/feedback/steps";
import type { DraftTouchpoint } from "~/lib/flows/rules";

/**
 * Removal and negation: a step the note names goes ("remove the trial ending email", "drop step
 * 3"); a thing it says no to ("there is no trial", "we don't sell supplements", "take out the
 * countdown stuff") leaves every line of the brief that names it, and each step is briefed never
 * to say it. Urgency words stand for the whole family (countdowns, "only 3 days left", last chance).
 */

type Remove = Extract<Intent, { kind: "remove" }>;

const URGENCY =
  /\b(?:countdown|urgen\w*|deadlines?|scarcity|fomo|last chance|days? left|hours? left|hurry|ends? (?:soon|tonight|today|tomorrow)|only \d+ (?:left|days?|hours?))\b/i;

/** Whether a line speaks of the thing: every word of it, or the urgency family for urgency words. */
export function namesThing(line: string, thing: string): boolean {
  if (URGENCY.test(thing)) return URGENCY.test(line);
  const words = thing
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 2 && !/^(?:fake|getting|any|the|and|our)$/.test(w));
  const text = line.toLowerCase();
  return words.length > 0 && words.every((word) => text.includes(word.replace(/s$/, "")));
}

function removeStep(state: Parameters<Handler>[0], intent: Remove, context: Parameters<Handler>[2]): void {
  const [index] = resolve(intent.target!, state.list);
  const { min } = countLimits(context.flowType);
  if (index === undefined) return refuse(state, "remove", `found no ${targetWords(intent.target!).replace(/^(?:the|a|every|one) /, "")} to remove`);
  const named = describe(state.list, index);
  if (state.list.length <= min) return refuse(state, "remove", `kept step ${index + 1}: ${flowLabel(context.flowType)} needs at least ${min} steps, so ${named} stays`);
  const title = state.list[index]!.title;
  state.list.splice(index, 1);
  claim(state, "remove", `removed step ${index + 1}, ${named}`, (list) => !list.some((tp) => tp.title === title));
}

function withoutThing(tp: DraftTouchpoint, thing: string, ruledOut: boolean): DraftTouchpoint {
  const kept = bullets(tp.keyMessages).filter((line) => !namesThing(line, thing));
  const title = URGENCY.test(thing) ? tp.title.replace(/^last chance:\s*/i, "").replace(/^./, (c) => c.toUpperCase()) : tp.title;
  return { ...tp, title, keyMessages: ruledOut ? joinBullets(kept) : addBriefLine(joinBullets(kept), BRIEF_LINE.avoid(thing)) };
}

/** No line of the brief names the thing (its own "Never say" line aside). */
function unsaid(tp: DraftTouchpoint, thing: string): boolean {
  return !bullets(tp.keyMessages).some((line) => !line.startsWith("Never say:") && namesThing(line, thing));
}

function removeThing(state: Parameters<Handler>[0], intent: Remove, context: Parameters<Handler>[2]): void {
  const thing = intent.what!;
  // A thing the answers already rule out (a word never used, a service not offered) is kept out of every line by the brand rules.
  const ruledOut = answersConflict(thing, context.facts, { figures: false }) !== null;
  const indices = intent.target ? resolve(intent.target, state.list) : state.list.map((_, i) => i);
  const touched = indices.filter((i) => bullets(state.list[i]!.keyMessages).some((line) => namesThing(line, thing) && !line.startsWith("Never say:"))).length;
  for (const i of indices) state.list[i] = withoutThing(state.list[i]!, thing, ruledOut);
  const titles = indices.map((i) => state.list[i]!).filter((tp) => namesThing(tp.title, thing));
  const where = indices.length === state.list.length ? "every step" : plural(indices.length, "step");
  const asked = ruledOut ? "your answers already keep it out of the copy" : `the copy for ${where} is briefed never to say it`;
  const words = touched ? `took the lines about "${thing}" out of ${plural(touched, "step")}; ${asked}` : `checked that no step's brief says "${thing}"; ${asked}`;
  claim(state, "remove", words, (list) => list.every((tp) => unsaid(tp, thing)));
  for (const tp of titles) state.todo.push(`The title "${tp.title}" still names "${thing}": rename it in Edit Touchpoint.`);
}

export const handleRemove: Handler<Remove> = (state, intent, context) => {
  if (intent.target && !intent.what) return removeStep(state, intent, context);
  if (intent.what) return removeThing(state, intent, context);
};
