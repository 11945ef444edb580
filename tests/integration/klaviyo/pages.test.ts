import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { KLAVIYO_PUBLIC_KEY_MESSAGE } from "~/lib/klaviyo/constants";
import { loader as exportLoader } from "~/routes/api+/ai-flows.$id.export";
import { action as sendAction, loader as sendLoader } from "~/routes/_app+/send-to-klaviyo.$flowId";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/user-settings";
import { action as flowsAction, loader as flowsLoader } from "~/routes/_app+/klaviyo-flows";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/_app+/dashboard";
import { writeFlowContent } from "~/services/flows/content.server";
import { generateFlow } from "~/services/flows/flows.server";
import { connectKlaviyo } from "~/services/klaviyo/connection.server";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { threeFlows } from "../../support/klaviyo-accounts";
import { useFakeKlaviyoClock } from "../../support/klaviyo-clock";
import { contractErrors, startKlaviyoStandIn } from "../../support/klaviyo-stand-in";
import { args, expectRedirect, formRequest, getRequest, isDataResult, jsonRequest, statusOf, thrownBy, toastOf } from "../../support/requests";
import { onboardedUser, seedRules } from "../flows/helpers";

/**
 * The screens of the Klaviyo integration as a browser without JavaScript uses them (form posts
 * and redirects): connecting and disconnecting on User Settings, the Send to Klaviyo page, and the
 * format=klaviyo export being exactly what the send posts.
 */

await useTestDatabase({ clearBeforeEach: true });
const klaviyo = await startKlaviyoStandIn();
afterAll(() => klaviyo.close());
useEnv({ KLAVIYO_API_URL: klaviyo.url, KLAVIYO_ENCRYPTION_KEY: "33".repeat(32) });
const clock = useFakeKlaviyoClock();

const KEY = "pk_pages_0123456789abcdef";

beforeEach(() => {
  klaviyo.reset();
  klaviyo.addKey(KEY);
});
afterEach(() => {
  expect(klaviyo.violations).toEqual([]);
});

function dataOf(result: unknown) {
  return (isDataResult(result) ? result.data : result) as Record<string, unknown>;
}

describe("Klaviyo flows: the import and its mapping without JavaScript", () => {
  it("shows the imported flows, saves a corrected mapping from the form, and refreshes another timeframe", async () => {
    klaviyo.account.flows = threeFlows();
    const account = await onboardedUser();
    await settingsAction(args(formRequest("/user-settings", { intent: "connect-klaviyo", apiKey: KEY }, { cookie: account.cookie })));
    const page = await flowsLoader(args(getRequest("/klaviyo-flows", { cookie: account.cookie })));
    expect(page.imported?.flows.map((flow) => [flow.id, flow.mapped])).toEqual([
      ["FlwWelc01", "onboarding"],
      ["FlwCart01", "abandoned_cart"],
      ["FlwPost01", "upsell"],
    ]);
    const saved = await flowsAction(
      args(
        formRequest(
          "/klaviyo-flows",
          [
            ["intent", "save-klaviyo-mapping"],
            ["flowId", "FlwWelc01"],
            ["choice:FlwWelc01", "lead_nurture"],
            ["flowId", "FlwPost01"],
            ["choice:FlwPost01", "none"],
            ["flowId", "FlwCart01"],
            ["choice:FlwCart01", "match"],
          ],
          { cookie: account.cookie },
        ),
      ),
    );
    expectRedirect(saved as Response, "/klaviyo-flows");
    const after = await flowsLoader(args(getRequest("/klaviyo-flows", { cookie: account.cookie })));
    expect(after.imported?.flows.map((flow) => flow.mapped)).toEqual(["lead_nurture", "abandoned_cart", null]);
    expect(after.imported?.sources.lead_nurture).toMatch(/^From Klaviyo · last 90 days · 1 flow · updated/);

    const refused = await flowsAction(args(formRequest("/klaviyo-flows", { intent: "refresh-klaviyo-import", days: "45" }, { cookie: account.cookie })));
    expect(statusOf(refused)).toBe(422);
    const refreshed = await flowsAction(args(formRequest("/klaviyo-flows", { intent: "refresh-klaviyo-import", days: "30" }, { cookie: account.cookie })));
    expect(await toastOf(refreshed as Response)).toMatchObject({ title: "Klaviyo flows imported" });
    expect((await flowsLoader(args(getRequest("/klaviyo-flows", { cookie: account.cookie })))).imported?.days).toBe(30);
  });
});

describe("Klaviyo flows: what the account lacks", () => {
  it("one button generates the missing flow and sends it as a draft with the account's suggested trigger; a premium type needs premium", async () => {
    await seedRules();
    klaviyo.account.flows = [];
    const account = await onboardedUser();
    await settingsAction(args(formRequest("/user-settings", { intent: "connect-klaviyo", apiKey: KEY }, { cookie: account.cookie })));
    const page = await flowsLoader(args(getRequest("/klaviyo-flows", { cookie: account.cookie })));
    expect(page.imported?.missing).toEqual(["onboarding", "lead_nurture", "abandoned_cart", "upsell", "sunset"]);
    // Each lacking type says what is at stake, beside what the flow does.
    for (const type of page.imported?.missing ?? []) expect(page.stakes[type], type).toMatch(/per recipient|of typical flow revenue/);

    const sent = await flowsAction(args(formRequest("/klaviyo-flows", { intent: "generate-and-send-missing", flowType: "onboarding" }, { cookie: account.cookie })));
    expect((sent as Response).headers.get("Location")).toMatch(/^\/send-to-klaviyo\//);
    expect(await toastOf(sent as Response)).toMatchObject({ title: "Sent to Klaviyo as a draft" });
    expect(klaviyo.flows.size).toBe(1);
    const trigger = ([...klaviyo.flows.values()][0] as { definition: { triggers: Array<{ id: string }> } }).definition.triggers[0];
    expect(trigger?.id).toBe("LstNews1");

    const premium = await flowsAction(args(formRequest("/klaviyo-flows", { intent: "generate-and-send-missing", flowType: "sunset" }, { cookie: account.cookie })));
    expect(statusOf(premium)).toBe(402);
    const unknown = await flowsAction(args(formRequest("/klaviyo-flows", { intent: "generate-and-send-missing", flowType: "nope" }, { cookie: account.cookie })));
    expect(statusOf(unknown)).toBe(422);
  });
});

describe("The scorecard: what the Klaviyo account lacks, without JavaScript", () => {
  it("lists the lacking types first with what is at stake; its button generates and sends, for premium users only", async () => {
    await seedRules();
    klaviyo.account.flows = threeFlows();
    const free = await onboardedUser();
    const account = await onboardedUser({ premium: true });
    for (const user of [free, account]) await settingsAction(args(formRequest("/user-settings", { intent: "connect-klaviyo", apiKey: KEY }, { cookie: user.cookie })));

    const page = await dashboardLoader(args(getRequest("/dashboard", { cookie: account.cookie })));
    if (page.dashboard.scorecard.kind !== "premium") throw new Error("a premium user gets the scorecard");
    const gaps = page.dashboard.scorecard.scorecard.klaviyoGaps ?? [];
    // The account's three flows count as onboarding, abandoned cart and upsell.
    expect(gaps.map((gap) => gap.flowType).sort()).toEqual(["lead_nurture", "sunset"]);
    for (const gap of gaps) expect(gap.stake).toMatch(/per recipient|of typical flow revenue/);
    // The Klaviyo flows page states the very same stakes.
    const flowsPage = await flowsLoader(args(getRequest("/klaviyo-flows", { cookie: account.cookie })));
    expect(flowsPage.stakes).toEqual(Object.fromEntries(gaps.map((gap) => [gap.flowType, gap.stake])));

    // A free user's post is refused on the server, whatever the page showed.
    const refused = await dashboardAction(args(formRequest("/dashboard", { intent: "generate-and-send-missing", flowType: "lead_nurture" }, { cookie: free.cookie })));
    expect(statusOf(refused)).toBe(402);
    expect(klaviyo.flows.size).toBe(0);

    const sent = await dashboardAction(args(formRequest("/dashboard", { intent: "generate-and-send-missing", flowType: "sunset" }, { cookie: account.cookie })));
    expect((sent as Response).headers.get("Location")).toMatch(/^\/send-to-klaviyo\//);
    expect(await toastOf(sent as Response)).toMatchObject({ title: "Sent to Klaviyo as a draft" });
    expect(klaviyo.flows.size).toBe(1);
    const unknown = await dashboardAction(args(formRequest("/dashboard", { intent: "generate-and-send-missing", flowType: "nope" }, { cookie: account.cookie })));
    expect(statusOf(unknown)).toBe(422);
    expect(dataOf(unknown)).toMatchObject({ intent: "generate-and-send-missing", message: expect.stringMatching(/flow type/) });
  });
});

describe("User Settings: Connect Klaviyo", () => {
  it("connects with a pasted key, shows the account and never the key, and disconnects", async () => {
    const account = await onboardedUser();
    const before = await settingsLoader(args(getRequest("/user-settings", { cookie: account.cookie })));
    expect(before.klaviyo).toEqual({ connected: false });

    const connected = await settingsAction(args(formRequest("/user-settings", { intent: "connect-klaviyo", apiKey: KEY }, { cookie: account.cookie })));
    // Connecting imports the account's flows and comes to the page that shows them.
    expectRedirect(connected as Response, "/klaviyo-flows");
    expect(await toastOf(connected as Response)).toMatchObject({ title: "Klaviyo connected", variant: "success" });

    const after = await settingsLoader(args(getRequest("/user-settings", { cookie: account.cookie })));
    expect(after.klaviyo).toMatchObject({ connected: true, keyHint: `…${KEY.slice(-4)}`, account: { listNames: ["Newsletter", "VIP customers"] } });
    expect(JSON.stringify(after)).not.toContain(KEY);

    const disconnected = await settingsAction(args(formRequest("/user-settings", { intent: "disconnect-klaviyo" }, { cookie: account.cookie })));
    expect(await toastOf(disconnected as Response)).toMatchObject({ title: "Klaviyo disconnected" });
    expect((await settingsLoader(args(getRequest("/user-settings", { cookie: account.cookie })))).klaviyo).toEqual({ connected: false });
  });

  it("answers a wrong key and a public key on the form (422), without echoing the key", async () => {
    const account = await onboardedUser();
    const wrong = await settingsAction(args(formRequest("/user-settings", { intent: "connect-klaviyo", apiKey: "pk_wrong_0123456789abc" }, { cookie: account.cookie })));
    expect(statusOf(wrong)).toBe(422);
    const reply = dataOf(wrong) as { intent: string; result: { status: string; error: Record<string, string[]>; initialValue?: Record<string, unknown> } };
    expect(reply.intent).toBe("connect-klaviyo");
    expect(reply.result.error.apiKey?.[0]).toMatch(/did not accept this key/);
    expect(JSON.stringify(reply)).not.toContain("pk_wrong_0123456789abc");

    const publicKey = await settingsAction(args(formRequest("/user-settings", { intent: "connect-klaviyo", apiKey: "AbC123" }, { cookie: account.cookie })));
    expect(statusOf(publicKey)).toBe(422);
    expect((dataOf(publicKey) as { result: { error: Record<string, string[]> } }).result.error.apiKey).toEqual([KLAVIYO_PUBLIC_KEY_MESSAGE]);
    expect(klaviyo.calls("get_lists")).toHaveLength(1);
  });
});

describe("the Send to Klaviyo page", () => {
  async function setup({ connect = true } = {}) {
    await seedRules();
    const account = await onboardedUser({ premium: true });
    const user = { id: account.user.id, isPremium: true };
    const flow = await generateFlow({ user, input: { flowType: "abandoned_cart" } });
    if (connect) await connectKlaviyo({ userId: user.id, input: { apiKey: KEY } });
    return { ...account, flow };
  }
  const page = (cookie: string, flowId: string) => sendLoader(args(getRequest(`/send-to-klaviyo/${flowId}`, { cookie }), { flowId }));
  const post = (cookie: string, flowId: string, fields: Record<string, string>) =>
    sendAction(args(formRequest(`/send-to-klaviyo/${flowId}`, { intent: "send-to-klaviyo", ...fields }, { cookie }), { flowId }));

  it("asks to connect first when there is no connection", async () => {
    const { cookie, flow } = await setup({ connect: false });
    const loaded = await page(cookie, flow.id);
    expect(loaded).toMatchObject({ connected: false, triggers: null, sends: [] });
    expect(klaviyo.requests).toEqual([]);
  });

  it("preselects Started Checkout for an abandoned cart, sends, and shows the draft's link; the same form again sends nothing new", async () => {
    const { cookie, flow } = await setup();
    const loaded = await page(cookie, flow.id);
    expect(loaded.triggers?.suggested).toEqual({ type: "metric", id: "MetChk001" });
    expect(loaded.outlineSteps).toEqual(flow.touchpoints.map((tp) => tp.stepNumber));

    const sent = await post(cookie, flow.id, { trigger: "metric:MetChk001", sequence: "0" });
    expectRedirect(sent as Response, `/send-to-klaviyo/${flow.id}`);
    expect(await toastOf(sent as Response)).toMatchObject({ title: "Sent to Klaviyo as a draft" });
    const after = await page(cookie, flow.id);
    expect(after.sends).toHaveLength(1);
    expect(after.sends[0]!.url).toBe(`https://www.klaviyo.com/flow/${[...klaviyo.flows.keys()][0]}/edit`);

    const again = await post(cookie, flow.id, { trigger: "metric:MetChk001", sequence: "0" });
    expect(await toastOf(again as Response)).toMatchObject({ title: "Already sent to Klaviyo" });
    expect(klaviyo.flows.size).toBe(1);

    const resend = await post(cookie, flow.id, { trigger: "metric:MetChk001", sequence: "1" });
    // Create Flow allows one call a second: the page waited on the clock, not for real.
    expect(clock.slept.length).toBeGreaterThan(0);
    expect(await toastOf(resend as Response)).toMatchObject({ title: "Sent to Klaviyo as a draft", description: expect.stringMatching(/new draft flow/) });
    expect(klaviyo.flows.size).toBe(2);
  });

  it("answers a failure on the page with what to do, and refuses another user's flow", async () => {
    const { cookie, flow } = await setup();
    const missing = await post(cookie, flow.id, { trigger: "", sequence: "0" });
    expect(statusOf(missing)).toBe(422);
    expect(dataOf(missing)).toMatchObject({ fieldErrors: { trigger: expect.stringMatching(/list, a segment or a metric/) } });

    klaviyo.fail("create_flow", { status: 503 });
    const failed = await post(cookie, flow.id, { trigger: "metric:MetChk001", sequence: "0" });
    expect(statusOf(failed)).toBe(502);
    expect(dataOf(failed).message).toMatch(/error 503.*Nothing was recorded as sent/);

    const other = await onboardedUser();
    expect(statusOf(await thrownBy(page(other.cookie, flow.id)))).toBe(404);
    expect(statusOf(await thrownBy(post(other.cookie, flow.id, { trigger: "metric:MetChk001", sequence: "0" })))).toBe(404);
  });
});

describe("GET /api/ai-flows/{id}/export?format=klaviyo", () => {
  it("is exactly what Send to Klaviyo posts, placeholders aside, and valid against Klaviyo's published schemas", async () => {
    await seedRules();
    const account = await onboardedUser({ premium: true });
    const user = { id: account.user.id, isPremium: true };
    const flow = await generateFlow({ user, input: { flowType: "upsell" } });
    await writeFlowContent({ user, flowId: flow.id });
    const response = await exportLoader(args(jsonRequest(`/api/ai-flows/${flow.id}/export?format=klaviyo`, { method: "GET", cookie: account.cookie }), { id: flow.id }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/-upsell-klaviyo\.json"$/);
    const exported = (await response.json()) as {
      headers: Record<string, string>;
      templates: Array<{ stepNumber: number; body: unknown }>;
      flow: { body: unknown; placeholders: Record<string, string> };
    };
    expect(exported.headers.revision).toBe("2026-07-15");
    for (const template of exported.templates) expect(contractErrors("create_template", template.body)).toBeNull();
    expect(contractErrors("create_flow", exported.flow.body)).toBeNull();
    expect(Object.keys(exported.flow.placeholders)).toContain("METRIC_ID");

    await connectKlaviyo({ userId: user.id, input: { apiKey: KEY } });
    const { sendFlowToKlaviyo } = await import("~/services/klaviyo/send.server");
    const result = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: { type: "metric", id: "MetOrd002" } } });
    expect(klaviyo.calls("create_template").map((request) => request.body)).toEqual(exported.templates.map((template) => template.body));
    let expected = JSON.stringify(exported.flow.body).replace(/"METRIC_ID"/g, '"MetOrd002"');
    exported.templates.forEach((template, index) => {
      expected = expected.split(`"TEMPLATE_ID_STEP_${template.stepNumber}"`).join(JSON.stringify(result.templateIds[index]));
    });
    expect(klaviyo.calls("create_flow")[0]!.body).toEqual(JSON.parse(expected));
  });
});
