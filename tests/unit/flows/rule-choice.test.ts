import { describe, expect, it } from "vitest";

import { flowRuleFit } from "~/models/flow-rule.server";

const general = { businessType: "All", communicationChannels: "", purchaseDecisionTimeline: "All", serviceFrequency: "", upsellOpportunity: "All" };
const studio = {
  businessType: "B2C Service/Retail",
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: "Quick (2-24 hours)",
  serviceFrequency: "Regular (Weekly)",
  upsellOpportunity: "Primarily service packages",
};

describe("flowRuleFit: the most specific rule for the business wins", () => {
  it("a general rule fits everyone with score 0", () => {
    expect(flowRuleFit(general, studio)).toBe(0);
    expect(flowRuleFit({ ...general, businessType: "" }, {})).toBe(0);
  });

  it("a rule for another business type does not fit at all", () => {
    expect(flowRuleFit({ ...general, businessType: "eCommerce" }, studio)).toBeNull();
  });

  it("business type outweighs channels, which outweigh the other traits", () => {
    const byType = flowRuleFit({ ...general, businessType: studio.businessType }, studio)!;
    const byChannels = flowRuleFit({ ...general, communicationChannels: "Email + SMS" }, studio)!;
    const byTraits = flowRuleFit(
      { ...general, purchaseDecisionTimeline: studio.purchaseDecisionTimeline, serviceFrequency: studio.serviceFrequency, upsellOpportunity: studio.upsellOpportunity },
      studio,
    )!;
    expect(byType).toBeGreaterThan(byChannels);
    expect(byChannels).toBeGreaterThan(byTraits);
    expect(byTraits).toBe(3);
    expect(flowRuleFit({ ...general, businessType: studio.businessType, communicationChannels: "Email + SMS" }, studio)).toBe(110);
  });

  it("a rule for the other channel set ranks below the general one", () => {
    expect(flowRuleFit({ ...general, communicationChannels: "Email only" }, studio)).toBe(-1);
  });
});
