import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createProgress, nextProgress, PROGRESS_CAP, PROGRESS_DONE, PROGRESS_MAX_STEP, PROGRESS_RESET_AFTER_MS, PROGRESS_TICK_MS } from "~/lib/flows/progress";

describe("nextProgress", () => {
  it("rises by less than 10 and never past 90, whatever the random draw", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 90, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (current, draw) => {
        const next = nextProgress(current, () => draw);
        expect(next).toBeGreaterThanOrEqual(current);
        expect(next - current).toBeLessThan(PROGRESS_MAX_STEP);
        expect(next).toBeLessThanOrEqual(PROGRESS_CAP);
      }),
    );
  });

  it("stays at the cap", () => {
    expect(nextProgress(90, () => 0.99)).toBe(90);
    expect(nextProgress(88, () => 0.5)).toBe(90);
  });
});

describe("createProgress with a fake clock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at 0, rises each tick, holds at 90, jumps to 100 on success and resets 1000 ms later", () => {
    const seen: number[] = [];
    const progress = createProgress({ onChange: (value) => seen.push(value), random: () => 0.5 });
    progress.start();
    expect(progress.value).toBe(0);
    vi.advanceTimersByTime(PROGRESS_TICK_MS - 1);
    expect(progress.value).toBe(0);
    vi.advanceTimersByTime(1);
    expect(progress.value).toBe(5);
    vi.advanceTimersByTime(PROGRESS_TICK_MS * 3);
    expect(progress.value).toBe(20);
    vi.advanceTimersByTime(PROGRESS_TICK_MS * 100);
    expect(progress.value).toBe(PROGRESS_CAP);

    progress.succeed();
    expect(progress.value).toBe(PROGRESS_DONE);
    vi.advanceTimersByTime(PROGRESS_RESET_AFTER_MS - 1);
    expect(progress.value).toBe(PROGRESS_DONE);
    vi.advanceTimersByTime(1);
    expect(progress.value).toBe(0);
    expect(seen.slice(0, 4)).toEqual([5, 10, 15, 20]);
    expect(seen.slice(-2)).toEqual([PROGRESS_DONE, 0]);
    // No timer is left behind.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("goes back to 0 at once on failure and stops ticking", () => {
    const progress = createProgress({ onChange: () => {}, random: () => 0.9 });
    progress.start();
    vi.advanceTimersByTime(PROGRESS_TICK_MS * 2);
    expect(progress.value).toBeCloseTo(18);
    progress.fail();
    expect(progress.value).toBe(0);
    vi.advanceTimersByTime(PROGRESS_TICK_MS * 5);
    expect(progress.value).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a new start restarts from 0 and cancels a pending reset; dispose clears every timer", () => {
    const progress = createProgress({ onChange: () => {}, random: () => 0.5 });
    progress.start();
    vi.advanceTimersByTime(PROGRESS_TICK_MS);
    progress.succeed();
    progress.start();
    expect(progress.value).toBe(0);
    vi.advanceTimersByTime(PROGRESS_RESET_AFTER_MS);
    expect(progress.value).toBe(5);
    progress.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
