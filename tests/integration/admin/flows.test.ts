import { describe, expect, it } from "vitest";

import type { FlowView } from "~/lib/flows/types";
import { FlowRuleModel } from "~/models/flow-rule.server";
import * as adminFlowRule from "~/routes/api+/admin.flow-mappings.$id";
import * as adminUser from "~/routes/api+/admin.users.$id";
import * as flowRoute from "~/routes/api+/ai-flows.$id.regenerate";
import * as generateRoute from "~/routes/api+/ai-flows.generate";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { createAdmin } from "../../support/factories";
import { call, onboardedUser, seedRules } from "../flows/helpers";

useEnv({ ADMIN_EMAILS: undefined });

await useTestDatabase({ clearBeforeEach: true });

const generate = (cookie: string, flowType: string) => call(generateRoute.action, "/api/ai-flows/generate", { method: "POST", body: { flowType, customContext: "" }, cookie });
const regenerate = (cookie: string, id: string) =>
  call(flowRoute.action, `/api/ai-flows/${id}/regenerate`, { method: "POST", body: { feedback: "Shorter, please." }, cookie, params: { id } });

describe("what an admin changes reaches the user's flows", () => {
  it("a flow-mapping rule edited by an admin shapes the next generated flow", async () => {
    await seedRules();
    const admin = await createAdmin();
    const rule = await FlowRuleModel.findOne({ flowType: "onboarding", businessType: "All" }).lean();
    expect(rule).not.toBeNull();

    const before = await onboardedUser();
    const first = await generate(before.cookie, "onboarding");
    expect(first.status).toBe(201);
    expect((first.body as FlowView).quickNotes).not.toContain("Trigger: Creates an account in the app.");

    const edit = await call(adminFlowRule.action, `/api/admin/flow-mappings/${rule!._id}`, {
      method: "PATCH",
      body: { trigger: "Creates an account in the app." },
      cookie: admin.cookie,
      params: { id: String(rule!._id) },
    });
    expect(edit.status).toBe(200);

    const after = await onboardedUser();
    const next = await generate(after.cookie, "onboarding");
    expect(next.status).toBe(201);
    expect((next.body as FlowView).quickNotes).toContain("Trigger: Creates an account in the app.");
  });

  it("premium granted → the user's premium flow generates; revoked → 402", async () => {
    await seedRules();
    const admin = await createAdmin();
    const customer = await onboardedUser({ premium: false });
    const setPremium = (isPremium: boolean) =>
      call(adminUser.action, `/api/admin/users/${customer.user.id}`, { method: "PATCH", body: { isPremium }, cookie: admin.cookie, params: { id: customer.user.id } });

    const refused = await generate(customer.cookie, "abandoned_cart");
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: "PREMIUM_REQUIRED" });

    expect((await setPremium(true)).status).toBe(200);
    const granted = await generate(customer.cookie, "abandoned_cart");
    expect(granted.status).toBe(201);
    const flow = granted.body as FlowView;
    expect(flow.flowType).toBe("abandoned_cart");

    expect((await setPremium(false)).status).toBe(200);
    const revokedGenerate = await generate(customer.cookie, "upsell");
    expect(revokedGenerate.status).toBe(402);
    expect(revokedGenerate.body).toMatchObject({ code: "PREMIUM_REQUIRED" });
    expect((await regenerate(customer.cookie, flow.id)).status).toBe(402);
  });
});
