import { describe, expect, it } from "vitest";
import type { Schema } from "mongoose";

import { FIELD_LIMITS, maxLengthFor } from "~/lib/limits";
import { QuestionnaireResponseModel } from "~/models/questionnaire-response.server";
import { UserModel } from "~/models/user.server";
import { WaitlistModel } from "~/models/waitlist.server";
import { questionnaireStepSchemas, questionnaireSubmitSchema, waitlistSchema } from "~/lib/schemas/questionnaire";
import { registerApiSchema } from "~/lib/schemas/auth";

/** The maxlength a mongoose path stores, or undefined. */
function modelMax(schema: Schema, path: string): number | undefined {
  const type = schema.path(path) as unknown as { options?: { maxlength?: number } } | undefined;
  return type?.options?.maxlength;
}

/** The longest string a zod schema accepts for one field, found by probing around the candidates. */
function schemaMax(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  base: Record<string, unknown>,
  field: string,
  candidates: number[],
) {
  for (const n of candidates.sort((a, b) => b - a)) {
    const result = schema.safeParse({ ...base, [field]: "x".repeat(n) });
    const failedHere = result.error?.issues.some((issue) => issue.path[0] === field && /at most/.test(issue.message));
    if (!failedHere) return n;
  }
  return undefined;
}

const CANDIDATES = Object.values(FIELD_LIMITS).flatMap((n) => [n, n + 1]);

describe("one limit per field: schema, model and input agree", () => {
  it.each([
    ["companyName", FIELD_LIMITS.companyName],
    ["firstName", FIELD_LIMITS.personName],
    ["lastName", FIELD_LIMITS.personName],
    ["email", FIELD_LIMITS.email],
  ])("%s is limited to %i in the user and waitlist models and in the inputs", (field, limit) => {
    expect(modelMax(UserModel.schema, field)).toBe(limit);
    expect(modelMax(WaitlistModel.schema, field)).toBe(limit);
    expect(maxLengthFor(field)).toBe(limit);
  });

  it("the questionnaire response stores the company name and the text answers with the forms' limits", () => {
    expect(modelMax(QuestionnaireResponseModel.schema, "companyName")).toBe(FIELD_LIMITS.companyName);
    expect(modelMax(QuestionnaireResponseModel.schema, "customerJourney")).toBe(FIELD_LIMITS.textAnswer);
    expect(maxLengthFor("customerJourney")).toBe(FIELD_LIMITS.textAnswer);
  });

  it("every schema that takes a company name accepts exactly what the models store", () => {
    expect(schemaMax(questionnaireSubmitSchema, {}, "companyName", CANDIDATES)).toBe(FIELD_LIMITS.companyName);
    expect(schemaMax(waitlistSchema, {}, "companyName", CANDIDATES)).toBe(FIELD_LIMITS.companyName);
    expect(schemaMax(questionnaireStepSchemas[7], {}, "companyName", CANDIDATES)).toBe(FIELD_LIMITS.companyName);
    expect(schemaMax(registerApiSchema, {}, "companyName", CANDIDATES)).toBe(FIELD_LIMITS.companyName);
    expect(schemaMax(questionnaireStepSchemas[7], {}, "firstName", CANDIDATES)).toBe(FIELD_LIMITS.personName);
  });
});

describe("a flow-mapping rule's limits: the model and the schema read the same table", () => {
  const fields = ["flowName", "businessType", "communicationChannels", "purchaseDecisionTimeline", "serviceFrequency", "upsellOpportunity", "trigger", "notes"] as const;

  it.each(fields)("%s", async (field) => {
    const { RULE_LIMITS } = await import("~/lib/flows/types");
    const { FlowRuleModel } = await import("~/models/flow-rule.server");
    const { flowRuleInputSchema } = await import("~/services/admin/flow-rule-schema");
    const limit = RULE_LIMITS[field];
    expect(modelMax(FlowRuleModel.schema, field)).toBe(limit);
    const base = { flowName: "Rule", steps: [] };
    expect(schemaMax(flowRuleInputSchema, base, field, [limit, limit + 1])).toBe(limit);
  });

  it("a step's notes", async () => {
    const { RULE_LIMITS } = await import("~/lib/flows/types");
    const { FlowRuleModel } = await import("~/models/flow-rule.server");
    const { ruleStepSchema } = await import("~/services/admin/flow-rule-schema");
    const step = FlowRuleModel.schema.path("steps") as unknown as { schema: Schema };
    expect(modelMax(step.schema, "notes")).toBe(RULE_LIMITS.stepNotes);
    expect(schemaMax(ruleStepSchema, {}, "notes", [RULE_LIMITS.stepNotes, RULE_LIMITS.stepNotes + 1])).toBe(RULE_LIMITS.stepNotes);
  });
});
