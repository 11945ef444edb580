import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";

import { countSms, emailProblems, SMS_OPT_OUT, smsProblems } from "~/lib/content/rules";
import type { FlowContentView } from "~/lib/content/types";
import { placeholdersIn } from "~/lib/content/placeholders";
import { FlowContentModel } from "~/models/flow-content.server";
import { saveKlaviyoConnection } from "~/models/klaviyo-connection.server";
import { loader as contentLoader, action as contentAction } from "~/routes/api+/ai-flows.$id.content";
import { OpenAiContentWriter } from "~/services/ai/openai-content.server";
import { DomainError } from "~/services/domain-error";
import { CONTENT_BRAND_TOO_LONG_MESSAGE, CONTENT_FAILED_MESSAGE, writeFlowContent } from "~/services/flows/content.server";
import { deleteFlow, generateFlow, listVersions, regenerateFlow, rollbackFlow, updateTouchpoint } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { type OpenAiStub, startOpenAiStub, type StubAnswer } from "../../support/openai-stub";
import { LEAF_AND_KETTLE } from "../../unit/flows/businesses";
import { call, onboardedUser, seedRules } from "../flows/helpers";

await useTestDatabase({ clearBeforeEach: true });

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

/** What the server logged with console.error since the last call (a test that expects a 502 reads and clears it). */
function loggedErrors(): string[] {
  const spy = vi.mocked(console.error);
  const lines = spy.mock.calls.map((call) => call.map(String).join(" "));
  spy.mockClear();
  return lines;
}

async function premiumWithFlow(answers = LEAF_AND_KETTLE) {
  await seedRules();
  const account = await onboardedUser({ premium: true, answers });
  const flow = await generateFlow({ user: { id: account.user.id, isPremium: true }, input: { flowType: "abandoned_cart" } });
  return { ...account, flow, contentUser: { id: account.user.id, isPremium: true } };
}

const KLAVIYO_ACCOUNT = { listCount: 1, segmentCount: 0, metricCount: 1, listNames: ["Newsletter"], moreLists: false };

const post = (cookie: string, flowId: string) => call(contentAction, `/api/ai-flows/${flowId}/content`, { method: "POST", cookie, params: { id: flowId } });
const get = (cookie: string, flowId: string) => call(contentLoader, `/api/ai-flows/${flowId}/content`, { cookie, params: { id: flowId } });

describe("POST and GET /api/ai-flows/{id}/content", () => {
  it("writes copy for every touchpoint of the current version, held to the rules, and reads it back", async () => {
    const { cookie, flow } = await premiumWithFlow();
    expect(flow.touchpoints.some((tp) => tp.stepType === "SMS")).toBe(true);
    expect((await get(cookie, flow.id)).status).toBe(404);

    const written = await post(cookie, flow.id);
    expect(written.status).toBe(200);
    const body = written.body as FlowContentView;
    expect(body.flowId).toBe(flow.id);
    expect(body.versionNumber).toBe(flow.versionCount + 1);
    expect(body.touchpoints.map((tp) => tp.touchpointId)).toEqual(flow.touchpoints.map((tp) => tp.id));
    for (const tp of body.touchpoints) {
      expect(tp.outdated).toBe(false);
      if (tp.stepType === "SMS") {
        expect([tp.subject, tp.preheader, tp.bodyText, tp.bodyHtml, tp.callToAction]).toEqual([null, null, null, null, null]);
        expect(smsProblems(tp.sms!, flow.companyName)).toEqual({});
        expect(tp.sms!.startsWith("Leaf & Kettle")).toBe(true);
        expect(tp.sms!.endsWith(SMS_OPT_OUT)).toBe(true);
        expect(countSms(tp.sms!).segments).toBe(1);
      } else {
        expect(tp.sms).toBeNull();
        expect(emailProblems({ subject: tp.subject!, preheader: tp.preheader!, bodyText: tp.bodyText!, callToAction: tp.callToAction!, buttonUrl: tp.buttonUrl! })).toEqual({});
        expect(tp.bodyHtml).toMatch(/^<!DOCTYPE html>/);
        expect(tp.bodyHtml).not.toMatch(/<script/i);
      }
    }
    const again = await get(cookie, flow.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);
  });

  it("gives every email button a link (the owner's URL for it, else a marked placeholder) and lists what is left to fill", async () => {
    const answers = {
      ...LEAF_AND_KETTLE,
      companyWebsite: "https://leafandkettle.example",
      purchaseMethod: "Customers order on our site; the cart is at https://leafandkettle.example/cart",
    };
    const { cookie, flow } = await premiumWithFlow(answers);
    const body = (await post(cookie, flow.id)).body as FlowContentView;
    const emails = body.touchpoints.filter((tp) => tp.stepType === "Email");
    for (const tp of emails) {
      expect(tp.buttonUrl === "https://leafandkettle.example/cart" || /^\[Link: [^\]]+\]$/.test(tp.buttonUrl!), `${tp.callToAction} → ${tp.buttonUrl}`).toBe(true);
      expect(tp.buttonUrl).not.toMatch(/^https:\/\/leafandkettle\.example\/?$/);
      expect(tp.bodyHtml).toContain('href="{{unsubscribe_url}}"');
    }
    // An abandoned cart's first button returns to the cart the owner named.
    expect(emails[0]!.buttonUrl).toBe("https://leafandkettle.example/cart");
    expect(body.touchpoints.filter((tp) => tp.stepType === "SMS").every((tp) => tp.buttonUrl === null)).toBe(true);
    expect(body.placeholders).toEqual(placeholdersIn({ touchpoints: body.touchpoints.map((tp, index) => ({ ...tp, stepNumber: flow.touchpoints[index]!.stepNumber })) }));
    const address = body.placeholders.find((item) => item.text === "[add: your postal address]")!;
    expect(address.steps.map((spot) => spot.touchpointId)).toEqual(emails.map((tp) => tp.touchpointId));
    expect(address.steps.every((spot) => spot.fields.join() === "footer")).toBe(true);
    expect(((await get(cookie, flow.id)).body as FlowContentView).placeholders).toEqual(body.placeholders);
  });

  it("writes the footers for Klaviyo once the account is connected, and the postal address the answers give", async () => {
    const answers = { ...LEAF_AND_KETTLE, businessOperationDescription: "Warehouse and shop: 14 Orford Rd, Ipswich IP1 3AA." };
    const { cookie, flow, user } = await premiumWithFlow(answers);
    await saveKlaviyoConnection({ userId: user.id, sealedKey: "sealed", keyHint: "…abcd", accountTag: "tag", account: KLAVIYO_ACCOUNT, now: new Date() });
    const body = (await post(cookie, flow.id)).body as FlowContentView;
    const email = body.touchpoints.find((tp) => tp.stepType === "Email")!;
    expect(email.bodyHtml).toContain('href="{% unsubscribe_link %}"');
    expect(email.bodyHtml).toContain("14 Orford Rd, Ipswich IP1 3AA");
    expect(body.placeholders.map((item) => item.text)).not.toContain("[add: your postal address]");
  });

  it("refuses users without premium with 402 PREMIUM_REQUIRED, for writing and reading", async () => {
    await seedRules();
    const free = await onboardedUser({ premium: false });
    const flow = await generateFlow({ user: { id: free.user.id, isPremium: false }, input: { flowType: "onboarding" } });
    for (const answer of [await post(free.cookie, flow.id), await get(free.cookie, flow.id)]) {
      expect(answer.status).toBe(402);
      expect(answer.body).toMatchObject({ code: "PREMIUM_REQUIRED", message: expect.stringMatching(/premium/i) });
    }
    expect(await FlowContentModel.countDocuments()).toBe(0);
  });

  it("answers 401 signed out, 404 for another user's flow or an unknown id, 405 for another method", async () => {
    const { flow } = await premiumWithFlow();
    expect((await post("", flow.id)).status).toBe(401);
    const other = await onboardedUser({ premium: true });
    expect((await post(other.cookie, flow.id)).status).toBe(404);
    expect((await get(other.cookie, flow.id)).status).toBe(404);
    expect((await post(other.cookie, "no-such-flow")).status).toBe(404);
    const put = await call(contentAction, `/api/ai-flows/${flow.id}/content`, { method: "PUT", cookie: other.cookie, params: { id: flow.id } });
    expect(put.status).toBe(405);
    expect(await FlowContentModel.countDocuments()).toBe(0);
  });

  it("a company name too long to start a text message is a 422 with a way out, and nothing is written", async () => {
    await seedRules();
    const longName = `The ${"Very ".repeat(28)}Long Company`;
    const account = await onboardedUser({ premium: true, answers: { ...LEAF_AND_KETTLE, companyName: longName } });
    const flow = await generateFlow({ user: { id: account.user.id, isPremium: true }, input: { flowType: "abandoned_cart" } });
    expect(flow.touchpoints.some((tp) => tp.stepType === "SMS")).toBe(true);
    const answer = await post(account.cookie, flow.id);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: CONTENT_BRAND_TOO_LONG_MESSAGE });
    expect(await FlowContentModel.countDocuments()).toBe(0);
  });

  it("deleting a flow deletes its written content, and only that flow's", async () => {
    const { cookie, flow, contentUser } = await premiumWithFlow();
    const other = await generateFlow({ user: contentUser, input: { flowType: "onboarding" } });
    expect((await post(cookie, flow.id)).status).toBe(200);
    expect((await post(cookie, other.id)).status).toBe(200);
    expect(await FlowContentModel.countDocuments()).toBe(2);

    await deleteFlow({ userId: contentUser.id, flowId: flow.id });
    expect(await FlowContentModel.countDocuments({ _id: flow.id })).toBe(0);
    expect((await get(cookie, flow.id)).status).toBe(404);
    expect((await get(cookie, other.id)).status).toBe(200);
  });

  it("a touchpoint edit marks only that touchpoint's content outdated", async () => {
    const { cookie, flow, contentUser } = await premiumWithFlow();
    await post(cookie, flow.id);
    const target = flow.touchpoints[1]!;
    await updateTouchpoint({
      user: contentUser,
      touchpointId: target.id,
      input: {
        title: `${target.title} (edited)`,
        primaryGoal: target.primaryGoal,
        keyMessages: target.keyMessages,
        callToAction: target.callToAction,
        delayDays: target.delayDays,
      },
    });
    const after = (await get(cookie, flow.id)).body as FlowContentView;
    expect(after.touchpoints.map((tp) => tp.outdated)).toEqual(flow.touchpoints.map((tp) => tp.id === target.id));
    // Writing again brings it up to date.
    const rewritten = (await post(cookie, flow.id)).body as FlowContentView;
    expect(rewritten.touchpoints.every((tp) => !tp.outdated)).toBe(true);
  });

  it("each version keeps its own content through regenerate and rollback", async () => {
    const { cookie, flow, user } = await premiumWithFlow();
    const flowUser = { id: user.id, isPremium: true };
    const v1 = (await post(cookie, flow.id)).body as FlowContentView;

    const { flow: regenerated, applied, explanation } = await regenerateFlow({ user: flowUser, flowId: flow.id, input: { feedback: "make it more playful" } });
    expect(applied, explanation).toBe(true);
    // The new version has no content of its own yet: none at all, or only the old copy marked outdated.
    const after = await get(cookie, flow.id);
    if (after.status === 200) expect((after.body as FlowContentView).touchpoints.every((tp) => tp.outdated)).toBe(true);
    else expect(after.status).toBe(404);
    const v2 = (await post(cookie, flow.id)).body as FlowContentView;
    expect(v2.touchpoints.map((tp) => tp.touchpointId)).toEqual(regenerated.touchpoints.map((tp) => tp.id));

    const versions = await listVersions({ userId: user.id, flowId: flow.id });
    const first = versions.find((version) => version.versionNumber === 1)!;
    await rollbackFlow({ user: flowUser, flowId: flow.id, versionId: first.id });
    const back = (await get(cookie, flow.id)).body as FlowContentView;
    expect(back.touchpoints.map(({ touchpointId, subject, sms, bodyText, outdated }) => ({ touchpointId, subject, sms, bodyText, outdated }))).toEqual(
      v1.touchpoints.map(({ touchpointId, subject, sms, bodyText, outdated }) => ({ touchpointId, subject, sms, bodyText, outdated })),
    );

    // And forward again: rolling back to the regenerated version brings its content back.
    const latest = await listVersions({ userId: user.id, flowId: flow.id });
    const regeneratedVersion = latest.find((version) => version.touchpoints[0]?.id === regenerated.touchpoints[0]!.id && version.versionNumber !== 1)!;
    await rollbackFlow({ user: flowUser, flowId: flow.id, versionId: regeneratedVersion.id });
    const forward = (await get(cookie, flow.id)).body as FlowContentView;
    expect(forward.touchpoints.map((tp) => tp.sms ?? tp.subject)).toEqual(v2.touchpoints.map((tp) => tp.sms ?? tp.subject));
  });
});

describe("the OpenAI content writer", () => {
  const writer = () => new OpenAiContentWriter({ apiKey: "test-key", baseURL: stub.baseURL, model: "stub-writer", timeoutMs: 1000 });

  function modelAnswer(flow: { companyName: string; touchpoints: Array<{ id: string; stepType: string }> }) {
    return {
      touchpoints: flow.touchpoints.map((tp) =>
        tp.stepType === "SMS"
          ? { touchpointId: tp.id, subject: null, preheader: null, bodyText: null, callToAction: null, sms: `${flow.companyName}: your cart is waiting` }
          : {
              touchpointId: tp.id,
              subject: `Your cart, note ${tp.id.slice(-6)}`,
              preheader: "Finish in one minute.",
              bodyText: `Hi ${FIRST_NAME_TAG},\n\n<script>x</script> Come back.`,
              callToAction: "Return to cart",
              sms: null,
            },
      ),
    };
  }

  it("stores the model's copy after safe repairs (opt-out appended), with the HTML rendered and escaped by us", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    stub.script({ kind: "content", content: JSON.stringify(modelAnswer(flow)) });
    const view = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() });
    const request = stub.requests.at(-1)!;
    expect(request.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "written_flow", strict: true } });
    expect(JSON.stringify(request.messages)).toContain(LEAF_AND_KETTLE.specificLeadOffer.slice(0, 20));
    const sms = view.touchpoints.find((tp) => tp.stepType === "SMS")!;
    expect(sms.sms).toBe(`${flow.companyName}: your cart is waiting. ${SMS_OPT_OUT}`);
    const email = view.touchpoints.find((tp) => tp.stepType === "Email")!;
    expect(email.bodyHtml).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(email.bodyHtml).not.toContain("<script>");
    // The model is not asked for links: the server gives "Return to cart" the checkout page, here a placeholder.
    expect(JSON.stringify(request.response_format)).not.toContain("buttonUrl");
    expect(view.touchpoints.filter((tp) => tp.stepType === "Email").every((tp) => tp.buttonUrl === "[Link: your cart or checkout page]")).toBe(true);
    const doc = await FlowContentModel.findOne({ _id: flow.id }).lean();
    expect(doc?.entries.every((entry) => entry.model === "stub-writer")).toBe(true);
  });

  const faults = (flow: { companyName: string; touchpoints: Array<{ id: string; stepType: string }> }): Array<[string, StubAnswer]> => [
    ["a timeout", { kind: "hang" }],
    ["a 5xx", { kind: "status", status: 500 }],
    ["a refusal", { kind: "refusal", refusal: "No." }],
    ["malformed JSON", { kind: "content", content: "{ nope" }],
    ["truncated JSON", { kind: "content", content: '{"touchpoints": [', finishReason: "length" }],
    [
      "a subject over 60 characters",
      { kind: "content", content: JSON.stringify({ touchpoints: modelAnswer(flow).touchpoints.map((tp) => (tp.subject ? { ...tp, subject: "S".repeat(61) } : tp)) }) },
    ],
    [
      "an SMS over one message",
      {
        kind: "content",
        content: JSON.stringify({
          touchpoints: modelAnswer(flow).touchpoints.map((tp) => (tp.sms ? { ...tp, sms: `${flow.companyName}: ${"x".repeat(170)} ${SMS_OPT_OUT}` } : tp)),
        }),
      },
    ],
    ["a missing touchpoint", { kind: "content", content: JSON.stringify({ touchpoints: modelAnswer(flow).touchpoints.slice(1) }) }],
  ];

  it("sends copy that breaks the copy rules back once with the findings, and stores the repaired copy", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    const good = modelAnswer(flow);
    const leaky = { touchpoints: good.touchpoints.map((tp) => (tp.bodyText ? { ...tp, bodyText: "Hi,\n\nThank them for joining and take 25% off with code LEAF25." } : tp)) };
    stub.script({ kind: "content", content: JSON.stringify(leaky) }, { kind: "content", content: JSON.stringify(good) });
    const view = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() });
    expect(stub.requests).toHaveLength(2);
    const repairAsk = JSON.stringify(stub.requests[1]!.messages);
    for (const finding of ["instruction to the writer", "LEAF25", "25%", "bare greeting"]) expect(repairAsk).toContain(finding);
    expect(view.touchpoints.filter((tp) => tp.stepType === "Email").every((tp) => tp.bodyText?.startsWith(`Hi ${FIRST_NAME_TAG},`))).toBe(true);
  });

  it("sends a deadline and scarcity the answers never gave back once, with what to do instead", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    const good = modelAnswer(flow);
    const pushy = {
      touchpoints: good.touchpoints.map((tp) => (tp.bodyText ? { ...tp, bodyText: `Hi ${FIRST_NAME_TAG},\n\nYour cart is saved, but this ends Friday: only 3 spots left.` } : tp)),
    };
    stub.script({ kind: "content", content: JSON.stringify(pushy) }, { kind: "content", content: JSON.stringify(good) });
    const view = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() });
    expect(stub.requests).toHaveLength(2);
    const repairAsk = JSON.stringify(stub.requests[1]!.messages);
    for (const finding of ["A deadline", "ends Friday", "Scarcity", "only 3 spots left", "leave it out, or write [add: the offer's end date]"])
      expect(repairAsk).toContain(finding);
    expect(view.touchpoints.some((tp) => tp.bodyText?.includes("ends Friday"))).toBe(false);
  });

  it("fixes what is safe before judging: a 63-character subject and a 42-character button cut at a word, the opt-out said once (one call, no 502)", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    const subject = "Your Leaf & Kettle cart is still waiting for you, and it is set"; // 63
    const longButton = "Return to my cart, then finish your order."; // 42
    expect([subject.length, longButton.length]).toEqual([63, 42]);
    const answer = modelAnswer(flow);
    const sloppy = {
      touchpoints: answer.touchpoints.map((tp, i) =>
        tp.sms ? { ...tp, sms: `${flow.companyName}: your cart is waiting. ${SMS_OPT_OUT}.` } : { ...tp, subject: i === 0 ? subject : tp.subject, callToAction: longButton },
      ),
    };
    stub.script({ kind: "content", content: JSON.stringify(sloppy) });
    const view = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() });
    expect(stub.requests).toHaveLength(1);
    const emails = view.touchpoints.filter((tp) => tp.stepType === "Email");
    expect(emails[0]!.subject).toBe("Your Leaf & Kettle cart is still waiting for you");
    expect(emails.map((tp) => tp.callToAction)).toEqual(emails.map(() => "Return to my cart"));
    expect(view.touchpoints.find((tp) => tp.stepType === "SMS")!.sms).toBe(`${flow.companyName}: your cart is waiting. ${SMS_OPT_OUT}`);
  });

  it("sends what no safe fix mends back once, with every content rule it breaks, and stores the repair", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    const good = modelAnswer(flow);
    const broken = {
      touchpoints: good.touchpoints.map((tp) => (tp.sms ? { ...tp, sms: `${flow.companyName}: ${"very ".repeat(40)}long. ${SMS_OPT_OUT}` } : { ...tp, subject: "S".repeat(63) })),
    };
    stub.script({ kind: "content", content: JSON.stringify(broken) }, { kind: "content", content: JSON.stringify(good) });
    const view = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() });
    expect(stub.requests).toHaveLength(2);
    const repairAsk = JSON.stringify(stub.requests[1]!.messages);
    expect(repairAsk).toContain("The subject line is longer than 60 characters. It is 63.");
    expect(repairAsk).toMatch(/The SMS is \d+ characters; one message holds 160/);
    expect(view.touchpoints.filter((tp) => tp.stepType === "Email").every((tp) => tp.subject!.length <= 60)).toBe(true);
  });

  it("refuses copy that still breaks the copy rules after one repair: 502 and nothing stored", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    const leaky = { touchpoints: modelAnswer(flow).touchpoints.map((tp) => (tp.bodyText ? { ...tp, bodyText: `Hi ${FIRST_NAME_TAG},\n\nUse code INVENTED20 today.` } : tp)) };
    stub.script({ kind: "content", content: JSON.stringify(leaky) });
    const error = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ kind: "upstream_failed", message: CONTENT_FAILED_MESSAGE });
    expect(stub.requests).toHaveLength(2);
    expect(await FlowContentModel.findOne({ _id: flow.id }).lean()).toBeNull();
    // The 502's cause is on the server's log: the rule the copy still broke.
    expect(loggedErrors()).toEqual([expect.stringMatching(/^\[content\] .* could not write flow .*INVENTED20/)]);
  });

  it("writes nothing on any fault, after content already existed, and answers 502 with the message", async () => {
    const { flow, contentUser } = await premiumWithFlow();
    await writeFlowContent({ user: contentUser, flowId: flow.id });
    const before = await FlowContentModel.findOne({ _id: flow.id }).lean();
    for (const [, answer] of faults(flow)) {
      stub.script(answer);
      const error = await writeFlowContent({ user: contentUser, flowId: flow.id }, { provider: writer() }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: "upstream_failed", message: CONTENT_FAILED_MESSAGE });
      const after = await FlowContentModel.findOne({ _id: flow.id }).lean();
      expect(after).toEqual(before);
      expect(loggedErrors(), "each 502 logs its cause").toHaveLength(1);
    }
  }, 30_000);
});
