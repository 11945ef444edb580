import os from "node:os";

import { Schema } from "mongoose";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { defineModel, isDuplicateKeyError, newId } from "~/models/utils.server";

/** Who holds a claim: the app process that took it. */
export interface ClaimOwner {
  /** Made afresh each time the app starts: a restarted app is a new instance, whatever its pid. */
  instanceId: string;
  pid: number;
  host: string;
}

/**
 * This process, as an owner of claims: recorded once, when the app starts (kept on globalThis, so
 * a development rebuild that loads the modules again is still the same instance).
 */
const globalForInstance = globalThis as typeof globalThis & { __flowmapInstance?: Readonly<ClaimOwner> };
export const THIS_INSTANCE: Readonly<ClaimOwner> = (globalForInstance.__flowmapInstance ??= Object.freeze({
  instanceId: newId(),
  pid: process.pid,
  host: os.hostname(),
}));

export interface OwnerCheck {
  /** The instance asking (this process unless a test says otherwise). */
  self?: ClaimOwner;
  /**
   * Whether this instance is the only one using the database: the embedded engine belongs to
   * one app at a time (its data directory is locked), so any other instance there has ended.
   */
  soleInstance?: boolean;
  /** Whether a process of this host is running (process.kill(pid, 0) unless a test says otherwise). */
  isRunning?: (pid: number) => boolean;
}

function processIsRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only not ours to signal.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the app process that took a claim is gone: a claim of a previous run of a sole
 * instance, or of a process of this host that is no longer running (or whose pid is now this
 * process's, after a restart). An instance on another host, or a claim taken before owners were
 * recorded, cannot be checked: its age alone decides.
 */
export function claimOwnerIsGone(owner: ClaimOwner | null | undefined, { self = THIS_INSTANCE, soleInstance = false, isRunning = processIsRunning }: OwnerCheck = {}) {
  if (!owner || owner.instanceId === self.instanceId) return false;
  if (soleInstance) return true;
  if (owner.host !== self.host) return false;
  return owner.pid === self.pid || !isRunning(owner.pid);
}

/**
 * Generations under way, one document each, so a reload or a second tab can tell that a flow is
 * being written and does not start a second generation. Each kind of work holds one key per flow
 * (unique: a second one at the same moment is refused, so one model call runs per flow and kind):
 * `generate:<userId>:<flowType>` for the first generation, `regenerate:<userId>:<flowType>` for a
 * regeneration, `content:<userId>:<flowType>` for writing its content (a user has one flow per
 * type; docs/decisions/137). A claim ends when the work ends; one left behind by a crash
 * stops counting as soon as its owner is known to be gone (claimOwnerIsGone), and in any case at
 * `expiresAt` (past the longest a model call can take).
 */
export type ClaimKind = "generate" | "regenerate" | "content";
/** The kinds that write the flow itself: while one runs, the flow shows as being generated. */
const GENERATING_KINDS: ClaimKind[] = ["generate", "regenerate"];

export interface FlowGenerationDoc {
  _id: string;
  userId: string;
  flowType: FlowType;
  kind: ClaimKind;
  startedAt: Date;
  expiresAt: Date;
  /** The process that took it (absent on claims from before owners were recorded). */
  owner?: ClaimOwner;
}

const flowGenerationSchema = new Schema<FlowGenerationDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    flowType: { type: String, enum: FLOW_TYPES, required: true },
    kind: { type: String, enum: ["generate", "regenerate", "content"], required: true },
    startedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    owner: {
      type: new Schema<ClaimOwner>({ instanceId: { type: String, required: true }, pid: { type: Number, required: true }, host: { type: String, required: true } }, { _id: false }),
      required: false,
    },
  },
  { versionKey: false },
);
flowGenerationSchema.index({ userId: 1, flowType: 1 }, { name: "user_flow_type" });

export const FlowGenerationModel = defineModel<FlowGenerationDoc>("FlowGeneration", flowGenerationSchema, "ai_flow_generations");

/** Whether a claim still stands: not expired, and its owner not known to be gone. */
function stands(claim: Pick<FlowGenerationDoc, "expiresAt" | "owner">, now: Date, check: OwnerCheck) {
  return claim.expiresAt.getTime() > now.getTime() && !claimOwnerIsGone(claim.owner, check);
}

/**
 * Claims a flow's work of a kind: one may run per user, flow type and kind; returns null when
 * another one holds it and still stands. Returns the claim's id to release.
 */
export async function claimGeneration({
  userId,
  flowType,
  kind,
  now,
  ttlMs,
  owners = {},
}: {
  userId: string;
  flowType: FlowType;
  kind: ClaimKind;
  now: Date;
  ttlMs: number;
  owners?: OwnerCheck;
}): Promise<string | null> {
  const id = `${kind}:${userId}:${flowType}`;
  const owner = { ...(owners.self ?? THIS_INSTANCE) };
  const doc = { _id: id, userId, flowType, kind, startedAt: now, expiresAt: new Date(now.getTime() + ttlMs), owner };
  try {
    await FlowGenerationModel.create(doc);
    return id;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  // Held: take it over only if the holder's claim no longer stands (a crash left it behind), and
  // only that very claim: if another caller took it over meanwhile, this one loses.
  const held = await FlowGenerationModel.findById(id, { startedAt: 1, expiresAt: 1, owner: 1 }).lean();
  if (!held || stands(held, now, owners)) return null;
  const { _id: _key, ...fields } = doc;
  const taken = await FlowGenerationModel.findOneAndUpdate(
    { _id: id, startedAt: held.startedAt, "owner.instanceId": held.owner?.instanceId ?? null },
    { $set: fields },
    { returnDocument: "after" },
  ).lean();
  return taken ? id : null;
}

export async function releaseGeneration(id: string): Promise<void> {
  await FlowGenerationModel.deleteOne({ _id: id });
}

export async function isGenerationUnderWay({ userId, flowType, now, owners = {} }: { userId: string; flowType: FlowType; now: Date; owners?: OwnerCheck }): Promise<boolean> {
  const claims = await FlowGenerationModel.find({ userId, flowType, kind: { $in: GENERATING_KINDS }, expiresAt: { $gt: now } }, { expiresAt: 1, owner: 1 }).lean();
  return claims.some((claim) => stands(claim, now, owners));
}
