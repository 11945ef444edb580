import type { FlowType } from "~/lib/flow-types";
import type { ContentProgressView } from "~/lib/content/content-progress";
import type { FlowContentView } from "~/lib/content/types";
import type { StreamedMessage } from "~/lib/content/streamed-messages";
import type { GenerationProgressView } from "~/lib/flows/generation-progress";
import type { StreamedStep } from "~/lib/flows/streamed-steps";
import { GENERATE_FAILED_MESSAGE, type FlowView, type RegenerateResult, REGENERATE_FAILED_MESSAGE } from "~/lib/flows/types";
import type { ServiceUser } from "~/lib/user";
import {
  CONTENT_PROGRESS_KINDS,
  createProgress,
  dismissProgress,
  findProgress,
  finishProgress,
  FLOW_PROGRESS_KINDS,
  type FlowProgress,
  latestProgress,
  type ProgressKind,
  type ProgressResult,
  recordMessages,
  recordSteps,
} from "~/models/flow-progress.server";
import { releaseGeneration } from "~/models/flow-generation.server";
import { isSoleInstance } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { isDomainError, notFound } from "~/services/domain-error";
import { type FlowServiceDeps, generationClaimMs, getFlow, prepareGeneration, prepareRegeneration, writeGeneration, writeRegeneration } from "~/services/flows/flows.server";
import type { ContentStreamOptions, StreamOptions } from "~/services/ai/provider.server";
import { assertContentPremium, CONTENT_FAILED_MESSAGE, type ContentServiceDeps, prepareContentWriting, writeContentClaimed } from "~/services/flows/content.server";

/**
 * Generations that answer at once and report their progress (decision 135): the request is
 * checked and the claim taken while the caller waits, so every refusal (422, 402, 409) is the
 * request's own answer; then the model writes in the background of this process, each step it
 * completes recorded in the progress record (models/flow-progress.server.ts), and the outcome
 * recorded when it ends. The screen (with or without JavaScript) and the API's
 * `Prefer: respond-async` read that record. A generator that answers at once (offline) has
 * nothing to follow: it is written while the caller waits, as before.
 *
 * Nothing partial is stored: the answer is checked whole (and repaired once) before the flow or
 * its new version is written, exactly as in the waiting path.
 */

export const PROGRESS_NOT_FOUND = "No such generation of yours (its outcome is kept for 10 minutes after it ends).";
export const CONTENT_PROGRESS_NOT_FOUND = "No such content writing of yours (its outcome is kept for 10 minutes after it ends).";

/** Work running in the background of this process: its record, its claim, and how to abandon it. */
interface Running {
  progressId: string;
  claim: string;
  abandon: AbortController;
}
const running = new Map<Promise<void>, Running>();

/** Resolves when every generation running in this process has ended (tests; a clean shutdown). */
export async function backgroundGenerationsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running.keys()]);
}

/** The most a stopping server waits for generations under way: their model timeout, within the server's own closing grace. */
export const SHUTDOWN_GENERATION_GRACE_MS = 20_000;

/** Said when the server stopped before a generation finished. */
export const STOPPED_MESSAGE = "The server restarted before the generation finished. Nothing was saved; please try again.";

/**
 * A clean shutdown's step for the generations under way in this process: they may finish for up
 * to `graceMs`; those still running then are abandoned (their model call ended, nothing stored),
 * their records ended as failed and their claims let go, so that neither a restart of this
 * process nor another instance sees them as still running.
 */
export async function stopBackgroundGenerations({ graceMs = Math.min(getEnv().OPENAI_TIMEOUT_MS, SHUTDOWN_GENERATION_GRACE_MS), now = () => new Date() } = {}): Promise<void> {
  if (running.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const graceOver = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([backgroundGenerationsSettled(), graceOver]);
  clearTimeout(timer);
  const left = [...running.values()];
  for (const work of left) work.abandon.abort(new Error("The server is stopping."));
  await Promise.all(
    left.map(async ({ progressId, claim }) => {
      try {
        await finishProgress(progressId, { state: "failed", error: { code: "INTERRUPTED", message: STOPPED_MESSAGE } }, now());
        await releaseGeneration(claim);
      } catch (error) {
        console.warn(`generation not ended on shutdown: ${String(error)}`);
      }
    }),
  );
  if (left.length > 0) console.info(`[flows] stopping: ${left.length} generation(s) under way ended as failed, their claims released`);
}

export function toProgressView(progress: FlowProgress): GenerationProgressView {
  return {
    id: progress._id,
    // Only the flow's kinds are read into this view (FLOW_PROGRESS_KINDS); content has its own.
    kind: progress.kind as GenerationProgressView["kind"],
    flowType: progress.flowType,
    flowId: progress.flowId,
    state: progress.state,
    attempt: progress.attempt,
    steps: progress.steps.map((step) => ({ stepType: step.stepType, title: step.title, timingText: step.timingText, primaryGoal: step.primaryGoal })),
    stepsShown: progress.stepsShown,
    startedAt: progress.startedAt.toISOString(),
    updatedAt: progress.updatedAt.toISOString(),
    result: progress.result ? { versionNumber: progress.result.versionNumber ?? null, applied: progress.result.applied, explanation: progress.result.explanation ?? null } : null,
    error: progress.error ? { code: progress.error.code, message: progress.error.message } : null,
  };
}

/** A content writing's record as the page and the API read it: each message with the step it belongs to. */
export function toContentProgressView(progress: FlowProgress, stepNumbers: ReadonlyMap<string, number> = new Map()): ContentProgressView {
  return {
    id: progress._id,
    kind: "content",
    flowType: progress.flowType,
    flowId: progress.flowId ?? "",
    state: progress.state,
    attempt: progress.attempt,
    messages: (progress.messages ?? []).map((message) => ({
      touchpointId: message.touchpointId,
      stepNumber: stepNumbers.get(message.touchpointId) ?? null,
      subject: message.subject ?? null,
      preheader: message.preheader ?? null,
      bodyText: message.bodyText ?? null,
      callToAction: message.callToAction ?? null,
      sms: message.sms ?? null,
      complete: message.complete !== false,
    })),
    messagesShown: progress.messagesShown ?? 0,
    startedAt: progress.startedAt.toISOString(),
    updatedAt: progress.updatedAt.toISOString(),
    error: progress.error ? { code: progress.error.code, message: progress.error.message } : null,
  };
}

/** What following work needs of its caller's dependencies: its clock and how a record's owner is checked. */
type ProgressDeps = Pick<FlowServiceDeps, "now" | "owners">;

const owners = (deps: ProgressDeps) => deps.owners ?? { soleInstance: isSoleInstance() };
const clock = (deps: ProgressDeps) => deps.now ?? (() => new Date());

/** What background work is given: where to report the steps (a flow) or messages (content) written so far, and its abandon signal. */
type FollowOptions = Required<Pick<StreamOptions, "onSteps" | "signal">> & Required<Pick<ContentStreamOptions, "onMessages">>;

/**
 * Runs the work in the background, writing each step or message it reports into the record (in
 * order, one write at a time) and its outcome at the end. A failure is recorded, never thrown:
 * nobody awaits it.
 */
function follow(progress: FlowProgress, claim: string, deps: ProgressDeps, failure: string, work: (options: FollowOptions) => Promise<{ flowId: string; result: ProgressResult }>) {
  const now = clock(deps);
  const abandon = new AbortController();
  let writes = Promise.resolve();
  const record = (write: () => Promise<void>) => {
    if (abandon.signal.aborted) return;
    writes = writes.then(write).catch((error: unknown) => console.warn(`generation progress not recorded: ${String(error)}`));
  };
  const onSteps = (steps: StreamedStep[], attempt: number) => record(() => recordSteps(progress._id, steps, attempt, now()));
  const onMessages = (messages: StreamedMessage[], attempt: number) => record(() => recordMessages(progress._id, messages, attempt, now()));
  const task = (async () => {
    try {
      const done = await work({ onSteps, onMessages, signal: abandon.signal });
      await writes;
      await finishProgress(progress._id, { state: "succeeded", ...done }, now());
    } catch (error) {
      await writes;
      // Abandoned on shutdown: its record was ended then.
      if (abandon.signal.aborted) return;
      const message = isDomainError(error) ? (error.kind === "upstream_failed" ? failure : error.message) : failure;
      const code = isDomainError(error) ? (error.code ?? error.kind.toUpperCase()) : "INTERNAL_ERROR";
      if (!isDomainError(error)) console.error(error);
      await finishProgress(progress._id, { state: "failed", error: { code, message } }, now()).catch((finishError: unknown) =>
        console.warn(`generation outcome not recorded: ${String(finishError)}`),
      );
    }
  })();
  running.set(task, { progressId: progress._id, claim, abandon });
  void task.finally(() => running.delete(task));
}

/** Either the work was done at once (an instant generator), or it runs and this is its progress. */
export type Started<T, P = GenerationProgressView> = { started: false; result: T } | { started: true; progress: P };

/** Opens the progress record of claimed work and runs the work in the background; without the record, the claim is let go. */
async function begin(
  claim: string,
  record: { userId: string; flowType: FlowType; kind: ProgressKind; flowId: string | null },
  deps: ProgressDeps,
  failure: string,
  work: Parameters<typeof follow>[4],
): Promise<FlowProgress> {
  let progress: FlowProgress;
  try {
    progress = await createProgress({ ...record, now: clock(deps)(), ttlMs: generationClaimMs(), owners: owners(deps) });
  } catch (error) {
    await releaseGeneration(claim);
    throw error;
  }
  follow(progress, claim, deps, failure, work);
  return progress;
}

/** Starts a user's first flow of a type: checked and claimed now, written in the background with its progress recorded. */
export async function startGeneration({ user, input }: { user: ServiceUser; input: unknown }, deps: FlowServiceDeps = {}): Promise<Started<FlowView>> {
  const prepared = await prepareGeneration(user, input, deps);
  if (!prepared.claim) return { started: false, result: await writeGeneration(prepared) };
  const record = { userId: user.id, flowType: prepared.flowType, kind: "generate" as const, flowId: null };
  const progress = await begin(prepared.claim, record, deps, GENERATE_FAILED_MESSAGE, async (options) => {
    const flow = await writeGeneration(prepared, options);
    return { flowId: flow.id, result: { versionNumber: null, applied: true, explanation: null } };
  });
  return { started: true, progress: toProgressView(progress) };
}

/** Starts a regeneration: checked and claimed now, written in the background with its progress recorded. */
export async function startRegeneration(
  { user, flowId, input }: { user: ServiceUser; flowId: string; input: unknown },
  deps: FlowServiceDeps = {},
): Promise<Started<RegenerateResult>> {
  const prepared = await prepareRegeneration(user, flowId, input, deps);
  if (!prepared.claim) return { started: false, result: await writeRegeneration(prepared) };
  const record = { userId: user.id, flowType: prepared.current.flowType, kind: "regenerate" as const, flowId };
  const progress = await begin(prepared.claim, record, deps, REGENERATE_FAILED_MESSAGE, async (options) => {
    const result = await writeRegeneration(prepared, options);
    return { flowId: result.flow.id, result: { versionNumber: result.previousVersion?.versionNumber ?? null, applied: result.applied, explanation: result.explanation } };
  });
  return { started: true, progress: toProgressView(progress) };
}

/** One generation's progress, of the user's own. */
export async function getGenerationProgress({ userId, id }: { userId: string; id: string }, deps: FlowServiceDeps = {}): Promise<GenerationProgressView> {
  const progress = await findProgress({ id, userId, kinds: FLOW_PROGRESS_KINDS, now: clock(deps)(), owners: owners(deps) });
  if (!progress) throw notFound(PROGRESS_NOT_FOUND);
  return toProgressView(progress);
}

/** How a generation ended, as its stream's last event names it (done or failed), or null while it runs. */
export function progressOutcome(progress: Pick<GenerationProgressView, "state">): "done" | "failed" | null {
  return progress.state === "succeeded" ? "done" : progress.state === "failed" ? "failed" : null;
}

/** The newest generation of the user's flow type still readable (under way, or how it ended), or null. */
export async function latestGenerationProgress({ userId, flowType }: { userId: string; flowType: FlowType }, deps: FlowServiceDeps = {}): Promise<GenerationProgressView | null> {
  const progress = await latestProgress({ userId, flowType, kinds: FLOW_PROGRESS_KINDS, now: clock(deps)(), owners: owners(deps) });
  return progress ? toProgressView(progress) : null;
}

/** Forgets how a generation ended, once the user has read it; how it ended, or null when there was nothing to forget. */
export async function dismissGenerationProgress({ userId, id }: { userId: string; id: string }): Promise<GenerationProgressView | null> {
  const dismissed = await dismissProgress({ id, userId, kinds: FLOW_PROGRESS_KINDS });
  return dismissed ? toProgressView(dismissed) : null;
}

/**
 * Starts writing a flow's content: checked and claimed now (premium, ownership, onboarding, one at a
 * time), written in the background with each message recorded as it arrives. An instant writer
 * (offline) writes while the caller waits, as before. Nothing partial is stored.
 */
export async function startContentWriting(
  { user, flowId }: { user: ServiceUser; flowId: string },
  deps: ContentServiceDeps = {},
): Promise<Started<FlowContentView, ContentProgressView>> {
  const prepared = await prepareContentWriting({ user, flowId }, deps);
  if (prepared.provider.instant) return { started: false, result: await writeContentClaimed(prepared) };
  const record = { userId: user.id, flowType: prepared.flow.flowType, kind: "content" as const, flowId: prepared.flow.id };
  const progress = await begin(prepared.claim, record, deps, CONTENT_FAILED_MESSAGE, async ({ onMessages, signal }) => {
    await writeContentClaimed(prepared, { onMessages, signal });
    return { flowId: prepared.flow.id, result: { versionNumber: null, applied: true, explanation: null } };
  });
  return { started: true, progress: toContentProgressView(progress, stepNumbersOf(prepared.flow)) };
}

function stepNumbersOf(flow: Pick<FlowView, "touchpoints">): Map<string, number> {
  return new Map(flow.touchpoints.map((tp) => [tp.id, tp.stepNumber]));
}

/** One content writing's progress, of the user's own, each message with its step number in the flow as it is now. */
export async function getContentProgress({ user, id }: { user: ServiceUser; id: string }, deps: ProgressDeps = {}): Promise<ContentProgressView> {
  assertContentPremium(user);
  const progress = await findProgress({ id, userId: user.id, kinds: CONTENT_PROGRESS_KINDS, now: clock(deps)(), owners: owners(deps) });
  if (!progress) throw notFound(CONTENT_PROGRESS_NOT_FOUND);
  // The flow deleted since: its messages are still shown, without step numbers.
  const flow = progress.flowId ? await getFlow({ userId: user.id, flowId: progress.flowId }).catch(() => null) : null;
  return toContentProgressView(progress, stepNumbersOf(flow ?? { touchpoints: [] }));
}

/** The newest content writing of the flow still readable (under way, or how it ended), or null. */
export async function latestContentProgress(
  { userId, flow }: { userId: string; flow: Pick<FlowView, "id" | "flowType" | "touchpoints"> },
  deps: ProgressDeps = {},
): Promise<ContentProgressView | null> {
  const progress = await latestProgress({ userId, flowType: flow.flowType, kinds: CONTENT_PROGRESS_KINDS, now: clock(deps)(), owners: owners(deps) });
  return progress && progress.flowId === flow.id ? toContentProgressView(progress, stepNumbersOf(flow)) : null;
}

/** Forgets how a content writing ended, once the user has read it; null when there was nothing to forget. */
export async function dismissContentProgress({ userId, id }: { userId: string; id: string }): Promise<ContentProgressView | null> {
  const dismissed = await dismissProgress({ id, userId, kinds: CONTENT_PROGRESS_KINDS });
  return dismissed ? toContentProgressView(dismissed) : null;
}
