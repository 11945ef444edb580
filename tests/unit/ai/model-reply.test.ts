import { describe, expect, it } from "vitest";

import { generateOfflineDraft } from "~/services/ai/offline.server";
import { MODEL_UNCHANGED_EXPLANATION, modelOutcome, modelReply } from "~/services/ai/openai.server";

import { LEAF_AND_KETTLE } from "../flows/businesses";

const draft = () => generateOfflineDraft({ flowType: "onboarding", business: LEAF_AND_KETTLE, rule: null, customContext: "" });
const current = () => ({ flowOverview: draft().flowOverview, quickNotes: "", touchpoints: draft().touchpoints });

describe("the reply to a model's regenerated flow", () => {
  it("is the model's words, then what the flow shows changed, read from the two flows", () => {
    const last = draft().touchpoints.at(-1)!.title;
    const outcome = modelOutcome(current(), { ...draft(), touchpoints: draft().touchpoints.slice(0, -1) });
    expect(outcome).toMatchObject({ acted: true, changes: [{ kind: "remove", words: `removed the email "${last}"` }] });
    // The model claims a text it never added: the reply still says only what the flow shows.
    expect(modelReply("I added a text and removed the last email.", outcome)).toBe(`I added a text and removed the last email.\n\nIn the flow: removed the email "${last}".`);
  });

  it("says plainly that nothing changed when the flow came back as it was, whatever the model claimed", () => {
    const outcome = modelOutcome(current(), draft());
    expect(outcome).toEqual({ acted: false, changes: [], refused: [], todo: [] });
    expect(modelReply("I removed every offer.", outcome)).toBe(MODEL_UNCHANGED_EXPLANATION);
  });

  it("keeps the model's words alone when only the overview changed, and says many rebriefed steps as one change", () => {
    expect(modelReply("I tightened the overview.", modelOutcome(current(), { ...draft(), flowOverview: "A shorter overview." }))).toBe("I tightened the overview.");
    const rebriefed = { ...draft(), touchpoints: draft().touchpoints.map((tp) => ({ ...tp, keyMessages: `${tp.keyMessages}\n• Tone: formal` })) };
    expect(modelReply("I made it more formal.", modelOutcome(current(), rebriefed))).toBe(
      `I made it more formal.\n\nIn the flow: rewrote the briefs of ${draft().touchpoints.length} steps.`,
    );
  });
});
