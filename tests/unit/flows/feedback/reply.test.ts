import { describe, expect, it } from "vitest";

import { settle } from "~/lib/flows/feedback/apply";
import { replyOf } from "~/lib/flows/feedback/reply";

import { generate, regenerate } from "./fixtures";

describe("the reply", () => {
  it("never claims a change the flow does not show", () => {
    const steps = generate("upsell").touchpoints;
    const outcome = settle({ changes: [{ kind: "tone", words: "made it formal", shows: () => false }], refused: [], todo: [] }, steps, steps);
    expect(outcome.changes).toEqual([]);
    expect(outcome.refused[0]!.words).toContain("could not keep this change: made it formal");
    expect(outcome.acted).toBe(false);
  });

  it("names every change made and every one not made, with its reason", () => {
    const { explanation, outcome } = regenerate("lead_nurture", "more formal, and move the last email to right after their 3rd session");
    expect(outcome.changes.map((c) => c.kind)).toEqual(["tone"]);
    expect(outcome.refused.map((r) => r.kind)).toEqual(["move"]);
    expect(explanation).toContain("more formal");
    expect(explanation).toContain("kept the");
  });

  it("asks what a vague note means, and what a thing the answers never mention is, inventing nothing", () => {
    const vague = regenerate("sunset", "make it better");
    expect(vague.outcome.acted).toBe(false);
    expect(vague.explanation).toContain("What would you like different");
    const unknown = regenerate("sunset", "idk, something about the new treatment room?");
    expect(unknown.draft.touchpoints).toEqual(unknown.before.touchpoints);
    expect(unknown.explanation).toContain("Your answers don't mention the new treatment room");
    expect(unknown.explanation).toContain("What is the new treatment room, and what should the flow say about it?");
    // A thing the answers do name is not asked about.
    expect(regenerate("sunset", "something about the clinic?").explanation).not.toContain("don't mention");
  });

  it("says plainly when a note gave nothing to act on", () => {
    const text = replyOf({ outcome: { changes: [], refused: [], todo: [], acted: false }, before: [], shape: "", note: "hmm", read: 0 });
    expect(text).toContain("the flow is unchanged");
    expect(text).toContain("Your note is kept as you wrote it");
  });
});
