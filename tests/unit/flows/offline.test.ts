import { describe, expect, it } from "vitest";

import { writeFlowCopy } from "~/lib/content/writer";
import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { applyFlowRules, checkFlow, type FlowDraft } from "~/lib/flows/rules";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import type { FlowRuleRecord } from "~/models/flow-rule.server";
import { generateOfflineDraft, regenerateOfflineDraft } from "~/services/ai/offline.server";

import { BUSINESSES, GLOW_STUDIO, LEAF_AND_KETTLE, LEDGERLY, SPARSE_CO } from "./businesses";

function ruled(draft: FlowDraft, flowType: FlowType, business: QuestionnaireAnswers) {
  const context = { flowType, companyName: business.companyName, communicationChannels: business.communicationChannels };
  const result = applyFlowRules(draft, context);
  if (!result.ok) throw new Error(`${flowType} for ${business.companyName}: ${result.problems.join(" ")}`);
  expect(checkFlow(result.flow, { ...context, inactivityDays: draft.inactivityDays })).toEqual([]);
  return result.flow;
}

function allText(draft: FlowDraft) {
  return draft.touchpoints
    .map((tp) => `${tp.title}\n${tp.primaryGoal}\n${tp.keyMessages}\n${tp.callToAction}`)
    .join("\n")
    .toLowerCase();
}

const generate = (flowType: FlowType, business: QuestionnaireAnswers, rule: FlowRuleRecord | null = null, customContext = "") =>
  generateOfflineDraft({ flowType, business, rule, customContext });

function regenerate(flowType: FlowType, business: QuestionnaireAnswers, feedback: string, current = generate(flowType, business), quickNotes = "") {
  return regenerateOfflineDraft({
    flowType,
    business,
    rule: null,
    customContext: "",
    current: { flowOverview: current.flowOverview, quickNotes, touchpoints: current.touchpoints },
    feedback,
  });
}

const sms = (draft: FlowDraft) => draft.touchpoints.filter((tp) => tp.stepType === "SMS").length;
const emails = (draft: FlowDraft) => draft.touchpoints.filter((tp) => tp.stepType === "Email").length;

describe("offline generation", () => {
  const cases = FLOW_TYPES.flatMap((flowType) => BUSINESSES.map((business) => [flowType, business.companyName, business] as const));
  it.each(cases)("%s for %s follows every rule, with no placeholder left", (flowType, _name, business) => {
    const draft = generate(flowType, business);
    ruled(draft, flowType, business);
    expect(allText(draft)).not.toMatch(/\[(?!first name\])[a-z ]+\]/i);
    expect(draft.flowOverview).toContain(business.companyName);
  });

  it("reads as written for the business: name, offer, proof, guarantee, objections and audience, with the voice in the notes", () => {
    for (const flowType of ["onboarding", "lead_nurture"] as const) {
      const draft = generate(flowType, LEAF_AND_KETTLE);
      const text = allText(draft);
      for (const fact of [
        "Leaf & Kettle",
        flowType === "lead_nurture" ? "free tasting guide" : "15% off the first order",
        "4.8 stars from 2,300 reviews",
        "free returns within 30 days",
        "loose-leaf is fiddly to brew",
        "busy professionals",
      ]) {
        expect(text, `${flowType}: ${fact}`).toContain(fact.toLowerCase());
      }
      expect(draft.notes).toContain("Voice: Calm, knowledgeable and a little playful.");
    }
  });

  it("is deterministic and differs between businesses", () => {
    expect(generate("upsell", GLOW_STUDIO)).toEqual(generate("upsell", GLOW_STUDIO));
    expect(allText(generate("upsell", GLOW_STUDIO))).not.toEqual(allText(generate("upsell", LEDGERLY)));
  });

  it("keeps the abandoned cart's incentive out of the first message", () => {
    const [first] = generate("abandoned_cart", LEAF_AND_KETTLE).touchpoints;
    expect(first!.keyMessages).not.toContain("15% off");
  });

  it("speaks the business's language and keeps first-purchase offers out of flows for customers", () => {
    const studio = allText(generate("upsell", GLOW_STUDIO));
    expect(studio).toContain("see your booking details");
    expect(studio).not.toContain("track your order");
    // The studio's own bundle, named as the owner names it ("Cancel your membership any time"), never an invented package.
    expect(studio).toContain("membership");
    expect(studio).not.toContain("packages");
    expect(studio).not.toContain("first class free");
    expect(allText(generate("upsell", LEDGERLY))).toContain("get set up");
    expect(allText(generate("upsell", LEAF_AND_KETTLE))).toContain("track your order");
  });

  it("makes the abandoned cart's incentive the business's own offer", () => {
    const last = generate("abandoned_cart", LEAF_AND_KETTLE).touchpoints.at(-1)!;
    expect(last.keyMessages).toContain("The offer exactly as given: 15% off the first order with a free steeping guide");
    expect(last.keyMessages).not.toContain("10% off");
  });

  it("turns the rule's SMS into email for an email-only business and adds one where SMS is required", () => {
    const emailOnly = { ...LEAF_AND_KETTLE, communicationChannels: "Email only" };
    expect(sms(generate("abandoned_cart", emailOnly))).toBe(0);
    expect(sms(generate("lead_nurture", LEAF_AND_KETTLE))).toBeGreaterThan(0);
  });

  it("follows the admin's rule: its steps, trigger and exit rules, filled for the business", () => {
    const rule: FlowRuleRecord = {
      id: "r1",
      flowName: "Studio welcome",
      flowType: "onboarding",
      businessType: "B2C Service/Retail",
      communicationChannels: "",
      purchaseDecisionTimeline: "",
      serviceFrequency: "",
      upsellOpportunity: "",
      trigger: "Books a trial class online.",
      exitRules: { exitWhen: ["Buys a class pack"] },
      steps: [1, 2, 3].map((n) => ({
        stepNumber: n,
        channel: "Email" as const,
        title: `[Company] studio tip ${n}`,
        delayDays: n - 1,
        timing: null,
        primaryGoal: "Help them arrive ready",
        keyMessages: "• What to bring",
        callToAction: "See the schedule",
        notes: "",
      })),
      notes: "Admin note.",
      createdAt: new Date(0),
      updatedAt: new Date(0),
    };
    const draft = generate("onboarding", GLOW_STUDIO, rule, "Opening a second studio in May");
    const flow = ruled(draft, "onboarding", GLOW_STUDIO);
    expect(flow.touchpoints.map((tp) => tp.title)).toEqual(["Glow Studio studio tip 1", "Glow Studio studio tip 2", "Glow Studio studio tip 3"]);
    expect(flow.touchpoints.map((tp) => tp.offsetMinutes)).toEqual([0, 1440, 2880]);
    expect(flow.quickNotes).toContain("Trigger: Books a trial class online.");
    expect(flow.quickNotes).toContain("Exit rules: Buys a class pack.");
    expect(flow.quickNotes).toContain("Admin note.");
    expect(flow.quickNotes).toContain("Your context: Opening a second studio in May");
  });

  it("writes a sound flow for a business that answered almost nothing", () => {
    const draft = generate("sunset", SPARSE_CO);
    ruled(draft, "sunset", SPARSE_CO);
    expect(draft.inactivityDays).toBe(120);
    expect(draft.flowOverview).toContain("Sparse Co");
  });
});

describe("regeneration with feedback", () => {
  it("'shorter' drops middle steps and trims each step to three key messages", () => {
    const before = generate("lead_nurture", LEAF_AND_KETTLE);
    const { draft, explanation } = regenerate("lead_nurture", LEAF_AND_KETTLE, "Make it shorter please");
    ruled(draft, "lead_nurture", LEAF_AND_KETTLE);
    expect(draft.touchpoints.length).toBeLessThan(before.touchpoints.length);
    expect(draft.touchpoints[0]!.title).toBe(before.touchpoints[0]!.title);
    expect(draft.touchpoints.at(-1)!.title).toBe(before.touchpoints.at(-1)!.title);
    for (const tp of draft.touchpoints) expect(tp.keyMessages.split("\n").length).toBeLessThanOrEqual(3);
    expect(sms(draft)).toBeGreaterThan(0);
    expect(explanation).toMatch(/^I made it shorter: dropped /);
  });

  it("'shorter' at the minimum keeps the steps and says why", () => {
    const { draft, explanation } = regenerate("abandoned_cart", LEDGERLY, "shorter", regenerate("abandoned_cart", LEDGERLY, "drop step 2").draft);
    expect(draft.touchpoints).toHaveLength(2);
    expect(explanation).toContain("2 steps is the shortest an Abandoned Cart flow can be");
  });

  it("'more SMS' adds a text for an Email + SMS business and refuses, saying why, for an email-only one", () => {
    const before = generate("onboarding", GLOW_STUDIO);
    const more = regenerate("onboarding", GLOW_STUDIO, "Can we have more SMS?");
    ruled(more.draft, "onboarding", GLOW_STUDIO);
    expect(sms(more.draft)).toBe(sms(before) + 1);
    expect(more.explanation).toMatch(/added an SMS \("[^"]+"\) /);

    const refused = regenerate("onboarding", LEDGERLY, "more SMS");
    expect(sms(refused.draft)).toBe(0);
    expect(refused.explanation).toContain("your business uses email only");
  });

  it("'fewer emails' removes an email", () => {
    const before = generate("onboarding", LEDGERLY);
    const { draft, explanation } = regenerate("onboarding", LEDGERLY, "too many emails, send fewer emails");
    ruled(draft, "onboarding", LEDGERLY);
    expect(emails(draft)).toBe(emails(before) - 1);
    expect(explanation).toContain("removed one email");
  });

  it("'add a discount' never invents a code: the business's own offer where the flow has one, else a marked placeholder", () => {
    const { draft, explanation } = regenerate("upsell", LEAF_AND_KETTLE, "add a 20% discount");
    ruled(draft, "upsell", LEAF_AND_KETTLE);
    // 20% is an amount the answers never give: it is not written, and the reply says how to allow it (decision 131).
    expect(draft.touchpoints.at(-1)!.keyMessages).toContain("Offer [YOUR DISCOUNT] with code [YOUR DISCOUNT CODE]");
    expect(allText(draft)).not.toMatch(/20\s?%/);
    expect(draft.touchpoints.at(-1)!.callToAction).toBe("Claim my discount");
    expect(explanation).toContain("Your answers give no 20% off, so the flow promises no amount (add it to your offers in your answers to use it)");
    expect(explanation).toContain("fill in your own before sending");
    expect(allText(draft)).not.toMatch(/LEAFKETT/i);
    const plain = regenerate("upsell", LEAF_AND_KETTLE, "give them a discount").draft;
    expect(plain.touchpoints.at(-1)!.keyMessages).toContain("[YOUR DISCOUNT] with code [YOUR DISCOUNT CODE]");
    const own = regenerate("abandoned_cart", LEAF_AND_KETTLE, "add a discount");
    expect(own.draft.touchpoints.at(-1)!.keyMessages).toContain("The offer exactly as given: 15% off the first order with a free steeping guide");
    expect(own.explanation).not.toContain("[YOUR DISCOUNT CODE]");
  });

  it("'more urgency' brings the steps closer and puts a deadline on the last one", () => {
    const before = generate("lead_nurture", LEDGERLY);
    const { draft } = regenerate("lead_nurture", LEDGERLY, "needs more urgency");
    ruled(draft, "lead_nurture", LEDGERLY);
    expect(draft.touchpoints.at(-1)!.offsetMinutes).toBeLessThan(before.touchpoints.at(-1)!.offsetMinutes);
    expect(draft.touchpoints.at(-1)!.title).toMatch(/^Last chance: /);
    expect(draft.touchpoints.at(-1)!.keyMessages).toContain("Say plainly that this is the last reminder");
  });

  it("'friendlier tone' briefs every step with the tone line the writers read", () => {
    const { draft } = regenerate("sunset", GLOW_STUDIO, "Use a friendlier tone");
    ruled(draft, "sunset", GLOW_STUDIO);
    for (const tp of draft.touchpoints) expect(tp.keyMessages.split("\n")[0]).toBe("• Tone: warm");
  });

  it("drops a step named by number, by ordinal or by its title", () => {
    const before = generate("onboarding", LEAF_AND_KETTLE);
    const byNumber = regenerate("onboarding", LEAF_AND_KETTLE, "drop step 2").draft;
    expect(byNumber.touchpoints.map((tp) => tp.title)).toEqual(before.touchpoints.filter((_, i) => i !== 1).map((tp) => tp.title));
    const byOrdinal = regenerate("onboarding", LEAF_AND_KETTLE, "remove the fourth email").draft;
    expect(byOrdinal.touchpoints.map((tp) => tp.title)).not.toContain(before.touchpoints[3]!.title);
    const byTitle = regenerate("onboarding", LEAF_AND_KETTLE, "Please cut 'Why we started Leaf & Kettle'").draft;
    expect(byTitle.touchpoints.map((tp) => tp.title)).not.toContain("Why we started Leaf & Kettle");
    ruled(byTitle, "onboarding", LEAF_AND_KETTLE);
  });

  it("keeps a named step when the flow is at its minimum, and says so", () => {
    const atMin = regenerate("sunset", LEDGERLY, "drop step 1", generate("sunset", LEDGERLY)).draft; // 3 → 2
    const { draft, explanation } = regenerate("sunset", LEDGERLY, "drop step 1", atMin);
    expect(draft.touchpoints).toHaveLength(2);
    expect(explanation).toContain("kept step 1: a Sunset flow needs at least 2 steps");
  });

  it("acknowledges a note it cannot act on, keeps the flow and carries the whole note into the quick notes", () => {
    const before = generate("onboarding", GLOW_STUDIO);
    const note = "Could you send these on Sundays only? Our clients read email at the weekend, and a Monday send gets buried.";
    const { draft, explanation, outcome } = regenerate("onboarding", GLOW_STUDIO, note);
    expect(draft.touchpoints).toEqual(before.touchpoints);
    expect(outcome?.acted).toBe(false);
    expect(explanation).toContain("could not limit the flow to certain days of the week");
    expect(explanation).toContain("the flow is unchanged");
    const flow = ruled(draft, "onboarding", GLOW_STUDIO);
    expect(flow.quickNotes).toContain(`Your note: ${note}`);
    // The next regeneration keeps the note.
    const next = regenerate("onboarding", GLOW_STUDIO, "friendlier", draft, flow.quickNotes);
    expect(ruled(next.draft, "onboarding", GLOW_STUDIO).quickNotes).toContain(`Your note: ${note}`);
  });

  it("rebuilds a flow the user cut below the minimum before applying the feedback", () => {
    const cut = { ...generate("upsell", LEDGERLY) };
    cut.touchpoints = cut.touchpoints.slice(0, 1);
    const { draft, explanation } = regenerate("upsell", LEDGERLY, "more urgency", cut);
    ruled(draft, "upsell", LEDGERLY);
    expect(explanation).toContain("rebuilt the flow from the plan");
  });
});

describe("the plan in the business's words", () => {
  const massage = {
    ...GLOW_STUDIO,
    productServiceDescription: "Deep-tissue and sports massage by licensed therapists",
    onboardingStage: "Onboarding begins after the first booking",
    topReasonsNotToBuy: "scared of being locked in to a package (you're not actually locked in!)",
  };

  it("names the appointment by the business's own unit", () => {
    const overview = generate("onboarding", massage).flowOverview;
    expect(overview).toContain("timed around the massage");
    expect(overview).not.toContain("the appointment");
  });

  it("never names what the owner says people fear but never happens, in the plan or the copy", () => {
    for (const flowType of FLOW_TYPES) {
      const draft = generate(flowType, massage);
      const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
      const copy = writeFlowCopy({ flowType, answers: massage, companyName: massage.companyName, touchpoints });
      const text = [allText(draft), ...copy.map((c) => (c.stepType === "Email" ? c.email.bodyText : c.sms))].join("\n");
      expect(text, flowType).not.toMatch(/locked in/i);
    }
  });
});
