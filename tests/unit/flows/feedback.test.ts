import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { checkPlan } from "~/lib/copy/checker";
import type { FlowType } from "~/lib/flow-types";
import { applyFlowRules, checkFlow, type FlowDraft } from "~/lib/flows/rules";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";
import { generateOfflineDraft, regenerateOfflineDraft } from "~/services/ai/offline.server";

const MASSAGE: QuestionnaireAnswers = {
  ...emptyAnswers(),
  companyName: "Kneaded Studio",
  businessType: "B2C Service/Retail",
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: "Quick (2-24 hours)",
  customerFrequency: ["Monthly"],
  productServiceDescription: "Deep-tissue and sports massage by licensed therapists",
  onboardingSpecialOffers: "$20 off your first massage",
  onboardingStage: "Onboarding begins after the first booking",
  guarantees_q8: "Not relaxed? Your next massage is on us",
};

const generate = (flowType: FlowType) => generateOfflineDraft({ flowType, business: MASSAGE, rule: null, customContext: "" });

function regenerate(flowType: FlowType, feedback: string, current: FlowDraft = generate(flowType)) {
  return regenerateOfflineDraft({
    flowType,
    business: MASSAGE,
    rule: null,
    customContext: "",
    current: { flowOverview: current.flowOverview, quickNotes: "", touchpoints: current.touchpoints },
    feedback,
  });
}

function holdsRules(draft: FlowDraft, flowType: FlowType) {
  const context = { flowType, companyName: MASSAGE.companyName, communicationChannels: MASSAGE.communicationChannels };
  const result = applyFlowRules(draft, context);
  if (!result.ok) throw new Error(result.problems.join(" "));
  expect(checkFlow(result.flow, { ...context, inactivityDays: draft.inactivityDays })).toEqual([]);
  const offsets = draft.touchpoints.map((tp) => tp.offsetMinutes);
  expect(new Set(offsets).size, "never two sends at one moment").toBe(offsets.length);
  expect(checkPlan(businessFacts(MASSAGE), draft)).toEqual([]);
}

describe("feedback understood as a marketer means it", () => {
  it("puts 'an SMS reminder before the second email' between the first two emails", () => {
    const before = generate("lead_nurture");
    const emails = before.touchpoints.filter((tp) => tp.stepType === "Email");
    const { draft, explanation } = regenerate("lead_nurture", "Add an SMS reminder before the second email");
    holdsRules(draft, "lead_nurture");
    const added = draft.touchpoints.find((tp) => tp.stepType === "SMS" && !before.touchpoints.some((b) => b.title === tp.title))!;
    expect(added.offsetMinutes).toBeGreaterThan(emails[0]!.offsetMinutes);
    expect(added.offsetMinutes).toBeLessThan(emails[1]!.offsetMinutes);
    expect(explanation).toContain("before the second email");
  });

  it("puts a step '3 days after the first' email, and 'a rebooking reminder 4 weeks after the purchase' at 28 days", () => {
    const three = regenerate("upsell", "add an email 3 days after the first email");
    holdsRules(three.draft, "upsell");
    expect(three.draft.touchpoints.some((tp) => tp.offsetMinutes === 3 * MINUTES_PER_DAY)).toBe(true);
    const rebook = regenerate("sunset", "add a rebooking reminder 4 weeks after the purchase");
    holdsRules(rebook.draft, "sunset");
    const step = rebook.draft.touchpoints.find((tp) => /next massage/i.test(tp.title))!;
    expect(step.offsetMinutes).toBe(28 * MINUTES_PER_DAY);
    expect(rebook.explanation).toContain("4 weeks after the purchase");
  });

  it("'more SMS' adds a different text at a moment of its own", () => {
    const before = generate("abandoned_cart");
    expect(before.touchpoints.length).toBe(4);
    const trimmed = regenerate("abandoned_cart", "drop step 3", before).draft;
    const { draft } = regenerate("abandoned_cart", "More SMS", trimmed);
    holdsRules(draft, "abandoned_cart");
    const texts = draft.touchpoints.filter((tp) => tp.stepType === "SMS");
    expect(texts).toHaveLength(2);
    expect(texts[0]!.title).not.toBe(texts[1]!.title);
    expect(texts[0]!.offsetMinutes).not.toBe(texts[1]!.offsetMinutes);
  });

  it("'shorter' keeps round timings", () => {
    const { draft } = regenerate("lead_nurture", "make it shorter and send them sooner");
    holdsRules(draft, "lead_nurture");
    for (const tp of draft.touchpoints) {
      const minutes = tp.offsetMinutes;
      const round = minutes < MINUTES_PER_DAY ? minutes % MINUTES_PER_HOUR === 0 : minutes % MINUTES_PER_DAY === 0;
      expect(round, `${minutes} minutes`).toBe(true);
      expect(tp.timingText).not.toMatch(/\d\.\d/);
    }
  });

  it("'mention our membership in every email' reaches every email", () => {
    const { draft, explanation } = regenerate("onboarding", "Mention our membership in every email");
    holdsRules(draft, "onboarding");
    for (const tp of draft.touchpoints.filter((t) => t.stepType === "Email")) expect(tp.keyMessages).toContain("Mention: our membership");
    expect(explanation).toContain('added "Our membership" to every email');
  });

  it("removes texts when asked, where the flow allows it", () => {
    const { draft, explanation } = regenerate("upsell", "no SMS please");
    holdsRules(draft, "upsell");
    expect(draft.touchpoints.some((tp) => tp.stepType === "SMS")).toBe(false);
    expect(explanation).toContain("removed 1 SMS step");
    const kept = regenerate("abandoned_cart", "no SMS please");
    expect(kept.explanation).toContain("kept the SMS");
  });

  // The studio's onboarding is timed from the appointment (a date a note cannot move); its lead nurture runs from the trigger.
  it("'space them out' spreads the steps", () => {
    const before = generate("lead_nurture");
    const { draft, explanation } = regenerate("lead_nurture", "space them out a bit");
    holdsRules(draft, "lead_nurture");
    expect(draft.touchpoints.at(-1)!.offsetMinutes).toBeGreaterThan(before.touchpoints.at(-1)!.offsetMinutes);
    expect(explanation).toContain("spaced the steps out");
  });

  it("uses the business's own offer for a discount and never invents a code", () => {
    const { draft, explanation } = regenerate("abandoned_cart", "add a discount");
    holdsRules(draft, "abandoned_cart");
    expect(draft.touchpoints.at(-1)!.keyMessages).toContain("$20 off your first massage");
    expect(explanation).toContain("your own offer");
  });

  it("says what it cannot do at the maximum number of steps", () => {
    const full = generate("abandoned_cart");
    const { draft, explanation } = regenerate("abandoned_cart", "add an email", full);
    expect(draft.touchpoints).toHaveLength(full.touchpoints.length);
    expect(explanation).toContain("has at most 4 steps");
  });

  it("moves the first message when asked ('first reminder within 1 hour')", () => {
    const late = generate("abandoned_cart");
    late.touchpoints[0] = { ...late.touchpoints[0]!, offsetMinutes: 4 * MINUTES_PER_HOUR };
    const { draft, explanation } = regenerate("abandoned_cart", "Send the first reminder within 1 hour", late);
    holdsRules(draft, "abandoned_cart");
    expect(draft.touchpoints[0]!.offsetMinutes).toBe(MINUTES_PER_HOUR);
    expect(explanation).toContain("moved the first step");
  });
});

describe("a count and a single step's timing, as a marketer writes them", () => {
  it("honours '3 emails max': cuts to three emails, keeps the text, and says what went", () => {
    const before = generate("lead_nurture");
    expect(before.touchpoints.filter((tp) => tp.stepType === "Email").length).toBeGreaterThan(3);
    const { draft, explanation } = regenerate("lead_nurture", "Make it shorter, 3 emails max, and add a discount", before);
    expect(draft.touchpoints.filter((tp) => tp.stepType === "Email")).toHaveLength(3);
    expect(draft.touchpoints.some((tp) => tp.stepType === "SMS")).toBe(true);
    expect(explanation).toContain("cut it to 3 emails");
    // Asked for shorter: the discount takes one of the three key messages instead of adding a fourth.
    for (const tp of draft.touchpoints) expect(tp.keyMessages.split("\n").length).toBeLessThanOrEqual(3);
    holdsRules(draft, "lead_nurture");
  });

  it("refuses a count below the flow's minimum and says why", () => {
    const { draft, explanation } = regenerate("onboarding", "only 1 email please");
    expect(draft.touchpoints.length).toBeGreaterThanOrEqual(3);
    expect(explanation).toMatch(/needs at least 3 steps, so 1 is too few/);
  });

  it("moves only the named step when one email should come sooner or later", () => {
    const before = generate("lead_nurture");
    const emails = before.touchpoints.map((tp, index) => ({ tp, index })).filter(({ tp }) => tp.stepType === "Email");
    const second = emails[1]!.index;
    const { draft, explanation } = regenerate("lead_nurture", "The second email should come sooner", before);
    expect(draft.touchpoints[second]!.offsetMinutes).toBeLessThan(before.touchpoints[second]!.offsetMinutes);
    expect(draft.touchpoints[second]!.offsetMinutes).toBeGreaterThan(before.touchpoints[second - 1]!.offsetMinutes);
    draft.touchpoints.forEach((tp, index) => {
      if (index !== second) expect(tp.offsetMinutes, tp.title).toBe(before.touchpoints[index]!.offsetMinutes);
    });
    expect(explanation).toContain("the other steps keep their times");
    holdsRules(draft, "lead_nurture");

    const later = regenerate("lead_nurture", "Send the last email later", before);
    const last = before.touchpoints.length - 1;
    expect(later.draft.touchpoints[last]!.offsetMinutes).toBeGreaterThan(before.touchpoints[last]!.offsetMinutes);
    expect(later.draft.touchpoints.slice(0, last).map((tp) => tp.offsetMinutes)).toEqual(before.touchpoints.slice(0, last).map((tp) => tp.offsetMinutes));
    holdsRules(later.draft, "lead_nurture");
  });
});
