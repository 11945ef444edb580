import type { z } from "zod";

import type { JsonRequest, Judgement, OpenAiClient } from "~/services/ai/openai-client.server";
import { ProviderError } from "~/services/ai/provider.server";

/**
 * A model's answer held to every rule it will meet, with one repair (decision 128):
 * 1. safe mechanical fixes first (the caller's `fix`: a subject trimmed at a word boundary, the SMS
 *    opt-out once, duplicate notes lines…), so nothing a machine can mend is sent back;
 * 2. every problem left — the answer's shape, the product rules (step counts, timing windows,
 *    channels), the content limits and SMS rules, the copy checker's findings — goes back in one
 *    repair request that names them all;
 * 3. an answer that still has problems after that is refused (a ProviderError, which the flows and
 *    content services turn into the usual 502; nothing is stored).
 * Transport faults (timeout, 5xx, refusal, text that is not JSON) are not repaired: they are the
 * client's ProviderErrors as they come.
 */

/** One thing wrong with an answer, in a sentence a model can act on (a copy checker Finding is one). */
export interface Problem {
  /** Where: "step 3", "touchpoint 2 subject", "touchpoints.1.title". */
  where: string;
  message: string;
}

export interface AnswerChecks<T> {
  /** Safe mechanical fixes, made before the answer is judged (and kept when it passes). */
  fix?: (answer: T) => T;
  /** Every problem left in the fixed answer. */
  check: (answer: T) => Problem[];
}

function shapeProblems(error: z.ZodError): Problem[] {
  return error.issues.slice(0, 20).map((issue) => ({ where: issue.path.length ? issue.path.join(".") : "the answer", message: issue.message }));
}

/** The problems as lines a model can act on in its one repair. */
export function describeProblems(problems: readonly Problem[]): string {
  return problems.map((problem) => `- ${problem.where}: ${problem.message}`).join("\n");
}

export async function completeChecked<S extends z.ZodType>(
  client: OpenAiClient,
  request: JsonRequest<S>,
  checks: AnswerChecks<z.infer<S>> | ((answer: z.infer<S>) => Problem[]),
): Promise<z.infer<S>> {
  const { fix, check } = typeof checks === "function" ? { fix: undefined, check: checks } : checks;
  // Shape, safe fixes and every rule, judged on the raw answer: a shape fault is a problem to repair, not a throw.
  const judge = (raw: unknown): Judgement<z.infer<S>> => {
    const parsed = request.schema.safeParse(raw);
    if (!parsed.success) return { answer: null, problems: shapeProblems(parsed.error) };
    const answer = fix ? fix(parsed.data as z.infer<S>) : (parsed.data as z.infer<S>);
    return { answer, problems: check(answer) };
  };

  // The client logs each call and counts the request as accepted, repaired or refused (model-calls.server.ts).
  const first = await client.checked(request, judge);
  if (!first.problems.length) return first.answer as z.infer<S>;
  const repair = [
    request.user,
    `Your previous answer (JSON): ${JSON.stringify(first.raw)}`,
    "It breaks these rules. Fix every one, keep everything else, and answer again in full, in the same schema:",
    describeProblems(first.problems),
  ].join("\n\n");
  const second = await client.checked({ ...request, user: repair }, judge, first);
  if (!second.problems.length) return second.answer as z.infer<S>;
  throw new ProviderError(
    `The model's answer still breaks the rules after one repair: ${second.problems
      .slice(0, 3)
      .map((p) => `${p.where}: ${p.message}`)
      .join(" ")}`,
  );
}
