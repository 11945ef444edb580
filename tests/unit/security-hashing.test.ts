import { describe, expect, it } from "vitest";

import { HASH_CONCURRENCY, hashingLoad, hashPassword, HASHING_BUSY_MESSAGE, MAX_QUEUED_HASHES, verifyPassword } from "~/services/auth/password.server";
import { isDomainError } from "~/services/domain-error";

describe("password hashing runs off the event loop, a bounded number at a time", () => {
  it("runs at most HASH_CONCURRENCY hashes at once and queues the rest in order", async () => {
    const peak = { running: 0, waiting: 0 };
    const hashes = Array.from({ length: 12 }, (_, i) => hashPassword(`password-${i}`, 10));
    // Everything was started synchronously: the first ones run, the others wait.
    expect(hashingLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: 12 - HASH_CONCURRENCY });
    const settled = hashes.map((p) =>
      p.then((hash) => {
        const load = hashingLoad();
        peak.running = Math.max(peak.running, load.running);
        peak.waiting = Math.max(peak.waiting, load.waiting);
        return hash;
      }),
    );
    const results = await Promise.all(settled);
    expect(peak.running).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
    for (let i = 0; i < results.length; i++) expect(await verifyPassword(`password-${i}`, results[i])).toBe(true);
  });

  it("the event loop keeps turning while hashes run", async () => {
    const hashes = Array.from({ length: 4 }, (_, i) => hashPassword(`loop-${i}`, 14));
    let turns = 0;
    let done = false;
    const all = Promise.all(hashes).then(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await all;
    // Hashing blocked nothing: the loop went round many times while four strong hashes ran.
    expect(turns).toBeGreaterThan(10);
  });

  it("past MAX_QUEUED_HASHES waiting, a new hash is refused with 'try again shortly' (429)", async () => {
    const total = HASH_CONCURRENCY + MAX_QUEUED_HASHES + 3;
    const outcomes = await Promise.allSettled(Array.from({ length: total }, (_, i) => hashPassword(`flood-${i}`, 10)));
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const o of refused) {
      const reason = (o as PromiseRejectedResult).reason as unknown;
      expect(isDomainError(reason) && reason.kind === "rate_limited" && reason.message === HASHING_BUSY_MESSAGE).toBe(true);
    }
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
