import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { KLAVIYO_CONNECT_LIMITS, KLAVIYO_LIST_NAME_MAX } from "~/lib/klaviyo/constants";
import { neutraliseTemplateSyntax } from "~/lib/klaviyo/flow-body";
import { KlaviyoConnectionModel } from "~/models/klaviyo-connection.server";
import { KlaviyoSendModel } from "~/models/klaviyo-send.server";
import { generateFlow } from "~/services/flows/flows.server";
import { connectKlaviyo } from "~/services/klaviyo/connection.server";
import { cleanUpAbandonedSends, listLeftoverTemplates, sendFlowToKlaviyo } from "~/services/klaviyo/send.server";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { useFakeKlaviyoClock } from "../../support/klaviyo-clock";
import { startKlaviyoStandIn } from "../../support/klaviyo-stand-in";
import { onboardedUser, seedRules } from "../flows/helpers";

/**
 * The Klaviyo client under attack: connection attempts limited, huge list names cut before they
 * are stored, a send killed half-way cleaned up (or its leftovers named) instead of blocking, and
 * Klaviyo's template syntax in the business's own text made harmless.
 */

await useTestDatabase({ clearBeforeEach: true });
const klaviyo = await startKlaviyoStandIn();
afterAll(() => klaviyo.close());
useEnv({ KLAVIYO_API_URL: klaviyo.url, KLAVIYO_ENCRYPTION_KEY: "44".repeat(32) });
const clock = useFakeKlaviyoClock();

const KEY = "pk_robust_0123456789abcdef";
const savedLists = klaviyo.account.lists;

beforeEach(() => {
  klaviyo.reset();
  klaviyo.account.lists = savedLists;
  klaviyo.addKey(KEY);
});
afterEach(() => {
  expect(klaviyo.violations).toEqual([]);
});

describe("connecting", () => {
  it("limits connection attempts per user, refusing before any request to Klaviyo", async () => {
    const account = await onboardedUser();
    const max = KLAVIYO_CONNECT_LIMITS[0].max;
    for (let i = 0; i < max; i++) await connectKlaviyo({ userId: account.user.id, input: { apiKey: "pk_wrong_key_0123456789" } }).catch(() => undefined);
    klaviyo.requests.length = 0;
    await expect(connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } })).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect(klaviyo.requests).toEqual([]);
    clock.advance(KLAVIYO_CONNECT_LIMITS[0].windowMs);
    await expect(connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } })).resolves.toMatchObject({ connected: true });
  });

  it("stores list names cut short, however long Klaviyo's are", async () => {
    klaviyo.account.lists = [1, 2, 3].map((n) => ({ id: `LstHuge${n}`, name: `List ${n} ${"n".repeat(1024 * 1024)}` }));
    const account = await onboardedUser();
    const connected = await connectKlaviyo({ userId: account.user.id, input: { apiKey: KEY } });
    for (const name of connected.account.listNames) expect(name.length).toBeLessThanOrEqual(KLAVIYO_LIST_NAME_MAX);
    const stored = await KlaviyoConnectionModel.findOne({ userId: account.user.id }).lean();
    expect(JSON.stringify(stored).length).toBeLessThan(3_000);
  });
});

describe("a send killed half-way", () => {
  it("is cleaned up at the next send: its templates deleted, the one in flight named, and the send not blocked", async () => {
    await seedRules();
    const account = await onboardedUser();
    const user = { id: account.user.id, isPremium: false };
    const flow = await generateFlow({ user, input: { flowType: "onboarding" } });
    await connectKlaviyo({ userId: user.id, input: { apiKey: KEY } });
    // Klaviyo made one template for it before the process died during the second.
    klaviyo.templates.set("TplMade001", { name: "Made" });
    await KlaviyoSendModel.create({
      userId: user.id,
      flowId: flow.id,
      idempotencyKey: "killed-send",
      status: "sending",
      versionNumber: 1,
      triggerType: "list",
      triggerId: "LstNews1",
      claimedAt: new Date(clock.now()),
      owner: { instanceId: "a-previous-run", pid: 2 ** 22 + 7, host: (await import("node:os")).hostname() },
      attempt: [
        { name: "Email 1", id: "TplMade001" },
        { name: "Email 2", id: null },
        { name: "Email 3", id: null },
      ],
    });
    const sent = await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: { type: "list", id: "LstNews1" } } });
    expect(sent.klaviyoFlowId).toBeTruthy();
    expect(klaviyo.deletedTemplates).toContain("TplMade001");
    const leftovers = await listLeftoverTemplates({ userId: user.id, flowId: flow.id });
    expect(leftovers).toEqual([{ at: expect.any(String), leftovers: ["“Email 2” (if Klaviyo made it)"] }]);
    // Nothing is left for the hourly run to do.
    expect(await cleanUpAbandonedSends()).toBe(0);
  });

  it("records the attempt, template by template, before Create Flow", async () => {
    await seedRules();
    const account = await onboardedUser();
    const user = { id: account.user.id, isPremium: false };
    const flow = await generateFlow({ user, input: { flowType: "onboarding" } });
    await connectKlaviyo({ userId: user.id, input: { apiKey: KEY } });
    klaviyo.fail("create_flow", { hang: true });
    const pending = sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: { type: "list", id: "LstNews1" } } }, { timeoutMs: 300 }).catch((error: unknown) => error);
    await expect.poll(() => klaviyo.calls("create_flow").length).toBe(1);
    const claim = await KlaviyoSendModel.findOne({ userId: user.id, status: "sending" }).lean();
    expect(claim?.attempt.length).toBe(klaviyo.calls("create_template").length);
    expect(claim?.attempt.every((template) => template.id && klaviyo.templates.has(template.id))).toBe(true);
    await pending;
  });
});

describe("template syntax from the business's text", () => {
  it("keeps Flowmap's own tags and neutralises any other {{ }} or {% %}", () => {
    const html = neutraliseTemplateSyntax('Hi {{ first_name|default:"there" }}, {{ person.email }} {% if x %}yes{% endif %} <a href="{% unsubscribe_link %}">', "html");
    expect(html).toBe('Hi {{ first_name|default:"there" }}, &#123;{ person.email }} &#123;% if x %}yes&#123;% endif %} <a href="{% unsubscribe_link %}">');
    expect(neutraliseTemplateSyntax("Use code {{WELCOME}} {%raw%}", "text")).toBe("Use code { {WELCOME}} { %raw%}");
  });
});
