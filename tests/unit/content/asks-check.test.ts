import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import type { BusinessAnswers } from "~/lib/content/business";
import { checkWritten } from "~/lib/copy/checker";
import { BRIEF_LINE } from "~/lib/flows/feedback/brief";
import { asksIn } from "~/services/ai/openai-content.server";

// A bakery as its owner typed it, not from the evaluation corpus.
const bakery: BusinessAnswers = {
  productServiceDescription: "Sourdough loaves and pastries baked every morning in Leith",
  brandVoicePositioning: "friendly, down to earth",
};
const company = "Rye & Shine";

describe("the model's answer is held to the same asks", () => {
  const facts = businessFacts(bakery, company);
  const answer = (bodyText: string) => [{ subject: "Your next loaf", preheader: "Fresh every morning.", bodyText, callToAction: "See the options", sms: null }];

  it("fails an answer that says a word it must never say, or is formal with exclamation marks", () => {
    const avoid = checkWritten(facts, answer(`Hi {{ first_name|default:"there" }},\n\nOur subscription is open.`), { briefs: [BRIEF_LINE.avoid("subscription")] });
    expect(avoid.filter((f) => f.rule === "ask").map((f) => f.text)).toEqual(["subscription"]);
    const formal = checkWritten(facts, answer(`Hello {{ first_name|default:"there" }},\n\nWe are delighted to see you!`), { briefs: [BRIEF_LINE.tone("formal")] });
    expect(formal.filter((f) => f.rule === "ask").map((f) => f.text)).toEqual(["!"]);
    const followed = checkWritten(facts, answer(`Hello {{ first_name|default:"there" }},\n\nWe are delighted to see you.`), {
      briefs: [`${BRIEF_LINE.tone("formal")}\n${BRIEF_LINE.avoid("subscription")}`],
    });
    expect(followed.filter((f) => f.rule === "ask")).toEqual([]);
  });

  it("sends the brief's asks to the model verbatim", () => {
    expect(asksIn(`• One clear next step\n• ${BRIEF_LINE.tone("formal")}\n• ${BRIEF_LINE.avoid("subscription")}\n• Mention our parking`)).toEqual([
      "Tone: formal",
      "Never say: subscription",
    ]);
  });
});
