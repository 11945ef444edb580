import { describe, expect, it } from "vitest";

import { businessFacts } from "~/lib/business/facts";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { MARKED_PLACEHOLDER } from "~/lib/content/placeholders";
import { CALL_TO_ACTION_MAX, PREHEADER_MAX, SMS_GSM7_MAX, SMS_OPT_OUT, SMS_UNICODE_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import { PASTE_WORDS } from "~/lib/copy/checker";
import { INVENTED_RULE } from "~/lib/copy/invented";
import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { composeQuickNotes, FIRST_TOUCH_MINUTES, SMS_SEND_WINDOW, SUNSET_MIN_INACTIVITY_DAYS, TOUCHPOINT_COUNT } from "~/lib/flows/rules";
import type { StoredAnswers } from "~/lib/business/model-choice";
import { generateOfflineDraft } from "~/services/ai/offline.server";
import { contentPrompt, planPrompt, type Prompt, regeneratePrompt } from "~/services/ai/prompt.server";
import type { FlowRequest } from "~/services/ai/provider.server";

import { BUSINESSES, GLOW_STUDIO, LEAF_AND_KETTLE, LEDGERLY } from "../flows/businesses";

/** The answers as a database hands them over: with its id, owner and timestamps. */
const stored = (answers: StoredAnswers) =>
  ({ ...answers, _id: "6650f1c2a9d3e8b4c7f01234", userId: "user-6650f1c2", createdAt: new Date("2025-01-02T03:04:05Z"), updatedAt: "2025-02-03T04:05:06.000Z" }) as StoredAnswers;

function planFor(answers: StoredAnswers, flowType: FlowType, customContext = ""): { prompt: Prompt; text: string } {
  const request: FlowRequest = { flowType, business: stored(answers), rule: null, customContext };
  const prompt = planPrompt(request, businessFacts(request.business), generateOfflineDraft(request));
  return { prompt, text: `${prompt.system}\n${prompt.user}` };
}

/** Bracketed words that are not a marked placeholder ("[Company]", "[lead magnet]"); JSON arrays start with a quote or a brace. */
function unmarkedPlaceholders(text: string): string[] {
  return text.replace(MARKED_PLACEHOLDER, "").match(/\[[A-Za-z][^\]"\n]{0,60}\]/g) ?? [];
}

describe("the plan prompt", () => {
  it.each(BUSINESSES.flatMap((answers) => FLOW_TYPES.map((type) => [answers.companyName || "(no name)", type, answers] as const)))(
    "%s, %s: grounded in the business, with no placeholder, id, timestamp or empty field",
    (_name, flowType, answers) => {
      const { text, prompt } = planFor(answers, flowType);
      const facts = businessFacts(answers);
      expect(text).toContain(facts.brand);
      for (const offer of facts.offers) expect(text).toContain(`"${offer.text}"`);
      for (const proof of facts.proof) expect(text).toContain(proof);
      if (facts.guarantee) expect(text).toContain(facts.guarantee);
      // The planner's plan is the starting point: its step titles are there.
      for (const tp of generateOfflineDraft({ flowType, business: answers, rule: null, customContext: "" }).touchpoints) expect(text).toContain(tp.title);
      expect(unmarkedPlaceholders(text)).toEqual([]);
      for (const noise of ["6650f1c2", "2025-01-02", "2025-02-03", "createdAt", "userId", "_id"]) expect(text).not.toContain(noise);
      expect(prompt.user).not.toMatch(/^- [^:\n]+:\s*$/m);
      expect(prompt.user).not.toMatch(/:\s*(?:""|null|\[\])[,}]/);
    },
  );

  it.each(FLOW_TYPES)("%s: states every checked limit with the checker's own numbers", (flowType) => {
    const { prompt } = planFor(LEAF_AND_KETTLE, flowType);
    const count = TOUCHPOINT_COUNT[flowType];
    expect(prompt.system).toContain(`${count.min} to ${count.max} touchpoints: never more than ${count.max}`);
    expect(prompt.system).toContain(`at most ${CALL_TO_ACTION_MAX} characters`);
    expect(prompt.system).toContain(`Never copy ${PASTE_WORDS} or more words in a row`);
    expect(prompt.system).toContain(INVENTED_RULE);
    expect(prompt.system).toContain(`between ${SMS_SEND_WINDOW.start} and ${SMS_SEND_WINDOW.end}`);
    const window = FIRST_TOUCH_MINUTES[flowType];
    if (window) expect(prompt.system).toContain(`${window.min} to ${window.max} minutes after it`);
    if (flowType === "sunset") expect(prompt.system).toContain(`at least ${SUNSET_MIN_INACTIVITY_DAYS}`);
  });

  it("states the business model and its spec: unit, the date steps can be timed from, what abandoned means, calls to action, exits", () => {
    const { prompt } = planFor(GLOW_STUDIO, "abandoned_cart");
    const facts = businessFacts(GLOW_STUDIO);
    expect(prompt.user).toContain(`- What is bought or booked (the owner's word): ${facts.unit}`);
    expect(prompt.user).toContain(`timing event "${facts.spec.anchor}"`);
    expect(prompt.user).toContain(`- An abandoned checkout here is an unfinished: ${facts.abandoned}`);
    expect(prompt.user).toContain(facts.action.cta);
    expect(prompt.user).toContain(`- A contact has converted when they: ${facts.action.exit}`);
    expect(prompt.user).toContain('Words this kind of business never uses: "cart"');
  });

  it("carries none of the default template's shop lines to a service business", () => {
    for (const flowType of FLOW_TYPES) {
      const { text } = planFor(GLOW_STUDIO, flowType);
      for (const line of ["Welcome & Onboarding Series", "ends in 48 hours", "Track your order", "Thank you for your order", "Book your free consultation"]) {
        expect(text).not.toContain(line);
      }
    }
  });

  it("asks an email-only business for email only, and an Email + SMS business for its SMS", () => {
    expect(planFor(LEDGERLY, "lead_nurture").prompt.system).toContain("This business sends email only: no SMS touchpoints");
    expect(planFor(LEAF_AND_KETTLE, "lead_nurture").prompt.system).toContain("Lead Nurture flows of an Email + SMS business include at least one SMS.");
  });

  it("has one short example, and the user's context when there is some", () => {
    const { prompt } = planFor(LEDGERLY, "onboarding", "We launch the API next month.");
    expect(prompt.system.match(/An example/g)).toHaveLength(1);
    expect(prompt.user).toContain("Extra context from the user: We launch the API next month.");
    expect(planFor(LEDGERLY, "onboarding").prompt.user).not.toContain("Extra context");
  });
});

describe("the regeneration prompt", () => {
  it("sends the flow as it is without the notes' trigger, exit-rules and SMS-consent lines, and the feedback", () => {
    const request: FlowRequest = { flowType: "abandoned_cart", business: stored(LEAF_AND_KETTLE), rule: null, customContext: "" };
    const draft = generateOfflineDraft(request);
    const quickNotes = composeQuickNotes({ ...draft, notes: "Keep it short." }, true);
    const prompt = regeneratePrompt(
      { ...request, feedback: "Add a second SMS", current: { flowOverview: draft.flowOverview, quickNotes, touchpoints: draft.touchpoints } },
      businessFacts(LEAF_AND_KETTLE),
    );
    expect(prompt.user).toContain("The user's feedback: Add a second SMS");
    expect(prompt.user).toContain('"notes":"Keep it short."');
    expect(prompt.user).toContain(JSON.stringify(draft.trigger));
    expect(prompt.user).not.toMatch(/Trigger: |Exit rules: |SMS consent: /);
    expect(unmarkedPlaceholders(`${prompt.system}\n${prompt.user}`)).toEqual([]);
  });
});

describe("the content prompt", () => {
  const request = () => {
    const draft = generateOfflineDraft({ flowType: "abandoned_cart", business: LEAF_AND_KETTLE, rule: null, customContext: "" });
    return {
      flowType: "abandoned_cart" as const,
      companyName: LEAF_AND_KETTLE.companyName,
      business: stored(LEAF_AND_KETTLE),
      touchpoints: draft.touchpoints.map((tp, index) => ({ id: `tp-${index + 1}`, stepNumber: index + 1, ...tp })),
    };
  };

  it("has the same grounding as the plan: the facts, the offers exactly, the brand rules", () => {
    const prompt = contentPrompt(request(), businessFacts(LEAF_AND_KETTLE));
    const facts = businessFacts(LEAF_AND_KETTLE);
    for (const offer of facts.offers) expect(prompt.user).toContain(`"${offer.text}"`);
    expect(prompt.user).toContain(`- Voice, in the owner's words: ${LEAF_AND_KETTLE.brandVoicePositioning}`);
    for (const noise of ["6650f1c2", "2025-01-02", "createdAt", "userId"]) expect(prompt.user).not.toContain(noise);
    expect(unmarkedPlaceholders(`${prompt.system}\n${prompt.user}`)).toEqual([]);
  });

  it("states every content limit with the checker's numbers, the SMS rules and the one merge tag", () => {
    const { system } = contentPrompt(request(), businessFacts(LEAF_AND_KETTLE));
    expect(system).toContain(`subject at most ${SUBJECT_MAX} characters`);
    expect(system).toContain(`preheader at most ${PREHEADER_MAX} characters`);
    expect(system).toContain(`at most ${CALL_TO_ACTION_MAX} characters`);
    expect(system).toContain(`at most ${SMS_GSM7_MAX} characters (${SMS_UNICODE_MAX} if`);
    expect(system).toContain(`starting with "${LEAF_AND_KETTLE.companyName}: " and ending with '${SMS_OPT_OUT}' exactly once`);
    expect(system).toContain(`The one merge tag is ${FIRST_NAME_TAG}`);
    expect(system).toContain(INVENTED_RULE);
    expect(system.match(/An example/g)).toHaveLength(1);
  });
});
