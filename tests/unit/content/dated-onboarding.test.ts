// The onboarding of businesses whose customers buy first and come later, read as a marketer would:
// the emails are about the date that follows (an installation, the party, the first weeks as a
// member), never about the sale that is already made.
import { describe, expect, it } from "vitest";

import { prepItems } from "~/lib/content/dated";
import { angleOf, writeFlowCopy } from "~/lib/content/writer";
import { checkCopy } from "~/lib/copy/checker";
import { FLOW_TYPES } from "~/lib/flow-types";
import { businessFacts } from "~/lib/business/facts";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

const POOLS = {
  ...emptyAnswers(),
  companyName: "Bluewater Pools",
  businessType: "B2C Transactional",
  industry: "Home & Garden",
  communicationChannels: "Email only",
  productServiceDescription: "Fibreglass pools, supplied and installed, with a site visit and quote first",
  primaryTargetAudience: "Families with a garden big enough for a pool",
  onboardingStage: "When the contract is signed (the pool is installed 5-8 weeks later)",
  onboardingSpecialOffers: "",
  customerFeedback: '"The crew left the garden tidier than they found it." (Priya)',
  frequentQuestionsConcerns: "How much does a pool cost to run?",
  keyUserKnowledgeElements: "Clear a path for the digger at least 3 weeks before, keep pets inside on the day, don't fill the pool yourself",
} as QuestionnaireAnswers;

const CLIMBING = {
  ...emptyAnswers(),
  companyName: "Crux Climbing",
  businessType: "B2C Transactional",
  industry: "Health & Fitness",
  communicationChannels: "Email only",
  productServiceDescription: "A bouldering gym with monthly memberships and classes",
  primaryTargetAudience: "Adults new to climbing",
  onboardingStage: "The day they collect their membership card",
  keyUserKnowledgeElements: "Chalk is free at the desk, the kids' area is closed after 6pm, log your first climb on the wall chart",
  frequentQuestionsConcerns: "Do I need my own shoes?",
} as QuestionnaireAnswers;

function onboarding(answers: QuestionnaireAnswers, model: string) {
  const business = { ...answers, businessModel: model } as QuestionnaireAnswers;
  const draft = generateOfflineDraft({ flowType: "onboarding", business, rule: null, customContext: "" });
  const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
  const copies = writeFlowCopy({ flowType: "onboarding", answers: business, companyName: business.companyName, touchpoints });
  const emails = copies.flatMap((copy) => (copy.stepType === "Email" ? [copy.email] : []));
  return { business, draft, emails };
}

describe("a dated business's onboarding", () => {
  it("prepares for the date ahead and asks how it went only after it", () => {
    const { draft, emails } = onboarding(POOLS, "high-ticket");
    expect(draft.touchpoints.map((tp) => tp.timing?.displayText ?? "")).toEqual(expect.arrayContaining(["3 days before the installation", "3 days after the installation"]));
    const text = emails.map((e) => `${e.subject}\n${e.bodyText}`).join("\n");
    expect(text).toContain("Getting ready for the installation");
    expect(text).toMatch(/- Keep pets inside on the day/);
    // Three weeks ahead is past doing three days before: only the first email lists it.
    const ready = emails.find((e) => e.subject === "Getting ready for the installation")!;
    expect(ready.bodyText).not.toMatch(/3 weeks before/);
    expect(emails[0]!.bodyText).toMatch(/- Clear a path for the digger at least 3 weeks before/);
    // Nothing about the sale that is already made, and no pre-purchase question or web-shop words.
    expect(text).not.toMatch(/first site visit|first quote|How much does a pool cost|ships|cart|your account is ready/i);
    expect(emails.at(-1)!.callToAction).toBe("Leave a review");
    expect(emails[0]!.buttonUrl).toBe("[Link: your what-happens-next page]");
  });

  it("starts a member's first weeks at once, with nothing timed before a day that has passed", () => {
    const { draft, emails } = onboarding(CLIMBING, "membership");
    expect(draft.touchpoints.every((tp) => !tp.timing || tp.timing.type !== "relative_event" || tp.timing.direction === "after")).toBe(true);
    const text = emails.map((e) => `${e.subject}\n${e.bodyText}`).join("\n");
    expect(text).toMatch(/- Chalk is free at the desk/);
    expect(text).toMatch(/- Log your first climb on the wall chart/);
    expect(text).not.toMatch(/first visit\?|You're booked|arrive a few minutes early/i);
    // A list is a list: the copy checker reads its items as phrases, not one pasted answer.
    const f = businessFacts({ ...CLIMBING, businessModel: "membership" } as QuestionnaireAnswers);
    const findings = checkCopy(
      f,
      emails.map((e, i) => ({ where: `email ${i + 1}`, text: e.bodyText, audience: "customer" as const })),
    );
    expect(findings.filter((finding) => finding.rule === "pasted")).toEqual([]);
  });

  it("asks how the day went after an event, and a month later for a review", () => {
    const venue = {
      ...POOLS,
      companyName: "Oakfield Hall",
      productServiceDescription: "A country house for weddings",
      onboardingStage: "When the deposit is paid (the wedding is 9-15 months away)",
    } as QuestionnaireAnswers;
    const { emails } = onboarding(venue, "high-ticket");
    expect(emails.map((e) => e.subject)).toEqual(expect.arrayContaining(["How was the wedding?"]));
    expect(emails.at(-1)!.bodyText).toMatch(/a month since the wedding/);
  });

  it("splits the owner's notes into list items, keeping a bracket whole", () => {
    expect(prepItems(["Bring your own towel, lockers take a £1 coin (refunded), and the café shuts at 8"], "Gym")).toEqual([
      "Bring your own towel",
      "Lockers take a £1 coin (refunded)",
      "The café shuts at 8",
    ]);
    expect(prepItems(["Bring photo ID"], "Gym")).toEqual(["Bring photo ID"]);
  });

  it("thanks a first order rather than offering one", () => {
    expect(angleOf("onboarding", { title: "Thank you for your first order", primaryGoal: "Confirm the order." }, 0, 4)).toBe("thanks");
    expect(angleOf("lead_nurture", { title: "For your first visit: 20% off", primaryGoal: "" }, 5, 6)).toBe("offer");
    expect(angleOf("onboarding", { title: "Getting ready for your first class", primaryGoal: "" }, 1, 4)).toBe("booked");
  });

  it("reads the education angle from a step's words only, never from its place in the flow", () => {
    expect(angleOf("lead_nurture", { title: "There's a better way to plan shifts", primaryGoal: "" }, 2, 5)).toBe("education");
    expect(angleOf("onboarding", { title: "Week two", primaryGoal: "Show what the problem really costs." }, 1, 4)).toBe("education");
    // A title with no angle words falls back on its place, which gives every other angle but this one.
    for (const flowType of FLOW_TYPES)
      for (let total = 1; total <= 8; total++)
        for (let index = 0; index < total; index++) expect(angleOf(flowType, { title: "Step", primaryGoal: "" }, index, total)).not.toBe("education");
  });
});
