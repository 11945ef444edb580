import { describe, expect, it } from "vitest";

import {
  FairQueue,
  HASH_CONCURRENCY,
  hashingLoad,
  hashPassword,
  HASHING_BUSY_MESSAGE,
  MAX_QUEUED_HASHES,
  MAX_QUEUED_HASHES_PER_KEY,
  verifyPassword,
} from "~/services/auth/password.server";
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

  it("past MAX_QUEUED_HASHES_PER_KEY waiting for one client, that client is refused (429) while another is still queued", async () => {
    const flood = Array.from({ length: HASH_CONCURRENCY + MAX_QUEUED_HASHES_PER_KEY + 2 }, (_, i) => hashPassword(`flood-${i}`, 10, "198.51.100.1"));
    const other = hashPassword("someone-else", 10, "203.0.113.5");
    const outcomes = await Promise.allSettled(flood);
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(2);
    expect(await verifyPassword("someone-else", await other)).toBe(true);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

/** A job whose end the test decides: the queue runs it, the test finishes it. */
function deferred() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe("the hashing queue is fair between clients", () => {
  function setUp(concurrency: number) {
    const queue = new FairQueue(concurrency, { maxQueued: 1000, maxQueuedPerKey: 1000 }, () => new Error("busy"));
    const started: string[] = [];
    const jobs = new Map<string, ReturnType<typeof deferred>>();
    const submit = (key: string, name: string) => {
      const job = deferred();
      jobs.set(name, job);
      return queue.run(key, async () => {
        started.push(name);
        await job.done;
        return name;
      });
    };
    /** Ends the running jobs one at a time, in the order they started, until none is left. */
    async function drain() {
      const finished: string[] = [];
      while (finished.length < jobs.size) {
        const next = started.find((name) => !finished.includes(name));
        if (!next) throw new Error("nothing is running but jobs are left");
        jobs.get(next)!.finish();
        finished.push(next);
        // Let the queue hand the slot on before looking at what runs now.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return finished;
    }
    return { queue, started, submit, drain };
  }

  it("serves one client's single job before another client's backlog of twenty", async () => {
    const { submit, drain, started } = setUp(1);
    const all = [...Array.from({ length: 20 }, (_, i) => submit("flooder", `A${i}`)), submit("victim", "B")];
    // A0 runs; the other nineteen of A and B's one wait.
    expect(started).toEqual(["A0"]);
    const order = await drain();
    await Promise.all(all);
    // B's job is the next to run once A's first is done, not the 21st.
    expect(order.indexOf("B")).toBe(1);
    expect(order.filter((name) => name.startsWith("A"))).toEqual(Array.from({ length: 20 }, (_, i) => `A${i}`));
  });

  it("shares the slots in turn between three clients with backlogs", async () => {
    const { submit, drain } = setUp(2);
    const all = [
      ...Array.from({ length: 6 }, (_, i) => submit("a", `a${i}`)),
      ...Array.from({ length: 3 }, (_, i) => submit("b", `b${i}`)),
      ...Array.from({ length: 3 }, (_, i) => submit("c", `c${i}`)),
    ];
    const order = await drain();
    await Promise.all(all);
    // The first two slots went to a, who came first; after that b and c each get a slot before a
    // gets another, and then the three take turns: a's backlog runs last, not first.
    expect(order).toEqual(["a0", "a1", "b0", "c0", "a2", "b1", "c1", "a3", "b2", "c2", "a4", "a5"]);
  });

  it("queues in arrival order within one client, and passes each freed slot straight on", async () => {
    const { queue, submit, drain } = setUp(2);
    const all = Array.from({ length: 5 }, (_, i) => submit("one", `j${i}`));
    expect(queue.load()).toEqual({ running: 2, waiting: 3 });
    expect(await drain()).toEqual(["j0", "j1", "j2", "j3", "j4"]);
    await Promise.all(all);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });
});
