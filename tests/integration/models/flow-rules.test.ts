import { describe, expect, it } from "vitest";

import {
  countFlowRules,
  createFlowRule,
  deleteFlowRule,
  type FlowStep,
  getFlowRule,
  getFlowRuleByFlowType,
  insertFlowRuleIfMissing,
  listFlowRules,
  listFlowRulesByFlowType,
  updateFlowRule,
} from "~/models/flow-rule.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const step: FlowStep = {
  stepNumber: 1,
  channel: "Email",
  title: "Welcome",
  delayDays: 0,
  timing: { type: "immediate" },
  primaryGoal: "Deliver the offer",
  keyMessages: "Thanks for joining",
  callToAction: "Shop now",
  notes: "",
};

describe("flow mappings (admin rules)", () => {
  it("creates, reads, updates, lists, counts and deletes", async () => {
    const rule = await createFlowRule({
      flowName: "Welcome",
      flowType: "onboarding",
      businessType: "eCommerce",
      trigger: "Joins the list",
      exitRules: { exitWhen: ["Places an order"] },
      steps: [step],
    });
    expect(rule).toMatchObject({ flowName: "Welcome", flowType: "onboarding", exitRules: { exitWhen: ["Places an order"] }, steps: [step] });
    expect(rule.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rule).not.toHaveProperty("seedKey");

    // The API's create payload has no flow type.
    const untyped = await createFlowRule({ flowName: "Custom", purchaseDecisionTimeline: "Quick (2-24 hours)", serviceFrequency: "Monthly" });
    expect(untyped.flowType).toBeNull();

    expect(await countFlowRules()).toBe(2);
    expect(await listFlowRules()).toHaveLength(2);
    expect((await getFlowRule(rule.id))?.trigger).toBe("Joins the list");

    const updated = await updateFlowRule(rule.id, { trigger: "Signs up", steps: [step, { ...step, stepNumber: 2, channel: "SMS", title: "Hi" }] });
    expect(updated?.trigger).toBe("Signs up");
    expect(updated?.steps.map((s) => s.channel)).toEqual(["Email", "SMS"]);
    expect(await updateFlowRule("missing", { trigger: "x" })).toBeNull();

    expect(await deleteFlowRule(rule.id)).toBe(true);
    expect(await deleteFlowRule(rule.id)).toBe(false);
    expect(await getFlowRule(rule.id)).toBeNull();
  });

  it("rejects bad input", async () => {
    await expect(createFlowRule({ flowName: "" })).rejects.toThrow(/flowName/);
    // @ts-expect-error: not a flow type
    await expect(createFlowRule({ flowName: "X", flowType: "winback" })).rejects.toThrow(/flowType/);
    // @ts-expect-error: not a channel
    await expect(createFlowRule({ flowName: "X", steps: [{ ...step, channel: "Fax" }] })).rejects.toThrow(/channel/);
    await expect(createFlowRule({ flowName: "X", steps: [{ ...step, timing: { type: "offset", minutes: -5 } }] })).rejects.toThrow();
    expect(await countFlowRules()).toBe(0);
  });

  it("picks the rule for a business type, else the general one", async () => {
    await createFlowRule({ flowName: "General", flowType: "upsell", businessType: "All" });
    await createFlowRule({ flowName: "Retail", flowType: "upsell", businessType: "B2C Service/Retail" });
    expect((await getFlowRuleByFlowType("upsell"))?.flowName).toBe("General");
    expect((await getFlowRuleByFlowType("upsell", { businessType: "B2C Service/Retail" }))?.flowName).toBe("Retail");
    expect((await getFlowRuleByFlowType("upsell", { businessType: "eCommerce" }))?.flowName).toBe("General");
    expect(await getFlowRuleByFlowType("sunset")).toBeNull();
    expect(await listFlowRulesByFlowType("upsell")).toHaveLength(2);
  });

  it("inserts a default rule only when its flow type has none", async () => {
    const seed = { flowName: "Default sunset", flowType: "sunset" as const, steps: [step] };
    expect(await insertFlowRuleIfMissing(seed)).toBe(true);
    expect(await insertFlowRuleIfMissing(seed)).toBe(false);
    const [rule] = await listFlowRulesByFlowType("sunset");
    await updateFlowRule(rule.id, { flowName: "Edited by admin" });
    expect(await insertFlowRuleIfMissing(seed)).toBe(false);
    expect((await getFlowRule(rule.id))?.flowName).toBe("Edited by admin");

    // An admin's own rule for a type counts as present.
    await createFlowRule({ flowName: "Mine", flowType: "upsell" });
    expect(await insertFlowRuleIfMissing({ ...seed, flowType: "upsell" })).toBe(false);

    // Concurrent seeds never duplicate.
    const results = await Promise.all([1, 2, 3].map(() => insertFlowRuleIfMissing({ ...seed, flowType: "onboarding" })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await listFlowRulesByFlowType("onboarding")).toHaveLength(1);
  });
});
