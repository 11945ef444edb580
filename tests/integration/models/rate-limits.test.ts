import mongoose from "mongoose";
import { describe, expect, it } from "vitest";

import { hitRateLimit, peekRateLimit, peekRateLimits, RateLimit, releaseHits } from "~/models/rate-limit.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
// An injected clock: every call is given its `now`; nothing here reads the wall clock.
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

describe("a sliding window", () => {
  const limit = { windowMs: MINUTE, max: 30 };

  it("lets no more than the limit into any span of the window's length, however the bursts straddle a minute's edge", async () => {
    // A burst in the last second before a minute starts, and another just after it: a fixed
    // window let both in (60 in two seconds). Every hit is at an injected time.
    const edge = Date.UTC(2026, 0, 15, 10, 31, 0);
    const outcomes: Array<{ t: number; allowed: boolean }> = [];
    for (let i = 0; i < 40; i++) {
      const t = edge - SECOND + i * 50; // 40 hits over 2 s, across the edge
      outcomes.push({ t, allowed: (await hitRateLimit("edge", limit, t)).allowed });
    }
    const allowed = outcomes.filter((o) => o.allowed);
    expect(allowed).toHaveLength(30);
    // The 31st is the first refused, and every one after it inside the window too.
    expect(outcomes.findIndex((o) => !o.allowed)).toBe(30);
    expect(outcomes.slice(30).every((o) => !o.allowed)).toBe(true);

    // Any span of one minute holds at most 30 allowed hits, wherever it starts.
    const times = allowed.map((o) => o.t);
    for (const start of times) expect(times.filter((t) => t >= start && t < start + MINUTE).length).toBeLessThanOrEqual(30);

    // One more fits exactly when the first allowed hit has aged out of the window, not before.
    const first = times[0]!;
    expect((await hitRateLimit("edge", limit, first + MINUTE - 1)).allowed).toBe(false);
    expect((await hitRateLimit("edge", limit, first + MINUTE)).allowed).toBe(true);
  });

  it("refuses the 31st failure in bursts at a window's edge, whichever minute boundary they cross", async () => {
    for (const [n, edge] of [0, 1].map((i) => [i, Date.UTC(2026, 0, 15, 11, i, 0)] as const)) {
      const key = `burst-${n}`;
      const results: boolean[] = [];
      // 15 in the last half second of a minute, 20 in the first half second of the next.
      for (let i = 0; i < 15; i++) results.push((await hitRateLimit(key, limit, edge - 500 + i * 10)).allowed);
      for (let i = 0; i < 20; i++) results.push((await hitRateLimit(key, limit, edge + i * 10)).allowed);
      expect(results.filter(Boolean)).toHaveLength(30);
      expect(results.indexOf(false)).toBe(30);
    }
  });

  it("says when one more will fit (Retry-After), and a refused hit does not push that further out", async () => {
    const small = { windowMs: MINUTE, max: 3 };
    await hitRateLimit("r", small, NOW);
    await hitRateLimit("r", small, NOW + 10 * SECOND);
    await hitRateLimit("r", small, NOW + 20 * SECOND);
    const refused = await hitRateLimit("r", small, NOW + 30 * SECOND);
    expect(refused).toMatchObject({ allowed: false, count: 3, retryAt: NOW + MINUTE });
    // Refused again and again meanwhile: still free at the same moment.
    for (let i = 0; i < 5; i++) expect((await hitRateLimit("r", small, NOW + 40 * SECOND + i)).allowed).toBe(false);
    expect(await peekRateLimit("r", small, NOW + 59 * SECOND)).toEqual({ count: 3, retryAt: NOW + MINUTE });
    expect((await hitRateLimit("r", small, NOW + MINUTE)).allowed).toBe(true);
  });

  it("holds under concurrent hits: exactly the limit is allowed", async () => {
    const hits = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit("burst", { windowMs: MINUTE, max: 7 }, NOW)));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(7);
    expect((await peekRateLimit("burst", { windowMs: MINUTE, max: 7 }, NOW)).count).toBe(7);
  });

  it("keeps only the hits inside the window: a steady trickle under the limit does not grow the log", async () => {
    for (let i = 0; i < 40; i++) expect((await hitRateLimit("trickle", { windowMs: MINUTE, max: 5 }, NOW + i * 15 * SECOND)).allowed).toBe(true);
    const doc = await RateLimit.findById("trickle").lean();
    expect(doc?.hits.length).toBeLessThanOrEqual(5);
    // The document expires one window after its last hit (the TTL index removes it).
    expect(doc?.expiresAt.getTime()).toBe(NOW + 39 * 15 * SECOND + MINUTE);
  });

  it("takes a hit back by its id (a sign-in that succeeded no longer counts)", async () => {
    const small = { windowMs: MINUTE, max: 2 };
    const a = await hitRateLimit("back", small, NOW);
    await hitRateLimit("back", small, NOW + 1);
    expect((await hitRateLimit("back", small, NOW + 2)).allowed).toBe(false);
    await releaseHits([{ key: "back", id: a.id }]);
    expect((await hitRateLimit("back", small, NOW + 3)).allowed).toBe(true);
  });
});

describe("several limits at once", () => {
  it("peeks the counts of many keys in their own windows, in the order asked, 0 for a key never hit", async () => {
    await hitRateLimit("a", { windowMs: MINUTE, max: 10 }, NOW);
    await hitRateLimit("a", { windowMs: MINUTE, max: 10 }, NOW);
    await hitRateLimit("b", { windowMs: HOUR, max: 10 }, NOW - 30 * MINUTE);
    // A hit a whole window ago has left it: it does not count now.
    await hitRateLimit("c", { windowMs: MINUTE, max: 10 }, NOW - MINUTE);

    const states = await peekRateLimits(
      [
        { key: "b", windowMs: HOUR, max: 1 },
        { key: "never", windowMs: MINUTE, max: 10 },
        { key: "a", windowMs: MINUTE, max: 10 },
        { key: "c", windowMs: MINUTE, max: 10 },
      ],
      NOW,
    );
    expect(states.map((s) => s.count)).toEqual([1, 0, 2, 0]);
    // "b" is full (1 of 1) until its hit is an hour old.
    expect(states[0]!.retryAt).toBe(NOW + 30 * MINUTE);
    expect(states[2]!.retryAt).toBe(NOW);
    // The same answers as one key at a time.
    expect(states[2]).toEqual(await peekRateLimit("a", { windowMs: MINUTE, max: 10 }, NOW));
  });

  it("reads many keys in one round trip and takes many hits back in one write", async () => {
    const keys = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, windowMs: MINUTE, max: 5 }));
    expect(await callsDuring(() => peekRateLimits(keys, NOW))).toEqual(["rate_limits.find"]);
    const hits = await Promise.all(keys.map((k) => hitRateLimit(k.key, k, NOW)));
    expect(await callsDuring(() => releaseHits(hits))).toEqual(["rate_limits.bulkWrite"]);
    expect((await peekRateLimits(keys, NOW)).map((s) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
