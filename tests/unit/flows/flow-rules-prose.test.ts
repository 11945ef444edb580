import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { exitSentences, keyAsWords, otherRuleSentences, parseFlowRules, smsPolicySentences, triggerSentence } from "~/lib/flows/flow-rules-prose";
import { DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";

import { keysOf, rawKeysIn } from "../../support/raw-keys";

function allSentences(value: unknown, trigger = "") {
  const rules = parseFlowRules(value);
  return [triggerSentence(trigger), ...exitSentences(rules.exitWhen), ...otherRuleSentences(rules), ...smsPolicySentences(rules.smsPolicy)].filter(Boolean);
}

describe("the default rules as sentences", () => {
  it.each(DEFAULT_FLOW_RULES.map((rule) => [rule.flowType, rule] as const))("%s: prose with every value and no data key", (_type, rule) => {
    const sentences = allSentences(rule.exitRules, rule.trigger);
    const text = sentences.join(" ");
    expect(rawKeysIn(text, keysOf(rule.exitRules))).toEqual([]);
    for (const sentence of sentences) expect(sentence, sentence).toMatch(/^[A-Z].*[.!?]$/s);
    const stored = rule.exitRules as { exitWhen: string[]; smsPolicy: { sendWindowLocalTime: { from: string; to: string } } };
    // Every exit condition is in the text, in its own words (the colon's tail in brackets or after a dash).
    for (const condition of stored.exitWhen) {
      const head = condition.split(": ")[0]!;
      expect(text.toLowerCase()).toContain(head.toLowerCase());
    }
    expect(text).toContain(
      `Texts go only to contacts who gave SMS consent, between ${stored.smsPolicy.sendWindowLocalTime.from} and ${stored.smsPolicy.sendWindowLocalTime.to} in their local time.`,
    );
  });

  it("reads as a marketer writes it", () => {
    const abandonedCart = DEFAULT_FLOW_RULES.find((rule) => rule.flowType === "abandoned_cart")!;
    expect(allSentences(abandonedCart.exitRules, abandonedCart.trigger).slice(0, 4)).toEqual([
      "The flow starts when an identified contact starts checkout or adds to cart and places no order within 1 hour.",
      "The flow ends for any contact who places an order (checked before every message), who empties the cart, or who unsubscribes or replies STOP (SMS).",
      "A contact can enter the flow again at most once every 14 days per contact, so regular shoppers are not trained to wait for an incentive.",
      "Texts go only to contacts who gave SMS consent, between 08:00 and 21:00 in their local time.",
    ]);
    const upsell = parseFlowRules(DEFAULT_FLOW_RULES.find((rule) => rule.flowType === "upsell")!.exitRules);
    expect(exitSentences(upsell.exitWhen)[1]).toBe("It also ends when the order is cancelled, refunded or returned (stop, no upsell after a bad experience).");
    expect(otherRuleSentences(upsell)).toEqual(["The flow pauses for a contact when a support ticket is open."]);
  });
});

describe("parseFlowRules", () => {
  it("takes a list, a text of lines or an object, and an empty value", () => {
    expect(parseFlowRules(["Buys", "Unsubscribes"]).exitWhen).toEqual(["Buys", "Unsubscribes"]);
    expect(parseFlowRules("• Buys\n2. Unsubscribes\n").exitWhen).toEqual(["Buys", "Unsubscribes"]);
    expect(parseFlowRules({ exit_when: "Buys" }).exitWhen).toEqual(["Buys"]);
    expect(parseFlowRules(null)).toMatchObject({ exitWhen: [], smsPolicy: null, notes: [] });
  });

  it("reads send windows and quiet hours in either form, and names unknown keys in words", () => {
    const rules = parseFlowRules({
      exitWhen: ["Books a class"],
      smsPolicy: { requiresConsent: true, sendWindow: "09:00-20:00", quietHours: { start: "21:00", end: "08:00" }, maxPerWeek: 2 },
      maxEmailsPerWeek: 3,
      holdWhen: { dayOfWeek: "Sunday" },
    });
    expect(rules.smsPolicy).toMatchObject({ consentRequired: true, sendWindow: { start: "09:00", end: "20:00" }, quietHours: { start: "21:00", end: "08:00" } });
    expect(smsPolicySentences(rules.smsPolicy)).toEqual([
      "Texts go only to contacts who gave SMS consent, between 09:00 and 20:00 in their local time.",
      "No texts go out during quiet hours, from 21:00 to 08:00 in the contact's local time.",
      "Max per week: 2.",
    ]);
    expect(otherRuleSentences(rules)).toEqual(["Max emails per week: 3.", "Hold when: day of week Sunday."]);
    expect(smsPolicySentences(parseFlowRules({ smsPolicy: { sendWindowLocalTime: { from: "08:00", to: "21:00" } } }).smsPolicy)).toEqual([
      "Texts go out only between 08:00 and 21:00 in the contact's local time.",
    ]);
  });

  it("keyAsWords", () => {
    expect(keyAsWords("sendWindowLocalTime")).toBe("Send window local time");
    expect(keyAsWords("max_per_week")).toBe("Max per week");
    expect(keyAsWords("SMSLimit")).toBe("SMS limit");
  });

  it("never shows a stored key, whatever an admin stores (property)", () => {
    const keyArb = fc.stringMatching(/^[a-z]{2,8}([A-Z][a-z]{1,6}){0,3}$/);
    const leaf = fc.oneof(
      fc.string({ maxLength: 20 }).map((text) => text.replace(/:/g, " ")),
      fc.boolean(),
      fc.integer(),
      fc.constant({ from: "08:00", to: "21:00" }),
    );
    const valueArb = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(keyArb, tie("value"), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(keyArb, valueArb, { maxKeys: 6 }), (stored) => {
        const text = allSentences(stored, "Joins the list").join(" ");
        expect(rawKeysIn(text, keysOf(stored))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
