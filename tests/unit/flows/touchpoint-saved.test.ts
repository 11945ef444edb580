import { describe, expect, it } from "vitest";

import { touchpointSavedMessage } from "~/lib/flows/touchpoint-saved";

const steps = (...titles: string[]) => titles.map((title) => ({ id: title.toLowerCase(), title }));

describe("touchpointSavedMessage", () => {
  it("says the step was saved when it kept its place", () => {
    expect(touchpointSavedMessage({ touchpointId: "welcome", previousStepNumber: 1, touchpoints: steps("Welcome", "Tips", "Offer") })).toBe("“Welcome” was saved.");
  });

  it("says where a step went when its new delay reordered the steps", () => {
    expect(touchpointSavedMessage({ touchpointId: "welcome", previousStepNumber: 1, touchpoints: steps("Tips", "Offer", "Welcome") })).toBe(
      "“Welcome” was saved. It now comes after “Offer” (it is step 3), so the steps were reordered.",
    );
    expect(touchpointSavedMessage({ touchpointId: "offer", previousStepNumber: 3, touchpoints: steps("Offer", "Welcome", "Tips") })).toBe(
      "“Offer” was saved. It now comes first, so the steps were reordered.",
    );
  });
});
