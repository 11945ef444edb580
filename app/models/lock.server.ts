import crypto from "node:crypto";

import { Schema } from "mongoose";

import { defineModel, isDuplicateKeyError } from "~/models/utils.server";

/**
 * Named locks in the database (locks), for a decision that reads several documents and must not
 * interleave with another instance of itself, in this process or another sharing the database.
 * Taking a lock is one conditional write: it succeeds only while nobody holds the lock, or the
 * holder's lease has run out (a process that died holding it blocks others for at most the lease).
 */
interface LockDoc {
  _id: string;
  holder: string | null;
  until: Date;
}

const lockSchema = new Schema<LockDoc>(
  {
    _id: { type: String, required: true },
    holder: { type: String, default: null },
    until: { type: Date, required: true },
  },
  { versionKey: false },
);

export const LockModel = defineModel<LockDoc>("Lock", lockSchema, "locks");

/** The lock stayed taken for longer than the caller would wait. */
export class LockBusyError extends Error {
  constructor(name: string) {
    super(`The lock "${name}" is held by another request.`);
    this.name = "LockBusyError";
  }
}

export interface LockOptions {
  /** How long a holder may keep the lock before others may take it over. */
  leaseMs?: number;
  /** How long to wait for the lock before giving up with LockBusyError. */
  waitMs?: number;
}

async function tryTake(name: string, holder: string, leaseMs: number) {
  const now = Date.now();
  try {
    const doc = await LockModel.findOneAndUpdate(
      { _id: name, $or: [{ holder: null }, { until: { $lte: new Date(now) } }] },
      { $set: { holder, until: new Date(now + leaseMs) } },
      { upsert: true, returnDocument: "after", projection: { holder: 1 } },
    ).lean<Pick<LockDoc, "holder">>();
    return doc?.holder === holder;
  } catch (error) {
    // The lock exists and is held: the upsert's insert collided with it.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

export interface HeldLock {
  /**
   * Renews the lease, or throws LockBusyError when it was lost (it ran out and someone else took
   * the lock): call it just before the write the lock protects.
   */
  confirm(): Promise<void>;
}

/**
 * Runs `work` while holding the named lock; waits (a few milliseconds at a time) while another
 * holds it. The lock is released however `work` ends.
 */
export async function withLock<T>(name: string, work: (lock: HeldLock) => Promise<T>, { leaseMs = 15_000, waitMs = 10_000 }: LockOptions = {}): Promise<T> {
  const holder = crypto.randomBytes(12).toString("base64url");
  const giveUpAt = Date.now() + waitMs;
  while (!(await tryTake(name, holder, leaseMs))) {
    if (Date.now() >= giveUpAt) throw new LockBusyError(name);
    await new Promise((resolve) => setTimeout(resolve, 5 + crypto.randomInt(20)));
  }
  const lock: HeldLock = {
    async confirm() {
      const now = Date.now();
      const renewed = await LockModel.updateOne({ _id: name, holder, until: { $gt: new Date(now) } }, { $set: { until: new Date(now + leaseMs) } });
      if (renewed.matchedCount !== 1) throw new LockBusyError(name);
    },
  };
  try {
    return await work(lock);
  } finally {
    await LockModel.updateOne({ _id: name, holder }, { $set: { holder: null } });
  }
}
