import { describe, expect, it } from "vitest";

import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipTiming } from "~/lib/tooltip-timing";

describe("tooltip timing", () => {
  it("uses the spec's 700 ms delay and 300 ms skip delay", () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it("waits the full delay for the first tooltip", () => {
    expect(new TooltipTiming().openDelay(10_000)).toBe(700);
  });

  it("opens at once when another tooltip closed less than 300 ms ago", () => {
    const timing = new TooltipTiming();
    timing.closed(10_000);
    expect(timing.openDelay(10_299)).toBe(0);
    expect(timing.openDelay(10_300)).toBe(700);
  });
});
