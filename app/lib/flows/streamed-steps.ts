import { z } from "zod";

import { STEP_TYPES } from "~/lib/flow-types";
import { FLOW_LIMITS } from "~/lib/flows/types";
import { createJsonStreamReader, type JsonPath } from "~/lib/json-stream";

/**
 * The steps of a flow a model is still writing, as the screen shows them while it waits
 * (decision 135): each one as soon as the model has written it whole. They are a preview, never
 * stored as a version; the answer is judged whole when it has arrived.
 */

/** The most steps a preview keeps (a flow has at most 8; a runaway answer is cut here). */
export const MAX_STREAMED_STEPS = 20;

const clipped = (max: number) =>
  z
    .string()
    .transform((value) => value.trim().slice(0, max))
    .catch("");

/** What a preview shows of a step: lenient, since the answer is checked whole later. */
export const streamedStepSchema = z.object({
  stepType: z.enum(STEP_TYPES),
  title: clipped(FLOW_LIMITS.title).pipe(z.string().min(1)),
  timingText: clipped(200),
  primaryGoal: clipped(FLOW_LIMITS.primaryGoal),
});
export type StreamedStep = z.infer<typeof streamedStepSchema>;

/** Where the steps are in each answer: a plan's `touchpoints`, a regeneration's `flow.touchpoints`. */
export const STEPS_PATH = { plan: ["touchpoints"], regenerate: ["flow", "touchpoints"] } as const satisfies Record<string, JsonPath>;

/** Properties a streamed answer is asked to write first, so its steps arrive before its prose. */
export const STEPS_FIRST = ["flow", "touchpoints"] as const;

function isStepPath(path: JsonPath, at: JsonPath) {
  return path.length === at.length + 1 && typeof path[at.length] === "number" && at.every((key, index) => path[index] === key);
}

/**
 * Reads an answer's text as it arrives and calls `onSteps` with every step so far each time one
 * more is complete. `begin` starts over (a repair writes the answer again).
 */
export function streamedStepsReader(at: JsonPath, onSteps: (steps: StreamedStep[], attempt: number) => void) {
  let steps: StreamedStep[] = [];
  let attempt = 0;
  const start = () =>
    createJsonStreamReader((path, value) => {
      if (!isStepPath(path, at) || steps.length >= MAX_STREAMED_STEPS) return;
      const step = streamedStepSchema.safeParse(value);
      if (!step.success) return;
      steps = [...steps, step.data];
      onSteps(steps, attempt);
    });
  let reader = start();
  return {
    begin() {
      attempt += 1;
      steps = [];
      reader = start();
      onSteps(steps, attempt);
    },
    text(piece: string) {
      reader.write(piece);
    },
  };
}
