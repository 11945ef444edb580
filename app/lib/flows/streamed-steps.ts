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

/** What the screen shows of a step, in the order the model is asked to write them. */
const SHOWN_FIELDS = ["stepType", "title", "timingText", "primaryGoal"] as const;

/**
 * Properties a streamed answer is asked to write first, wherever they appear: the steps before
 * the prose, and in each step what the screen shows before the rest, so a step is on screen once
 * its kind, title and timing are written.
 */
export const STEPS_FIRST = ["flow", "touchpoints", ...SHOWN_FIELDS] as const;

/** Where a path is: a step (`[...at, i]`), a field of one (`[...at, i, key]`), or neither. */
function stepPlace(path: JsonPath, at: JsonPath): { index: number; key: string | null } | null {
  if (path.length < at.length + 1 || path.length > at.length + 2) return null;
  if (!at.every((key, index) => path[index] === key)) return null;
  const index = path[at.length];
  if (typeof index !== "number") return null;
  const key = path[at.length + 1];
  return { index, key: typeof key === "string" ? key : null };
}

/**
 * Reads an answer's text as it arrives and calls `onSteps` with every step so far each time one
 * more is on screen or a shown one gains its goal. A step is shown once its kind, title and timing
 * are written (or it is whole). `begin` starts over (a repair writes the answer again).
 */
export function streamedStepsReader(at: JsonPath, onSteps: (steps: StreamedStep[], attempt: number) => void) {
  let partial: Array<Record<string, unknown>> = [];
  let shown: StreamedStep[] = [];
  let attempt = 0;
  const publish = () => {
    const next: StreamedStep[] = [];
    for (const fields of partial.slice(0, MAX_STREAMED_STEPS)) {
      if (!fields || !("timingText" in fields || fields.whole)) break;
      const step = streamedStepSchema.safeParse(fields);
      if (!step.success) break;
      next.push(step.data);
    }
    if (JSON.stringify(next) === JSON.stringify(shown)) return;
    shown = next;
    onSteps(shown, attempt);
  };
  const start = () =>
    createJsonStreamReader((path, value) => {
      const place = stepPlace(path, at);
      if (!place || place.index >= MAX_STREAMED_STEPS) return;
      const fields = (partial[place.index] ??= {});
      if (place.key === null) {
        if (value && typeof value === "object") Object.assign(fields, value, { whole: true });
      } else if ((SHOWN_FIELDS as readonly string[]).includes(place.key)) {
        fields[place.key] = value;
      } else {
        return;
      }
      publish();
    });
  let reader = start();
  return {
    begin() {
      attempt += 1;
      partial = [];
      shown = [];
      reader = start();
      onSteps(shown, attempt);
    },
    text(piece: string) {
      reader.write(piece);
    },
  };
}
