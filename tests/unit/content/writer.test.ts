import fc from "fast-check";
import { describe, expect, test } from "vitest";

import type { BusinessAnswers } from "~/lib/content/business";
import { countSms, emailProblems, SMS_OPT_OUT, smsBrand, smsProblems } from "~/lib/content/rules";
import { businessFacts } from "~/lib/business/facts";
import { writeEmail, writeFlowCopy, writeSms, type WriterTouchpoint } from "~/lib/content/writer";
import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { TOUCHPOINT_ANGLES } from "~/lib/flows/angles";
import { writePlan } from "~/lib/flows/plan-writer";

import { BUSINESSES } from "../flows/businesses";

const dental: BusinessAnswers = {
  companyWebsite: "https://www.brightsmile.example/",
  primaryTargetAudience: "Busy parents in Austin who want a dentist the whole family likes.",
  productServiceDescription: "Family dentistry with same-week appointments and evening hours.",
  primaryProblemSolved: "Finding a dentist who fits around work and school",
  competitiveDifferentiation: "We run on time: 95% of appointments start within 5 minutes.",
  brandVoicePositioning: "Friendly, reassuring and professional",
  socialProofCredentials: "4.9 stars from 1,200 Google reviews",
  specificLeadOffer: "A free whitening kit with your first cleaning",
  topReasonsNotToBuy: "Worried the visit will hurt or cost more than quoted",
  guarantees_q8: "If we run late, your next cleaning is free",
};

const saas: BusinessAnswers = {
  companyWebsite: "ledgerly.example",
  primaryTargetAudience: "Finance leads at 20-200 person companies",
  productServiceDescription: "Month-end close software that reconciles bank feeds automatically.",
  competitiveDifferentiation: "Closes the books in 2 days instead of 10.",
  brandVoicePositioning: "Professional, expert and precise.",
  availableProofMaterials: "Case study: Northwind cut close time by 70%",
  onboardingSpecialOffers: "A free onboarding call with a CPA",
  frequentQuestionsConcerns: "Does it work with our ERP?",
  guarantees_q8: "30-day money-back guarantee",
};

function touchpoints(flowType: FlowType, channels: Array<"Email" | "SMS">): WriterTouchpoint[] {
  const titles: Record<FlowType, string[]> = {
    onboarding: ["Welcome and first steps", "Quick win tutorial", "Social proof", "Check-in and feedback"],
    lead_nurture: ["Welcome", "Customer reviews", "Answer objections", "Special offer reminder"],
    abandoned_cart: ["You left something behind", "Questions before you buy?", "Last chance"],
    upsell: ["Upgrade to the next level", "What customers got", "Reminder"],
    sunset: ["We miss you", "Still interested?", "Last email: should we stop?"],
  };
  return titles[flowType].map((title, index) => ({
    id: `${flowType}-${index + 1}`,
    stepNumber: index + 1,
    stepType: channels[index % channels.length]!,
    title,
    primaryGoal: `Move the contact to step ${index + 2}`,
    keyMessages: "• What happens next\n• How long it takes\n• Who to ask",
    callToAction: index === 0 ? "Book your first visit" : "Learn more about our services and the options we offer for families",
  }));
}

function expectValid(copies: ReturnType<typeof writeFlowCopy>, companyName: string) {
  for (const copy of copies) {
    if (copy.stepType === "SMS") {
      expect(smsProblems(copy.sms, companyName), copy.sms).toEqual({});
    } else {
      expect(emailProblems(copy.email), JSON.stringify(copy.email)).toEqual({});
    }
  }
}

describe("offline writer", () => {
  test.each(FLOW_TYPES)("every touchpoint of a %s flow follows the rules, for email-only and email+SMS businesses", (flowType) => {
    for (const [answers, company] of [
      [dental, "Bright Smile Dental"],
      [saas, "Ledgerly"],
    ] as const) {
      expectValid(writeFlowCopy({ flowType, companyName: company, answers, touchpoints: touchpoints(flowType, ["Email"]) }), company);
      expectValid(writeFlowCopy({ flowType, companyName: company, answers, touchpoints: touchpoints(flowType, ["Email", "SMS"]) }), company);
    }
  });

  test.each(FLOW_TYPES)("writes an email and a text for every touchpoint angle in a %s flow, each within the rules", (flowType) => {
    for (const [answers, company] of [
      [dental, "Bright Smile Dental"],
      [saas, "Ledgerly"],
    ] as const) {
      const facts = businessFacts(answers, company);
      const [touchpoint] = touchpoints(flowType, ["Email"]);
      for (const angle of TOUCHPOINT_ANGLES) {
        const email = writeEmail(angle, touchpoint!, facts, flowType, new Set());
        expect(emailProblems(email), `${angle}: ${JSON.stringify(email)}`).toEqual({});
        const sms = writeSms(angle, { ...touchpoint!, stepType: "SMS" }, facts, flowType);
        expect(smsProblems(sms, company), `${angle}: ${sms}`).toEqual({});
      }
    }
  });

  test("writes every step the offline planner plans with the angle the planner gave it", () => {
    for (const answers of BUSINESSES) {
      const facts = businessFacts(answers, answers.companyName);
      for (const flowType of FLOW_TYPES) {
        const used = new Set<string>();
        writePlan(flowType, facts, 90).steps.forEach((step, index) => {
          const touchpoint = { ...step, id: `${flowType}-${index + 1}`, stepNumber: index + 1 };
          if (step.stepType === "SMS") expect(smsProblems(writeSms(step.angle, touchpoint, facts, flowType), facts.brand)).toEqual({});
          else expect(emailProblems(writeEmail(step.angle, touchpoint, facts, flowType, used)), `${answers.companyName} ${flowType} ${step.angle}`).toEqual({});
        });
      }
    }
  });

  test("the copy is written from the business's own answers", () => {
    const copies = writeFlowCopy({ flowType: "lead_nurture", companyName: "Bright Smile Dental", answers: dental, touchpoints: touchpoints("lead_nurture", ["Email"]) });
    const all = copies.map((copy) => (copy.stepType === "Email" ? `${copy.email.subject}\n${copy.email.preheader}\n${copy.email.bodyText}` : copy.sms)).join("\n");
    expect(all).toContain("Bright Smile Dental");
    expect(all).toContain("free whitening kit");
    expect(all).toContain("4.9 stars from 1,200 Google reviews");
    expect(all).toContain("your next cleaning is free");
    // The worry is one the answers never answer, so it is not raised.
    expect(all).not.toContain("cost more than quoted");
    expect(all).toContain("busy parents in Austin");
    // The touchpoint's own call to action becomes the button when it is short enough.
    const first = copies[0]!;
    expect(first.stepType === "Email" && first.email.callToAction).toBe("Book your first visit");
  });

  test("the voice changes the greeting and the punctuation", () => {
    const warm = writeFlowCopy({
      flowType: "onboarding",
      companyName: "A",
      answers: { brandVoicePositioning: "Warm and playful" },
      touchpoints: touchpoints("onboarding", ["Email"]),
    });
    const polished = writeFlowCopy({
      flowType: "onboarding",
      companyName: "A",
      answers: { brandVoicePositioning: "Professional and precise" },
      touchpoints: touchpoints("onboarding", ["Email"]),
    });
    const body = (copies: typeof warm) => (copies[0]!.stepType === "Email" ? copies[0]!.email.bodyText : "");
    expect(body(warm).startsWith('Hi {{ first_name|default:"there" }},')).toBe(true);
    expect(body(polished).startsWith('Hello {{ first_name|default:"there" }},')).toBe(true);
    expect(polished[0]!.stepType === "Email" && polished[0]!.email.subject).not.toContain("!");
  });

  test("is deterministic", () => {
    const input = { flowType: "upsell" as const, companyName: "Ledgerly", answers: saas, touchpoints: touchpoints("upsell", ["Email", "SMS"]) };
    expect(writeFlowCopy(input)).toEqual(writeFlowCopy(input));
  });

  test("an SMS starts with the brand and ends with the opt-out; a brand outside GSM-7 keeps it within 70", () => {
    const copies = writeFlowCopy({ flowType: "abandoned_cart", companyName: "Zoë's Bakery", answers: dental, touchpoints: touchpoints("abandoned_cart", ["SMS"]) });
    for (const copy of copies) {
      if (copy.stepType !== "SMS") throw new Error("expected SMS");
      expect(copy.sms.startsWith("Zoë's Bakery: ")).toBe(true);
      expect(copy.sms.endsWith(SMS_OPT_OUT)).toBe(true);
      expect(countSms(copy.sms)).toMatchObject({ encoding: "UCS-2", segments: 1 });
      expect(countSms(copy.sms).characters).toBeLessThanOrEqual(70);
    }
  });

  test("curly quotes and dashes in answers do not push an SMS into Unicode", () => {
    const copies = writeFlowCopy({
      flowType: "lead_nurture",
      companyName: "Joe\u2019s Gym",
      answers: { socialProofCredentials: "\u201CBest gym in town\u201D \u2014 City Paper", specificLeadOffer: "Your first week free\u2026" },
      touchpoints: touchpoints("lead_nurture", ["SMS"]),
    });
    for (const copy of copies) if (copy.stepType === "SMS") expect(countSms(copy.sms).encoding).toBe("GSM-7");
  });

  test("property: any company name and any answers give copy that follows the rules", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom("<script>alert(1)</script>", '=HYPERLINK("http://x")', "**bold** [link](javascript:alert(1))", "Ünïcödé ✓ 😀", 'a,b"c\nd'),
    );
    const company = fc
      .oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom("Zoë's", "Acme & Co.", "<b>Evil</b>", "Café Ñandú 😀", "O'Brien"))
      .filter((name) => smsBrand(name).length > 0);
    fc.assert(
      fc.property(
        fc.constantFrom(...FLOW_TYPES),
        company,
        fc.record({
          primaryTargetAudience: text,
          productServiceDescription: text,
          socialProofCredentials: text,
          specificLeadOffer: text,
          guarantees_q8: text,
          topReasonsNotToBuy: text,
          brandVoicePositioning: text,
          companyWebsite: text,
        }),
        text,
        (flowType, companyName, answers, callToAction) => {
          const tps = touchpoints(flowType, ["Email", "SMS"]).map((tp) => ({ ...tp, callToAction, keyMessages: callToAction }));
          const copies = writeFlowCopy({ flowType, companyName, answers, touchpoints: tps });
          expectValid(copies, companyName);
        },
      ),
      { numRuns: 300 },
    );
  });
});
