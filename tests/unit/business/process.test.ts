// The owner's own onboarding steps, as the steps that follow where onboarding starts.
import { describe, expect, it } from "vitest";

import { stepsAfter, stepsOf } from "~/lib/business/process";
import { toReader } from "~/lib/content/dated";

describe("the owner's onboarding steps", () => {
  it("splits arrows, numbers and semicolons, and drops an aside", () => {
    expect(stepsOf("Order -> pack; courier next day → arrives. then nothing lol")).toEqual(["Order", "pack", "courier next day", "arrives"]);
    expect(stepsOf("1. Sign up 2. Add your team 3) Publish the first rota")).toEqual(["Sign up", "Add your team", "Publish the first rota"]);
  });

  it("keeps the steps after the one onboarding starts at", () => {
    expect(stepsAfter("Quote accepted → deposit paid → site survey → build week → handover and walk-through", "When the deposit is paid")).toEqual([
      "site survey",
      "build week",
      "handover and walk-through",
    ]);
    expect(stepsAfter("Sign → kickoff call → first report → monthly review", "When the contract is signed")).toEqual(["kickoff call", "first report", "monthly review"]);
    // With no step matching the start, every step is still to come.
    expect(stepsAfter("Welcome pack → fitting → first lesson", "After payment")).toEqual(["Welcome pack", "fitting", "first lesson"]);
  });

  it("gives nothing for two steps or fewer left, or an answer that is not a list", () => {
    expect(stepsAfter("Pay → start", "After payment")).toEqual([]);
    expect(stepsAfter("We send everything you need by email.", "After payment")).toEqual([]);
  });

  it("says a note about the customer to the customer", () => {
    expect(toReader("Who their accountant is and how to reach them")).toBe("Who your accountant is and how to reach you");
    expect(toReader("They're welcome to bring a friend")).toBe("You're welcome to bring a friend");
    expect(toReader("The theme of the night")).toBe("The theme of the night");
  });
});
