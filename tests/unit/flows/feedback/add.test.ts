import { describe, expect, it } from "vitest";

import { writeFlowCopy } from "~/lib/content/writer";

import { BAKERY, PHYSIO, regenerate } from "./fixtures";

describe("addition", () => {
  it("times a text from the appointment, not from the booking", () => {
    const { draft, explanation } = regenerate("onboarding", "can we text them 3 hours before their session");
    const text = draft.touchpoints.find((tp) => tp.timing?.type === "relative_event" && tp.timing.minutes === 180)!;
    expect(text.stepType).toBe("SMS");
    expect(text.timing).toMatchObject({ event: "appointment", direction: "before" });
    expect(explanation).toContain("3 hours before the appointment");
  });

  it("puts a text between two emails, the others keeping their times", () => {
    const { draft, before } = regenerate("lead_nurture", "put a text between the second and third email");
    const emails = before.touchpoints.filter((tp) => tp.stepType === "Email");
    const added = draft.touchpoints.find((tp) => tp.stepType === "SMS" && !before.touchpoints.some((b) => b.title === tp.title))!;
    expect(added.offsetMinutes).toBeGreaterThan(emails[1]!.offsetMinutes);
    expect(added.offsetMinutes).toBeLessThan(emails[2]!.offsetMinutes);
  });

  it("adds no text for an email-only business, and says what to change", () => {
    const { draft, before, explanation, outcome } = regenerate("onboarding", "add a text the day before collection", BAKERY);
    expect(draft.touchpoints).toEqual(before.touchpoints);
    expect(explanation).toContain("change Communication channels to Email + SMS");
    expect(outcome.acted).toBe(false);
  });

  it("adds no text when the same note also says not to add one, whichever comes first", () => {
    for (const note of ["add a text 2 days after the first email - don't add a text", "don't add a text, and add a text after the first email"]) {
      const { draft, before, explanation, outcome } = regenerate("upsell", note);
      expect(draft.touchpoints.filter((tp) => tp.stepType === "SMS").length).toBe(before.touchpoints.filter((tp) => tp.stepType === "SMS").length);
      expect(outcome.acted).toBe(false);
      expect(explanation).toContain("your note both asks for one and says not to add a text");
    }
  });

  it("adds no text when the same note says no texts", () => {
    const { explanation } = regenerate("upsell", "no texts, and add a text after the first email");
    expect(explanation).toContain("your note also says no texts");
  });
});

describe("a text just before the date", () => {
  it("reminds with the owner's own instruction for the day, and never asks a booked customer to book", () => {
    const vets = { ...PHYSIO, onboardingProcessSteps: "Register online → first session (arrive 10 min early for forms) → book the next one" };
    const { draft } = regenerate("onboarding", "add a text 2 hours before the appointment", vets);
    const text = draft.touchpoints.find((tp) => tp.timing?.type === "relative_event" && tp.timing.minutes === 120)!;
    expect(text.keyMessages).toContain("Mention: arrive 10 minutes early for forms");
    expect(text.callToAction).not.toMatch(/book/i);
    const [sms] = writeFlowCopy({ flowType: "onboarding", companyName: vets.companyName, answers: vets, touchpoints: [{ ...text, id: "t1", stepNumber: 1 }] });
    expect(sms!.stepType === "SMS" && sms!.sms).toContain("Please arrive 10 minutes early for forms.");
  });
});
