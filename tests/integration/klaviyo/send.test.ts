import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import type { FlowType } from "~/lib/flow-types";
import { CREATE_FLOW_LIMITS, KLAVIYO_REVISION } from "~/lib/klaviyo/constants";
import { KlaviyoConnectionModel } from "~/models/klaviyo-connection.server";
import { KlaviyoSendModel } from "~/models/klaviyo-send.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { DomainError } from "~/services/domain-error";
import { writeFlowContent } from "~/services/flows/content.server";
import { deleteFlow, generateFlow, updateTouchpoint } from "~/services/flows/flows.server";
import { connectKlaviyo, disconnectKlaviyo, getKlaviyoConnection } from "~/services/klaviyo/connection.server";
import { keyAccountTag } from "~/services/klaviyo/key-vault.server";
import { listFlowSends, sendFlowToKlaviyo } from "~/services/klaviyo/send.server";
import { listKlaviyoTriggers } from "~/services/klaviyo/triggers.server";

import { useTestDatabase } from "../../support/db";
import { useEnv, withEnv } from "../../support/env";
import { fakeClock, useFakeKlaviyoClock } from "../../support/klaviyo-clock";
import { startKlaviyoStandIn } from "../../support/klaviyo-stand-in";
import { onboardedUser, seedRules } from "../flows/helpers";

/**
 * Send to Klaviyo against a stand-in Klaviyo on loopback that holds every request to Klaviyo's
 * published documents: connecting a key, the trigger picker, the draft flow and its templates,
 * two clicks sending once, limits and Retry-After on a fake clock, and every fault leaving nothing
 * half-made behind.
 */

await useTestDatabase({ clearBeforeEach: true });
const klaviyo = await startKlaviyoStandIn();
afterAll(() => klaviyo.close());
useEnv({ KLAVIYO_API_URL: klaviyo.url, KLAVIYO_ENCRYPTION_KEY: "11".repeat(32) });
// Sends without a clock of their own never wait for real either.
useFakeKlaviyoClock();

const KEY = "pk_live_0123456789abcdefABCDEF";
const LIST = { type: "list", id: "LstNews1" } as const;

beforeEach(() => {
  klaviyo.reset();
  klaviyo.addKey(KEY);
});
afterEach(() => {
  // Every request the app sent matched Klaviyo's published contract.
  expect(klaviyo.violations).toEqual([]);
});

async function connectedUserWithFlow({ premium = false, flowType = "onboarding", content = false }: { premium?: boolean; flowType?: FlowType; content?: boolean } = {}) {
  await seedRules();
  const account = await onboardedUser({ premium });
  const user = { id: account.user.id, isPremium: premium };
  const flow = await generateFlow({ user, input: { flowType } });
  if (content) await writeFlowContent({ user, flowId: flow.id });
  await connectKlaviyo({ userId: user.id, input: { apiKey: KEY } });
  klaviyo.requests.length = 0;
  return { ...account, user, flow };
}

describe("connecting Klaviyo", () => {
  it("checks the key by reading lists and metrics, keeps it sealed, and never shows it back", async () => {
    const account = await onboardedUser();
    const connected = await connectKlaviyo({ userId: account.user.id, input: { apiKey: `  ${KEY}  ` } });
    expect(connected).toMatchObject({
      connected: true,
      keyHint: `…${KEY.slice(-4)}`,
      account: { listCount: 2, metricCount: 3, segmentCount: 2, listNames: ["Newsletter", "VIP customers"] },
    });
    expect(JSON.stringify(connected)).not.toContain(KEY);
    expect(klaviyo.requests.map((r) => r.operationId)).toEqual(["get_lists", "get_metrics", "get_segments"]);
    for (const request of klaviyo.requests) {
      expect(request.headers.authorization).toBe(`Klaviyo-API-Key ${KEY}`);
      expect(request.headers.revision).toBe(KLAVIYO_REVISION);
    }
    const stored = await KlaviyoConnectionModel.findOne({ userId: account.user.id }).select("+sealedKey").lean();
    expect(stored?.sealedKey).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(JSON.stringify(stored)).not.toContain(KEY.slice(3, 20));
    expect(await getKlaviyoConnection({ userId: account.user.id })).toEqual(connected);
  });

  it("refuses a wrong key, a public key and a key without the read scopes, naming them, and stores nothing", async () => {
    const account = await onboardedUser();
    const attempt = (apiKey: string) => connectKlaviyo({ userId: account.user.id, input: { apiKey } }).catch((error: unknown) => error);

    const wrong = await attempt("pk_not_a_key_klaviyo_knows");
    expect(wrong).toBeInstanceOf(DomainError);
    expect(wrong).toMatchObject({ kind: "validation", message: expect.stringMatching(/did not accept this key/), fieldErrors: { apiKey: expect.any(String) } });

    const publicKey = await attempt("AbC123");
    expect(publicKey).toMatchObject({ kind: "validation", message: expect.stringMatching(/public API key/) });

    klaviyo.addKey("pk_metrics_only_0123456789", ["metrics:read"]);
    const scopes = await attempt("pk_metrics_only_0123456789");
    expect(scopes).toMatchObject({ kind: "validation", message: expect.stringMatching(/missing the scope lists:read/) });
    expect((scopes as DomainError).message).toContain("flows:write");

    expect(await KlaviyoConnectionModel.countDocuments({ userId: account.user.id })).toBe(0);
    expect(await getKlaviyoConnection({ userId: account.user.id })).toEqual({ connected: false });
  });

  it("says Klaviyo failed (not the key) when it answers 5xx or not at all", async () => {
    const account = await onboardedUser();
    klaviyo.fail("get_lists", { status: 503 });
    await expect(connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } })).rejects.toMatchObject({
      kind: "upstream_failed",
      message: expect.stringMatching(/error 503.*Nothing was saved/),
    });
    klaviyo.fail("get_lists", { hang: true });
    await expect(connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } }, { timeoutMs: 100 })).rejects.toMatchObject({
      kind: "upstream_failed",
      message: expect.stringMatching(/did not answer in time/),
    });
  });

  it("disconnects, and a key sealed with another encryption key asks to connect again", async () => {
    const { user, flow } = await connectedUserWithFlow();
    await withEnv({ KLAVIYO_ENCRYPTION_KEY: "22".repeat(32) }, async () => {
      await expect(sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } })).rejects.toMatchObject({ kind: "conflict", code: "KLAVIYO_RECONNECT" });
    });
    expect(await disconnectKlaviyo({ userId: user.id })).toEqual({ disconnected: true });
    await expect(sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } })).rejects.toMatchObject({ kind: "conflict", code: "KLAVIYO_NOT_CONNECTED" });
    expect(klaviyo.requests).toEqual([]);
  });
});

describe("the trigger picker", () => {
  it("offers the account's lists, segments and metrics with the flow type's default", async () => {
    const { user } = await connectedUserWithFlow({ premium: true, flowType: "abandoned_cart" });
    const triggers = await listKlaviyoTriggers({ userId: user.id, flowType: "abandoned_cart" });
    expect(triggers.suggested).toEqual({ type: "metric", id: "MetChk001" });
    expect(triggers.options.list.map((item) => item.name)).toEqual(["Newsletter", "VIP customers"]);
    expect((await listKlaviyoTriggers({ userId: user.id, flowType: "upsell" })).suggested).toEqual({ type: "metric", id: "MetOrd002" });
    expect((await listKlaviyoTriggers({ userId: user.id, flowType: "sunset" })).suggested).toEqual({ type: "segment", id: "SegUneng1" });
    expect((await listKlaviyoTriggers({ userId: user.id, flowType: "onboarding" })).suggested).toEqual({ type: "list", id: "LstNews1" });
  });

  it("reads every page of lists through the cursor, never following a link elsewhere", async () => {
    const { user } = await connectedUserWithFlow();
    klaviyo.account.lists = Array.from({ length: 23 }, (_, i) => ({ id: `Lst${String(i).padStart(3, "0")}`, name: `List ${i}` }));
    const triggers = await listKlaviyoTriggers({ userId: user.id, flowType: "onboarding" });
    expect(triggers.options.list).toHaveLength(23);
    expect(klaviyo.calls("get_lists").map((r) => r.query["page[cursor]"] ?? "first")).toEqual(["first", "10", "20"]);
    klaviyo.account.lists = [
      { id: "LstNews1", name: "Newsletter" },
      { id: "LstVip02", name: "VIP customers" },
    ];
  });
});

describe("sending a flow as a draft", () => {
  it("makes one template per email and a flow of draft messages and waits in step order, and records it", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    const result = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock });

    const emails = flow.touchpoints.filter((tp) => tp.stepType === "Email");
    expect(klaviyo.calls("create_template")).toHaveLength(emails.length);
    expect(klaviyo.calls("create_flow")).toHaveLength(1);
    const sent = klaviyo.calls("create_flow")[0]!.body as {
      data: {
        attributes: {
          name: string;
          definition: { triggers: unknown[]; actions: Array<{ type: string; data: { status?: string; unit?: string; value?: number; message?: { template_id?: string } } }> };
        };
      };
    };
    expect(sent.data.attributes.name).toBe(`${flow.companyName} — Onboarding (from Flowmap)`);
    expect(sent.data.attributes.definition.triggers).toEqual([LIST]);
    const actions = sent.data.attributes.definition.actions;
    const messages = actions.filter((action) => action.type !== "time-delay");
    expect(messages.map((action) => action.type)).toEqual(flow.touchpoints.map((tp) => (tp.stepType === "Email" ? "send-email" : "send-sms")));
    expect(messages.every((action) => action.data.status === "draft")).toBe(true);
    expect(new Set(messages.filter((a) => a.type === "send-email").map((a) => a.data.message?.template_id))).toEqual(new Set(klaviyo.templates.keys()));
    // The waits add up to each step's offset.
    let elapsed = 0;
    let index = 0;
    for (const action of actions) {
      if (action.type === "time-delay") elapsed += (action.data.value ?? 0) * ({ days: 1440, hours: 60, minutes: 1 } as Record<string, number>)[action.data.unit ?? "days"]!;
      else expect(elapsed).toBe(flow.touchpoints[index++]!.offsetMinutes ?? elapsed);
    }
    // Free plan: the emails are outlines, clearly marked.
    for (const template of klaviyo.templates.values()) {
      expect(template.editor_type).toBe("CODE");
      expect(String(template.html)).toContain("Outline from Flowmap");
    }

    const flowId = [...klaviyo.flows.keys()][0]!;
    expect(result).toMatchObject({
      klaviyoFlowId: flowId,
      url: `https://www.klaviyo.com/flow/${flowId}/edit`,
      versionNumber: flow.versionCount + 1,
      replayed: false,
      previous: null,
    });
    expect(result.sentAt).toBe(new Date(clock.now()).toISOString());
    expect(result.outlineSteps).toEqual(flow.touchpoints.map((tp) => tp.stepNumber));
    expect(result.notes.join(" ")).toMatch(/draft/);
    expect(await listFlowSends({ userId: user.id, flowId: flow.id })).toEqual([{ ...result }]);
  });

  it("premium: the written copy goes in (HTML email, SMS text), and a step edited since is sent as an outline", async () => {
    const { user, flow } = await connectedUserWithFlow({ premium: true, flowType: "abandoned_cart", content: true });
    const first = flow.touchpoints[0]!;
    await updateTouchpoint({
      user: { id: user.id, isPremium: true },
      touchpointId: first.id,
      input: { title: "Changed after writing", primaryGoal: first.primaryGoal, keyMessages: first.keyMessages, callToAction: first.callToAction, delayDays: first.delayDays },
    });
    const result = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: { type: "metric", id: "MetChk001" } } });
    expect(result.outlineSteps).toEqual([1]);
    const templates = [...klaviyo.templates.values()];
    expect(String(templates[0]!.html)).toContain("Outline from Flowmap");
    expect(templates.slice(1).every((t) => !String(t.html).includes("Outline") && String(t.html).includes('{{ first_name|default:"there" }}'))).toBe(true);
    const body = klaviyo.calls("create_flow")[0]!.body as {
      data: { attributes: { definition: { actions: Array<{ type: string; data: { message?: { body?: string; sms_quiet_hours_enabled?: boolean } } }> } } };
    };
    const sms = body.data.attributes.definition.actions.filter((a) => a.type === "send-sms");
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((a) => a.data.message?.body?.endsWith("Reply STOP to opt out") && a.data.message.sms_quiet_hours_enabled)).toBe(true);
    expect(result.notes.some((note) => /SMS\) should go out between/.test(note))).toBe(true);
  });

  it("premium abandoned cart: the checkout button opens the Started Checkout event's own URL, and every footer has Klaviyo's unsubscribe link", async () => {
    const { user, flow } = await connectedUserWithFlow({ premium: true, flowType: "abandoned_cart", content: true });
    const result = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: { type: "metric", id: "MetChk001" } } });
    // The stand-in answered 201 only after validating each body against create_template.json.
    const calls = klaviyo.calls("create_template");
    expect(calls.length).toBe(flow.touchpoints.filter((tp) => tp.stepType === "Email").length);
    const html = calls.map((call) => String((call.body as { data: { attributes: { html: string } } }).data.attributes.html));
    expect(html.every((page) => page.includes('<a href="{% unsubscribe_link %}"'))).toBe(true);
    expect(html[0]).toContain('href="{{ event.CheckoutURL }}"');
    expect(result.notes.some((note) => note.includes("{{ event.CheckoutURL }}") && note.includes("{{ event.extra.checkout_url }}"))).toBe(true);
    expect(result.notes.some((note) => note.startsWith("Fill these in before turning the flow on:") && note.includes("[add: your postal address]"))).toBe(true);
  });

  it("two clicks send once; sending again later makes a new draft and says so", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    const [a, b] = await Promise.all([
      sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST }, sequence: 0 }, { clock }).catch((e: unknown) => e),
      sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST }, sequence: 0 }, { clock }).catch((e: unknown) => e),
    ]);
    expect(klaviyo.calls("create_flow")).toHaveLength(1);
    const outcomes = [a, b].map((x) => (x instanceof DomainError ? x.code : (x as { replayed: boolean }).replayed ? "replayed" : "sent"));
    expect(outcomes).toContain("sent");
    expect(outcomes.filter((o) => o !== "sent")).toEqual([expect.stringMatching(/replayed|KLAVIYO_SEND_IN_PROGRESS/)]);

    // The same form submitted again after it went through: the recorded answer, no new flow.
    const again = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST }, sequence: 0 }, { clock });
    expect(again.replayed).toBe(true);
    expect(klaviyo.calls("create_flow")).toHaveLength(1);

    // A new send (the page now renders sequence 1; an API call counts the sends): a new draft flow.
    clock.advance(5_000);
    const second = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock });
    expect(second.replayed).toBe(false);
    expect(klaviyo.flows.size).toBe(2);
    expect(second.klaviyoFlowId).not.toBe(again.klaviyoFlowId);
    expect(second.previous).toMatchObject({ klaviyoFlowId: again.klaviyoFlowId });
    expect((await listFlowSends({ userId: user.id, flowId: flow.id })).map((s) => s.klaviyoFlowId)).toEqual([second.klaviyoFlowId, again.klaviyoFlowId]);
  });

  it("deleting the flow deletes Flowmap's record of its sends (the draft stays in Klaviyo)", async () => {
    const { user, flow } = await connectedUserWithFlow();
    await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } });
    expect(await KlaviyoSendModel.countDocuments({ flowId: flow.id })).toBe(1);
    await deleteFlow({ userId: user.id, flowId: flow.id });
    expect(await KlaviyoSendModel.countDocuments({ flowId: flow.id })).toBe(0);
    expect(klaviyo.flows.size).toBe(1);
  });

  it("only the owner can send a flow, with their own connection", async () => {
    const { flow } = await connectedUserWithFlow();
    const other = await onboardedUser();
    await connectKlaviyo({ userId: other.user.id, input: { apiKey: KEY } });
    await expect(sendFlowToKlaviyo({ user: { id: other.user.id, isPremium: false }, flowId: flow.id, input: { trigger: LIST } })).rejects.toMatchObject({ kind: "not_found" });
    expect(klaviyo.calls("create_template")).toHaveLength(0);
  });

  it("refuses a missing trigger with a message for the field", async () => {
    const { user, flow } = await connectedUserWithFlow();
    await expect(sendFlowToKlaviyo({ user, flowId: flow.id, input: {} })).rejects.toMatchObject({
      kind: "validation",
      fieldErrors: { trigger: expect.stringMatching(/list, a segment or a metric/) },
    });
    expect(klaviyo.requests).toEqual([]);
  });
});

describe("Klaviyo's limits", () => {
  it("spaces Create Flow calls a second apart on the clock, without a real wait", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock });
    await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock });
    expect(klaviyo.flows.size).toBe(2);
    expect(clock.slept).toHaveLength(1);
    expect(clock.slept[0]!).toBeGreaterThan(0);
    expect(clock.slept[0]!).toBeLessThanOrEqual(1_000);
  });

  it("waits out a 429's Retry-After within the budget and then creates the flow", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    klaviyo.fail("create_flow", { status: 429, retryAfter: 3 }, { status: 429, retryAfter: 2 });
    const result = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock });
    expect(clock.slept).toEqual([3_000, 2_000]);
    expect(klaviyo.calls("create_flow")).toHaveLength(3);
    expect(result.klaviyoFlowId).toBe([...klaviyo.flows.keys()][0]);
  });

  it("past the budget: says when to try again, deletes the templates, records nothing", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    klaviyo.fail("create_flow", { status: 429, retryAfter: 600 });
    const error = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 600, message: expect.stringMatching(/Try again in 10 minutes/) });
    expect(clock.slept).toEqual([]);
    expect(klaviyo.templates.size).toBe(0);
    expect(klaviyo.deletedTemplates).toHaveLength(flow.touchpoints.filter((tp) => tp.stepType === "Email").length);
    expect(await KlaviyoSendModel.countDocuments({})).toBe(0);
  });

  it("the day's 100 Create Flow calls used up: refused before any template is made", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    const day = CREATE_FLOW_LIMITS.find((limit) => limit.label === "day")!;
    const window = { key: `klaviyo-create-flow:${keyAccountTag(KEY)}:${day.windowMs}`, windowMs: day.windowMs, max: day.max };
    for (let i = 0; i < day.max; i++) await hitRateLimit(window.key, window, clock.now());
    const error = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/100 a day.*Try again in \d+ hours?/) });
    expect(klaviyo.requests).toEqual([]);
  });
});

describe("faults leave nothing half-made", () => {
  it("a 400 naming the trigger: a message for the trigger field, templates deleted", async () => {
    const { user, flow } = await connectedUserWithFlow();
    const error = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: { type: "list", id: "NoSuchList" } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "validation", fieldErrors: { trigger: expect.stringMatching(/could not use this list.*Pick another trigger/) } });
    expect(klaviyo.templates.size).toBe(0);
    expect(await KlaviyoSendModel.countDocuments({})).toBe(0);
  });

  it("a 400 naming an action says which step, and a template Klaviyo would not delete is listed", async () => {
    const { user, flow } = await connectedUserWithFlow();
    klaviyo.refuseDeletes = true;
    klaviyo.fail("create_flow", { status: 400, detail: "Subject line is too long.", pointer: "/data/attributes/definition/actions/0/data/message/subject_line" });
    const error = (await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }).catch((e: unknown) => e)) as DomainError;
    expect(error.kind).toBe("validation");
    expect(error.message).toMatch(/Klaviyo refused step 1: Subject line is too long\. Edit that step/);
    for (const id of klaviyo.templates.keys()) expect(error.message).toContain(id);
    expect(error.message).toMatch(/Delete them under Content → Templates/);
  });

  it("a 5xx or a timeout of Create Flow: nothing recorded, and the user is told to look for the draft first", async () => {
    const clock = fakeClock();
    const { user, flow } = await connectedUserWithFlow();
    klaviyo.fail("create_flow", { status: 502 });
    const error = (await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock }).catch((e: unknown) => e)) as DomainError;
    expect(error.kind).toBe("upstream_failed");
    expect(error.message).toMatch(/error 502.*Nothing was recorded as sent.*draft named/);
    klaviyo.fail("create_flow", { hang: true });
    const timeout = (await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock, timeoutMs: 100 }).catch((e: unknown) => e)) as DomainError;
    expect(timeout.message).toMatch(/did not answer in time/);
    expect(await KlaviyoSendModel.countDocuments({})).toBe(0);
    // The same click can be tried again once Klaviyo is back.
    const retried = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }, { clock });
    expect(retried.replayed).toBe(false);
  });

  it("a revoked key or a missing write scope sends the user to settings, naming the scope", async () => {
    const { user, flow } = await connectedUserWithFlow();
    klaviyo.fail("create_template", { status: 401 });
    await expect(sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } })).rejects.toMatchObject({ kind: "conflict", code: "KLAVIYO_KEY_REJECTED" });
    klaviyo.addKey(KEY, ["lists:read", "metrics:read", "segments:read", "templates:write"]);
    const error = (await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: LIST } }).catch((e: unknown) => e)) as DomainError;
    expect(error).toMatchObject({ kind: "conflict", code: "KLAVIYO_SCOPE_MISSING" });
    expect(error.message).toMatch(/flows:write/);
    expect(klaviyo.templates.size).toBe(0);
  });
});

describe("under test, nothing leaves loopback", () => {
  it("a connection attempt without KLAVIYO_API_URL fails as unreachable instead of calling Klaviyo", async () => {
    const account = await onboardedUser();
    await withEnv({ KLAVIYO_API_URL: undefined }, async () => {
      const error = (await connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } }).catch((e: unknown) => e)) as DomainError;
      expect(error).toMatchObject({ kind: "upstream_failed", message: expect.stringMatching(/could not reach Klaviyo/) });
      // Refused before any connection was tried, not a failed lookup of Klaviyo's address.
      expect(error.cause).toMatchObject({ failure: "network", detail: expect.stringMatching(/only on loopback/) });
    });
    expect(klaviyo.requests).toEqual([]);
  });
});
