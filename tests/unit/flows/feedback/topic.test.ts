import { describe, expect, it } from "vitest";

import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { namedEarlier } from "~/lib/flows/feedback/intents";

import { BAKERY, regenerate } from "./fixtures";

describe("topic", () => {
  it("makes the named email about the topic: title, goal and a Topic line for the writer", () => {
    const { draft, before } = regenerate("lead_nurture", "the third email should be about our injury clinic evenings");
    const thirdIndex = before.touchpoints.map((tp, i) => ({ tp, i })).filter(({ tp }) => tp.stepType === "Email")[2]!.i;
    const third = draft.touchpoints[thirdIndex]!;
    expect(third.keyMessages).toContain(BRIEF_LINE.topic("our injury clinic evenings"));
    expect(third.title).toBe("Injury clinic evenings");
    draft.touchpoints.forEach((tp, i) => i !== thirdIndex && expect(tp.title).toBe(before.touchpoints[i]!.title));
  });

  it("makes no step about something the answers say the business doesn't do", () => {
    const { explanation, outcome } = regenerate("onboarding", "make the second email about delivery times", BAKERY);
    expect(outcome.acted).toBe(false);
    expect(explanation).toContain("your answers say you don't do or offer");
  });
});

describe("a topic named earlier in the note", () => {
  it("keeps the note's fuller words: 'the upload' after 'the prescription upload'", () => {
    expect(namedEarlier("finishing the upload", "most got stuck at the prescription upload, make the reminders about finishing the upload")).toBe(
      "finishing the prescription upload",
    );
    expect(namedEarlier("the Bread Club", "the second email should be about the Bread Club")).toBe("the Bread Club");
  });
});
