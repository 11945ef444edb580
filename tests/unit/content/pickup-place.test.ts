// A pickup business's onboarding says where to collect, in the owner's words, and says nothing of a
// place the answers never name; the owner's advice reads as a list where it is one.
import { describe, expect, it } from "vitest";

import { itemLines, writeFlowCopy } from "~/lib/content/writer";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

const FLORIST = {
  ...emptyAnswers(),
  companyName: "Petal Lane",
  businessType: "B2C Service/Retail",
  communicationChannels: "Email + SMS",
  businessModel: "pickup",
  productServiceDescription: "Seasonal bouquets and potted plants to order online and collect.",
  businessOperationDescription: "One shop in Fitzroy, Melbourne. Order online, collect from the shop. We don't deliver.",
  onboardingStage: "after the first order",
  keyUserKnowledgeElements: "Same-day collection if you order before noon, anyone can collect with the order name",
} as QuestionnaireAnswers;

function onboarding(answers: QuestionnaireAnswers) {
  const draft = generateOfflineDraft({ flowType: "onboarding", business: answers, rule: null, customContext: "" });
  const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
  return writeFlowCopy({ flowType: "onboarding", answers, companyName: answers.companyName, touchpoints });
}

describe("where a pickup is collected", () => {
  it("is in the confirmation and in the reminder text the evening before", () => {
    const copies = onboarding(FLORIST);
    const first = copies.find((c) => c.stepType === "Email")!;
    expect(first.stepType === "Email" && first.email.bodyText).toContain("collect from the shop in Fitzroy, Melbourne");
    const sms = copies.find((c) => c.stepType === "SMS");
    expect(sms?.stepType === "SMS" && sms.sms).toContain("ready at the shop in Fitzroy, Melbourne");
  });

  it("is left out when the answers name no place", () => {
    const copies = onboarding({ ...FLORIST, businessOperationDescription: "Order online, collect from us. We don't deliver." } as QuestionnaireAnswers);
    const text = copies.map((c) => (c.stepType === "Email" ? c.email.bodyText : c.sms)).join("\n");
    expect(text).toContain("ready for you to collect.");
    expect(text).not.toMatch(/collect from the|ready at the/);
  });
});

describe("one long item of advice", () => {
  it("is listed when it is a list of its own, never quoted whole", () => {
    expect(itemLines("Before you come", ["Bring photos + rough measurements + a budget range + your partner"], "Oak")).toBe(
      "Before you come, bring:\n- Photos\n- Rough measurements\n- A budget range\n- Your partner",
    );
    expect(itemLines("Good to know", ["Parking behind the shop; cards only"], "Oak")).toBe("Good to know:\n- Parking behind the shop\n- Cards only");
    expect(itemLines("Before you come", ["Shave the area 24h before"], "Oak")).toBe("Before you come: shave the area 24h before.");
  });
});
