import * as z from "zod/mini";

import type { TouchpointFieldsShape, TouchpointShape } from "~/lib/api/responses";
import { FLOW_TYPES, type FlowType, type MessageRole, type StepType } from "~/lib/flow-types";
import { MAX_OFFSET_MINUTES, MINUTES_PER_DAY } from "~/lib/timing";
import {
  TIMING_AMOUNT_MESSAGE,
  TIMING_DIRECTION_MESSAGE,
  TIMING_DIRECTIONS,
  TIMING_FROM_CHOICES,
  TIMING_FROM_MESSAGE,
  TIMING_UNIT_MESSAGE,
  TIMING_UNIT_NAMES,
  timingFromParts,
} from "~/lib/timing-input";

/**
 * What the flows API and the flow screen exchange: the JSON shapes, the limits of
 * each field and the input schemas. Client-safe (no server imports): the screen's forms and the
 * API routes validate with the very same schemas, and the model derives its maxlengths from
 * FLOW_LIMITS, so each limit is written once.
 */

export type { FlowType, StepType };

/**
 * What a touchpoint says, as stored and as shown (only the id and the date's form differ). Its one
 * definition is `touchpointFieldsSchema` (lib/api/responses.ts, the API's own schema); every other
 * touchpoint shape is this type, or a Pick of it.
 */
export type TouchpointFields = TouchpointFieldsShape;

/** Where an SMS may be sent, in the recipient's local time (email touchpoints carry null). */
export type SendWindow = NonNullable<TouchpointFields["sendWindow"]>;

/** The texts a touchpoint's brief is made of (what the writers and the checks read). */
export const TOUCHPOINT_TEXT_FIELDS = ["title", "primaryGoal", "keyMessages", "callToAction"] as const satisfies ReadonlyArray<keyof TouchpointFields>;
export type TouchpointTexts = Pick<TouchpointFields, (typeof TOUCHPOINT_TEXT_FIELDS)[number]>;

/** A touchpoint as the API and the screens show it: its fields, its id, its flow's id and an ISO date. */
export type TouchpointView = TouchpointShape;

export interface FlowView {
  id: string;
  flowType: FlowType;
  companyName: string;
  flowOverview: string;
  quickNotes: string;
  regenerationCount: number;
  customContext: string;
  /** What wrote the current content ("offline-rules-v2" or the OpenAI model name). */
  model: string;
  /** How many earlier versions exist (the Versions button's count). */
  versionCount: number;
  /** The current touchpoints, in step order. */
  touchpoints: TouchpointView[];
  createdAt: string;
  updatedAt: string;
}

export interface VersionView {
  id: string;
  versionNumber: number;
  model: string;
  /** Why the version exists: "generate" / "regenerate" content, or "rollback_backup". */
  promptType: string;
  flowOverview: string;
  quickNotes: string;
  customContext: string;
  createdAt: string;
  touchpoints: TouchpointView[];
}

export { MESSAGE_ROLES, type MessageRole } from "~/lib/flow-types";

export interface MessageView {
  id: string;
  versionId: string | null;
  role: MessageRole;
  content: string;
  sequence: number;
  createdAt: string;
}

export interface VersionRef {
  id: string;
  versionNumber: number;
}

/**
 * What a regeneration did. `applied: true`: the note changed the flow; what it replaced is saved as
 * `previousVersion`. `applied: false`: nothing in the note could be acted on, so the steps, the
 * overview and the versions are as they were (`previousVersion` is null and the regeneration count
 * is unchanged); the note and the reply are in the conversation, and the whole note is kept in the
 * quick notes (decision 130). `explanation` is the reply, as the conversation shows it.
 */
export type RegenerateResult =
  { applied: true; flow: FlowView; previousVersion: VersionRef; explanation: string } | { applied: false; flow: FlowView; previousVersion: null; explanation: string };

export interface RollbackResult {
  flow: FlowView;
  rolledBackToVersion: VersionRef;
  backupVersion: VersionRef;
}

/** The longest delay a touchpoint may have, in whole days (one year). */
export const MAX_DELAY_DAYS = Math.floor(MAX_OFFSET_MINUTES / MINUTES_PER_DAY);

/** Every text limit of a flow, its touchpoints and the inputs: one place. */
export const FLOW_LIMITS = {
  title: 300,
  primaryGoal: 2000,
  keyMessages: 5000,
  callToAction: 1000,
  flowOverview: 10_000,
  quickNotes: 10_000,
  customContext: 10_000,
  feedback: 5000,
  companyName: 200,
  model: 200,
  promptType: 100,
  messageContent: 100_000,
} as const;

/** An admin's flow rule: the longest text each field takes (the model, the schema and the editor read these). */
export const RULE_LIMITS = {
  flowName: 200,
  businessType: 100,
  communicationChannels: 100,
  purchaseDecisionTimeline: 100,
  serviceFrequency: 100,
  upsellOpportunity: 200,
  trigger: 2000,
  notes: 5000,
  stepNotes: 2000,
} as const;

/** The touchpoint edit form's fields and their limits. */
export const TOUCHPOINT_EDIT_LIMITS = {
  title: FLOW_LIMITS.title,
  primaryGoal: FLOW_LIMITS.primaryGoal,
  keyMessages: FLOW_LIMITS.keyMessages,
  callToAction: FLOW_LIMITS.callToAction,
  delayDays: { min: 0, max: MAX_DELAY_DAYS },
} as const;

export const TOUCHPOINT_REQUIRED_MESSAGE = "All touchpoint fields are required.";
export const TOUCHPOINT_REQUIRED_TITLE = "Please fill all required fields";
export const TOUCHPOINT_INVALID_TITLE = "Please correct the touchpoint";
export const FEEDBACK_REQUIRED_MESSAGE = "Please provide feedback to improve your flow.";
export const FEEDBACK_REQUIRED_TITLE = "Feedback Required";
export const UNKNOWN_FLOW_TYPE_MESSAGE = "Unknown flow type.";
/** GET /api/ai-flows?flowType=: a value that is none of the five. */
export const FLOW_TYPE_FILTER_MESSAGE = `flowType must be one of: ${FLOW_TYPES.join(", ")}.`;
export const GENERATE_FAILED_MESSAGE = "Failed to generate AI flow. Please try again.";
export const REGENERATE_FAILED_MESSAGE = "There was an error regenerating your flow. Please try again.";
/** A note nothing in which could be acted on: the toast's title and what it says happened. */
export const REGENERATE_UNCHANGED_TITLE = "Flow Not Changed";
export const REGENERATE_UNCHANGED_MESSAGE =
  "Nothing in your note could be turned into a change to the flow, so it is exactly as it was and no version was saved. Your whole note is kept in the quick notes for whoever writes the messages.";
/** What to try next, after a note that changed nothing. */
export const REGENERATE_UNCHANGED_HINT = "Try naming one change to the steps, for example “remove the second email”, “add an SMS reminder after 1 day” or “make the tone warmer”.";
export const ROLLBACK_FAILED_MESSAGE = "There was an error rolling back your flow. Please try again.";
export const FLOW_EXISTS_MESSAGE = "A flow of this type already exists. Regenerate it instead.";
export const PREMIUM_FLOW_MESSAGE = "This flow type needs a premium subscription. Upgrade to generate it.";

function requiredText(max: number, label: string) {
  return z
    .string({ error: TOUCHPOINT_REQUIRED_MESSAGE })
    .check(z.trim(), z.minLength(1, TOUCHPOINT_REQUIRED_MESSAGE), z.maxLength(max, `${label} must be at most ${max} characters.`));
}

/** What every touchpoint edit carries, from the dialog or the API: the four required texts. */
export const touchpointTextFields = {
  title: requiredText(TOUCHPOINT_EDIT_LIMITS.title, "Title"),
  primaryGoal: requiredText(TOUCHPOINT_EDIT_LIMITS.primaryGoal, "Primary goal"),
  keyMessages: requiredText(TOUCHPOINT_EDIT_LIMITS.keyMessages, "Key messages"),
  callToAction: requiredText(TOUCHPOINT_EDIT_LIMITS.callToAction, "Call to action"),
};

/**
 * The dialog's timing fields (lib/timing-input.ts): how long, in which unit, before or after, and
 * what it is measured from, with an optional time of day. Each is checked for its own kind here;
 * `timingFromParts` says whether they add up (here when an amount is given, and on the server
 * against the step's stored timing, which a blank amount may keep).
 */
export const timingPartFields = {
  timingAmount: z.optional(z.number({ error: TIMING_AMOUNT_MESSAGE })),
  timingUnit: z.optional(z.enum(TIMING_UNIT_NAMES, { error: TIMING_UNIT_MESSAGE })),
  timingDirection: z.optional(z.enum(TIMING_DIRECTIONS, { error: TIMING_DIRECTION_MESSAGE })),
  timingFrom: z.optional(z.enum(TIMING_FROM_CHOICES, { error: TIMING_FROM_MESSAGE })),
  timingTime: z.optional(z.string().check(z.trim())),
};

export const DELAY_DAYS_MESSAGE = `Delay must be a whole number of days from ${TOUCHPOINT_EDIT_LIMITS.delayDays.min} to ${TOUCHPOINT_EDIT_LIMITS.delayDays.max}.`;

/** The API's `delayDays`: the JSON number it must be (no number read from text, no fraction rounded, nothing out of range clamped). */
export const apiDelayDaysSchema = z
  .int({ error: DELAY_DAYS_MESSAGE })
  .check(z.minimum(TOUCHPOINT_EDIT_LIMITS.delayDays.min, DELAY_DAYS_MESSAGE), z.maximum(TOUCHPOINT_EDIT_LIMITS.delayDays.max, DELAY_DAYS_MESSAGE));

/**
 * The older form's "Delay (days)": a whole number of days in range, as the API takes it. Text
 * that is not one (−3, 1.5, soon) is refused with the message, never read as 0 ("Immediately").
 */
export const formDelayDaysSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
  apiDelayDaysSchema,
);

/**
 * The Edit Touchpoint dialog (and its page action, with or without JavaScript): the texts, and
 * the timing as its parts. A form from before the timing fields posts `delayDays` instead, which
 * still works.
 */
export const touchpointEditSchema = z.object({ ...touchpointTextFields, ...timingPartFields, delayDays: z.optional(formDelayDaysSchema) }).check(
  z.superRefine((value, ctx) => {
    if (value.timingFrom === undefined || value.timingAmount === undefined) return;
    const result = timingFromParts(value);
    if (result.ok) return;
    for (const [field, message] of Object.entries(result.errors)) ctx.issues.push({ code: "custom", message, path: [field], input: value });
  }),
);
export type TouchpointEditInput = z.infer<typeof touchpointEditSchema>;

export const FLOW_TYPE_REQUIRED_MESSAGE = "Flow type is required.";
export const flowTypeSchema = z.enum(FLOW_TYPES, { error: (issue) => (issue.input === undefined ? FLOW_TYPE_REQUIRED_MESSAGE : UNKNOWN_FLOW_TYPE_MESSAGE) });

/** POST /api/ai-flows/generate and the Generate Flow button. */
export const generateFlowSchema = z.object({
  flowType: flowTypeSchema,
  customContext: z._default(z.optional(z.string().check(z.trim(), z.maxLength(FLOW_LIMITS.customContext, `Context must be at most ${FLOW_LIMITS.customContext} characters.`))), ""),
});
export type GenerateFlowInput = z.input<typeof generateFlowSchema>;

/** POST /api/ai-flows/{id}/regenerate and the Regenerate dialog. */
export const regenerateFlowSchema = z.object({
  feedback: z
    .string({ error: FEEDBACK_REQUIRED_MESSAGE })
    .check(z.trim(), z.minLength(1, FEEDBACK_REQUIRED_MESSAGE), z.maxLength(FLOW_LIMITS.feedback, `Feedback must be at most ${FLOW_LIMITS.feedback} characters.`)),
});
export type RegenerateFlowInput = z.infer<typeof regenerateFlowSchema>;

export { touchpointFingerprint, type FingerprintFields } from "~/lib/flows/fingerprint";
