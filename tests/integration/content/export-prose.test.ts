import * as DomUtils from "domutils";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";

import { FLOW_TYPES } from "~/lib/flow-types";
import { notedFlowRules } from "~/lib/flows/rules";
import type { FlowView } from "~/lib/flows/types";
import { insertFlowRuleIfMissing } from "~/models/flow-rule.server";
import { exportFlow } from "~/services/flows/export.server";
import { generateFlow } from "~/services/flows/flows.server";
import { DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";

import { useTestDatabase } from "../../support/db";
import { keysOf, rawKeysIn } from "../../support/raw-keys";
import { LEAF_AND_KETTLE, LEDGERLY } from "../../unit/flows/businesses";
import { onboardedUser, seedRules } from "../flows/helpers";

/**
 * Markdown and HTML exports are read by marketers: the trigger, the exit rules and the SMS policy
 * are sentences, never the keys of the rule's stored JSON ("exitWhen: …", "smsPolicy:
 * sendWindowLocalTime: from: 08:00"). JSON keeps the data.
 */

await useTestDatabase({ clearBeforeEach: true });

const STORED_KEYS = [...DEFAULT_FLOW_RULES.flatMap((rule) => keysOf(rule.exitRules)), "from", "to"];

async function exportedProse(user: { id: string; isPremium: boolean }, flow: FlowView) {
  const md = (await exportFlow({ user, flowId: flow.id, format: "md" })).body;
  const dom = parseDocument((await exportFlow({ user, flowId: flow.id, format: "html" })).body);
  // Each text node on its own line, so a heading and the paragraph after it do not run together.
  const html = DomUtils.filter((node) => node.type === "text", DomUtils.getElementsByTagName("main", dom)[0]!, true)
    .map((node) => (node as unknown as { data: string }).data)
    .join("\n");
  const field = (name: string) =>
    DomUtils.findAll((el) => el.attribs["data-field"] === name, dom.children)
      .map((el) => DomUtils.textContent(el))
      .join(" ");
  const json = JSON.parse((await exportFlow({ user, flowId: flow.id, format: "json" })).body) as { flows: Array<Record<string, unknown>> };
  return { md, html, field, json: json.flows[0]! };
}

/** Markdown escapes a few characters (none of them letters); the prose compares without them. */
const unescape = (text: string) => text.replace(/\\(.)/g, "$1");

describe("Markdown and HTML exports as prose", () => {
  it.each(FLOW_TYPES)("%s: trigger, exit rules and SMS policy are sentences with the rule's values, no data key", async (flowType) => {
    await seedRules();
    const { user } = await onboardedUser({ answers: LEAF_AND_KETTLE, premium: true });
    const flowUser = { id: user.id, isPremium: true };
    const flow = await generateFlow({ user: flowUser, input: { flowType } });
    const { md, html, field, json } = await exportedProse(flowUser, flow);
    const rule = DEFAULT_FLOW_RULES.find((item) => item.flowType === flowType)!;
    const stored = rule.exitRules as { exitWhen: string[]; smsPolicy: { sendWindowLocalTime: { from: string; to: string } } };
    // A plan written for the business carries its own trigger and exit rules (in its quick notes).
    const own = notedFlowRules(flow.quickNotes);
    expect(own.trigger).not.toBe(rule.trigger);

    for (const text of [md, html]) expect(rawKeysIn(text, STORED_KEYS), text).toEqual([]);
    for (const text of [unescape(md), html]) {
      expect(text).toMatch(/The flow (starts when|starts after) /);
      expect(text).toContain("The flow ends for any contact who ");
      for (const condition of own.exitWhen!) expect(text.toLowerCase()).toContain(condition.split(": ")[0]!.toLowerCase());
    }
    expect(field("trigger")).toMatch(/^The flow starts (when|after) .+\.$/);
    expect(field("exitRules")).toMatch(/^The flow ends for any contact who .+\.$/);

    const sms = flow.touchpoints.filter((tp) => tp.stepType === "SMS");
    const { from, to } = stored.smsPolicy.sendWindowLocalTime;
    const policy = `Texts go only to contacts who gave SMS consent, between ${from} and ${to} in their local time.`;
    if (sms.length) {
      expect(unescape(md)).toContain(`## SMS policy\n\n${policy}`);
      expect(field("smsPolicy").startsWith(policy)).toBe(true);
      expect(unescape(md)).toContain(`between ${from} and ${to} in the contact's local time`);
    } else {
      expect(md).not.toContain("SMS policy");
      expect(field("smsPolicy")).toBe("");
    }
    // JSON keeps the data.
    expect(json.exitRules).toEqual(own.exitWhen);
    expect(json.smsPolicy).toMatchObject({ consentRequired: true, sendWindow: { start: from, end: to } });
  });

  it("an admin rule's other rules read as sentences too (re-entry, skip, pause, after the last step)", async () => {
    // Rules an admin edited (here, one step's title): the flow follows the rule's trigger and steps.
    for (const rule of DEFAULT_FLOW_RULES)
      await insertFlowRuleIfMissing({ ...rule, steps: rule.steps.map((step, i) => (i === 0 ? { ...step, title: `${step.title} (edited)` } : step)) });
    const { user } = await onboardedUser({ answers: LEAF_AND_KETTLE, premium: true });
    const flowUser = { id: user.id, isPremium: true };
    const expected: Array<[(typeof FLOW_TYPES)[number], string]> = [
      ["abandoned_cart", "A contact can enter the flow again at most once every 14 days per contact"],
      ["onboarding", "Skip step 5 (offer reminder) when the welcome offer has already been used."],
      ["upsell", "The flow pauses for a contact when a support ticket is open."],
      ["sunset", "After the last message, no click within 3 days of the last email"],
    ];
    for (const [flowType, sentence] of expected) {
      const flow = await generateFlow({ user: flowUser, input: { flowType } });
      const { md, field } = await exportedProse(flowUser, flow);
      expect(unescape(md)).toContain(sentence);
      expect(field("exitRules")).toContain(sentence);
    }
  });

  it("an email-only business's export carries no SMS policy", async () => {
    await seedRules();
    const { user } = await onboardedUser({ answers: LEDGERLY });
    const flowUser = { id: user.id, isPremium: false };
    const flow = await generateFlow({ user: flowUser, input: { flowType: "onboarding" } });
    const { md, html } = await exportedProse(flowUser, flow);
    for (const text of [md, html]) {
      expect(text).not.toContain("SMS policy");
      expect(text).not.toContain("Texts go only");
      expect(rawKeysIn(text, STORED_KEYS)).toEqual([]);
    }
  });
});
