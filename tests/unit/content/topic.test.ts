import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import type { BusinessAnswers } from "~/lib/content/business";
import { markedIn } from "~/lib/content/placeholders";
import { SUBJECT_MAX, visibleLength } from "~/lib/content/rules";
import { writeFlowCopy, type WriterTouchpoint } from "~/lib/content/writer";
import { checkWritten } from "~/lib/copy/checker";
import { mentionParagraphs } from "~/lib/content/asks";
import { BRIEF_LINE, briefAsks } from "~/lib/flows/feedback/brief";

// A bakery as its owner typed it, not from the evaluation corpus.
const bakery: BusinessAnswers = {
  companyWebsite: "https://ryeandshine.example/",
  productServiceDescription: "Sourdough loaves and pastries baked every morning in Leith",
  primaryTargetAudience: "neighbours who want proper bread without the supermarket",
  brandVoicePositioning: "friendly, down to earth",
  keyUserKnowledgeElements: "Bread Club: 4 loaves a month for £20. Members pick up on Fridays.",
  guarantees_q8: "If a loaf isn't right, bring it back and we'll swap it",
  frequentQuestionsConcerns: "Is there parking? Yes, free parking behind the building",
};
const company = "Rye & Shine";

function flow(keyMessages: string, channels: Array<"Email" | "SMS"> = ["Email", "Email", "SMS"]) {
  const touchpoints: WriterTouchpoint[] = channels.map((stepType, index) => ({
    id: `t${index + 1}`,
    stepNumber: index + 1,
    stepType,
    title: ["Thank you", "Picked for you", "Ready for more?"][index]!,
    primaryGoal: "A second order",
    keyMessages: `• One clear next step\n${keyMessages}`,
    callToAction: "See the options",
  }));
  const copies = writeFlowCopy({ flowType: "upsell", companyName: company, answers: bakery, touchpoints });
  const written = copies.map((c) =>
    c.stepType === "SMS"
      ? { subject: null, preheader: null, bodyText: null, callToAction: null, sms: c.sms }
      : { subject: c.email.subject, preheader: c.email.preheader, bodyText: c.email.bodyText, callToAction: c.email.callToAction, sms: null },
  );
  const briefs = touchpoints.map((tp) => tp.keyMessages);
  const findings = checkWritten(businessFacts(bakery, company), written, { allowed: briefs.join("\n"), briefs });
  return { emails: copies.flatMap((c) => (c.stepType === "Email" ? [c.email] : [])), sms: copies.flatMap((c) => (c.stepType === "SMS" ? [c.sms] : [])), findings };
}

const body = (text: string) => text.split("\n\n").slice(1); // after the greeting

describe("a topic asked in feedback", () => {
  it("writes the email about it, with the owner's own fact", () => {
    const { emails, findings } = flow(`• ${BRIEF_LINE.topic("Bread Club")}`);
    for (const email of emails) {
      expect(email.subject.startsWith("Bread Club")).toBe(true);
      expect(visibleLength(email.subject)).toBeLessThanOrEqual(SUBJECT_MAX);
      expect(body(email.bodyText)[0]).toContain("Bread Club: 4 loaves a month for £20");
    }
    expect(findings).toEqual([]);
  });

  it("marks a placeholder, never an invented fact, when the answers say nothing about it", () => {
    const { emails, findings } = flow(`• ${BRIEF_LINE.topic("gift vouchers")}`);
    for (const email of emails) {
      expect(body(email.bodyText)[0]).toContain("[add: what to say about gift vouchers]");
      expect(markedIn(email.bodyText)).toContain("[add: what to say about gift vouchers]");
    }
    expect(findings).toEqual([]);
  });
});

describe("emphasis asked in feedback", () => {
  it("'Lead with' puts it first in the body and the subject", () => {
    const { emails } = flow(`• ${BRIEF_LINE.leadWith("free parking")}`);
    for (const email of emails) {
      expect(body(email.bodyText)[0]).toMatch(/^Yes, free parking behind the building|free parking/i);
      expect(email.subject).toMatch(/^Free parking/);
    }
  });

  it("'Mention' says it in the body of every step carrying it, not only a P.S.", () => {
    const { emails, sms, findings } = flow(`• ${BRIEF_LINE.mention("free parking behind the building")}`);
    for (const email of emails) {
      expect(email.bodyText).toMatch(/free parking behind the building/i);
      expect(email.bodyText).not.toContain("P.S.");
    }
    expect(sms[0]).toMatch(/free parking/i);
    expect(findings).toEqual([]);
  });

  it("a stored 'Mention X' line is still said", () => {
    const { emails } = flow("• Mention our sourdough workshops");
    for (const email of emails) expect(email.bodyText).toContain("Good to know: our sourdough workshops.");
  });

  it("'Never say' keeps the word out of every field", () => {
    const { emails, sms, findings } = flow(`• ${BRIEF_LINE.avoid("loaf")}\n• ${BRIEF_LINE.avoid("sourdough")}`);
    for (const email of emails) expect(Object.values(email).join("\n")).not.toMatch(/\bloaf\b|sourdough/i);
    for (const text of sms) expect(text).not.toMatch(/\bloaf\b|sourdough/i);
    expect(findings).toEqual([]);
  });
});

describe("the owner's exact detail for what feedback asks to mention", () => {
  const tea: BusinessAnswers = {
    companyWebsite: "https://leafandlid.example/",
    productServiceDescription: "Loose-leaf teas and tea samples, blended in Bath",
    onboardingProcessSteps: "Order → dispatch email → parcel arrives with a free sample of our house tea",
    onboardingSpecialOffers: "Every first order gets a free 5g sample of our house tea 'Morning Mist'.",
    keyUserKnowledgeElements: "GIFT WRAP WITH CODE WRAPIT AT CHECKOUT.",
  };

  function mention(what: string): string {
    const touchpoints: WriterTouchpoint[] = [
      { id: "t1", stepNumber: 1, stepType: "Email", title: "Thank you", primaryGoal: "A second order", keyMessages: `• ${BRIEF_LINE.mention(what)}`, callToAction: "Shop now" },
    ];
    const [copy] = writeFlowCopy({ flowType: "upsell", companyName: "Leaf & Lid", answers: tea, touchpoints });
    return copy!.stepType === "Email" ? copy!.email.bodyText : copy!.sms;
  }

  it("says the owner's sentence with every word of the thing, the one with the most detail, even in other words", () => {
    expect(mention("the free tea sample")).toContain("Every first order gets a free 5g sample of our house tea 'Morning Mist'.");
  });

  it("never quotes a chain of steps as copy, and keeps a code exactly as given when calming capitals", () => {
    expect(mention("the free tea sample")).not.toContain("→");
    expect(mention("gift wrap")).toContain("Gift wrap with code WRAPIT at checkout.");
  });
});

describe("what an email is about, in the owner's words", () => {
  it("takes the owner's sentence with most of the thing's words, never one that speaks of customers", () => {
    const lenses: BusinessAnswers = {
      companyWebsite: "https://lenses.example/",
      topReasonsNotToBuy: "Prescription upload - people forget it and we can't send anything.",
      leadNurtureGoal: "Upload your prescription and start a plan",
    };
    const touchpoints: WriterTouchpoint[] = [
      {
        id: "t1",
        stepNumber: 1,
        stepType: "Email",
        title: "Nearly there",
        primaryGoal: "Finish",
        keyMessages: `• ${BRIEF_LINE.topic("finishing the prescription upload")}`,
        callToAction: "Finish",
      },
    ];
    const [copy] = writeFlowCopy({ flowType: "abandoned_cart", companyName: "Lens Co", answers: lenses, touchpoints });
    const text = copy!.stepType === "Email" ? copy!.email.bodyText : "";
    expect(text).toContain("Upload your prescription and start a plan.");
    expect(text).not.toContain("people forget it");
  });
});

describe("a mention the answers only name", () => {
  it("invites the reader to ask about it, in place of a bare name as a paragraph", () => {
    const answers = { ...bakery, productServiceDescription: "Sourdough loaves. Baking classes. Celebration cakes to order." };
    const f = businessFacts(answers, company);
    expect(mentionParagraphs(f, { ...briefAsks(""), mentions: ["Baking classes"] }, [])).toEqual(["Ask us about baking classes."]);
    // A sentence of the owner's that says something is kept as written.
    expect(mentionParagraphs(f, { ...briefAsks(""), mentions: ["Bread Club"] }, [])[0]).toMatch(/^Bread Club: 4 loaves a month for £20\./);
  });
});
