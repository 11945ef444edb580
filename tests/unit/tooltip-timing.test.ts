import { describe, expect, it } from "vitest";

import { TooltipTiming } from "~/lib/tooltip-timing";

describe("tooltip timing", () => {
  it("waits the spec's full 700 ms delay for the first tooltip", () => {
    expect(new TooltipTiming().openDelay(10_000)).toBe(700);
  });

  it("opens at once when another tooltip closed less than the spec's 300 ms ago", () => {
    const timing = new TooltipTiming();
    timing.closed(10_000);
    expect(timing.openDelay(10_299)).toBe(0);
    expect(timing.openDelay(10_300)).toBe(700);
  });
});
