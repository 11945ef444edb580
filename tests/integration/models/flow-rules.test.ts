import { describe, expect, it } from "vitest";

import {
  countFlowMappings,
  createFlowMapping,
  deleteFlowMapping,
  type FlowStep,
  getFlowMapping,
  getFlowMappingByFlowType,
  insertFlowMappingIfMissing,
  listFlowMappings,
  listFlowMappingsByFlowType,
  updateFlowMapping,
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
    const rule = await createFlowMapping({
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
    const untyped = await createFlowMapping({ flowName: "Custom", purchaseDecisionTimeline: "Quick (2-24 hours)", serviceFrequency: "Monthly" });
    expect(untyped.flowType).toBeNull();

    expect(await countFlowMappings()).toBe(2);
    expect(await listFlowMappings()).toHaveLength(2);
    expect((await getFlowMapping(rule.id))?.trigger).toBe("Joins the list");

    const updated = await updateFlowMapping(rule.id, { trigger: "Signs up", steps: [step, { ...step, stepNumber: 2, channel: "SMS", title: "Hi" }] });
    expect(updated?.trigger).toBe("Signs up");
    expect(updated?.steps.map((s) => s.channel)).toEqual(["Email", "SMS"]);
    expect(await updateFlowMapping("missing", { trigger: "x" })).toBeNull();

    expect(await deleteFlowMapping(rule.id)).toBe(true);
    expect(await deleteFlowMapping(rule.id)).toBe(false);
    expect(await getFlowMapping(rule.id)).toBeNull();
  });

  it("rejects bad input", async () => {
    await expect(createFlowMapping({ flowName: "" })).rejects.toThrow(/flowName/);
    // @ts-expect-error: not a flow type
    await expect(createFlowMapping({ flowName: "X", flowType: "winback" })).rejects.toThrow(/flowType/);
    // @ts-expect-error: not a channel
    await expect(createFlowMapping({ flowName: "X", steps: [{ ...step, channel: "Fax" }] })).rejects.toThrow(/channel/);
    await expect(createFlowMapping({ flowName: "X", steps: [{ ...step, timing: { type: "offset", minutes: -5 } }] })).rejects.toThrow();
    expect(await countFlowMappings()).toBe(0);
  });

  it("picks the rule for a business type, else the general one", async () => {
    await createFlowMapping({ flowName: "General", flowType: "upsell", businessType: "All" });
    await createFlowMapping({ flowName: "Retail", flowType: "upsell", businessType: "B2C Service/Retail" });
    expect((await getFlowMappingByFlowType("upsell"))?.flowName).toBe("General");
    expect((await getFlowMappingByFlowType("upsell", { businessType: "B2C Service/Retail" }))?.flowName).toBe("Retail");
    expect((await getFlowMappingByFlowType("upsell", { businessType: "eCommerce" }))?.flowName).toBe("General");
    expect(await getFlowMappingByFlowType("sunset")).toBeNull();
    expect(await listFlowMappingsByFlowType("upsell")).toHaveLength(2);
  });

  it("inserts a default rule only when its flow type has none", async () => {
    const seed = { flowName: "Default sunset", flowType: "sunset" as const, steps: [step] };
    expect(await insertFlowMappingIfMissing(seed)).toBe(true);
    expect(await insertFlowMappingIfMissing(seed)).toBe(false);
    const [rule] = await listFlowMappingsByFlowType("sunset");
    await updateFlowMapping(rule.id, { flowName: "Edited by admin" });
    expect(await insertFlowMappingIfMissing(seed)).toBe(false);
    expect((await getFlowMapping(rule.id))?.flowName).toBe("Edited by admin");

    // An admin's own rule for a type counts as present.
    await createFlowMapping({ flowName: "Mine", flowType: "upsell" });
    expect(await insertFlowMappingIfMissing({ ...seed, flowType: "upsell" })).toBe(false);

    // Concurrent seeds never duplicate.
    const results = await Promise.all([1, 2, 3].map(() => insertFlowMappingIfMissing({ ...seed, flowType: "onboarding" })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await listFlowMappingsByFlowType("onboarding")).toHaveLength(1);
  });
});
