import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { KlaviyoSendModel } from "~/models/klaviyo-send.server";
import * as klaviyoRoute from "~/routes/api+/ai-flows.$id.klaviyo";
import { generateFlow } from "~/services/flows/flows.server";
import { connectKlaviyo } from "~/services/klaviyo/connection.server";
import { sendFlowToKlaviyo } from "~/services/klaviyo/send.server";

import { anchoredProvider } from "../../support/anchored-drafts";
import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { useFakeKlaviyoClock } from "../../support/klaviyo-clock";
import { startKlaviyoStandIn } from "../../support/klaviyo-stand-in";
import { sendToApp } from "../../support/in-process-app";
import { DOCUMENT_HEADERS, url } from "../../support/requests";
import { GLOW_STUDIO } from "../../unit/flows/businesses";
import { call, onboardedUser } from "../flows/helpers";

/**
 * Send to Klaviyo for a flow with steps timed from the appointment: the steps timed from the
 * trigger go in one draft flow, the appointment's in a second one started by appointment_date,
 * every request held to Klaviyo's published documents by the loopback stand-in; the answer says
 * which date property each step needs.
 */

await useTestDatabase({ clearBeforeEach: true });
const klaviyo = await startKlaviyoStandIn();
afterAll(() => klaviyo.close());
useEnv({ KLAVIYO_API_URL: klaviyo.url, KLAVIYO_ENCRYPTION_KEY: "11".repeat(32), FLOWMAP_SCRYPT_LOG_N: "10" });
useFakeKlaviyoClock();

const KEY = "pk_live_0123456789abcdefABCDEF";
const LIST = { type: "list", id: "LstNews1" } as const;

beforeEach(() => {
  klaviyo.reset();
  klaviyo.addKey(KEY);
});
afterEach(() => expect(klaviyo.violations).toEqual([]));

async function clinicWithAnchoredFlow() {
  const account = await onboardedUser({ answers: GLOW_STUDIO });
  const user = { id: account.user.id, isPremium: false };
  const flow = await generateFlow({ user, input: { flowType: "onboarding" } }, { provider: anchoredProvider() });
  await connectKlaviyo({ userId: user.id, input: { apiKey: KEY } });
  klaviyo.requests.length = 0;
  return { ...account, user, flow };
}

type Definition = { triggers: Array<Record<string, unknown>>; actions: Array<{ type: string; data: Record<string, unknown> }> };
const definitionOf = (body: unknown) => (body as { data: { attributes: { name: string; definition: Definition } } }).data.attributes;

describe("sending a flow with steps timed from a date", () => {
  it("makes the trigger's flow and a flow started by appointment_date, with date-based waits, and records both", async () => {
    const { user, flow } = await clinicWithAnchoredFlow();
    const result = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } });

    const calls = klaviyo.calls("create_flow").map((request) => definitionOf(request.body));
    expect(calls.map((sent) => sent.name)).toEqual(["Glow Studio — Onboarding (from Flowmap)", "Glow Studio — Onboarding, timed from the appointment (from Flowmap)"]);
    expect(calls[0]!.definition.triggers).toEqual([{ type: "list", id: "LstNews1" }]);
    expect(calls[1]!.definition.triggers[0]).toMatchObject({
      type: "date",
      date_field_type: "profile-property",
      date_profile_property: "appointment_date",
      timedelta_value_before_date: 2,
    });
    expect(calls[1]!.definition.actions.map((action) => action.type)).toEqual(["send-email", "send-sms", "target-date", "time-delay", "send-email"]);

    expect(result.flows.map((sent) => [sent.startsFrom, sent.dateProperty, sent.steps])).toEqual([
      ["trigger", null, [1]],
      ["appointment", "appointment_date", [2, 3, 4]],
    ]);
    expect(result.klaviyoFlowId).toBe(result.flows[0]!.klaviyoFlowId);
    expect(result.dateSteps.map((step) => [step.stepNumber, step.dateProperty, step.exact])).toEqual([
      [2, "appointment_date", true],
      [3, "appointment_date", false],
      [4, "appointment_date", true],
    ]);
    expect(result.dateSteps[1]!.line).toMatch(
      /^Step 3 \(2 hours before the appointment\) needs the profile property appointment_date.*not hours or minutes, so Flowmap set no wait for it/,
    );
    const stored = await KlaviyoSendModel.findOne({ flowId: flow.id }).lean();
    expect(stored!.flows).toHaveLength(2);
    expect(stored!.dateSteps).toHaveLength(3);
  });

  it("answers the same through the API, and lists it with GET", async () => {
    const { cookie, flow } = await clinicWithAnchoredFlow();
    const sent = await call(klaviyoRoute.action, `/api/ai-flows/${flow.id}/klaviyo`, { method: "POST", body: { trigger: LIST }, cookie, params: { id: flow.id } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      flows: [{ startsFrom: "trigger" }, { startsFrom: "appointment", dateProperty: "appointment_date" }],
      dateSteps: [{ stepNumber: 2 }, { stepNumber: 3 }, { stepNumber: 4 }],
    });
    const listed = await call(klaviyoRoute.loader, `/api/ai-flows/${flow.id}/klaviyo`, { cookie, params: { id: flow.id } });
    expect((listed.body as Array<{ dateSteps: unknown[] }>)[0]!.dateSteps).toHaveLength(3);
  });

  it("when the date flow is refused after the trigger's was made, records nothing, keeps the templates and names the flow to delete", async () => {
    const { user, flow } = await clinicWithAnchoredFlow();
    klaviyo.fail("create_flow", { pass: true }, { status: 400, detail: "Unknown profile property.", pointer: "/data/attributes/definition/triggers/0/date_profile_property" });
    const failure = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "validation" });
    const message = (failure as Error).message;
    expect(message).toMatch(/^Klaviyo could not start “Glow Studio — Onboarding, timed from the appointment \(from Flowmap\)” from the profile property appointment_date/);
    expect(message).toMatch(/Flowmap had already made the draft flow “Glow Studio — Onboarding \(from Flowmap\)” \(https:\/\/www\.klaviyo\.com\/flow\/Flw[0-9a-f]+\/edit\)/);
    expect(klaviyo.calls("delete_template")).toHaveLength(0);
    expect(await KlaviyoSendModel.countDocuments({ flowId: flow.id })).toBe(0);
  });

  it("the send page says, before sending, which flows it makes and the date property each step needs", async () => {
    const { cookie, flow } = await clinicWithAnchoredFlow();
    const page = await sendToApp(new Request(url(`/send-to-klaviyo/${flow.id}`), { headers: { ...DOCUMENT_HEADERS, Cookie: cookie } }));
    expect(page.status).toBe(200);
    const text = (await page.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
    expect(text).toContain("Glow Studio — Onboarding, timed from the appointment (from Flowmap)");
    expect(text).toContain("started by each contact's appointment_date");
    expect(text).toContain("Dates Klaviyo needs");
    expect(text).toContain("Step 2 (2 days before the appointment) needs the profile property appointment_date");
  });
});
