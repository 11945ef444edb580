import { type FlowType, isPremiumFlowType } from "~/lib/flow-types";
import { applyFlowRules, type DraftTouchpoint, type FlowDraft } from "~/lib/flows/rules";
import { keepNote } from "~/lib/flows/kept-note";
import { refreshDerivedText, refreshQuickNotes } from "~/lib/flows/summary";
import {
  FLOW_EXISTS_MESSAGE,
  type FlowView,
  GENERATE_FAILED_MESSAGE,
  generateFlowSchema,
  type MessageView,
  PREMIUM_FLOW_MESSAGE,
  REGENERATE_FAILED_MESSAGE,
  type RegenerateResult,
  regenerateFlowSchema,
  type RollbackResult,
  type TouchpointView,
  type VersionView,
} from "~/lib/flows/types";
import { isAnchored, timingText, touchpointOffsetMinutes } from "~/lib/timing";
import { placeTiming, timingEditOf, touchpointEditServiceSchema } from "~/lib/flows/touchpoint-edit";
import type { ServiceUser } from "~/lib/user";
import {
  type CurrentFlowDoc,
  findFlow,
  findFlowByTouchpoint,
  findFlowByType,
  findFlowsOfUser,
  findMessagesPage,
  findVersion,
  findVersions,
  type FlowContent,
  insertFlow,
  removeFlow,
  type TouchpointInput,
  touchpointInputsOf,
  updateWithRevision,
} from "~/models/ai-generated-flow.server";
import { deleteContentOfFlow } from "~/models/flow-content.server";
import { deleteKlaviyoSendsOfFlow } from "~/models/klaviyo-send.server";
import { findBestFlowRule } from "~/models/flow-rule.server";
import { claimGeneration, isGenerationUnderWay, type OwnerCheck, releaseGeneration } from "~/models/flow-generation.server";
import { getResponseByUserId } from "~/models/questionnaire-response.server";
import { isDuplicateKeyError, WriteConflictError } from "~/models/utils.server";
import { getFlowProvider } from "~/services/ai/index.server";
import { modelRequestLimitMs } from "~/services/ai/openai-client.server";
import { isSoleInstance } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import type { FlowProvider, FlowRequest, StreamOptions } from "~/services/ai/provider.server";
import { conflict, DomainError, fieldErrorsFromIssues, notFound, onboardingRequired, upstreamFailed, validationError } from "~/services/domain-error";
import { toFlowView, toMessageView, toTouchpointView, toVersionRef, toVersionView } from "~/services/flows/views.server";
import { hasCompletedOnboarding } from "~/services/onboarding.server";

/**
 * The flows service (`/api/ai-flows` and the Flow Mappings screen): HTTP-free, every read
 * and write scoped to the user in the query itself, every failure a DomainError. The API routes
 * and the screen call these same functions.
 */

export interface FlowServiceDeps {
  /** The generator; default: OpenAI when OPENAI_API_KEY is set, else the offline generator. */
  provider?: FlowProvider;
  now?: () => Date;
  /** How the owner of a generation's claim is checked (tests: another instance, a dead process). */
  owners?: OwnerCheck;
}

export const FLOW_NOT_FOUND = "Flow not found.";
export const TOUCHPOINT_NOT_FOUND = "Touchpoint not found.";
export const VERSION_NOT_FOUND = "Version not found.";
export const GENERATION_IN_PROGRESS_MESSAGE = "This flow is already being generated. It will appear when it is ready.";
export const REGENERATION_IN_PROGRESS_MESSAGE = "This flow is already being regenerated. Wait for that to finish, then send your note again.";
/** How long past the longest model call a claim left by a crash elsewhere still counts. */
const GENERATION_CLAIM_MARGIN_MS = 30_000;

/**
 * A generation's claim lasts the longest a model request can take (the first call and its one
 * repair, every attempt's whole timeout) plus a margin; a claim whose process is known to be gone
 * stops counting at once.
 */
export function generationClaimMs(timeoutMs = getEnv().OPENAI_TIMEOUT_MS) {
  return modelRequestLimitMs(timeoutMs) + GENERATION_CLAIM_MARGIN_MS;
}

/** How a claim's owner is checked: this process, the sole user of its database when it runs the embedded engine. */
export const claimOwners = (deps: { owners?: OwnerCheck }): OwnerCheck => deps.owners ?? { soleInstance: isSoleInstance() };

function parseOrThrow<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } } },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsFromIssues(result.error.issues);
  throw validationError(Object.values(fieldErrors)[0] ?? "The request is not valid.", fieldErrors);
}

function assertPremium(user: ServiceUser, flowType: FlowType) {
  if (isPremiumFlowType(flowType) && !user.isPremium) {
    throw new DomainError("premium_required", PREMIUM_FLOW_MESSAGE, { code: "PREMIUM_REQUIRED" });
  }
}

/**
 * What generating a flow checks before any work: the body names a flow type, and a premium type
 * needs premium. An Idempotency-Key replay passes it too, so it never answers what the user may no
 * longer have.
 */
export function assertMayGenerate({ user, input }: { user: ServiceUser; input: unknown }) {
  assertPremium(user, parseOrThrow(generateFlowSchema, input).flowType);
}

/** What changing a flow (regenerate, roll back) checks before any work: it is the user's, and a premium type needs premium. */
export async function assertMayChangeFlow({ user, flowId }: { user: ServiceUser; flowId: string }) {
  const flow = await findFlow({ flowId, userId: user.id });
  if (!flow) throw notFound(FLOW_NOT_FOUND);
  assertPremium(user, flow.flowType);
}

async function requireOnboarding(userId: string) {
  const response = await getResponseByUserId(userId);
  if (!response || !hasCompletedOnboarding(response)) throw onboardingRequired();
  return response;
}

function withWriteConflict<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof WriteConflictError) throw conflict(error.message, "WRITE_CONFLICT");
    throw error;
  });
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function getFlowByType({ userId, flowType }: { userId: string; flowType: FlowType }): Promise<FlowView | null> {
  const doc = await findFlowByType({ userId, flowType });
  return doc ? toFlowView(doc) : null;
}

export async function getFlow({ userId, flowId }: { userId: string; flowId: string }): Promise<FlowView> {
  const doc = await findFlow({ flowId, userId });
  if (!doc) throw notFound(FLOW_NOT_FOUND);
  return toFlowView(doc);
}

/** One touchpoint of the user's, as the API shows it (with its timing). */
export async function getTouchpoint({ userId, touchpointId }: { userId: string; touchpointId: string }): Promise<TouchpointView> {
  const flow = await findFlowByTouchpoint({ touchpointId, userId });
  const doc = flow?.touchpoints?.find((tp) => tp._id === touchpointId);
  if (!flow || !doc) throw notFound(TOUCHPOINT_NOT_FOUND);
  return toTouchpointView(flow._id, doc);
}

export async function listFlows({ userId }: { userId: string }): Promise<FlowView[]> {
  return (await findFlowsOfUser(userId)).map(toFlowView);
}

export async function listVersions({ userId, flowId }: { userId: string; flowId: string }): Promise<VersionView[]> {
  const versions = await findVersions({ flowId, userId });
  if (!versions) throw notFound(FLOW_NOT_FOUND);
  return versions.map(toVersionView);
}

/** The whole conversation in sequence order, read page by page. */
export async function listMessages({ userId, flowId }: { userId: string; flowId: string }): Promise<MessageView[]> {
  const messages: MessageView[] = [];
  let afterSequence = 0;
  for (;;) {
    const page = await findMessagesPage({ flowId, userId, afterSequence });
    if (!page) throw notFound(FLOW_NOT_FOUND);
    messages.push(...page.map(toMessageView));
    if (page.length === 0) return messages;
    afterSequence = page[page.length - 1]!.sequence;
  }
}

/** Whether a generation or regeneration of this flow type is under way for the user. */
export async function isGenerating({ userId, flowType }: { userId: string; flowType: FlowType }, deps: FlowServiceDeps = {}): Promise<boolean> {
  return isGenerationUnderWay({ userId, flowType, now: (deps.now ?? (() => new Date()))(), owners: claimOwners(deps) });
}

// ---------------------------------------------------------------------------------------------
// Generation

function contentFrom(draft: FlowDraft, request: FlowRequest, provider: FlowProvider, promptType: string, failure: string): FlowContent {
  const result = applyFlowRules(draft, {
    flowType: request.flowType,
    companyName: request.business.companyName,
    communicationChannels: request.business.communicationChannels,
  });
  if (!result.ok) throw upstreamFailed(failure, new Error(result.problems.join(" ")));
  return {
    // Counts and span the generator wrote are checked against the touchpoints it wrote.
    ...refreshDerivedText(result.flow, result.flow.touchpoints),
    customContext: request.customContext,
    model: provider.model,
    promptType,
    touchpoints: result.flow.touchpoints.map((tp) => ({
      stepType: tp.stepType,
      title: tp.title,
      primaryGoal: tp.primaryGoal,
      keyMessages: tp.keyMessages,
      callToAction: tp.callToAction,
      timing: tp.timing,
      delayDays: tp.delayDays,
      offsetMinutes: tp.offsetMinutes,
      sendWindow: tp.sendWindow,
    })),
  };
}

async function callProvider<T>(work: () => Promise<T>, failure: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw upstreamFailed(failure, error);
  }
}

async function flowRequest(userId: string, flowType: FlowType, customContext: string): Promise<FlowRequest> {
  const business = await requireOnboarding(userId);
  const rule = await findBestFlowRule(flowType, {
    businessType: business.businessType,
    communicationChannels: business.communicationChannels,
    purchaseDecisionTimeline: business.purchaseDecisionTimeline,
    serviceFrequency: business.customerFrequency?.[0] ?? "",
    upsellOpportunity: business.upsellOpportunities,
  });
  return { flowType, business, rule, customContext };
}

/**
 * Writes the user's first flow of a type. Premium types need isPremium; onboarding must be done;
 * a flow of the type already there, or a generation of it under way, is a conflict. Nothing is
 * written unless the generator's answer follows the rules. `input` is the body as received (JSON or
 * form values): generateFlowSchema checks it here, so a caller never trusts it first.
 */
export async function generateFlow({ user, input }: { user: ServiceUser; input: unknown }, deps: FlowServiceDeps = {}): Promise<FlowView> {
  return writeGeneration(await prepareGeneration(user, input, deps));
}

/** A first generation that may begin: its request checked, its generator chosen, its claim taken (a slow generator's). */
export interface PreparedGeneration {
  user: ServiceUser;
  flowType: FlowType;
  request: FlowRequest;
  provider: FlowProvider;
  claim: string | null;
}

export async function prepareGeneration(user: ServiceUser, input: unknown, deps: FlowServiceDeps): Promise<PreparedGeneration> {
  const { flowType, customContext } = parseOrThrow(generateFlowSchema, input);
  assertPremium(user, flowType);
  const now = (deps.now ?? (() => new Date()))();
  const [request, existing, underWay] = await Promise.all([
    flowRequest(user.id, flowType, customContext),
    findFlowByType({ userId: user.id, flowType }),
    isGenerationUnderWay({ userId: user.id, flowType, now, owners: claimOwners(deps) }),
  ]);
  if (existing) throw conflict(FLOW_EXISTS_MESSAGE, "FLOW_EXISTS");
  if (underWay) throw conflict(GENERATION_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS");

  const provider = deps.provider ?? getFlowProvider();
  // A slow generator (a model call) is announced, so a reload or a second tab waits for it
  // instead of starting another; an instant one needs no claim (the unique index decides).
  const claim = provider.instant ? null : await claimGeneration({ userId: user.id, flowType, kind: "generate", now, ttlMs: generationClaimMs(), owners: claimOwners(deps) });
  if (!provider.instant && !claim) throw conflict(GENERATION_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS");
  return { user, flowType, request, provider, claim };
}

export async function writeGeneration({ user, flowType, request, provider, claim }: PreparedGeneration, options: StreamOptions = {}): Promise<FlowView> {
  try {
    const draft = await callProvider(() => provider.generateFlow(request, options), GENERATE_FAILED_MESSAGE);
    // Work abandoned while the model wrote (the server stopping) stores nothing.
    options.signal?.throwIfAborted();
    const content = contentFrom(draft, request, provider, "generate", GENERATE_FAILED_MESSAGE);
    const doc = await insertFlow({ userId: user.id, flowType, companyName: request.business.companyName, content }).catch((error: unknown) => {
      if (isDuplicateKeyError(error)) throw conflict(FLOW_EXISTS_MESSAGE, "FLOW_EXISTS");
      throw error;
    });
    return toFlowView(doc);
  } finally {
    if (claim) await releaseGeneration(claim);
  }
}

/** The current steps as a generator's draft: a step timed from a date keeps its timing, and its estimate orders it. */
function draftTouchpointsOf(doc: CurrentFlowDoc): DraftTouchpoint[] {
  return touchpointInputsOf(doc.touchpoints ?? []).map((tp) => ({
    stepType: tp.stepType,
    title: tp.title,
    offsetMinutes: touchpointOffsetMinutes(tp),
    timingText: isAnchored(tp.timing) ? timingText(tp.timing) : (tp.timing?.displayText ?? ""),
    ...(isAnchored(tp.timing) ? { timing: tp.timing } : {}),
    primaryGoal: tp.primaryGoal,
    keyMessages: tp.keyMessages,
    callToAction: tp.callToAction,
  }));
}

/**
 * Regenerates a flow with the user's feedback: the current content becomes the next numbered
 * version, the feedback a `user` message and the generator's explanation an `assistant`
 * message, all in one write; the new content replaces the current one.
 *
 * When the generator reports that nothing in the note could be acted on (`outcome.acted` false),
 * the flow stays as it was: no version, no new touchpoints or overview, the regeneration count
 * unchanged. The note and the reply still go into the conversation, and the whole note is kept
 * in the quick notes, once (decision 130). The result says which happened (`applied`).
 */
export async function regenerateFlow({ user, flowId, input }: { user: ServiceUser; flowId: string; input: unknown }, deps: FlowServiceDeps = {}): Promise<RegenerateResult> {
  return writeRegeneration(await prepareRegeneration(user, flowId, input, deps));
}

/** A regeneration that may begin: its note checked, the flow found, its claim taken (a slow generator's). */
export interface PreparedRegeneration {
  user: ServiceUser;
  flowId: string;
  feedback: string;
  current: CurrentFlowDoc;
  request: FlowRequest;
  provider: FlowProvider;
  claim: string | null;
}

export async function prepareRegeneration(user: ServiceUser, flowId: string, input: unknown, deps: FlowServiceDeps): Promise<PreparedRegeneration> {
  const { feedback } = parseOrThrow(regenerateFlowSchema, input);
  const current = await findFlow({ flowId, userId: user.id });
  if (!current) throw notFound(FLOW_NOT_FOUND);
  assertPremium(user, current.flowType);
  const request = await flowRequest(user.id, current.flowType, current.customContext ?? "");

  const provider = deps.provider ?? getFlowProvider();
  const now = (deps.now ?? (() => new Date()))();
  // One regeneration of a flow at a time: a second one while a model call is under way is refused.
  const claim = provider.instant
    ? null
    : await claimGeneration({ userId: user.id, flowType: current.flowType, kind: "regenerate", now, ttlMs: generationClaimMs(), owners: claimOwners(deps) });
  if (!provider.instant && !claim) throw conflict(REGENERATION_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS");
  return { user, flowId, feedback, current, request, provider, claim };
}

export async function writeRegeneration(
  { user, flowId, feedback, current, request, provider, claim }: PreparedRegeneration,
  options: StreamOptions = {},
): Promise<RegenerateResult> {
  try {
    const { draft, explanation, outcome } = await callProvider(
      () =>
        provider.regenerateFlow(
          {
            ...request,
            current: { flowOverview: current.flowOverview, quickNotes: current.quickNotes, touchpoints: draftTouchpointsOf(current) },
            feedback,
          },
          options,
        ),
      REGENERATE_FAILED_MESSAGE,
    );
    options.signal?.throwIfAborted();
    const messages = [
      { role: "user" as const, content: feedback },
      { role: "assistant" as const, content: explanation },
    ];
    if (outcome?.acted === false) {
      const kept = await withWriteConflict(
        updateWithRevision(flowId, user.id, (latest) => ({
          // The steps are as they were; only the note is added (their text is refreshed with it, as on every write).
          quickNotes: keepNote(refreshQuickNotes(latest.quickNotes ?? "", latest.touchpoints ?? []), feedback),
          messages,
          result: ({ flow }): RegenerateResult => ({ applied: false, flow: toFlowView(flow), previousVersion: null, explanation }),
        })),
      );
      if (!kept) throw notFound(FLOW_NOT_FOUND);
      return kept;
    }
    const content = contentFrom(draft, request, provider, "regenerate", REGENERATE_FAILED_MESSAGE);
    const result = await withWriteConflict(
      updateWithRevision(flowId, user.id, () => ({
        content,
        saveCurrentAsVersion: true,
        incrementRegenerationCount: true,
        messages,
        result: ({ flow, version }): RegenerateResult => ({ applied: true, flow: toFlowView(flow), previousVersion: toVersionRef(version!), explanation }),
      })),
    );
    if (!result) throw notFound(FLOW_NOT_FOUND);
    return result;
  } finally {
    if (claim) await releaseGeneration(claim);
  }
}

/**
 * Makes a saved version current again: the current state is saved first as a backup version,
 * and a `system` message records the rollback. Touchpoints keep their ids both ways. A premium
 * flow type needs premium, as generating it does: after premium ends the flow stays readable and
 * exportable, but not editable.
 */
export async function rollbackFlow({ user, flowId, versionId }: { user: ServiceUser; flowId: string; versionId: string }): Promise<RollbackResult> {
  const userId = user.id;
  const target = await findVersion({ flowId, userId, versionId });
  if (!target) throw notFound(VERSION_NOT_FOUND);
  const touchpoints = touchpointInputsOf(target.touchpoints ?? []);
  const result = await withWriteConflict(
    updateWithRevision(flowId, userId, (current) => {
      // Decided on the flow as it is about to be written, before anything is.
      assertPremium(user, current.flowType);
      return {
        content: {
          // A version saved before its text was kept true gets it recomputed now.
          ...refreshDerivedText({ flowOverview: target.flowOverview ?? "", quickNotes: target.quickNotes ?? "" }, touchpoints),
          customContext: target.customContext,
          model: target.model,
          promptType: target.promptType,
          touchpoints,
        },
        saveCurrentAsVersion: true,
        messages: [
          {
            role: "system",
            content: `Rolled back to version ${target.versionNumber}. The content it replaced was saved as version ${current.lastVersionNumber + 1}.`,
          },
        ],
        result: ({ flow, version }) => ({
          flow: toFlowView(flow),
          rolledBackToVersion: toVersionRef(target),
          backupVersion: toVersionRef(version!),
        }),
      };
    }),
  );
  if (!result) throw notFound(FLOW_NOT_FOUND);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Touchpoints and deletion

/**
 * Keeps the steps in time order after a timing change: steps with a fixed offset are ordered by
 * it (stable); a step timed from an event keeps its place after the step it followed.
 */
function inTimeOrder(touchpoints: TouchpointInput[]): TouchpointInput[] {
  let previous = 0;
  const keyed = touchpoints.map((tp, index) => {
    const key = tp.offsetMinutes ?? previous;
    previous = key;
    return { tp, key, index };
  });
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map((entry) => entry.tp);
}

interface TouchpointEdit {
  user: ServiceUser;
  touchpointId: string;
  /** The body as received: touchpointEditSchema checks it. */
  input: unknown;
}

/**
 * Edits a touchpoint's text and timing (a timing object, the dialog's parts, or the older
 * delayDays); a new timing moves the step and reorders the steps by time (an anchored step by its
 * estimate). A premium flow type's touchpoints need premium.
 */
export async function updateTouchpoint(edit: TouchpointEdit): Promise<TouchpointView> {
  return (await editTouchpoint(edit)).touchpoint;
}

/** updateTouchpoint, also answering where the step was before and the flow as it is now (to tell the user about a reorder). */
export async function editTouchpoint({ user, touchpointId, input }: TouchpointEdit): Promise<{ touchpoint: TouchpointView; previousStepNumber: number; flow: FlowView }> {
  const userId = user.id;
  const edit = parseOrThrow(touchpointEditServiceSchema, input);
  const flow = await findFlowByTouchpoint({ touchpointId, userId });
  if (!flow) throw notFound(TOUCHPOINT_NOT_FOUND);
  assertPremium(user, flow.flowType);
  let previousStepNumber = 0;
  const result = await withWriteConflict(
    updateWithRevision(flow._id, userId, (current) => {
      const inputs = touchpointInputsOf(current.touchpoints ?? []);
      const existing = inputs.find((tp) => tp.id === touchpointId);
      if (!existing) throw notFound(TOUCHPOINT_NOT_FOUND);
      previousStepNumber = inputs.indexOf(existing) + 1;
      const change = timingEditOf(edit, existing);
      if (!change.ok) throw validationError(change.message, change.errors);
      const edited: TouchpointInput = { ...existing, title: edit.title, primaryGoal: edit.primaryGoal, keyMessages: edit.keyMessages, callToAction: edit.callToAction };
      if (change.timing) Object.assign(edited, placeTiming(change.timing, existing, inputs));
      const touchpoints = inTimeOrder(inputs.map((tp) => (tp.id === touchpointId ? edited : tp)));
      return {
        touchpoints,
        derivedText: refreshDerivedText(current, touchpoints),
        result: ({ flow: written }) => {
          const doc = written.touchpoints.find((tp) => tp._id === touchpointId);
          if (!doc) throw notFound(TOUCHPOINT_NOT_FOUND);
          return { touchpoint: toTouchpointView(written._id, doc), flow: toFlowView(written) };
        },
      };
    }),
  );
  if (!result) throw notFound(TOUCHPOINT_NOT_FOUND);
  return { ...result, previousStepNumber };
}

/** Deletes a touchpoint; the remaining steps are renumbered 1..n. A premium flow type's touchpoints need premium. Returns the flow as it is now. */
export async function deleteTouchpoint({ user, touchpointId }: { user: ServiceUser; touchpointId: string }): Promise<FlowView> {
  const userId = user.id;
  const flow = await findFlowByTouchpoint({ touchpointId, userId });
  if (!flow) throw notFound(TOUCHPOINT_NOT_FOUND);
  assertPremium(user, flow.flowType);
  const result = await withWriteConflict(
    updateWithRevision(flow._id, userId, (current) => {
      const inputs = touchpointInputsOf(current.touchpoints ?? []);
      if (!inputs.some((tp) => tp.id === touchpointId)) throw notFound(TOUCHPOINT_NOT_FOUND);
      const touchpoints = inputs.filter((tp) => tp.id !== touchpointId);
      return { touchpoints, derivedText: refreshDerivedText(current, touchpoints), result: ({ flow: written }) => toFlowView(written) };
    }),
  );
  if (!result) throw notFound(TOUCHPOINT_NOT_FOUND);
  return result;
}

/** Deletes a flow with its versions, its conversation, the content written for it and the record of its Klaviyo sends. */
export async function deleteFlow({ userId, flowId }: { userId: string; flowId: string }): Promise<void> {
  if (!(await removeFlow({ flowId, userId }))) throw notFound(FLOW_NOT_FOUND);
  await deleteContentOfFlow({ flowId, userId });
  // What was sent to Klaviyo stays in Klaviyo; Flowmap's record of it goes with the flow.
  await deleteKlaviyoSendsOfFlow({ flowId, userId });
}
