import crypto from "node:crypto";

import { safeParse } from "zod/v4/core";

import { postalAddressIn } from "~/lib/content/footer";
import { flowContentView } from "~/lib/content/view";
import { CREATE_FLOW_LIMITS, klaviyoFlowUrl, type KlaviyoTrigger } from "~/lib/klaviyo/constants";
import {
  dateSteps,
  type DateStepNote,
  flowParts,
  type KlaviyoFlowPart,
  type KlaviyoPlanInput,
  outlineSteps,
  reviewNotes,
  templateRequests,
  type TemplateRequest,
  WAIT_ACTIONS,
} from "~/lib/klaviyo/flow-body";
import { klaviyoSendSchema } from "~/lib/klaviyo/schema";
import type { ServiceUser } from "~/lib/user";
import { findContentEntries } from "~/models/flow-content.server";
import {
  claimKlaviyoSend,
  closeAbandonedSend,
  completeKlaviyoSend,
  findAbandonedSends,
  listAbandonedSends,
  recordAttemptTemplate,
  recordSendAttempt,
  countKlaviyoSends,
  type KlaviyoSendRecord,
  listKlaviyoSends,
  releaseKlaviyoSend,
  type SentFlow,
} from "~/models/klaviyo-send.server";
import { getResponseByUserId } from "~/models/questionnaire-response.server";
import { conflict, DomainError, fieldErrorsOf, upstreamFailed, validationError } from "~/services/domain-error";
import { isFlowType } from "~/lib/flow-types";
import { UNKNOWN_FLOW_TYPE } from "~/services/benchmarks/metrics-input";
import { generateFlow, getFlow, getFlowByType } from "~/services/flows/flows.server";
import { listKlaviyoTriggers } from "~/services/klaviyo/triggers.server";
import { KlaviyoApiError, type KlaviyoDeps, klaviyoDefaults, type KlaviyoSession } from "~/services/klaviyo/client.server";
import { openKlaviyoSession } from "~/services/klaviyo/connection.server";
import { isSoleInstance } from "~/services/db.server";
import { fromKlaviyoError, klaviyoRateLimited } from "~/services/klaviyo/errors.server";
import { accountLimitWait, countAccountCall } from "~/services/klaviyo/limits.server";

/**
 * Send to Klaviyo: the flow's current version becomes a draft flow in the user's own Klaviyo
 * account. Templates first (one per email), then Create Flow with every message in draft status.
 * Nothing is recorded as sent unless Create Flow answered 201; when it fails, the templates made
 * for it are deleted, or listed in the message where Klaviyo would not delete them. Two clicks on
 * the same button send once (an idempotency key per flow version and send number); sending again
 * later makes a new draft flow and never touches the earlier one.
 */

export interface KlaviyoSendResult {
  klaviyoFlowId: string;
  url: string;
  versionNumber: number;
  sentAt: string;
  trigger: KlaviyoTrigger;
  /** The templates made for the emails, in step order. */
  templateIds: string[];
  /** Steps sent as outlines because no written content was there for them. */
  outlineSteps: number[];
  /** What to review in Klaviyo before turning the flow on. */
  notes: string[];
  /** Every flow made, in order: the trigger's first (klaviyoFlowId), then one per date steps are timed from. */
  flows: SentFlow[];
  /** One line per step timed from a date: the profile property it needs, and how Klaviyo times it. */
  dateSteps: DateStepNote[];
  /** True when this answer repeats a send already made with the same key (a second click). */
  replayed: boolean;
  /** The send before this one, when the flow had been sent already (a new draft was made). */
  previous: { klaviyoFlowId: string; url: string; versionNumber: number; sentAt: string } | null;
}

export const KLAVIYO_NO_TOUCHPOINTS_MESSAGE = "This flow has no touchpoints to send. Regenerate it or add steps first.";
export const KLAVIYO_SEND_IN_PROGRESS_MESSAGE = "This flow is being sent to Klaviyo right now. Reload the page in a moment to see the link.";

export type KlaviyoSendDeps = KlaviyoDeps;

/** The plan, the written content (premium) and the sender's postal address: what both the send and the export build from. */
export async function klaviyoPlanInput({ user, flowId }: { user: ServiceUser; flowId: string }): Promise<KlaviyoPlanInput & { versionNumber: number; updatedAt: string }> {
  const flow = await getFlow({ userId: user.id, flowId });
  const content = user.isPremium ? flowContentView(flow, await findContentEntries({ flowId: flow.id, userId: user.id })) : null;
  const answers = await getResponseByUserId(user.id);
  return { flow, content, postalAddress: answers ? postalAddressIn(answers) : null, versionNumber: flow.versionCount + 1, updatedAt: flow.updatedAt };
}

function idempotencyKey(flowId: string, versionNumber: number, updatedAt: string, sequence: number) {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([flowId, versionNumber, updatedAt, sequence]))
    .digest("base64url");
}

function toResult(record: KlaviyoSendRecord, replayed: boolean, previous: KlaviyoSendRecord | null): KlaviyoSendResult {
  return {
    klaviyoFlowId: record.klaviyoFlowId ?? "",
    url: record.url ?? "",
    versionNumber: record.versionNumber,
    sentAt: (record.sentAt ?? new Date(0)).toISOString(),
    trigger: { type: record.trigger.type as KlaviyoTrigger["type"], id: record.trigger.id },
    templateIds: record.templateIds,
    outlineSteps: record.outlineSteps,
    notes: record.notes,
    flows: record.flows.length
      ? record.flows
      : [{ klaviyoFlowId: record.klaviyoFlowId ?? "", url: record.url ?? "", name: "", startsFrom: "trigger", dateProperty: null, steps: [] }],
    dateSteps: record.dateSteps,
    replayed,
    previous: previous?.klaviyoFlowId
      ? { klaviyoFlowId: previous.klaviyoFlowId, url: previous.url ?? "", versionNumber: previous.versionNumber, sentAt: (previous.sentAt ?? new Date(0)).toISOString() }
      : null,
  };
}

/** How long Create Flow must wait for our count of the account's calls to allow one more (0: now). */
function createFlowWait(accountTag: string, now: number) {
  return accountLimitWait("create-flow", accountTag, CREATE_FLOW_LIMITS, now);
}

/** Deletes the templates made for a flow that was not created; returns the ones Klaviyo kept. */
async function removeTemplates(session: KlaviyoSession, made: Array<{ request: TemplateRequest; id: string }>) {
  const left: Array<{ request: TemplateRequest; id: string }> = [];
  for (const item of made) {
    try {
      await session.deleteTemplate(item.id);
    } catch {
      left.push(item);
    }
  }
  return left;
}

function leftText(left: Array<{ request: TemplateRequest; id: string }>) {
  if (left.length === 0) return "";
  const names = left.map((item) => `“${item.request.body.data.attributes.name}” (${item.id})`).join(", ");
  return ` Flowmap could not remove ${left.length === 1 ? "the template" : `the ${left.length} templates`} it had made in Klaviyo: ${names}. Delete ${left.length === 1 ? "it" : "them"} under Content → Templates in Klaviyo.`;
}

/** The step a JSON pointer into the Create Flow body names: a message's own, or for a wait the message after it. */
export function stepOfPointer(pointer: string | undefined, actions: ReadonlyArray<{ type: string }>, steps: readonly number[]): number | null {
  const match = /\/definition\/actions\/(\d+)/.exec(pointer ?? "");
  if (!match) return null;
  const index = Number(match[1]);
  if (index >= actions.length) return null;
  const messagesBefore = actions.slice(0, index).filter((action) => !WAIT_ACTIONS.has(action.type as never)).length;
  return steps[messagesBefore] ?? null;
}

const isRefusal = (error: unknown): error is KlaviyoApiError =>
  error instanceof KlaviyoApiError && error.failure === "rejected" && error.status >= 400 && error.status < 500 && ![401, 403, 429].includes(error.status);

/** What a failed Create Flow of one part tells the user: what to check, the trigger to change, or the step to edit. */
function createFlowFailure(error: unknown, part: KlaviyoFlowPart, trigger: KlaviyoTrigger): unknown {
  if (error instanceof KlaviyoApiError && (error.failure === "timeout" || error.failure === "network" || error.failure === "malformed" || error.status >= 500)) {
    return upstreamFailed(
      `${fromKlaviyoError(error)?.message ?? "Klaviyo failed."} Nothing was recorded as sent. Before sending again, check Flows in Klaviyo for a draft named “${part.name}”: Klaviyo may have made it. Its templates were kept.`,
      error,
    );
  }
  if (!isRefusal(error)) return error;
  if (error.pointer?.includes("/triggers")) {
    const message = part.dateProperty
      ? `Klaviyo could not start “${part.name}” from the profile property ${part.dateProperty} (${error.detail}). Check the property exists as a date in Klaviyo and send again.`
      : `Klaviyo could not use this ${trigger.type} as the trigger (${error.detail}). Pick another trigger and send again.`;
    return validationError(message, part.dateProperty ? {} : { trigger: message });
  }
  const step = stepOfPointer(error.pointer, part.body.data.attributes.definition.actions, part.steps);
  return validationError(
    step === null
      ? `Klaviyo refused the flow: ${error.detail}${error.pointer ? ` (at ${error.pointer})` : ""}. Export it with format=klaviyo to create it yourself, or try again after editing the flow.`
      : `Klaviyo refused step ${step}: ${error.detail}. Edit that step in Flowmap and send again.`,
  );
}

/** The flows already made when a later one failed: named, so the user can delete them before sending again. */
function alreadyMade(created: readonly SentFlow[]): string {
  const names = created.map((flow) => `“${flow.name}” (${flow.url})`).join(", ");
  return ` Flowmap had already made ${created.length === 1 ? "the draft flow" : "the draft flows"} ${names} in Klaviyo, with the email templates: delete ${created.length === 1 ? "it" : "them"} under Flows in Klaviyo before sending again.`;
}

/** Creates each part's flow in turn, within Create Flow's limits; a failure after the first names what was made. */
async function createFlows(session: KlaviyoSession, accountTag: string, parts: readonly KlaviyoFlowPart[], trigger: KlaviyoTrigger, nowMs: () => number): Promise<SentFlow[]> {
  const created: SentFlow[] = [];
  for (const part of parts) {
    const { wait, windows } = await createFlowWait(accountTag, nowMs());
    if (!(await session.waitWithinBudget(wait))) throw withMade(klaviyoRateLimited(wait / 1000), created);
    await countAccountCall(windows, nowMs());
    try {
      const { id } = await session.createFlow(part.body);
      created.push({ klaviyoFlowId: id, url: klaviyoFlowUrl(id), name: part.name, startsFrom: part.startsFrom, dateProperty: part.dateProperty, steps: part.steps });
    } catch (error) {
      throw withMade(createFlowFailure(error, part, trigger), created);
    }
  }
  return created;
}

/** Marks a failure that came after some flows were made (their templates must stay), naming them. */
class AfterFlowsMade extends Error {
  constructor(
    readonly failure: unknown,
    readonly created: readonly SentFlow[],
  ) {
    super("A Klaviyo flow failed after others were made.");
  }
}

function withMade(failure: unknown, created: readonly SentFlow[]): unknown {
  return created.length ? new AfterFlowsMade(failure, [...created]) : failure;
}

/** POST /api/ai-flows/{id}/klaviyo and the Send to Klaviyo form. */
export async function sendFlowToKlaviyo(
  { user, flowId, input, sequence }: { user: ServiceUser; flowId: string; input: unknown; sequence?: number | null },
  deps: KlaviyoSendDeps = {},
): Promise<KlaviyoSendResult> {
  const parsed = safeParse(klaviyoSendSchema, input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(errors)[0] ?? "Choose what starts this flow in Klaviyo.", errors);
  }
  const trigger: KlaviyoTrigger = parsed.data.trigger;
  const plan = { ...(await klaviyoPlanInput({ user, flowId })), triggerType: trigger.type };
  if (plan.flow.touchpoints.length === 0) throw validationError(KLAVIYO_NO_TOUCHPOINTS_MESSAGE);
  const { session, accountTag } = await openKlaviyoSession({ userId: user.id }, deps);
  const clock = deps.clock ?? klaviyoDefaults.clock;
  const nowMs = () => clock.now();

  // A send of this user's that a dead process left half-done is cleaned up first (its key freed).
  await cleanUpAbandonedSends({ userId: user.id }, deps);
  const earlier = await listKlaviyoSends({ userId: user.id, flowId: plan.flow.id });
  const sendNumber = typeof sequence === "number" && Number.isInteger(sequence) && sequence >= 0 ? sequence : await countKlaviyoSends({ userId: user.id, flowId: plan.flow.id });
  const claim = await claimKlaviyoSend({
    userId: user.id,
    flowId: plan.flow.id,
    idempotencyKey: idempotencyKey(plan.flow.id, plan.versionNumber, plan.updatedAt, sendNumber),
    versionNumber: plan.versionNumber,
    trigger,
    now: new Date(nowMs()),
  });
  if (!claim.claimed) {
    if (claim.existing.status === "sending") throw conflict(KLAVIYO_SEND_IN_PROGRESS_MESSAGE, "KLAVIYO_SEND_IN_PROGRESS");
    return toResult(claim.existing, true, earlier.find((send) => send.id !== claim.existing.id) ?? null);
  }

  const made: Array<{ request: TemplateRequest; id: string }> = [];
  try {
    // Our own count of this account's Create Flow calls: a send that could not be created within
    // the wait budget is refused before any template is made.
    const before = await createFlowWait(accountTag, nowMs());
    if (before.wait > session.waitLeft()) throw klaviyoRateLimited(before.wait / 1000);

    const requests = templateRequests(plan);
    // The attempt is on record before the first template: a crash from here on leaves them named.
    await recordSendAttempt({ id: claim.id, names: requests.map((request) => request.body.data.attributes.name) });
    for (const [index, request] of requests.entries()) {
      try {
        made.push({ request, id: await session.createTemplate(request.body) });
        await recordAttemptTemplate({ id: claim.id, index, templateId: made[made.length - 1]!.id });
      } catch (error) {
        if (isRefusal(error)) {
          throw validationError(`Klaviyo refused the email template for step ${request.stepNumber}: ${error.detail}. Edit that step in Flowmap and send again.`);
        }
        throw error;
      }
    }
    const templateIds = new Map(made.map((item) => [item.request.touchpointId, item.id]));
    const parts = flowParts(plan, { trigger, templateIds });
    let flows: SentFlow[];
    try {
      flows = await createFlows(session, accountTag, parts, trigger, nowMs);
    } catch (error) {
      // A flow Klaviyo may have made, or did make, uses the templates: they stay.
      const upstream = error instanceof AfterFlowsMade || (error instanceof DomainError && error.kind === "upstream_failed");
      if (upstream) made.length = 0;
      throw error;
    }

    const record = await completeKlaviyoSend({
      id: claim.id,
      userId: user.id,
      klaviyoFlowId: flows[0]!.klaviyoFlowId,
      url: flows[0]!.url,
      templateIds: made.map((item) => item.id),
      outlineSteps: outlineSteps(plan),
      notes: reviewNotes(plan),
      flows,
      dateSteps: dateSteps(plan),
      sentAt: new Date(nowMs()),
    });
    if (!record) throw new Error("The send record vanished while sending.");
    return toResult(record, false, earlier[0] ?? null);
  } catch (error) {
    await releaseKlaviyoSend({ id: claim.id, userId: user.id });
    const left = made.length ? await removeTemplates(session, made) : [];
    const failure = error instanceof AfterFlowsMade ? error.failure : error;
    const found = failure instanceof DomainError ? failure : fromKlaviyoError(failure);
    if (!found) throw failure;
    const domain =
      error instanceof AfterFlowsMade
        ? new DomainError(found.kind, `${found.message}${alreadyMade(error.created)}`, {
            fieldErrors: found.fieldErrors,
            code: found.code,
            retryAfterSeconds: found.retryAfterSeconds,
            cause: failure,
          })
        : found;
    if (left.length === 0) throw domain;
    throw new DomainError(domain.kind, `${domain.message}${leftText(left)}`, {
      fieldErrors: domain.fieldErrors,
      code: domain.code,
      retryAfterSeconds: domain.retryAfterSeconds,
      cause: error,
    });
  }
}

/** The send page: earlier sends of this flow that stopped half-way and left templates in Klaviyo, named. */
export async function listLeftoverTemplates({ userId, flowId }: { userId: string; flowId: string }) {
  const sends = await listAbandonedSends({ userId, flowId });
  return sends.map((send) => ({ at: send.claimedAt.toISOString(), leftovers: send.leftovers }));
}

/** GET /api/ai-flows/{id}/klaviyo and the send page: what was sent of this flow, newest first. */
export async function listFlowSends({ userId, flowId }: { userId: string; flowId: string }) {
  const flow = await getFlow({ userId, flowId });
  const sends = await listKlaviyoSends({ userId, flowId: flow.id });
  return sends.map((send, index) => toResult(send, false, sends[index + 1] ?? null));
}

/**
 * Sends a process left half-done (it died between claiming and finishing; see
 * findAbandonedSends): the templates it had made are deleted with the user's key; any Klaviyo
 * would not delete, or whose id the send never heard back, are kept by name on the send's record
 * and shown on its Send to Klaviyo page. Runs before each send (for the user) and hourly (for
 * everyone).
 */
export async function cleanUpAbandonedSends({ userId }: { userId?: string } = {}, deps: KlaviyoDeps = {}): Promise<number> {
  const clock = deps.clock ?? klaviyoDefaults.clock;
  const abandoned = await findAbandonedSends({ userId, now: new Date(clock.now()), owners: { soleInstance: isSoleInstance() } });
  for (const send of abandoned) {
    const leftovers: string[] = [];
    let session: KlaviyoSession | null = null;
    try {
      session = (await openKlaviyoSession({ userId: send.userId }, deps)).session;
    } catch {
      session = null;
    }
    // Templates are made in order: the first without an id may have been in flight; those after it were never asked for.
    const inFlight = send.attempt.findIndex((template) => !template.id);
    for (const [index, template] of send.attempt.entries()) {
      if (!template.id && index !== inFlight) continue;
      if (template.id && session) {
        try {
          await session.deleteTemplate(template.id);
          continue;
        } catch {
          // Named below.
        }
      }
      leftovers.push(template.id ? `“${template.name}” (${template.id})` : `“${template.name}” (if Klaviyo made it)`);
    }
    await closeAbandonedSend({ send, leftovers });
  }
  return abandoned.length;
}

export const NO_SUGGESTED_TRIGGER_MESSAGE = "Your Klaviyo account has nothing this flow usually starts from. Pick its trigger on the Send to Klaviyo page.";

/**
 * The one button for a flow type the Klaviyo account lacks: the user's Flowmap flow of that type
 * (generated now when there is none), sent to Klaviyo as a draft with the account's suggested
 * trigger. Premium types need premium, as generating them does.
 */
export async function generateAndSendMissing(
  { user, flowType }: { user: ServiceUser; flowType: unknown },
  deps: KlaviyoSendDeps = {},
): Promise<{ flowId: string; result: KlaviyoSendResult }> {
  if (!isFlowType(flowType)) throw validationError(UNKNOWN_FLOW_TYPE, { flowType: UNKNOWN_FLOW_TYPE });
  const flow = (await getFlowByType({ userId: user.id, flowType })) ?? (await generateFlow({ user, input: { flowType } }));
  const { suggested } = await listKlaviyoTriggers({ userId: user.id, flowType }, deps);
  if (!suggested) throw validationError(NO_SUGGESTED_TRIGGER_MESSAGE);
  return { flowId: flow.id, result: await sendFlowToKlaviyo({ user, flowId: flow.id, input: { trigger: suggested } }, deps) };
}
