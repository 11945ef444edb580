import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { STEPS_PATH, type StreamedStep, streamedStepsReader } from "~/lib/flows/streamed-steps";

const STEPS = [
  {
    stepType: "Email",
    title: "Welcome to Ledgerly",
    timingText: "Right after sign-up",
    primaryGoal: "Say hello",
    keyMessages: "Who we are",
    callToAction: "Open the app",
    offsetMinutes: 0,
  },
  { stepType: "SMS", title: "Your first close", timingText: "2 days later", primaryGoal: "First use", keyMessages: "How to start", callToAction: "Start", offsetMinutes: 2880 },
];
/** A plan as a model writes it when asked for the shown fields first. */
const ANSWER = JSON.stringify({ touchpoints: STEPS, flowOverview: "Ledgerly onboarding.", trigger: "Sign-up" });

function read(pieces: string[]) {
  const calls: Array<{ steps: StreamedStep[]; attempt: number }> = [];
  const reader = streamedStepsReader(STEPS_PATH.plan, (steps, attempt) => calls.push({ steps, attempt }));
  reader.begin();
  for (const piece of pieces) reader.text(piece);
  return calls;
}

describe("the steps of a streamed answer", () => {
  it("shows a step once its kind, title and timing are written, before the rest of it", () => {
    const cut = ANSWER.indexOf('"primaryGoal"');
    const calls = read([ANSWER.slice(0, cut)]);
    expect(calls.at(-1)?.steps).toEqual([{ stepType: "Email", title: "Welcome to Ledgerly", timingText: "Right after sign-up", primaryGoal: "" }]);
  });

  it("ends with every step whole, in order, and starts over on a new attempt", () => {
    const calls = read([ANSWER]);
    expect(calls.at(-1)?.steps.map((step) => step.title)).toEqual(STEPS.map((step) => step.title));
    expect(calls.at(-1)?.steps[1]).toMatchObject({ stepType: "SMS", primaryGoal: "First use" });
    const reader = streamedStepsReader(STEPS_PATH.plan, (steps, attempt) => calls.push({ steps, attempt }));
    reader.begin();
    reader.text(ANSWER);
    reader.begin();
    expect(calls.at(-1)).toEqual({ steps: [], attempt: 2 });
  });

  it("skips nothing and reports no step a model has not written, however the answer is cut", () => {
    const whole = read([ANSWER]).at(-1)!.steps;
    fc.assert(
      fc.property(fc.array(fc.nat(ANSWER.length), { maxLength: 30 }), (at) => {
        const points = [...new Set(at)].sort((a, b) => a - b);
        const pieces = [0, ...points].map((from, index) => ANSWER.slice(from, points[index] ?? ANSWER.length));
        const calls = read(pieces);
        expect(calls.at(-1)!.steps).toEqual(whole);
        // Each report is a prefix of the final steps (a shown step only ever gains its goal).
        for (const { steps } of calls) {
          steps.forEach((step, index) => {
            expect(step.title).toBe(whole[index]!.title);
            expect([whole[index]!.primaryGoal, ""]).toContain(step.primaryGoal);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reads a regeneration's steps under flow", () => {
    const calls: StreamedStep[][] = [];
    const reader = streamedStepsReader(STEPS_PATH.regenerate, (steps) => calls.push(steps));
    reader.begin();
    reader.text(JSON.stringify({ flow: { touchpoints: STEPS }, explanation: "Shorter." }));
    expect(calls.at(-1)?.map((step) => step.title)).toEqual(STEPS.map((step) => step.title));
  });
});
