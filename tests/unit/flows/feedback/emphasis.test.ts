import { describe, expect, it } from "vitest";

import { askedQuestion } from "~/lib/content/asks";

import { PHYSIO, regenerate } from "./fixtures";

describe("emphasis", () => {
  it("leads with what the note asks, and takes the discount out of that step", () => {
    const { draft, explanation } = regenerate("lead_nurture", "open with the free second session promise, not a discount");
    expect(draft.touchpoints[0]!.keyMessages).toContain("Lead with: the free second session promise");
    expect(draft.touchpoints[0]!.keyMessages.replace("Never say: STRIDE15", "")).not.toMatch(/STRIDE15|£15 off/);
    expect(explanation).toContain("lead with the free second session promise");
  });

  it("mentions a fact the answers give in every email", () => {
    const { draft } = regenerate("onboarding", "remind people about the free parking behind the clinic in each email");
    for (const tp of draft.touchpoints.filter((t) => t.stepType === "Email")) expect(tp.keyMessages).toContain("Mention: the free parking behind the clinic");
  });

  it("adds no figure the answers never give", () => {
    const { outcome, explanation } = regenerate("lead_nurture", "mention that 95% of patients are pain-free in 3 weeks in every email");
    expect(outcome.acted).toBe(false);
    expect(explanation).toContain('your answers give no "95%"');
  });
});

describe("a question the note asks the copy to put", () => {
  it("is asked of the reader, never written as an instruction", () => {
    expect(askedQuestion("ask whether they got stuck at module 3 (formulas)")).toBe("Did you get stuck at module 3 (formulas)?");
    expect(askedQuestion("ask if they are still training for the marathon")).toBe("Are you still training for the marathon?");
    expect(askedQuestion("the free parking")).toBe("");
  });

  it("about being stuck, comes with where the owner says help is", () => {
    const course = { ...PHYSIO, keyUserKnowledgeElements: "download the workbook first, where to ask questions (members forum), the monthly live Q&A dates" };
    const { draft, explanation } = regenerate("sunset", "before we drop them, ask if they got stuck at the second module", course);
    const asked = draft.touchpoints.find((tp) => tp.keyMessages.includes("Mention: ask whether they got stuck at the second module"))!;
    expect(asked.keyMessages).toContain("Mention: where to ask questions (members forum)");
    expect(explanation).toContain("with where your answers say help is (where to ask questions (members forum)");
  });
});
