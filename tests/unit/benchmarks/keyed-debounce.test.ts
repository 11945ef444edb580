import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createKeyedDebouncer, createKeyedQueue } from "~/components/dashboard/keyed-debounce";
import { METRIC_SAVE_DEBOUNCE_MS } from "~/components/dashboard/use-metric-autosave";

describe("the per-field debounce (fake clock)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits one second after the last edit of that field", () => {
    const debouncer = createKeyedDebouncer(METRIC_SAVE_DEBOUNCE_MS);
    const saves: string[] = [];
    debouncer.schedule("lead_nurture:openRate", () => saves.push("5"));
    vi.advanceTimersByTime(600);
    debouncer.schedule("lead_nurture:openRate", () => saves.push("52"));
    vi.advanceTimersByTime(999);
    expect(saves).toEqual([]);
    expect(debouncer.isPending("lead_nurture:openRate")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(saves).toEqual(["52"]);
    expect(debouncer.isPending("lead_nurture:openRate")).toBe(false);
  });

  it("keeps each flow and field on its own timer", () => {
    const debouncer = createKeyedDebouncer(1000);
    const saves: string[] = [];
    debouncer.schedule("lead_nurture:openRate", () => saves.push("lead open"));
    vi.advanceTimersByTime(500);
    debouncer.schedule("upsell:openRate", () => saves.push("upsell open"));
    debouncer.schedule("lead_nurture:clickRate", () => saves.push("lead click"));
    vi.advanceTimersByTime(500);
    expect(saves).toEqual(["lead open"]);
    vi.advanceTimersByTime(500);
    expect(saves).toEqual(["lead open", "upsell open", "lead click"]);
  });

  it("flushes a waiting save at once, and cancel drops it", () => {
    const debouncer = createKeyedDebouncer(1000);
    const saves: string[] = [];
    debouncer.schedule("a", () => saves.push("a"));
    debouncer.schedule("b", () => saves.push("b"));
    debouncer.flush("a");
    expect(saves).toEqual(["a"]);
    debouncer.cancel("b");
    vi.advanceTimersByTime(5000);
    expect(saves).toEqual(["a"]);
    debouncer.schedule("c", () => saves.push("c"));
    debouncer.flush();
    expect(saves).toEqual(["a", "c"]);
  });
});

describe("the per-field save queue", () => {
  it("sends one field's saves in order even when an earlier one is slower", async () => {
    const enqueue = createKeyedQueue();
    const order: string[] = [];
    let releaseFirst: () => void = () => {};
    const first = enqueue("k", () => new Promise<void>((resolve) => (releaseFirst = () => (order.push("first"), resolve()))));
    const second = enqueue("k", async () => {
      order.push("second");
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
  });

  it("goes on after a failed save", async () => {
    const enqueue = createKeyedQueue();
    await expect(enqueue("k", () => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    await expect(enqueue("k", async () => "ok")).resolves.toBe("ok");
  });
});
