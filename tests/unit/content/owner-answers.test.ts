import { describe, expect, test } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import type { BusinessAnswers } from "~/lib/content/business";
import { writeEmail, writeFlowCopy, type WriterTouchpoint } from "~/lib/content/writer";
import { checkWritten } from "~/lib/copy/checker";
import type { TouchpointAngle } from "~/lib/flows/angles";

/** Answers as owners type them: lists run into one line, guarantees with their own names, long promises. */
const swimSchool: BusinessAnswers = {
  productServiceDescription: "Small-group swimming lessons for adults who never learned to swim",
  keyUserKnowledgeElements: "Parking is round the back, bring a towel and a padlock, changing rooms open 30 minutes before the session, lockers take £1 coins",
  topReasonsNotToBuy: "Embarrassed at my age, scared of deep water, the times, no pool nearby",
  guarantees_q8: "If you can't swim a width after ten lessons, we keep teaching you for free until you can",
};

const dogWalker: BusinessAnswers = {
  productServiceDescription: "Group dog walks in the park",
  competitiveDifferentiation: "Same walker every week, GPS photo updates after every walk, insured and first-aid trained, small groups of four",
  guarantees_q8: "Muddy Paws Pledge - if your dog hates the walk, the next one is free. Just tell us.",
};

const greengrocer: BusinessAnswers = {
  productServiceDescription: "Organic vegetable boxes",
  guarantees_q8: "If they go soft within 3 days, bring them back and we'll swap them",
};

const touchpoint: WriterTouchpoint = {
  id: "tp-1",
  stepNumber: 1,
  stepType: "Email",
  title: "A note",
  primaryGoal: "Help them decide",
  keyMessages: "• What happens next",
  callToAction: "Book now",
};

function email(answers: BusinessAnswers, company: string, angle: TouchpointAngle) {
  const facts = businessFacts(answers, company);
  const written = writeEmail(angle, touchpoint, facts, angle === "booked" ? "onboarding" : "lead_nurture", new Set());
  return { written, findings: checkWritten(facts, [written]).filter((f) => ["pasted", "brief", "data-key"].includes(f.rule)) };
}

describe("owners' answers in the copy", () => {
  test("advice typed as one run of items becomes a bulleted list, each item the owner's words", () => {
    const { written, findings } = email(swimSchool, "Deep End Swim", "booked");
    expect(written.bodyText).toContain(
      "Before you come:\n- Parking is round the back\n- Bring a towel and a padlock\n- Changing rooms open 30 minutes before the session\n- Lockers take £1 coins",
    );
    expect(findings).toEqual([]);
  });

  test("worries typed as one run of items are listed with the owner's answers, never pasted into a sentence", () => {
    const answered = {
      ...swimSchool,
      topReasonsNotToBuy: "Embarrassed at my age (most of our swimmers are over 40), scared of deep water (we start in the shallow end), the times, no pool nearby",
    };
    const { written, findings } = email(answered, "Deep End Swim", "objection");
    expect(written.bodyText).toMatch(/\n- Embarrassed at my age: most of our swimmers are over 40\.\n- Scared of deep water: we start in the shallow end\.\n/);
    // A worry the answers do not answer is not raised.
    expect(written.bodyText).not.toMatch(/the times|no pool nearby/i);
    expect(findings).toEqual([]);
  });

  test("worries the answers never answer are not raised at all", () => {
    const { written } = email(swimSchool, "Deep End Swim", "objection");
    expect(written.bodyText).not.toMatch(/embarrassed|deep water|no pool nearby/i);
  });

  test("a promise longer than a phrase is quoted whole as the business's promise, never cut", () => {
    const { written, findings } = email(swimSchool, "Deep End Swim", "offer");
    expect(written.bodyText).toContain(`Our promise to you: "If you can't swim a width after ten lessons, we keep teaching you for free until you can."`);
    expect(findings).toEqual([]);
  });

  test("a named promise is said by its terms, then by its name", () => {
    const { written, findings } = email(dogWalker, "Walkies", "offer");
    expect(written.bodyText).toContain("And you're covered: if your dog hates the walk, the next one is free. That's our Muddy Paws Pledge.");
    expect(findings).toEqual([]);
  });

  test("a difference typed as a long list is said by its first item, never pasted whole", () => {
    const facts = businessFacts(dogWalker, "Walkies");
    const [copy] = writeFlowCopy({ flowType: "upsell", companyName: "Walkies", answers: dogWalker, touchpoints: [{ ...touchpoint, title: "Thank you for your walk" }] });
    if (copy?.stepType !== "Email") throw new Error("an email step is written as an email");
    const written = copy.email;
    expect(written.bodyText).toContain("One thing you'll notice: same walker every week.");
    expect(checkWritten(facts, [written]).filter((f) => f.rule === "pasted")).toEqual([]);
  });

  test("the owner's quoted promise is their words, not the writer's brief, even where it says 'bring them back'", () => {
    const { written, findings } = email(greengrocer, "Root & Leaf", "offer");
    expect(written.bodyText).toContain(`Our promise to you: "If they go soft within 3 days, bring them back and we'll swap them."`);
    expect(findings).toEqual([]);
  });
});
