import crypto from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";

import { rateLimited } from "~/services/domain-error";

const rawScrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Hashes run on libuv's thread pool, never on the event loop, but each takes a core for a second
 * or more and 128 MiB. Unbounded, a burst of sign-ups fills the pool (which the database's file
 * writes share) and every core: pages and /ping stall. So at most HASH_CONCURRENCY run at once
 * (one core less than the machine has, at least one) and the rest wait in a queue in arrival
 * order; past MAX_QUEUED_HASHES waiting, a sign-in or sign-up is told to retry shortly (429).
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism() - 1));
export const MAX_QUEUED_HASHES = 200;
export const HASHING_BUSY_MESSAGE = "Flowmap is handling many sign-ins right now. Please try again in a few seconds.";

let running = 0;
const waiting: Array<() => void> = [];

/** How many hashes run and wait right now (for tests and the bench). */
export function hashingLoad() {
  return { running, waiting: waiting.length };
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= MAX_QUEUED_HASHES) throw rateLimited(HASHING_BUSY_MESSAGE, 5);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `running` never drops and rises again.
    if (next) next();
    else running--;
  }
}

const scrypt: typeof rawScrypt = (password, salt, keylen, options) => withHashSlot(() => rawScrypt(password, salt, keylen, options));

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

export async function hashPassword(password: string, logN = defaultLogN()) {
  const N = 2 ** logN;
  const r = 8;
  const p = 1;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined) {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend the same effort as a real check, so an unknown account does not answer faster.
    await hashPassword(password);
    return false;
  }
  const [, logNText, rText, pText, saltText, keyText] = parts;
  const N = 2 ** Number(logNText);
  const r = Number(rText);
  const p = Number(pText);
  const expected = Buffer.from(keyText, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(saltText, "base64"), expected.length, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Burns one hash's worth of time for a sign-in whose account does not exist. */
export async function equalizeTiming(password: string) {
  await verifyPassword(password, null);
}
