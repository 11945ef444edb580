// Offers said exactly as the owner gave them, without the owner's chat around them, and an offer
// only some people can have never promised to everyone.
import { describe, expect, it } from "vitest";

import { businessFacts, parseOffers } from "~/lib/business/facts";
import { writeFlowCopy } from "~/lib/content/writer";
import { checkCopy } from "~/lib/copy/checker";
import { offerBrief, worryLine } from "~/lib/flows/plans/steps";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

describe("offers as the owner gave them", () => {
  it("reads a bracket after a full stop as its own sentence, and 'X is the offer' as no offer", () => {
    const offers = parseOffers("Nope. The demo is the offer. (Charities can apply for 30% off the first year, by application only, not a code)", ["onboarding"]);
    expect(offers.map((o) => o.text)).toEqual(["Charities can apply for 30% off the first year, by application only, not a code"]);
  });

  it("drops the owner's chat at the end of an offer", () => {
    expect(parseOffers("Free coffee with your first haircut though", ["onboarding"])[0]?.text).toBe("Free coffee with your first haircut");
    expect(parseOffers("10% off your first box lol", ["onboarding"])[0]?.text).toBe("10% off your first box");
  });

  it("never puts an offer for some people in a subject or a button, and says it in full", () => {
    const business = {
      ...emptyAnswers(),
      companyName: "Tallyo",
      businessType: "SaaS",
      industry: "Technology & Software",
      communicationChannels: "Email only",
      productServiceDescription: "Invoicing software for small charities, with a 14-day free trial",
      onboardingStage: "At trial sign-up",
      onboardingSpecialOffers: "Charities under 2 years old can apply for 50% off year 1, by application only",
    } as QuestionnaireAnswers;
    const draft = generateOfflineDraft({ flowType: "onboarding", business, rule: null, customContext: "" });
    const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
    const emails = writeFlowCopy({ flowType: "onboarding", answers: business, companyName: "Tallyo", touchpoints }).flatMap((c) => (c.stepType === "Email" ? [c.email] : []));
    for (const email of emails) {
      expect(email.subject).not.toMatch(/50% off/);
      expect(email.callToAction).not.toMatch(/50% off/i);
    }
    const said = emails.map((e) => e.bodyText).join("\n");
    expect(said).toContain("Good to know: charities under 2 years old can apply for 50% off year 1, by application only.");
    // Said whole, the offer is the owner's words: the paste check does not count it.
    const findings = checkCopy(businessFacts(business), [{ where: "body", text: said, audience: "customer" }]);
    expect(findings.filter((f) => f.rule === "pasted")).toEqual([]);
  });

  it("quotes a long offer or a long run of worries in a brief", () => {
    const offer = parseOffers("Early application: £500 off if you apply 8 weeks before a start date", ["lead_nurture"])[0]!;
    expect(offerBrief(offer)).toBe('"Early application: £500 off if you apply 8 weeks before a start date"');
    expect(offerBrief(parseOffers("15% off your first order", ["onboarding"])[0]!)).toBe("15% off your first order");
    expect(worryLine("worried about linking a bank, tried budgeting before and failed, 'i don't earn enough to budget'", "Bee")).toBe(
      `The worry, in their words: "worried about linking a bank, tried budgeting before and failed, 'i don't earn enough to budget'"`,
    );
    expect(worryLine("Worried that it will hurt", "Bee")).toBe("The worry that it will hurt");
  });

  it("leaves the owner's bracketed aside out of who the flows are for", () => {
    const f = businessFacts({ ...emptyAnswers(), companyName: "Sprint", primaryTargetAudience: "First-time founders with an early MVP (pre-seed)" } as QuestionnaireAnswers);
    expect(f.audience).toBe("First-time founders with an early MVP");
  });
});
