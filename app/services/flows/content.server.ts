import type { BusinessAnswers } from "~/lib/content/business";
import type { Esp } from "~/lib/content/esp";
import { postalAddressIn } from "~/lib/content/footer";
import { renderEmailHtml } from "~/lib/content/html";
import { buttonLink, cleanButtonUrl } from "~/lib/content/links";
import { emailProblems, plainPunctuation, smsBrand, smsProblems, SMS_OPT_OUT, countSms } from "~/lib/content/rules";
import type { WrittenFlow, WrittenTouchpoint } from "~/lib/content/schema";
import type { FlowContentView } from "~/lib/content/types";
import { flowContentView } from "~/lib/content/view";
import { touchpointFingerprint, type FlowView, type TouchpointView } from "~/lib/flows/types";
import type { ServiceUser } from "~/lib/user";
import { type ContentEntryInput, findContentEntries, findContentEntriesOfFlows, saveContentEntries } from "~/models/flow-content.server";
import { getResponseByUserId, type QuestionnaireResponseRecord } from "~/models/questionnaire-response.server";
import { WriteConflictError } from "~/models/utils.server";
import { getContentProvider } from "~/services/ai/content.server";
import type { ContentProvider, ContentStreamOptions } from "~/services/ai/provider.server";
import { conflict, DomainError, notFound, onboardingRequired, upstreamFailed, validationError } from "~/services/domain-error";
import { claimOwners, generationClaimMs, getFlow, listFlows } from "~/services/flows/flows.server";
import { claimGeneration, releaseGeneration, type OwnerCheck } from "~/models/flow-generation.server";
import { defaultEspFor } from "~/services/klaviyo/connection.server";

/**
 * Premium written content (Generate Full Email Content): writes ready-to-send copy
 * for every touchpoint of a flow's current version and reads it back. HTTP-free; every read is
 * scoped to the user through the flows service; nothing is stored unless every touchpoint's copy
 * passes the content rules.
 */

export const CONTENT_PREMIUM_MESSAGE = "Written email and SMS content needs a premium subscription. Upgrade to unlock it.";
export const CONTENT_FAILED_MESSAGE = "Failed to generate content. Please try again.";
export const CONTENT_NOT_FOUND_MESSAGE = "No content has been written for this flow yet.";
export const CONTENT_NO_TOUCHPOINTS_MESSAGE = "This flow has no touchpoints to write content for.";
export const CONTENT_BRAND_TOO_LONG_MESSAGE = "Your company name is too long to start a text message. Shorten it in your onboarding answers and try again.";

export interface ContentServiceDeps {
  provider?: ContentProvider;
  now?: () => Date;
  /** How the owner of a writing claim is checked (tests: another instance, a dead process). */
  owners?: OwnerCheck;
}

export const CONTENT_IN_PROGRESS_MESSAGE = "Content for this flow is already being written. It will appear when it is ready.";

/** What writing content checks before any work: premium, and the flow is the user's. An Idempotency-Key replay passes it too. */
export async function assertMayWriteContent({ user, flowId }: { user: ServiceUser; flowId: string }) {
  assertContentPremium(user);
  await getFlow({ userId: user.id, flowId });
}

export function assertContentPremium(user: ServiceUser) {
  if (!user.isPremium) throw new DomainError("premium_required", CONTENT_PREMIUM_MESSAGE, { code: "PREMIUM_REQUIRED" });
}

/** Safe repairs only: surrounding spaces, typographic punctuation in SMS, a missing brand or opt-out when they fit. */
export function repairSms(text: string, companyName: string): string {
  let sms = plainPunctuation(text).replace(/\s+/g, " ").trim();
  const brand = smsBrand(companyName);
  const fits = (candidate: string) => countSms(candidate).characters <= countSms(candidate).limit;
  if (brand && !sms.startsWith(brand) && fits(`${brand}: ${sms}`)) sms = `${brand}: ${sms}`;
  if (!sms.endsWith(SMS_OPT_OUT)) {
    const withOptOut = `${sms.replace(/[\s.]*$/, "")}. ${SMS_OPT_OUT}`;
    if (fits(withOptOut)) sms = withOptOut;
  }
  return sms;
}

/** The brand plus the opt-out alone overflow one message: no writer can succeed. */
function brandLeavesNoRoom(companyName: string) {
  const skeleton = `${smsBrand(companyName)}: ${SMS_OPT_OUT}`;
  const count = countSms(skeleton);
  return count.characters > count.limit;
}

/** How the stored HTML is rendered: the owner's answers (links, postal address) and the platform the footer is written for. */
export interface RenderContext {
  answers: BusinessAnswers;
  esp: Esp;
}

export function emailOf(flow: Pick<FlowView, "flowType">, item: WrittenTouchpoint, answers: BusinessAnswers) {
  const callToAction = (item.callToAction ?? "").replace(/\s+/g, " ").trim();
  return {
    subject: (item.subject ?? "").replace(/\s+/g, " ").trim(),
    preheader: (item.preheader ?? "").replace(/\s+/g, " ").trim(),
    bodyText: (item.bodyText ?? "").replace(/\r\n?/g, "\n").trim(),
    callToAction,
    // Both writers set the link; one that did not gets the owner's URL or the placeholder for what the button says.
    buttonUrl: cleanButtonUrl(item.buttonUrl) ?? buttonLink(callToAction, answers, { flowType: flow.flowType }),
  };
}

/**
 * Holds a writer's answer to the content rules and turns it into entries to store. Any touchpoint
 * missing or breaking a rule refuses the whole answer.
 */
export function entriesFromWritten(flow: FlowView, written: WrittenFlow, model: string, render: RenderContext): ContentEntryInput[] {
  const byId = new Map<string, WrittenTouchpoint>();
  for (const item of written.touchpoints) if (!byId.has(item.touchpointId)) byId.set(item.touchpointId, item);
  const postalAddress = postalAddressIn(render.answers);
  return flow.touchpoints.map((tp: TouchpointView) => {
    const item = byId.get(tp.id);
    if (!item) throw new ContentRulesError(`No content for step ${tp.stepNumber}.`);
    const fingerprint = touchpointFingerprint(tp);
    if (tp.stepType === "SMS") {
      const sms = repairSms(item.sms ?? "", flow.companyName);
      const problems = smsProblems(sms, flow.companyName);
      if (Object.keys(problems).length) throw new ContentRulesError(`Step ${tp.stepNumber}: ${Object.values(problems).join(" ")}`);
      return { touchpointId: tp.id, fingerprint, stepType: "SMS", subject: null, preheader: null, bodyText: null, bodyHtml: null, callToAction: null, buttonUrl: null, sms, model };
    }
    const email = emailOf(flow, item, render.answers);
    const problems = emailProblems(email);
    if (Object.keys(problems).length) throw new ContentRulesError(`Step ${tp.stepNumber}: ${Object.values(problems).join(" ")}`);
    const bodyHtml = renderEmailHtml({ brand: flow.companyName, ...email, esp: render.esp, postalAddress });
    return { touchpointId: tp.id, fingerprint, stepType: "Email", ...email, bodyHtml, sms: null, model };
  });
}

export class ContentRulesError extends Error {
  name = "ContentRulesError";
}

/** POST /api/ai-flows/{id}/content and the Generate Full Email Content form, waiting for the whole content. */
export async function writeFlowContent({ user, flowId }: { user: ServiceUser; flowId: string }, deps: ContentServiceDeps = {}): Promise<FlowContentView> {
  return writeContentClaimed(await prepareContentWriting({ user, flowId }, deps));
}

/** Content writing that may begin: the flow and its owner's answers read, the writer chosen, the claim taken. */
export interface PreparedContent {
  user: ServiceUser;
  flow: FlowView;
  answers: QuestionnaireResponseRecord;
  provider: ContentProvider;
  esp: Esp;
  claim: string;
  now?: () => Date;
}

/**
 * Every check content writing makes before any work (premium, the flow is the user's, it has
 * touchpoints, onboarding is done, an SMS has room), then the claim: one writing of a flow's
 * content at a time, a second one while the writer works is refused.
 */
export async function prepareContentWriting({ user, flowId }: { user: ServiceUser; flowId: string }, deps: ContentServiceDeps = {}): Promise<PreparedContent> {
  assertContentPremium(user);
  const flow = await getFlow({ userId: user.id, flowId });
  if (flow.touchpoints.length === 0) throw validationError(CONTENT_NO_TOUCHPOINTS_MESSAGE);
  const answers = await getResponseByUserId(user.id);
  if (!answers) throw onboardingRequired();
  if (flow.touchpoints.some((tp) => tp.stepType === "SMS") && brandLeavesNoRoom(flow.companyName)) {
    throw validationError(CONTENT_BRAND_TOO_LONG_MESSAGE);
  }
  const provider = deps.provider ?? getContentProvider();
  const esp = await defaultEspFor({ userId: user.id });
  const claim = await claimGeneration({
    userId: user.id,
    flowType: flow.flowType,
    kind: "content",
    now: deps.now?.() ?? new Date(),
    ttlMs: generationClaimMs(),
    owners: claimOwners(deps),
  });
  if (!claim) throw conflict(CONTENT_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS");
  return { user, flow, answers, provider, esp, claim, now: deps.now };
}

/**
 * Writes the content of prepared work and lets its claim go. Nothing is stored unless every
 * touchpoint's copy passes the content rules; work abandoned while the writer wrote (the server
 * stopping) stores nothing.
 */
export async function writeContentClaimed(prepared: PreparedContent, options: ContentStreamOptions = {}): Promise<FlowContentView> {
  const { user, flow, answers, provider, esp, claim, now } = prepared;
  try {
    let entries: ContentEntryInput[];
    try {
      const written = await provider.writeContent(
        {
          flowType: flow.flowType,
          companyName: flow.companyName,
          business: answers,
          touchpoints: flow.touchpoints,
        },
        options,
      );
      options.signal?.throwIfAborted();
      entries = entriesFromWritten(flow, written, provider.model, { answers, esp });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // Nothing has been stored at this point: a failed or rule-breaking answer leaves no trace. The
      // cause is logged, so a 502 can always be traced to the rule or the failure behind it.
      console.error(`[content] ${provider.model} could not write flow ${flow.id} (${flow.flowType}): ${error instanceof Error ? error.message : String(error)}`);
      throw upstreamFailed(CONTENT_FAILED_MESSAGE, error);
    }
    try {
      await saveContentEntries({ flowId: flow.id, userId: user.id, entries, now: now?.() });
    } catch (error) {
      if (error instanceof WriteConflictError) throw conflict(error.message, "WRITE_CONFLICT");
      throw error;
    }
    return withoutWritten(flowContentView(flow, await findContentEntries({ flowId: flow.id, userId: user.id })));
  } finally {
    await releaseGeneration(claim);
  }
}

function withoutWritten({ written: _written, ...view }: FlowContentView & { written: boolean }): FlowContentView {
  return view;
}

/** GET /api/ai-flows/{id}/content: 404 until content was written for the current version. */
export async function getFlowContent({ user, flowId }: { user: ServiceUser; flowId: string }): Promise<FlowContentView> {
  assertContentPremium(user);
  const flow = await getFlow({ userId: user.id, flowId });
  const view = flowContentView(flow, await findContentEntries({ flowId: flow.id, userId: user.id }));
  if (!view.written) throw notFound(CONTENT_NOT_FOUND_MESSAGE);
  return withoutWritten(view);
}

export interface FlowWithContent {
  flow: FlowView;
  content: FlowContentView & { written: boolean };
}

/** The content page: every flow of the user with its touchpoints' content (written or not). */
export async function listFlowsWithContent({ user }: { user: ServiceUser }): Promise<FlowWithContent[]> {
  assertContentPremium(user);
  const flows = await listFlows({ userId: user.id });
  const stored = await findContentEntriesOfFlows({ flowIds: flows.map((flow) => flow.id), userId: user.id });
  return flows.map((flow) => ({ flow, content: flowContentView(flow, stored.get(flow.id) ?? []) }));
}
