import { z } from "zod";

import { ERROR_CODES } from "~/lib/api/error-codes";
import { API_TOKEN_SCOPES } from "~/lib/api/tokens";
import { BUSINESS_MODELS } from "~/lib/business/model";
import { BUSINESS_MODEL_SOURCES } from "~/lib/business/model-choice";
import { contentPlaceholderSchema } from "~/lib/content/placeholders";
import { writtenFieldsSchema } from "~/lib/content/schema";
import { BENCHMARK_TYPES, FLOW_TYPES, MESSAGE_ROLES, PERFORMANCE_INDICATORS, STEP_TYPES } from "~/lib/flow-types";
import { METRIC_KEYS } from "~/lib/metrics";
import { ADMIN_ROLE, DEFAULT_ROLE } from "~/lib/user";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { COMPLETION_METHODS } from "~/lib/questionnaire/options";
import { onboardingUpdateSchema } from "~/lib/schemas/questionnaire";
import { timingSchema as stepTimingSchema } from "~/lib/timing-schema";

/**
 * The JSON bodies the API answers with, written once with zod. The OpenAPI document
 * (/api/openapi.json) is generated from these, and the contract tests validate real responses
 * against that document. Client-safe: no server imports.
 */

const isoDate = z.string().describe("An ISO 8601 date-time.");

/**
 * A field the server sets (an id, a date, what it works out): readOnly in the document. A write
 * takes it back unchanged, as it was read, and refuses a changed one, naming it
 * (web/server-fields.server.ts reads this mark).
 */
const serverSet = <T extends z.ZodType>(schema: T, description?: string) =>
  schema.meta({ readOnly: true, ...(description ? { description } : schema.description ? { description: schema.description } : {}) });
const serverDate = serverSet(isoDate, "An ISO 8601 date-time, set by the server.");
const serverId = serverSet(z.string(), "The id, set by the server.");

/** Every error: a human message, a machine-readable code, and a message per field for 422s. */
export const apiErrorSchema = z
  .object({
    message: z.string().describe("What went wrong and what to do next, in words."),
    code: z
      .enum(ERROR_CODES)
      .describe("A stable machine-readable reason: the status's own code (VALIDATION_FAILED, NOT_FOUND, …) or a more specific one (FLOW_EXISTS, EMAIL_TAKEN, …)."),
    errors: z.record(z.string(), z.string()).optional().describe("One message per field, named by its dotted path (422)."),
    etag: z.string().optional().describe("412 PRECONDITION_FAILED: the resource's current ETag (also in the ETag header)."),
    requestId: z
      .string()
      .optional()
      .describe(
        "The answer's X-Request-Id: the one the request sent when well-formed, else one the server made. Quote it when reporting a problem; the server's log lines carry it.",
      ),
  })
  .strict()
  .meta({ id: "Error", example: { message: "Invalid email address", code: "VALIDATION_FAILED", errors: { email: "Invalid email address" } } });

export const messageOnlySchema = z.object({ message: z.string() }).meta({ id: "Message", example: { message: "Flow deleted." } });

export const apiUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullish(),
    authProvider: z.string().nullish(),
    isPremium: z.boolean().describe("Whether the user has premium."),
    role: z.string(),
    completionMethod: z.string().nullish(),
    researchWebsiteUrl: z.string().nullish(),
    aiResearchCompleted: z.boolean().describe("Whether the AI research of the user's website has run."),
    createdAt: isoDate,
  })
  .meta({ id: "User" });

export const onboardingSummarySchema = z
  .object({ companyName: z.string(), businessType: z.string(), industry: z.string(), communicationChannels: z.string() })
  .meta({ id: "OnboardingSummary" });

export const currentUserSchema = apiUserSchema.extend({ onboardingResponse: onboardingSummarySchema.nullable() }).meta({
  id: "CurrentUser",
  example: {
    id: "6650f0c2a1b2c3d4e5f60718",
    email: "jane@example.com",
    firstName: "Jane",
    lastName: "Doe",
    companyName: "Acme",
    authProvider: "local",
    isPremium: false,
    role: "User",
    completionMethod: null,
    researchWebsiteUrl: null,
    aiResearchCompleted: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    onboardingResponse: null,
  },
});

export const profileUpdatedSchema = z.object({ message: z.string(), user: apiUserSchema }).meta({ id: "ProfileUpdated" });

const timingSchema = stepTimingSchema
  .meta({ id: "Timing" })
  .nullable()
  .describe(
    'When the touchpoint goes: at once, an offset after the trigger, or a time before or after one of the business\'s dates (relative_event: "2 hours before the appointment").',
  );

/**
 * What a touchpoint says: the one definition of its fields. The flow's types (TouchpointFields,
 * TouchpointView), the stored touchpoint and every subset of it (the fingerprint, the diff, the
 * rules, an admin rule's step) are derived from it.
 */
export const touchpointFieldsSchema = z.object({
  stepNumber: serverSet(z.number().int(), "The step's place in the flow, from 1 (set by the server: steps are kept in time order)."),
  stepType: serverSet(z.enum(STEP_TYPES), "The channel."),
  title: z.string(),
  delayDays: z.number().int().describe("Whole days after the start (the older form of the timing); for a step timed from a date, the whole days of its estimate."),
  timing: timingSchema,
  offsetMinutes: serverSet(
    z.number().int().nullable(),
    "Minutes after the start, worked out from the timing. For a step timed from a date, an estimate of where it falls, which orders the steps (or null): its real time depends on each contact's date.",
  ),
  primaryGoal: z.string(),
  keyMessages: z.string(),
  callToAction: z.string(),
  sendWindow: serverSet(
    z.object({ start: z.string(), end: z.string() }).nullable(),
    "SMS only: the recipient's local-time window the text may be sent in (null for email); set by the server.",
  ),
});
export type TouchpointFieldsShape = z.infer<typeof touchpointFieldsSchema>;

export const touchpointSchema = z
  .object({ id: serverId, flowId: serverSet(z.string(), "The flow's id."), ...touchpointFieldsSchema.shape, createdAt: serverDate })
  .meta({ id: "Touchpoint" });
export type TouchpointShape = z.infer<typeof touchpointSchema>;

export const flowSchema = z
  .object({
    id: z.string(),
    flowType: z.enum(FLOW_TYPES),
    companyName: z.string(),
    flowOverview: z.string(),
    quickNotes: z.string(),
    regenerationCount: z.number().int(),
    customContext: z.string(),
    model: z.string(),
    versionCount: z.number().int(),
    touchpoints: z.array(touchpointSchema),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: "Flow" });

export const versionSchema = z
  .object({
    id: z.string(),
    versionNumber: z.number().int(),
    model: z.string(),
    promptType: z.string(),
    flowOverview: z.string(),
    quickNotes: z.string(),
    customContext: z.string(),
    createdAt: isoDate,
    touchpoints: z.array(touchpointSchema),
  })
  .meta({ id: "Version" });

export const messageSchema = z
  .object({
    id: z.string(),
    versionId: z.string().nullable(),
    role: z.enum(MESSAGE_ROLES),
    content: z.string(),
    sequence: z.number().int(),
    createdAt: isoDate,
  })
  .meta({ id: "ConversationMessage" });

const versionRefSchema = z.object({ id: z.string(), versionNumber: z.number().int() }).meta({ id: "VersionRef" });

export const regenerateResultSchema = z
  .object({
    applied: z
      .boolean()
      .describe(
        "True when the note changed the flow. False when nothing in it could be acted on: the flow, its steps and its versions are exactly as they were, no version was saved and the regeneration count is unchanged; the note and the reply are in the conversation and the whole note is kept in the quick notes.",
      ),
    flow: flowSchema,
    previousVersion: versionRefSchema.nullable().describe("The version the replaced content was saved as; null when `applied` is false (nothing was replaced)."),
    explanation: z.string().describe("The reply, as the conversation shows it: what changed, or why nothing did."),
  })
  .meta({ id: "RegenerateResult" });

const streamedStepResponseSchema = z
  .object({
    stepType: z.enum(STEP_TYPES),
    title: z.string(),
    timingText: z.string(),
    primaryGoal: z.string(),
  })
  .meta({ id: "StreamedStep" });

/** A generation or regeneration under way, or how it ended (POST …/generate or …/regenerate with `Prefer: respond-async`). */
export const generationProgressSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["generate", "regenerate"]),
    flowType: z.enum(FLOW_TYPES),
    flowId: z.string().nullable().describe("The flow: a regeneration's from the start, a first generation's once it has succeeded."),
    state: z
      .enum(["running", "succeeded", "failed"])
      .describe("running: the model is writing. succeeded: the flow is saved (read it at `flowId`). failed: nothing was saved; the flow, if there is one, is as it was."),
    attempt: z.number().int().describe("1 for the model's first answer, 2 while it rewrites the answer to follow every rule (the steps start over)."),
    steps: z
      .array(streamedStepResponseSchema)
      .describe(
        "While running: the steps the model has written so far, each once it is whole. A preview, never saved as it is: the whole answer is checked first. Empty once it has ended.",
      ),
    stepsShown: z.number().int().describe("The most steps shown while it ran."),
    startedAt: isoDate,
    updatedAt: isoDate,
    result: z
      .object({
        versionNumber: z.number().int().nullable().describe("The version the replaced content was saved as (a regeneration that changed the flow)."),
        applied: z.boolean().describe("False when nothing in the note could be acted on: the flow is as it was."),
        explanation: z.string().nullable().describe("A regeneration's reply to the note (it says why when nothing was changed); null for a first generation."),
      })
      .nullable()
      .describe("When it succeeded."),
    error: z.object({ code: z.string(), message: z.string() }).nullable().describe("When it failed: why, in words."),
  })
  .meta({ id: "GenerationProgress" });

const streamedMessageResponseSchema = z
  .object({
    touchpointId: z.string().describe("The touchpoint the message is for (a touchpoint of the flow's current version)."),
    stepNumber: z.number().int().nullable().describe("That touchpoint's step number; null if the flow no longer has it."),
    subject: z.string().nullable(),
    preheader: z.string().nullable(),
    bodyText: z.string().nullable(),
    callToAction: z.string().nullable(),
    sms: z.string().nullable().describe("An SMS touchpoint's text; the email fields are null then, and this is null for an email."),
    complete: z.boolean().describe("False while the model is still writing this message: the fields written whole so far, the others null."),
  })
  .meta({ id: "StreamedMessage" });

/** Content writing under way, or how it ended (POST …/content with `Prefer: respond-async`, or from the content page). */
export const contentProgressSchema = z
  .object({
    id: z.string(),
    kind: z.literal("content"),
    flowType: z.enum(FLOW_TYPES),
    flowId: z.string().describe("The flow whose content is written."),
    state: z
      .enum(["running", "succeeded", "failed"])
      .describe(
        "running: the model is writing. succeeded: the content is saved (read it at GET /api/ai-flows/{flowId}/content). failed: nothing was saved; the flow's previous content is as it was.",
      ),
    attempt: z.number().int().describe("1 for the model's first answer, 2 while it rewrites the answer to follow every rule (the messages start over)."),
    messages: z
      .array(streamedMessageResponseSchema)
      .describe(
        "While running: each touchpoint's message the model has written so far, in the order written: its fields as each is written whole, `complete` once the whole message is. A preview, never saved as it is: the whole answer is checked first. Empty once it has ended.",
      ),
    messagesShown: z.number().int().describe("The most messages shown while it ran."),
    startedAt: isoDate,
    updatedAt: isoDate,
    error: z.object({ code: z.string(), message: z.string() }).nullable().describe("When it failed: why, in words."),
  })
  .meta({ id: "ContentProgress" });

export const rollbackResultSchema = z.object({ flow: flowSchema, rolledBackToVersion: versionRefSchema, backupVersion: versionRefSchema }).meta({ id: "RollbackResult" });

export const touchpointDeletedSchema = z.object({ message: z.string(), flow: flowSchema }).meta({ id: "TouchpointDeleted" });

/** One touchpoint's written content: the writer's fields, the HTML rendered from the body, and whether it is outdated. */
export const touchpointContentSchema = z.object({
  touchpointId: z.string(),
  stepType: z.enum(STEP_TYPES),
  ...writtenFieldsSchema.shape,
  bodyHtml: z.string().nullable(),
  outdated: z.boolean().describe("The touchpoint changed since this was written (or nothing was written for it yet)."),
});
export type TouchpointContentShape = z.infer<typeof touchpointContentSchema>;

export const flowContentSchema = z
  .object({
    flowId: z.string(),
    versionNumber: z.number().int().describe("The number the current state will carry when it is saved as a version."),
    touchpoints: z.array(touchpointContentSchema),
    placeholders: z
      .array(contentPlaceholderSchema.meta({ id: "ContentPlaceholder" }))
      .describe("What is left to fill before sending: every marked placeholder in the content (including each email footer's), once each, with the steps it is in."),
  })
  .meta({
    id: "FlowContent",
    description: "The written email/SMS content of the flow's current version, per touchpoint, and what is left to fill.",
    example: {
      flowId: "6650f0c2a1b2c3d4e5f60720",
      versionNumber: 2,
      touchpoints: [
        {
          touchpointId: "6650f0c2a1b2c3d4e5f60721",
          stepType: "Email",
          subject: "Your booking isn't finished",
          preheader: "Pick a time in a minute; we kept your details.",
          bodyText:
            'Hi {{ first_name|default:"there" }},\n\nYour consultation costs [add: your consultation price], and you can pay on the day.\n\nWarmly,\nThe Leaf & Kettle team',
          bodyHtml: "<!DOCTYPE html>…",
          callToAction: "Finish my booking",
          buttonUrl: "[Link: your booking page]",
          sms: null,
          outdated: false,
        },
        {
          touchpointId: "6650f0c2a1b2c3d4e5f60722",
          stepType: "SMS",
          subject: null,
          preheader: null,
          bodyText: null,
          bodyHtml: null,
          callToAction: null,
          buttonUrl: null,
          sms: "Leaf & Kettle: Your booking is saved. Finish my booking: leafandkettle.example/book Reply STOP to opt out",
          outdated: false,
        },
      ],
      placeholders: [
        { text: "[add: your consultation price]", steps: [{ touchpointId: "6650f0c2a1b2c3d4e5f60721", stepNumber: 1, fields: ["bodyText"] }] },
        { text: "[Link: your booking page]", steps: [{ touchpointId: "6650f0c2a1b2c3d4e5f60721", stepNumber: 1, fields: ["buttonUrl"] }] },
        { text: "[add: your postal address]", steps: [{ touchpointId: "6650f0c2a1b2c3d4e5f60721", stepNumber: 1, fields: ["footer"] }] },
      ],
    },
  });

export const benchmarkSchema = z
  .object({
    id: z.string(),
    benchmarkType: z.string(),
    performanceIndicator: z.string(),
    industryMedian: z.string().describe('The median as entered, e.g. "42%".'),
    industry: z.string().nullish(),
    businessType: z.string().nullish(),
    source: z.string().nullish(),
    benchmarkTimestamp: isoDate.nullish(),
  })
  .meta({ id: "Benchmark" });

const figure = z.number().nullable();

export const adminBenchmarkSchema = z
  .object({
    id: serverId,
    benchmarkType: z.enum(BENCHMARK_TYPES),
    performanceIndicator: z.enum(PERFORMANCE_INDICATORS),
    benchmarkTimestamp: serverSet(isoDate, "When the benchmark was recorded, set by the server."),
    industryMedian: z.string(),
    source: z.string(),
    flowType: z.union([z.enum(FLOW_TYPES), z.literal("")]).describe('Follows the benchmark type ("" for a type without a flow).'),
    industry: z.string(),
    businessType: z.string(),
    openRate: figure.describe("Percent, 0–100, or null."),
    clickRate: figure.describe("Percent, 0–100, or null."),
    ctr: figure.describe("Percent, 0–100, or null."),
    revenuePerRecipient: figure.describe("Dollars, or null."),
    createdAt: serverDate,
    updatedAt: serverDate,
  })
  .meta({ id: "AdminBenchmark" });

export const userMetricRecordSchema = z
  .object({
    id: z.string(),
    flowType: z.enum(FLOW_TYPES),
    ...Object.fromEntries(METRIC_KEYS.map((key) => [key, z.number().int().nullable()])),
    updatedAt: isoDate,
  })
  .meta({ id: "UserMetrics", description: "One flow's figures, each an integer × 100 (basis points) or null." });

/** The options a write field takes (its enum's values, through the pipes and wrappers around it), or null for free text. */
function optionsOf(schema: z.core.$ZodType | undefined): string[] | null {
  const def = schema?._zod.def as { type: string; out?: z.core.$ZodType; innerType?: z.core.$ZodType; element?: z.core.$ZodType; entries?: Record<string, string> } | undefined;
  if (!def) return null;
  if (def.type === "enum") return Object.values(def.entries ?? {});
  return optionsOf(def.out ?? def.innerType ?? def.element);
}

/**
 * Each answer as GET answers it, typed as PUT takes it (so a read can be written back): a choice
 * is one of its options, or "" (no answer) where the questionnaire allows none; a list holds
 * options, a text is text.
 */
const writeShape = onboardingUpdateSchema._zod.def.shape as Record<string, z.core.$ZodType>;
const answerSchemas = Object.fromEntries(
  Object.entries(emptyAnswers()).map(([key, empty]) => {
    const options = optionsOf(writeShape[key]);
    if (Array.isArray(empty)) return [key, z.array(options ? z.enum(options as [string, ...string[]]) : z.string())];
    if (!options) return [key, z.string()];
    // A choice the questionnaire requires is never empty once saved; the others may be "".
    const choice = z.enum(options as [string, ...string[]]);
    return [key, z.safeParse(writeShape[key]!, "").success ? z.union([choice, z.literal("")]) : choice];
  }),
);

const businessModelFields = {
  businessModel: z.enum(BUSINESS_MODELS).meta({
    description:
      'The business model the flows are planned for: the owner\'s choice, else the one worked out from the answers. Send it in PUT or PATCH to choose one; "" or null goes back to the answers.',
    examples: ["appointment"],
  }),
  businessModelSource: z
    .enum(BUSINESS_MODEL_SOURCES)
    .meta({ readOnly: true, description: "owner: chosen by the owner; inferred: worked out from the answers as they are now.", examples: ["inferred"] }),
  businessModelInferred: z
    .enum(BUSINESS_MODELS)
    .meta({ readOnly: true, description: "The model the answers alone give, whatever the owner chose (computed on every read).", examples: ["appointment"] }),
};

export const onboardingSchema = z
  .object({
    id: serverId,
    userId: serverSet(z.string(), "The owner's id."),
    ...answerSchemas,
    ...businessModelFields,
    completionMethod: z.enum(COMPLETION_METHODS).nullable().describe("How the questionnaire is completed (stored with the account): manual, ai, or null before it was chosen."),
    researchWebsiteUrl: z.string().describe('The website research reads (stored with the account), or "".'),
    createdAt: serverDate,
    updatedAt: serverDate,
  })
  .meta({ id: "Onboarding", description: "The saved questionnaire answers, and the business model the flows are planned for." });

export const onboardingSavedSchema = z.object({ created: z.boolean(), onboarding: onboardingSchema }).meta({ id: "OnboardingSaved" });

export const questionnaireDraftReplySchema = z.object({ answers: z.record(z.string(), z.unknown()), step: z.number().int() }).meta({ id: "QuestionnaireDraft" });

export const adminStatsSchema = z
  .object({ totalUsers: z.number().int(), benchmarks: z.number().int(), flowMappings: z.number().int() })
  .meta({ id: "AdminStats", example: { totalUsers: 12, benchmarks: 40, flowMappings: 9 } });

const pageFields = {
  total: z.number().int().min(0).describe("Items in all pages."),
  page: z.number().int().min(1).describe("This page, from 1."),
  pageSize: z.number().int().min(1).describe("Items per page (the pageSize asked for, 50 by default)."),
};

/** One page of a list: every paged list of the API has this shape. */
const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({ items: z.array(item), ...pageFields })
    .strict()
    .meta({ id });

/** Any JSON value (a rule's exit conditions are free-form, as the admin wrote them). */
const jsonValue = z
  .union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .describe("Free-form JSON: the exit conditions as the admin wrote them.");

/** One step of an admin's flow rule: a touchpoint's fields less what the flow works out (offset, send window), with notes. */
export const flowStepSchema = z.object({
  stepNumber: touchpointFieldsSchema.shape.stepNumber,
  channel: touchpointFieldsSchema.shape.stepType,
  ...touchpointFieldsSchema.pick({ title: true, delayDays: true, timing: true, primaryGoal: true, keyMessages: true, callToAction: true }).shape,
  notes: z.string(),
});
export type FlowStepShape = z.infer<typeof flowStepSchema>;

/** A rule's step as the API answers it: always with a timing (a stored step without one reads as its whole days), typed as a write takes it. */
export const apiFlowStepSchema = flowStepSchema.extend({
  channel: z.enum(STEP_TYPES).describe("The channel."),
  delayDays: serverSet(z.number().int(), "Whole days after the trigger, worked out from the timing (0 for a step timed from a date)."),
  timing: stepTimingSchema,
});

export const flowRuleSchema = z
  .object({
    id: serverId,
    flowName: z.string(),
    flowType: z.enum(FLOW_TYPES).nullable(),
    businessType: z.string(),
    communicationChannels: z.string(),
    purchaseDecisionTimeline: z.string(),
    serviceFrequency: z.string(),
    upsellOpportunity: z.string(),
    trigger: z.string(),
    exitRules: jsonValue,
    steps: z.array(apiFlowStepSchema),
    notes: z.string(),
    createdAt: serverDate,
    updatedAt: serverDate,
  })
  .meta({ id: "FlowMapping" });

export const flowRulePageSchema = pageOf(flowRuleSchema, "FlowMappingPage");

export const flowPageSchema = pageOf(flowSchema, "FlowPage");
export const versionPageSchema = pageOf(versionSchema, "VersionPage");
export const messagePageSchema = pageOf(messageSchema, "MessagePage");

export const adminUserSchema = z
  .object({
    id: serverId,
    email: serverSet(z.string(), "The user's email (the user changes it, not an Admin)."),
    firstName: serverSet(z.string(), "The user's first name (the user changes it)."),
    lastName: serverSet(z.string(), "The user's last name (the user changes it)."),
    role: z.enum([ADMIN_ROLE, DEFAULT_ROLE]),
    isPremium: z.boolean().describe("Whether the user has premium."),
    createdAt: serverDate,
  })
  .meta({ id: "AdminUser" });

export const adminUserPageSchema = pageOf(adminUserSchema, "AdminUserPage");

export const onboardingRowSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    companyName: z.string(),
    businessType: z.string(),
    industry: z.string(),
    communicationChannels: z.string(),
    createdAt: isoDate,
  })
  .meta({ id: "OnboardingRow" });

export const onboardingRowPageSchema = pageOf(onboardingRowSchema, "OnboardingRowPage");

export const researchResultSchema = z
  .object({ user: apiUserSchema, filledFields: z.array(z.string()).describe("The answers the research filled in.") })
  .meta({ id: "ResearchResult" });

const tokenScope = z.enum(API_TOKEN_SCOPES).describe("`full` acts as the owner everywhere; `read` may only read (GET), anything else is 403 READ_ONLY_TOKEN.");
const tokenExpiresAt = isoDate.nullable().describe("When the token stops working (401 INVALID_TOKEN after), or null: until revoked.");

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: isoDate,
    lastUsedAt: isoDate.nullable().describe("When the token last signed a call (to the minute), or null if never."),
    scope: tokenScope,
    expiresAt: tokenExpiresAt,
  })
  .meta({ id: "AccessToken" });

export const apiTokenCreatedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    token: z.string().describe("The secret: send it as `Authorization: Bearer <token>`. Shown only in this answer."),
    createdAt: isoDate,
    scope: tokenScope,
    expiresAt: tokenExpiresAt,
  })
  .meta({
    id: "AccessTokenCreated",
    example: {
      id: "0b6f0a52-3c1e-4d8e-9d54-6a1f0c2b7e11",
      name: "Reporting script",
      token: "fmp_2mV0c8yQ3nJ5sWq1bXkT7eR9uL4hG6dF0aZpYoNiMcE",
      createdAt: "2026-01-01T00:00:00.000Z",
      scope: "read",
      expiresAt: "2026-01-31T00:00:00.000Z",
    },
  });

export const resetLinkSchema = z
  .object({
    email: z.string().describe("The user's email."),
    url: z.string().describe("The link to hand to the user: it works once, until expiresAt."),
    expiresAt: isoDate,
  })
  .meta({ id: "PasswordResetLink" });

export const signedOutEverywhereSchema = z
  .object({
    message: z.string(),
    sessionsEnded: z.number().int().describe("How many other sessions were signed out."),
    tokensRevoked: z.number().int().describe("How many access tokens were revoked."),
  })
  .meta({ id: "SignedOutEverywhere" });
