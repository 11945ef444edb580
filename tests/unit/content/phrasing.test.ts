import { describe, expect, it } from "vitest";

import { LINES } from "~/lib/content/lines";
import { mixSeed, variant } from "~/lib/content/phrasing";

const OPTIONS = ["one", "two", "three", "four", "five", "six", "seven"];

describe("variant: one phrasing per business and role", () => {
  it("gives the same phrasing for the same seed, key and slot", () => {
    expect(variant("welcome", 42, OPTIONS)).toBe(variant("welcome", 42, OPTIONS));
    expect(mixSeed(42, "welcome")).toBe(mixSeed(42, "welcome"));
  });

  it("spreads businesses over the phrasings, and a role's key changes the choice", () => {
    const chosen = new Set(Array.from({ length: 200 }, (_, seed) => variant("welcome", seed * 7919, OPTIONS)));
    expect(chosen.size).toBe(OPTIONS.length);
    const differs = Array.from({ length: 50 }, (_, seed) => variant("a", seed, OPTIONS) !== variant("b", seed, OPTIONS)).filter(Boolean);
    expect(differs.length).toBeGreaterThan(25);
  });

  it("gives each slot (flow) of one business another phrasing when there are enough", () => {
    const slots = [0, 1, 2, 3, 4].map((slot) => variant("proof", 1234, OPTIONS, slot));
    expect(new Set(slots).size).toBe(5);
  });

  it("skips options that say nothing, and says nothing when none do", () => {
    expect(variant("x", 9, ["", false, null, "only"])).toBe("only");
    expect(variant("x", 9, ["", false])).toBe("");
  });

  it("writes every role's phrasings as distinct sentences in the business's terms, with no exclamation added", () => {
    const facts = { b: "Acme", unit: "visit", own: "massage", people: "clients", first: "first visit", cycle: "" };
    for (const [role, lines] of Object.entries(LINES)) {
      const written = lines(facts);
      expect(written.length, role).toBeGreaterThanOrEqual(5);
      expect(new Set(written).size, role).toBe(written.length);
      for (const line of written) expect(line, role).toMatch(/[.?:!]$/);
    }
  });
});
