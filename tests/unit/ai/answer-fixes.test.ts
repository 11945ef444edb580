import { describe, expect, it } from "vitest";

import { CALL_TO_ACTION_MAX, SMS_OPT_OUT, SUBJECT_MAX } from "~/lib/content/rules";
import type { FlowDraft } from "~/lib/flows/rules";
import { fixPlan, fixSms, planRuleProblems, trimAtWord } from "~/services/ai/answer-fixes.server";
import { generateOfflineDraft } from "~/services/ai/offline.server";

import { LEAF_AND_KETTLE } from "../flows/businesses";

describe("trimAtWord", () => {
  it("cuts at a word boundary within the limit, never mid-word, without a dangling word", () => {
    const subject = "Your Leaf & Kettle cart is still waiting for the tea you chose"; // 63
    const cut = trimAtWord(subject, SUBJECT_MAX)!;
    expect(cut).toBe("Your Leaf & Kettle cart is still waiting for the tea you");
    expect(cut.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(trimAtWord("Book a first class with a certified coach", CALL_TO_ACTION_MAX)).toBe("Book a first class with a certified");
  });

  it("ends at the clause when that keeps a third of the text", () => {
    expect(trimAtWord("Return to my cart, then finish your order.", CALL_TO_ACTION_MAX)).toBe("Return to my cart");
  });

  it("leaves text within the limit as it is, and gives up on one long word", () => {
    expect(trimAtWord("Finish my booking", CALL_TO_ACTION_MAX)).toBe("Finish my booking");
    expect(trimAtWord("S".repeat(63), SUBJECT_MAX)).toBeNull();
  });
});

describe("fixSms", () => {
  const brand = "Leaf & Kettle";
  it.each([
    ["ending with a full stop", `${brand}: your cart is waiting. ${SMS_OPT_OUT}.`],
    ["said twice", `${brand}: your cart is waiting. ${SMS_OPT_OUT}. ${SMS_OPT_OUT}`],
    ["missing", `${brand}: your cart is waiting`],
    ["without the brand", `your cart is waiting. ${SMS_OPT_OUT}`],
    ["with curly punctuation", `${brand}: your cart is waiting\u2026 ${SMS_OPT_OUT}!`],
  ])("the opt-out %s: said once, at the end, after the brand's message", (_case, sms) => {
    const fixed = fixSms(sms, brand);
    expect(fixed.startsWith(`${brand}: `)).toBe(true);
    expect(fixed.endsWith(SMS_OPT_OUT)).toBe(true);
    expect(fixed.split(SMS_OPT_OUT)).toHaveLength(2);
  });

  it("keeps the message's own ending punctuation", () => {
    expect(fixSms(`${brand}: still thinking it over? ${SMS_OPT_OUT}.`, brand)).toBe(`${brand}: still thinking it over? ${SMS_OPT_OUT}`);
  });
});

describe("fixPlan", () => {
  const draft = (): FlowDraft => generateOfflineDraft({ flowType: "lead_nurture", business: LEAF_AND_KETTLE, rule: null, customContext: "" });

  it("drops the trigger, exit-rules and SMS-consent lines from the notes (they are added on save), and repeated lines", () => {
    const plan = draft();
    const fixed = fixPlan(
      { ...plan, notes: `Trigger: ${plan.trigger}\nExit rules: x.\nSMS consent: y\nVoice: calm.\nVoice: calm.`, exitRules: ["Buys", "buys", ""] },
      "lead_nurture",
    );
    expect(fixed.notes).toBe("Voice: calm.");
    expect(fixed.exitRules).toEqual(["Buys"]);
  });

  it("drops a step beyond the maximum only when it repeats an earlier one", () => {
    const plan = draft();
    const steps = [...plan.touchpoints];
    while (steps.length < 8)
      steps.push({ ...steps.at(-1)!, title: `Angle ${steps.length}`, keyMessages: `• Angle ${steps.length}`, offsetMinutes: steps.at(-1)!.offsetMinutes + 1440 });
    const repeat = { ...steps[1]!, offsetMinutes: steps.at(-1)!.offsetMinutes + 1440 };
    expect(fixPlan({ ...plan, touchpoints: [...steps, repeat] }, "lead_nurture").touchpoints).toEqual(steps);
    const fresh = { ...repeat, title: "One more", keyMessages: "• Something new" };
    const kept = fixPlan({ ...plan, touchpoints: [...steps, fresh] }, "lead_nurture");
    expect(kept.touchpoints).toHaveLength(9);
    expect(planRuleProblems(kept, { flowType: "lead_nurture", companyName: "Leaf & Kettle", communicationChannels: "Email + SMS" })).toEqual([
      { where: "flow rules", message: "Lead Nurture flows have 4 to 8 touchpoints, not 9." },
    ]);
  });

  it("orders the steps by their own times", () => {
    const plan = draft();
    const [first, second, ...rest] = plan.touchpoints;
    expect(fixPlan({ ...plan, touchpoints: [second!, first!, ...rest] }, "lead_nurture").touchpoints).toEqual(plan.touchpoints);
  });
});
