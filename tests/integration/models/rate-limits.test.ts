import mongoose from "mongoose";
import { describe, expect, it } from "vitest";

import { hitRateLimit, hitRateLimits, peekRateLimit, peekRateLimits, RateLimit } from "~/models/rate-limit.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// A fixed clock: the windows are computed from `now`, never from the wall clock.
const NOW = Date.UTC(2026, 0, 15, 10, 30, 20);

/** The collection calls mongoose makes while `work` runs (each is one round trip). */
async function callsDuring(work: () => Promise<unknown>) {
  const sent: string[] = [];
  mongoose.set("debug", (collection: string, method: string) => sent.push(`${collection}.${method}`));
  try {
    await work();
  } finally {
    mongoose.set("debug", false);
  }
  return sent;
}

describe("several counters at once", () => {
  it("peeks the counts of many keys in their own windows, in the order asked, 0 for a key never hit", async () => {
    await hitRateLimit("a", MINUTE, NOW);
    await hitRateLimit("a", MINUTE, NOW);
    await hitRateLimit("b", HOUR, NOW);
    // The same key in an earlier minute is another window: it does not count now.
    await hitRateLimit("c", MINUTE, NOW - MINUTE);

    const counts = await peekRateLimits(
      [
        { key: "b", windowMs: HOUR },
        { key: "never", windowMs: MINUTE },
        { key: "a", windowMs: MINUTE },
        { key: "c", windowMs: MINUTE },
      ],
      NOW,
    );
    expect(counts.map((c) => c.count)).toEqual([1, 0, 2, 0]);
    expect(counts[0]!.resetAt).toBe(Date.UTC(2026, 0, 15, 11, 0, 0));
    expect(counts[2]!.resetAt).toBe(Date.UTC(2026, 0, 15, 10, 31, 0));
    // The same answers as one key at a time.
    expect(counts[2]).toEqual(await peekRateLimit("a", MINUTE, NOW));
  });

  it("adds one to each key in one write, creating the counters that do not exist yet", async () => {
    await hitRateLimit("x", MINUTE, NOW);
    const keys = [
      { key: "x", windowMs: MINUTE },
      { key: "y", windowMs: HOUR },
    ];
    expect(await callsDuring(() => hitRateLimits(keys, NOW))).toEqual(["rate_limits.bulkWrite"]);
    expect((await peekRateLimits(keys, NOW)).map((c) => c.count)).toEqual([2, 1]);
    // A new counter expires one window after its window ends, like a single hit's.
    const created = await RateLimit.findOne({ _id: `y@${Date.UTC(2026, 0, 15, 10, 0, 0)}` }).lean();
    expect(created?.expiresAt.getTime()).toBe(Date.UTC(2026, 0, 15, 12, 0, 0));
  });

  it("reads many counters in one round trip", async () => {
    const keys = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, windowMs: MINUTE }));
    expect(await callsDuring(() => peekRateLimits(keys, NOW))).toEqual(["rate_limits.find"]);
  });
});
