import crypto from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";

import { rateLimited } from "~/services/domain-error";

const rawScrypt = promisify(crypto.scrypt) as (password: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/**
 * Hashes run on libuv's thread pool, never on the event loop, but each takes a core for a second
 * or more and 128 MiB. Unbounded, a burst of sign-ups fills the pool (which the database's file
 * writes share) and every core: pages and /ping stall. So at most HASH_CONCURRENCY run at once
 * (one core less than the machine has, at least one) and the rest wait.
 *
 * The wait is fair: every hash is queued under a key (the client's address), each key has its own
 * line, and a free slot goes to the keys in turn, one hash each. One client sending a hundred
 * password checks delays another client's sign-in by about one hash, not by its whole backlog.
 * Past MAX_QUEUED_HASHES_PER_KEY waiting for one client, or MAX_QUEUED_HASHES in all, a sign-in
 * or sign-up is told to retry shortly (429).
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism() - 1));
export const MAX_QUEUED_HASHES = 200;
export const MAX_QUEUED_HASHES_PER_KEY = 16;
export const HASHING_BUSY_MESSAGE = "Flowmap is handling many sign-ins right now. Please try again in a few seconds.";
/** The key of hashes not tied to a client's address (a script, the seed): one line of their own, held only by the overall limit. */
export const UNKEYED = "";

/**
 * At most `concurrency` jobs at once; the others wait in one line per key. A freed slot goes to
 * the waiting key with the fewest jobs running, and among those to the one served longest ago,
 * so a key with a backlog takes its turn with the others instead of ahead of them. (A plain
 * concurrency limiter such as p-limit serves one line first come, first served: it cannot.)
 */
export class FairQueue {
  private total = 0;
  private waiting = 0;
  private turn = 0;
  private readonly running = new Map<string, number>();
  /** When each key last got a slot (a turn number); forgotten once the key has nothing left. */
  private readonly lastTurn = new Map<string, number>();
  private readonly lines = new Map<string, Array<() => void>>();

  constructor(
    private readonly concurrency: number,
    private readonly limits: { maxQueued: number; maxQueuedPerKey: number },
    private readonly busy: () => Error,
  ) {}

  load() {
    return { running: this.total, waiting: this.waiting };
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.total >= this.concurrency) {
      const line = this.lines.get(key) ?? [];
      const lineFull = key !== UNKEYED && line.length >= this.limits.maxQueuedPerKey;
      if (this.waiting >= this.limits.maxQueued || lineFull) throw this.busy();
      // finish() hands over the slot and counts the job as running before it resolves this.
      await new Promise<void>((resolve) => {
        line.push(resolve);
        this.lines.set(key, line);
        this.waiting++;
      });
    } else {
      this.start(key);
    }
    try {
      return await work();
    } finally {
      this.finish(key);
    }
  }

  private start(key: string) {
    this.total++;
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.lastTurn.set(key, ++this.turn);
  }

  private finish(key: string) {
    const left = (this.running.get(key) ?? 1) - 1;
    if (left > 0) this.running.set(key, left);
    else this.running.delete(key);
    this.total--;
    if (!this.running.has(key) && !this.lines.has(key)) this.lastTurn.delete(key);
    const next = this.pick();
    if (next === undefined) return;
    const line = this.lines.get(next)!;
    const resolve = line.shift()!;
    if (line.length === 0) this.lines.delete(next);
    this.waiting--;
    this.start(next);
    resolve();
  }

  /** The waiting key with the fewest jobs running; among equals, the one served longest ago. */
  private pick() {
    let best: string | undefined;
    let bestRunning = Infinity;
    let bestTurn = Infinity;
    for (const key of this.lines.keys()) {
      const running = this.running.get(key) ?? 0;
      const turn = this.lastTurn.get(key) ?? 0;
      if (running < bestRunning || (running === bestRunning && turn < bestTurn)) {
        best = key;
        bestRunning = running;
        bestTurn = turn;
      }
    }
    return best;
  }
}

const queue = new FairQueue(HASH_CONCURRENCY, { maxQueued: MAX_QUEUED_HASHES, maxQueuedPerKey: MAX_QUEUED_HASHES_PER_KEY }, () => rateLimited(HASHING_BUSY_MESSAGE, 5));

/** How many hashes run and wait right now (for tests and the bench). */
export function hashingLoad() {
  return queue.load();
}

const scrypt = (key: string, ...args: Parameters<typeof rawScrypt>) => queue.run(key, () => rawScrypt(...args));

/**
 * OWASP's scrypt parameters (N=2^17, r=8, p=1). They need 128 MiB per hash, above Node's
 * default 32 MiB limit, hence maxmem. Tests may lower N through FLOWMAP_SCRYPT_LOG_N; stored
 * hashes record their own parameters, so verification always uses the ones they were made with.
 */
const KEY_LENGTH = 32;
function defaultLogN() {
  const fromEnv = Number(process.env.FLOWMAP_SCRYPT_LOG_N);
  return Number.isInteger(fromEnv) && fromEnv >= 10 && fromEnv <= 20 ? fromEnv : 17;
}

function maxmemFor(N: number, r: number) {
  return 128 * N * r * 2;
}

/** `queueKey`: whose turn this hash takes in the fair queue (the client's address). */
export async function hashPassword(password: string, logN = defaultLogN(), queueKey = UNKEYED) {
  const N = 2 ** logN;
  const r = 8;
  const p = 1;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(queueKey, password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined, queueKey = UNKEYED) {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend the same effort as a real check, so an unknown account does not answer faster.
    await hashPassword(password, defaultLogN(), queueKey);
    return false;
  }
  const [, logNText, rText, pText, saltText, keyText] = parts;
  const N = 2 ** Number(logNText);
  const r = Number(rText);
  const p = Number(pText);
  const expected = Buffer.from(keyText, "base64");
  const actual = await scrypt(queueKey, password.normalize("NFKC"), Buffer.from(saltText, "base64"), expected.length, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Burns one hash's worth of time for a sign-in whose account does not exist. */
export async function equalizeTiming(password: string, queueKey = UNKEYED) {
  await verifyPassword(password, null, queueKey);
}
