import type { BusinessAnswers } from "~/lib/content/business";
import type { WrittenFlow } from "~/lib/content/schema";
import type { StreamedMessage } from "~/lib/content/streamed-messages";
import type { WriterTouchpoint } from "~/lib/content/writer";
import type { FeedbackOutcome } from "~/lib/flows/feedback/outcome";
import type { FlowType } from "~/lib/flow-types";
import type { DraftTouchpoint, FlowDraft } from "~/lib/flows/rules";
import type { StoredAnswers } from "~/lib/business/model-choice";
import type { FlowRuleRecord } from "~/models/flow-rule.server";
import type { StreamedStep } from "~/lib/flows/streamed-steps";

/**
 * The one interface both generators implement (docs/ai-and-generation.md): the offline generator (default,
 * no key) and OpenAI (when OPENAI_API_KEY is set). Both return a FlowDraft (rules.ts), which the
 * flows service holds to the product rules before anything is stored.
 */

export interface FlowRequest {
  flowType: FlowType;
  /**
   * The business's own questionnaire answers, as stored: with `businessModel`, the owner's
   * correction of the business model ("" or absent: the generator infers it; read it with
   * `businessModelOf(business)`, lib/business/model.ts).
   */
  business: StoredAnswers;
  /** The admin's flow rule for this flow type and business (most specific first), or null. */
  rule: FlowRuleRecord | null;
  customContext: string;
}

/** The flow as it is now, in draft form (what the feedback is about). */
export interface CurrentFlowDraft {
  flowOverview: string;
  quickNotes: string;
  touchpoints: DraftTouchpoint[];
}

export interface RegenerateRequest extends FlowRequest {
  current: CurrentFlowDraft;
  feedback: string;
}

export interface RegeneratedDraft {
  draft: FlowDraft;
  /** What changed and why, in a sentence or a few: stored as the assistant's message. */
  explanation: string;
  /**
   * What the note led to, when the generator reports it: each change made and each one not made
   * (with its reason). `acted` is false when nothing in the note could be acted on; the service then
   * keeps the flow and creates no version (lib/flows/feedback/outcome.ts).
   */
  outcome?: FeedbackOutcome;
}

/**
 * How a caller follows a generation while it runs: with `onSteps`, a generator that can stream
 * (the model) reports every step written so far each time one more is complete; `attempt` is 1
 * for the first answer and 2 for its repair, which starts the steps over. A preview only: the
 * answer is judged whole before anything is stored.
 */
export interface StreamOptions {
  onSteps?: (steps: StreamedStep[], attempt: number) => void;
  /** Aborted when the work is abandoned (the server stopping): the model call ends and nothing is stored. */
  signal?: AbortSignal;
}

export interface FlowProvider {
  /** Stored as the flow's and the version's `model`. */
  readonly model: string;
  /**
   * True when a generation finishes within a request's blink (the offline generator): nothing
   * needs to say that one is under way, and the unique flow per user and type is guard enough.
   */
  readonly instant?: boolean;
  generateFlow(request: FlowRequest, options?: StreamOptions): Promise<FlowDraft>;
  regenerateFlow(request: RegenerateRequest, options?: StreamOptions): Promise<RegeneratedDraft>;
}

/** A provider could not give a usable answer (timeout, 5xx, refusal, malformed JSON, broken rules). */
export class ProviderError extends Error {
  name = "ProviderError";
}

/**
 * Premium content writing: what a content writer is asked and must give back. Its two
 * implementations (the offline writer, OpenAI) are chosen the same way: see content.server.ts.
 */
export interface ContentRequest {
  flowType: FlowType;
  companyName: string;
  business: BusinessAnswers;
  /** The current touchpoints, in step order. */
  touchpoints: WriterTouchpoint[];
}

/**
 * How a caller follows content writing while it runs: with `onMessages`, a writer that can stream
 * (the model) reports every touchpoint's message written so far each time one more is whole;
 * `attempt` 2 is its repair, which starts over. A preview only: the answer is judged whole first.
 */
export interface ContentStreamOptions {
  onMessages?: (messages: StreamedMessage[], attempt: number) => void;
  /** Aborted when the work is abandoned (the server stopping): the model call ends and nothing is stored. */
  signal?: AbortSignal;
}

export interface ContentProvider {
  /** Stored with each entry: what wrote it. */
  readonly model: string;
  /** True when the content is written within a request's blink (the offline writer): there is no progress to follow. */
  readonly instant?: boolean;
  writeContent(request: ContentRequest, options?: ContentStreamOptions): Promise<WrittenFlow>;
}
