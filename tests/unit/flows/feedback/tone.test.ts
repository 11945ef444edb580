import { describe, expect, it } from "vitest";

import { regenerate } from "./fixtures";

describe("tone", () => {
  it("never the opposite: 'too casual' briefs formal, 'too formal' briefs warm", () => {
    const formal = regenerate("sunset", "way too casual, our patients are mostly retired");
    for (const tp of formal.draft.touchpoints) expect(tp.keyMessages).toContain("Tone: formal");
    expect(formal.explanation).toContain("more formal");
    expect(formal.explanation).not.toMatch(/friendl/i);
    const warm = regenerate("sunset", "this reads too stiff and formal");
    for (const tp of warm.draft.touchpoints) expect(tp.keyMessages).toContain("Tone: warm");
  });

  it("keeps one tone line per step", () => {
    const first = regenerate("upsell", "less pushy please").draft;
    const { draft } = regenerate("upsell", "gentler", undefined, first);
    for (const tp of draft.touchpoints) expect(tp.keyMessages.match(/Tone:/g)).toHaveLength(1);
  });
});
