import { describe, expect, it } from "vitest";

import { businessFacts, goalButton, offerFor, parseOffers, shortPhrase } from "~/lib/business/facts";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

const answers = (partial: Partial<QuestionnaireAnswers>) => ({ ...emptyAnswers(), ...partial });

describe("the business facts model", () => {
  it("keeps the brand exactly as written", () => {
    expect(businessFacts(answers({ companyName: "  bramble & Bean " })).brand).toBe("bramble & Bean");
    expect(businessFacts(answers({ companyName: "ACME co." })).brand).toBe("ACME co.");
  });

  it("keeps a guarantee written as a question with its answer", () => {
    expect(businessFacts(answers({ guarantees_q8: "Not your cup? We'll replace your bag or refund it, no questions asked." })).guarantee).toBe(
      "Not your cup? We'll replace your bag or refund it, no questions asked",
    );
  });

  it("parses offers into kind, value, code and condition", () => {
    const [percent] = parseOffers("15% off your first order with code WELCOME15.", ["onboarding"]);
    expect(percent).toMatchObject({ kind: "percent", value: "15%", code: "WELCOME15", standing: false });
    expect(percent!.condition).toMatch(/first order/);
    const [amount] = parseOffers("$20 off your first massage", ["onboarding"]);
    expect(amount).toMatchObject({ kind: "amount", value: "$20", code: null });
    expect(parseOffers("First class free", ["onboarding"])[0]!.kind).toBe("trial");
    expect(parseOffers("A free tasting guide to the six tea families", ["lead_nurture"])[0]!.kind).toBe("content");
  });

  it("takes a pricing line's free shipping as a standing perk, not the welcome offer", () => {
    const facts = businessFacts(answers({ onboardingSpecialOffers: "$14 a bag, free shipping on every order over $35. 15% off with WELCOME15." }));
    expect(facts.offers.find((o) => o.kind === "free_shipping")?.standing).toBe(true);
    expect(offerFor(facts, "onboarding")).toMatchObject({ value: "15%", code: "WELCOME15" });
  });

  it("reads the kind of business, the decision speed, the cycle and the onboarding start", () => {
    const massage = businessFacts(
      answers({
        businessType: "B2C Service/Retail",
        productServiceDescription: "Deep-tissue and sports massage by licensed therapists",
        purchaseDecisionTimeline: "Quick (2-24 hours)",
        customerFrequency: ["Monthly"],
        onboardingStage: "Onboarding begins after the first booking",
      }),
    );
    expect(massage).toMatchObject({ kind: "service", decision: "quick", cycleDays: 30, onboardingStart: "first_booking" });
    expect(massage.action).toMatchObject({ verb: "book", first: "first massage" });
    const coffee = businessFacts(answers({ businessType: "B2C Subscription", productServiceDescription: "A coffee subscription with a new roaster every month" }));
    expect(coffee.kind).toBe("subscription");
    expect(coffee.action.verb).toBe("subscribe");
    const shop = businessFacts(answers({ businessType: "eCommerce", productServiceDescription: "Solid-oak dining tables made to order" }));
    expect(shop.action.verb).toBe("shop");
    const saas = businessFacts(answers({ businessType: "B2B (Business-to-Business)", industry: "Technology & Software", productServiceDescription: "Month-end close software" }));
    expect(saas).toMatchObject({ kind: "digital", decision: "research" });
  });

  it("reads the repeat cycle from the owner's words before the dropdowns", () => {
    const cycle = (partial: Partial<QuestionnaireAnswers>) => businessFacts(answers(partial)).cycleDays;
    const visits = { businessType: "B2C Service/Retail", productServiceDescription: "A padel club with six indoor courts" };
    expect(cycle({ ...visits, onboardingGoal: "get new players to come in 10 times in the first month" })).toBe(3);
    expect(cycle({ ...visits, onboardingGoal: "members visit at least 4 days a month" })).toBe(7);
    expect(cycle({ ...visits, productServiceDescription: "Padel courts. Flex plan: 8 days a month" })).toBeNull();
    expect(cycle({ ...visits, customerJourney: "try a court → maybe come back next weekend", customerFrequency: ["Monthly"] })).toBe(7);
    expect(cycle({ ...visits, onboardingGoal: "second visit within 2 months", customerFrequency: ["Regular (Weekly)"] })).toBe(60);
    expect(cycle({ ...visits, customerJourney: "book for a birthday → they come back for another party a few months later" })).toBe(90);
    expect(cycle({ ...visits, customerJourney: "they come back for a racket a few weeks later", onboardingGoal: "second order within 45 days" })).toBe(45);
    expect(cycle({ ...visits, onboardingGoal: "come 3 times a week" })).toBe(2);
  });

  it("meets several picked frequencies in the middle, and reads 'occasional' as no cycle for goods only", () => {
    const cycle = (businessType: string, customerFrequency: string[]) => businessFacts(answers({ businessType, productServiceDescription: "Gifts", customerFrequency })).cycleDays;
    expect(cycle("B2C Service/Retail", ["Regular (Weekly)", "Monthly"])).toBe(14);
    expect(cycle("B2C Service/Retail", ["High Frequency (2+ times/week)"])).toBe(3);
    expect(cycle("B2C Service/Retail", ["Seasonal/Occasional"])).toBe(180);
    expect(cycle("eCommerce", ["Seasonal/Occasional"])).toBeNull();
    expect(
      businessFacts(answers({ businessType: "eCommerce", customerFrequency: ["Seasonal/Occasional"], keyUserKnowledgeElements: "change the water every 2 days" })).cycleDays,
    ).toBeNull();
  });

  it("takes a one-verb goal ('JOIN') as the model's button that says it, and nothing when no button does", () => {
    expect(goalButton("JOIN", "Join now")).toBe("Join now");
    expect(goalButton("join", "Book your class")).toBe("");
    expect(goalButton("Book a test drive", "Book a viewing")).toBe("Book a test drive");
  });

  it("gives no guarantee when the owner says there is none, and the one that follows a refusal", () => {
    const guarantee = (guarantees_q8: string) => businessFacts(answers({ guarantees_q8 })).guarantee;
    expect(guarantee("none")).toBe("");
    expect(guarantee("N/A")).toBe("");
    expect(guarantee("none. can't guarantee results")).toBe("");
    expect(guarantee("We don't offer guarantees on outcomes. Free re-check within 7 days.")).toBe("Free re-check within 7 days");
    expect(guarantee("none - we won't promise a pass mark. If the first session isn't right, it's free.")).toBe("If the first session isn't right, it's free");
    expect(guarantee("No quibble returns within 30 days")).toBe("No quibble returns within 30 days");
  });

  it("never cuts an answer mid-clause", () => {
    expect(shortPhrase("Freshly roasted specialty coffee, at your door in 48 hours, roasted to order by our team of three in Portland", 8)).toBe(
      "Freshly roasted specialty coffee",
    );
    expect(shortPhrase("one two three four five six seven eight nine ten eleven twelve thirteen", 8)).toBe("");
  });

  it("ignores the website research's notes about the page", () => {
    const facts = businessFacts(
      answers({ competitiveDifferentiation: "What the website highlights: What we sell; Our guarantee.", availableProofMaterials: "Customer testimonials (2 on the website)" }),
    );
    expect(facts.difference).toBe("");
    expect(facts.proof).toEqual([]);
  });

  it("quotes customers' own words as reviews", () => {
    const facts = businessFacts(answers({ customerFeedback: '"Best massage in town, I left a new person," says Dana.' }));
    expect(facts.reviews[0]).toBe("Best massage in town, I left a new person");
    expect(facts.reviewers[0]).toBe("Dana");
  });
});
