import { hasTerm } from "../texts";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `goal`: the lead nurture drives to the owner's stated goal. The goal's content words are read
 * from `expect.goal` ("book a free consultation & patch test" → "consultation", "patch test");
 * an email names the goal when its button or body holds one of them (a phrase's last word is
 * enough, unless that word says little alone: "test drive" needs "test"). At least half the
 * emails, and the first, must name it.
 */

const GOAL_STOP = new Set(
  "a an the and or your my our their first free new even just then for to of in on with at by book buy start get join request download create apply register sign up upload take try claim make place".split(
    " ",
  ),
);
/** Last words that name nothing alone: the word before them carries the goal. */
const WEAK_HEADS = new Set(["day", "drive", "test", "offer", "box"]);

/** The goal's phrases of content words: "Start a monthly plan (or buy a gift plan)" → ["monthly plan", "gift plan"]. */
export function goalPhrases(goal: string): string[] {
  const tokens = goal.toLowerCase().match(/[\p{L}\d][\p{L}\d'’-]*|[^\s\p{L}\d]+/gu) ?? [];
  const phrases: string[][] = [[]];
  for (const token of tokens) {
    const content = /\p{L}/u.test(token) && !/\d/.test(token) && !GOAL_STOP.has(token);
    if (content) phrases[phrases.length - 1]!.push(token);
    else if (phrases[phrases.length - 1]!.length) phrases.push([]);
  }
  const found = phrases.filter((p) => p.length).map((p) => p.join(" "));
  return found.length ? found : (goal.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2);
}

/** The words that show a text names the phrase: the phrase itself, its last word, or the word before a weak last word. */
export function goalKeys(goal: string): string[] {
  return goalPhrases(goal).flatMap((phrase) => {
    const words = phrase.split(" ");
    const head = words[words.length - 1]!;
    if (words.length === 1) return [phrase];
    return [phrase, WEAK_HEADS.has(head) ? words[words.length - 2]! : head];
  });
}

export function namesGoal(text: string, keys: readonly string[]): boolean {
  return keys.some((key) => hasTerm(text, key, { plural: true }) || (key.includes("-") && hasTerm(text, key.replace(/-/g, " "), { plural: true })));
}

export function checkGoal(output: BusinessOutput): Finding[] {
  const flow = output.flows.find((f) => f.flowType === "lead_nurture");
  if (!flow?.plan) return [];
  const keys = goalKeys(output.business.expect.goal);
  const emails = flow.plan.steps
    .filter((step) => step.stepType === "Email")
    .map((step) => {
      const copy = flow.copy.find((c) => c.stepNumber === step.stepNumber);
      const texts = copy ? [step.callToAction, copy.callToAction, copy.bodyText] : [step.callToAction, step.keyMessages];
      return { step: step.stepNumber, cta: copy?.callToAction || step.callToAction, named: texts.some((text) => namesGoal(text, keys)) };
    });
  if (emails.length === 0) return [];
  const named = emails.filter((e) => e.named).length;
  const problems: string[] = [];
  if (!emails[0]!.named) problems.push("the first email does not name it");
  if (named * 2 < emails.length) problems.push(`only ${named} of ${emails.length} emails name it`);
  if (problems.length === 0) return [];
  const ctas = emails.map((e) => `${e.step}: ${e.cta}`).join(" | ");
  return [finding("goal", "lead_nurture", "calls to action and bodies", `the goal "${output.business.expect.goal}" (${keys.join(", ")}): ${problems.join("; ")}`, ctas)];
}
