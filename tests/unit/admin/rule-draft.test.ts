import { describe, expect, it } from "vitest";

import { RULE_TEXT_FIELDS, ruleStepTiming } from "~/lib/admin/flow-rule-fields";
import { draftFromRule, inputFromDraft, type RuleLike } from "~/lib/admin/rule-draft";

const texts = { title: "Welcome", primaryGoal: "Greet", keyMessages: "Hello", callToAction: "Shop", notes: "" };

function rule(steps: RuleLike["steps"]): RuleLike {
  return {
    flowName: "Welcome",
    flowType: null,
    businessType: "All",
    communicationChannels: "Email only",
    purchaseDecisionTimeline: "All",
    serviceFrequency: "All",
    upsellOpportunity: "All",
    trigger: "Signs up",
    exitRules: null,
    notes: "",
    steps,
  };
}

describe("a stored rule step's timing", () => {
  it("is its own timing when it has one, whatever its days say", () => {
    expect(ruleStepTiming({ timing: { type: "offset", minutes: 90 }, delayDays: 4 })).toEqual({ type: "offset", minutes: 90 });
  });

  it("is its whole days after the trigger when it has none", () => {
    expect(ruleStepTiming({ timing: null, delayDays: 3 })).toEqual({ type: "offset", minutes: 3 * 24 * 60 });
    expect(ruleStepTiming({ delayDays: 0 })).toEqual({ type: "immediate" });
  });

  it("opens in the editor as it reads in the API, and saves back unchanged", () => {
    const draft = draftFromRule(rule([{ ...texts, channel: "Email", timing: null, delayDays: 3 }]));
    expect(draft.steps[0]).toMatchObject({ timingType: "offset", amount: "3", unit: "days" });
    const input = inputFromDraft(draft) as { steps: Array<{ timing: unknown }> };
    expect(input.steps[0].timing).toEqual({ ...ruleStepTiming({ timing: null, delayDays: 3 }), displayText: undefined });
  });
});

describe("the editor's text fields", () => {
  it("are every field of a rule besides its steps, each read from the rule and written to the input", () => {
    const source = rule([{ ...texts, channel: "Email", timing: { type: "immediate" }, delayDays: 0 }]);
    const draft = draftFromRule(source);
    const input = inputFromDraft(draft);
    expect([...RULE_TEXT_FIELDS].sort()).toEqual(
      Object.keys(source)
        .filter((key) => key !== "steps")
        .sort(),
    );
    for (const field of RULE_TEXT_FIELDS) expect(Object.keys(input)).toContain(field);
    expect(input.trigger).toBe("Signs up");
  });
});
