import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DismissTimer, ERROR_TOAST_MIN_MS, TOAST_DURATION_MS, TOAST_RESUME_MIN_MS, toastDurationMs } from "~/lib/toast";

describe("how long a toast stays", () => {
  it("gives an error at least the error minimum, and longer messages their reading time", () => {
    expect(toastDurationMs({ title: "Saved", variant: "success" })).toBe(TOAST_DURATION_MS);
    expect(toastDurationMs({ title: "Error", description: "Try again.", variant: "destructive" })).toBe(ERROR_TOAST_MIN_MS);
    const long = "word ".repeat(40).trim();
    // 41 words at 300 ms each, plus a second to notice.
    expect(toastDurationMs({ title: "Error", description: long, variant: "destructive" })).toBe(1_000 + 41 * 300);
    expect(toastDurationMs({ title: "Error", description: long, variant: "destructive" })).toBeGreaterThan(ERROR_TOAST_MIN_MS);
  });
});

describe("DismissTimer (fake clock)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes the toast when its time is up", () => {
    const done = vi.fn();
    new DismissTimer(8_000, done).start();
    vi.advanceTimersByTime(7_999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("stands still while hovered or focused, and runs on with what was left once both have gone", () => {
    const done = vi.fn();
    const timer = new DismissTimer(8_000, done);
    timer.start();
    vi.advanceTimersByTime(5_000);
    timer.hold("hover");
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    timer.hold("focus");
    timer.release("hover");
    // Focus is still in it (the Dismiss button, say): still no closing.
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    timer.release("focus");
    vi.advanceTimersByTime(2_999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("leaves at least the resume minimum after a hold that ended near the end", () => {
    const done = vi.fn();
    const timer = new DismissTimer(8_000, done);
    timer.start();
    vi.advanceTimersByTime(7_900);
    timer.hold("hover");
    timer.release("hover");
    vi.advanceTimersByTime(TOAST_RESUME_MIN_MS - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("a hold that began before the start keeps it from running; stop ends it for good", () => {
    const done = vi.fn();
    const timer = new DismissTimer(8_000, done);
    timer.hold("hover");
    timer.start();
    vi.advanceTimersByTime(30_000);
    expect(done).not.toHaveBeenCalled();
    timer.stop();
    timer.release("hover");
    vi.advanceTimersByTime(30_000);
    expect(done).not.toHaveBeenCalled();
  });
});
