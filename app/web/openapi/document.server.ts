import { KLAVIYO_NOT_CONNECTED_MESSAGE } from "~/services/klaviyo/errors.server";
import { KLAVIYO_SEND_IN_PROGRESS_MESSAGE } from "~/services/klaviyo/send.server";
import { KLAVIYO_REFRESH_IN_PROGRESS_MESSAGE, MAPPING_UNKNOWN_FLOW_MESSAGE, NOTHING_IMPORTED_MESSAGE } from "~/services/klaviyo/import.server";
import { SCORECARD_PREMIUM_MESSAGE } from "~/services/scorecard/scorecard.server";
import { CONTENT_PROGRESS_NOT_FOUND, PROGRESS_NOT_FOUND } from "~/services/flows/progress.server";
import { MAX_PROGRESS_STREAMS_PER_USER, SERVER_STOPPING_MESSAGE, TOO_MANY_STREAMS_MESSAGE } from "~/services/progress-streams.server";
import { RECONNECT_MS } from "~/web/event-stream.server";
import { DRAFT_LIMIT_MESSAGE } from "~/services/auth/rate-limit.server";
import { z } from "zod";

import { ESP_MESSAGE, ESPS } from "~/lib/content/esp";
import { ALL_FLOWS_EXPORT_FORMATS, FLOW_EXPORT_FORMATS } from "~/lib/content/export/formats";
import { FLOW_TYPES } from "~/lib/flow-types";
import { createApiTokenSchema, REAUTH_REQUIRED_MESSAGE } from "~/lib/api/tokens";
import * as responses from "~/lib/api/responses";
import { scorecardSchema } from "~/lib/scorecard/api-schema";
import { TIMING_AND_DELAY_MESSAGE, TIMING_REQUIRED_MESSAGE, touchpointEditApiSchema } from "~/lib/flows/touchpoint-edit";
import { TIME_NEEDS_DAYS_MESSAGE } from "~/lib/timing";
import { generateFlowSchema, regenerateFlowSchema } from "~/lib/flows/types";
import { changePasswordApiSchema, loginApiSchema, profileNameSchema, registerApiSchema } from "~/lib/schemas/auth";
import { fullQuestionnaireSchema, onboardingUpdateSchema, questionnaireSubmitSchema, waitlistSchema } from "~/lib/schemas/questionnaire";
import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { flowRuleInputSchema } from "~/services/admin/flow-rule-schema";
import { NOT_MAPPED } from "~/lib/klaviyo/import";
import {
  klaviyoConnectSchema,
  klaviyoMappingSchema,
  klaviyoMissingSchema,
  klaviyoRefreshSchema,
  MISSING_FLOW_TYPE_MESSAGE,
  klaviyoSendSchema as klaviyoSendInputSchema,
} from "~/lib/klaviyo/schema";
import { klaviyoConnectionSchema, klaviyoImportSchema, klaviyoMissingSentSchema, klaviyoSendSchema } from "~/lib/klaviyo/responses";
import { USER_TABLE } from "~/services/admin/users.server";
import { userAccessApiSchema } from "~/lib/api/admin-users";
import { MAX_SEARCH_LENGTH } from "~/lib/list-query";
import { FLOW_RULE_TABLE } from "~/services/admin/flow-rules.server";
import { ONBOARDING_TABLE } from "~/services/admin/onboarding.server";
import { API_MAX_PAGE_SIZE, PAGE_MESSAGE, PAGE_SIZE_MESSAGE } from "~/web/api-list-query.server";
import { userMetricsInputSchema } from "~/services/benchmarks/metrics-input";
import { draftApiSchema } from "~/lib/api/questionnaire-draft";
import { API_VERSION } from "~/lib/api/version";
import { errorCodeFor, type ErrorCode } from "~/lib/api/error-codes";
import { CROSS_SITE_MESSAGE } from "~/web/api.server";
import { INVALID_TOKEN_MESSAGE, READ_ONLY_TOKEN_MESSAGE, TOKEN_CREATION_BUSY_MESSAGE } from "~/services/auth/api-tokens.server";
import { deleteAccountApiSchema } from "~/lib/schemas/auth";
import { forgotPasswordSchema, RESET_LINK_INVALID_MESSAGE, resetPasswordSchema } from "~/services/auth/password-reset.server";
import { LAST_ADMIN_DELETE_OTHER_MESSAGE, LAST_ADMIN_DELETE_SELF_MESSAGE, PASSWORD_TO_DELETE_MESSAGE } from "~/services/auth/account-deletion.server";
import { API_SIGNED_OUT_MESSAGE } from "~/web/auth/auth.server";
import { BAD_ADDRESS_MESSAGE, methodNotAllowedMessage, TOO_LARGE_MESSAGE } from "~/web/boundary.server";
import { PRECONDITION_FAILED_MESSAGE } from "~/web/etag.server";
import { serverFieldsOf } from "~/web/server-fields.server";
import { fieldErrorsOf, onboardingRequired, UNKNOWN_FIELD_MESSAGE } from "~/services/domain-error";
import { NO_BODY_MESSAGE } from "~/web/no-body.server";
import { fieldsAPutMustSend, missingFields, shapeOf, unknownFields } from "~/web/json-fields.server";
import { EXAMPLE_ACCOUNT, EXAMPLE_ANSWERS } from "~/web/openapi/examples";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  REPLAYED_HEADER,
  IDEMPOTENCY_RATE_LIMIT_MESSAGE,
  IDEMPOTENT_REQUESTS_PER_MINUTE,
} from "~/web/idempotency.server";
import exportSchema from "../../../docs/flow-export.schema.json";
import { STORAGE_UNAVAILABLE_MESSAGE } from "~/services/storage-failure.server";
import { LAST_ADMIN_MESSAGE, ROLE_CHANGE_BUSY_MESSAGE } from "~/services/admin/users.server";
import { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from "~/services/auth/accounts.server";
import {
  CONTENT_FAILED_MESSAGE,
  CONTENT_IN_PROGRESS_MESSAGE,
  CONTENT_NO_TOUCHPOINTS_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
  CONTENT_PREMIUM_MESSAGE,
} from "~/services/flows/content.server";
import { ALL_FLOWS_FORMAT_MESSAGE, EXPORT_FORMAT_MESSAGE } from "~/services/flows/export.server";
import { FLOW_NOT_FOUND, GENERATION_IN_PROGRESS_MESSAGE, TOUCHPOINT_NOT_FOUND, VERSION_NOT_FOUND } from "~/services/flows/flows.server";
import { NO_WEBSITE_MESSAGE, RESEARCH_RUNNING_MESSAGE } from "~/services/research/research.server";
import { TOO_MANY_TOKENS_MESSAGE } from "~/lib/api/tokens";
import {
  FEEDBACK_REQUIRED_MESSAGE,
  FLOW_EXISTS_MESSAGE,
  FLOW_TYPE_FILTER_MESSAGE,
  GENERATE_FAILED_MESSAGE,
  PREMIUM_FLOW_MESSAGE,
  REGENERATE_FAILED_MESSAGE,
  UNKNOWN_FLOW_TYPE_MESSAGE,
} from "~/lib/flows/types";

/**
 * The OpenAPI 3.1 document of every /api endpoint (GET /api/openapi.json, rendered at /api/docs).
 * Request bodies are the zod schemas the routes and services validate with, response bodies the
 * zod schemas in app/lib/api/responses.ts, both turned into JSON Schema by zod itself: a change to
 * validation changes the document. What is written here is only what zod cannot know: paths,
 * methods, who may call, which statuses each endpoint answers, and examples.
 */

export const SESSION_COOKIE = "fm_session";
const COMPONENT = "#/components/schemas/";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Access = "public" | "user" | "admin" | "optional";
type JsonSchema = Record<string, unknown>;

interface Body {
  /** A request body: classic or mini zod (both are zod core schemas). */
  schema: z.core.$ZodType;
  example: unknown;
  description?: string;
  /** A PUT: every field of the schema is required. */
  replace?: boolean;
  /** A PATCH: no field is required; the ones sent are checked as the schema says. */
  partial?: boolean;
  /** A body the schema refuses, for the documented 422 when an empty body passes. */
  invalid?: unknown;
  /** Named examples shown instead of the one `example` (which the checks still use). */
  examples?: Record<string, { summary: string; value: unknown }>;
  /** The resource the body writes, as its GET answers it: its server fields (readOnly) are taken back unchanged. */
  resource?: z.ZodObject;
}

interface Success {
  status: number;
  description: string;
  /** A JSON body, described by a zod schema or a JSON Schema built from component references. */
  json?: z.ZodType | JsonSchema;
  /** A file download: media type → description. */
  files?: Record<string, string>;
  /** The JSON file's schema when it is not (only) the flow export. */
  jsonFile?: JsonSchema;
  /** A browser redirect (302) with no JSON body. */
  redirect?: boolean;
  /** An answer with no body at all (204). */
  empty?: boolean;
  /** Server-Sent Events (text/event-stream): each event's name, what it means, and its data's schema. */
  events?: Record<string, { description: string; data: z.ZodType }>;
  /** A whole stream as the server writes it (a generation's when not given). */
  eventsExample?: string;
  headers?: Record<string, string>;
}

interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  description: string;
  schema: JsonSchema;
  required?: boolean;
}

export interface OperationSpec {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  body?: Body;
  query?: Parameter[];
  ok: Success[];
  /** Statuses beyond the ones the access rule and the body imply, with when they happen. */
  errors?: Partial<Record<number, string>>;
  /** Takes an Idempotency-Key (a replay within 24 hours gets the first answer): every POST unless set false. */
  idempotent?: boolean;
  /** Takes `Prefer: respond-async`: with a model, a 202 at once whose Location is the progress to poll. */
  respondAsync?: boolean;
  /** One resource: its answers carry an ETag, and a write honours If-Match (412 when stale). */
  etag?: boolean;
  /** Real answers for those statuses (each documented status needs one; the generic ones are built in). */
  examples?: Partial<Record<number, ErrorBody[]>>;
}

const ref = (schema: z.ZodType): JsonSchema => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("A response schema needs a component id (.meta({ id })).");
  return { $ref: `${COMPONENT}${id}` };
};
const listOf = (schema: z.ZodType): JsonSchema => ({ type: "array", items: ref(schema) });
const nullable = (schema: z.ZodType): JsonSchema => ({ oneOf: [ref(schema), { type: "null" }] });

const idParam = (name: string, description: string): Parameter => ({ name, in: "path", required: true, description, schema: { type: "string" } });
/** A paged list's query parameters; anything else (or a value out of range) is a 422 naming it. */
const listQuery = (table: { sortable: readonly string[] }): Parameter[] => [
  { name: "q", in: "query", description: "Search text.", schema: { type: "string", maxLength: MAX_SEARCH_LENGTH } },
  { name: "query", in: "query", description: "The search text under another name (send q or query, not both).", schema: { type: "string", maxLength: MAX_SEARCH_LENGTH } },
  { name: "page", in: "query", description: "The page, from 1.", schema: { type: "integer", minimum: 1 } },
  {
    name: "pageSize",
    in: "query",
    description: `Items per page, 50 by default, at most ${API_MAX_PAGE_SIZE}.`,
    schema: { type: "integer", minimum: 1, maximum: API_MAX_PAGE_SIZE },
  },
  { name: "sort", in: "query", description: "The column to sort by.", schema: { type: "string", enum: [...table.sortable] } },
  { name: "dir", in: "query", description: "Sort direction.", schema: { type: "string", enum: ["asc", "desc"] } },
];
const listQueryRefused = [err(422, PAGE_MESSAGE, "VALIDATION_FAILED", { page: PAGE_MESSAGE }), err(422, PAGE_SIZE_MESSAGE, "VALIDATION_FAILED", { pageSize: PAGE_SIZE_MESSAGE })];
const exportFiles = {
  "text/markdown": "Markdown (format=md).",
  "text/csv": "CSV (format=csv).",
  "application/json": "JSON (format=json; format=klaviyo: the Create Template and Create Flow requests Send to Klaviyo makes).",
  "text/html": "A standalone HTML page (format=html).",
};

/** format=klaviyo: the Create Template and Create Flow requests, each body as Klaviyo's own documents describe it. */
const KLAVIYO_EXPORT_COMPONENT: JsonSchema = {
  type: "object",
  description: "The requests Send to Klaviyo makes for a flow: each template, then the flow, with placeholders for the ids only Klaviyo or the account know.",
  required: ["about", "revision", "headers", "templates", "flow", "moreFlows", "dateSteps", "notes"],
  additionalProperties: false,
  properties: {
    about: { type: "string" },
    revision: { type: "string", description: "Klaviyo's API revision the bodies follow." },
    headers: { type: "object", additionalProperties: { type: "string" } },
    templates: {
      type: "array",
      items: {
        type: "object",
        required: ["stepNumber", "method", "path", "body"],
        additionalProperties: false,
        properties: {
          stepNumber: { type: "integer" },
          method: { const: "POST" },
          path: { const: "/api/templates" },
          body: { type: "object", description: "A Create Template body (Klaviyo's create_template document)." },
        },
      },
    },
    flow: { $ref: `${COMPONENT}KlaviyoExport/$defs/flowRequest` },
    moreFlows: {
      type: "array",
      description: "One more flow per date that steps are timed from (the appointment, pickup…), each started by that date's profile property; empty when no step is.",
      items: { $ref: `${COMPONENT}KlaviyoExport/$defs/flowRequest` },
    },
    dateSteps: {
      type: "array",
      description:
        "One entry per step timed from a date: the profile property it needs, and how Klaviyo times it (exact false: Klaviyo's date timing cannot say it, so it has no wait of its own).",
      items: {
        type: "object",
        required: ["stepNumber", "dateProperty", "exact", "line"],
        additionalProperties: false,
        properties: { stepNumber: { type: "integer" }, dateProperty: { type: "string" }, exact: { type: "boolean" }, line: { type: "string" } },
      },
    },
    notes: { type: "array", items: { type: "string" } },
  },
  $defs: {
    flowRequest: {
      type: "object",
      required: ["name", "startsFrom", "dateProperty", "steps", "method", "path", "body", "placeholders"],
      additionalProperties: false,
      properties: {
        name: { type: "string" },
        startsFrom: { type: "string", description: '"trigger", or the event whose date starts the flow.' },
        dateProperty: { type: ["string", "null"], description: "The profile property whose date starts the flow; null for the trigger's flow." },
        steps: { type: "array", items: { type: "integer" } },
        method: { const: "POST" },
        path: { const: "/api/flows" },
        body: { type: "object", description: "A Create Flow body (Klaviyo's create_flow document)." },
        placeholders: { type: "object", additionalProperties: { type: "string" } },
      },
    },
  },
};

const flowId = idParam("id", "The flow's id.");
const idempotencyParameter: Parameter = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  description: `Any unique value (a UUID), up to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters, bound to the method and the path (case and trailing slashes aside). Sending the same request again with the same key within 24 hours returns the first answer (Idempotency-Replayed: true) and does the work once; the same key with a different body is a 422 (IDEMPOTENCY_KEY_REUSED). Only a success is kept: a refusal (402, 404, 409, 422, …) or a failure leaves the key free, so a retry after fixing the cause runs again. A replay passes the same checks as a fresh request first (sign-in, ownership, role, premium), and a large answer may be read again as the resource is now. Keyed requests are rate-limited (${IDEMPOTENT_REQUESTS_PER_MINUTE} a minute).`,
  schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};
const preferParameter: Parameter = {
  name: "Prefer",
  in: "header",
  description:
    "`respond-async` (RFC 7240): with a model configured, the answer is a 202 at once, its `Location` the progress to poll (the 202 names it: what has been written so far, then how it ended), its `Link` the same progress as Server-Sent Events (the poll address followed by `/events`); `Preference-Applied: respond-async` says it was taken. The offline writers answer at once and ignore the preference: the answer is the usual one.",
  schema: { type: "string", example: "respond-async" },
};
/** The 202 of a request that took `Prefer: respond-async`: its progress, read at `location`. */
const acceptedAsyncOf = (json: z.ZodType, location: string): Success => ({
  status: 202,
  description: "Started (with `Prefer: respond-async` and a model): the progress as it is now. Poll `Location` until `state` is succeeded or failed.",
  json,
  headers: {
    Location: `The progress to poll: ${location}.`,
    Link: `The same progress as Server-Sent Events: \`<${location}/events>; rel="alternate"; type="text/event-stream"\`.`,
    "Preference-Applied": "respond-async.",
    "Retry-After": "Seconds to wait before polling.",
  },
});
const acceptedAsync = acceptedAsyncOf(responses.generationProgressSchema, "/api/ai-flow-generations/{id}");
/** A whole stream as the server writes it (ids shortened). */
const exampleProgress = (state: "running" | "succeeded", steps: number) => ({
  id: "6650f1c2a1b2c3d4e5f60718",
  kind: "generate",
  flowType: "onboarding",
  flowId: state === "succeeded" ? "6650f1c2a1b2c3d4e5f60719" : null,
  state,
  attempt: 1,
  steps: state === "running" ? exampleSteps.slice(0, steps) : [],
  stepsShown: state === "running" ? steps : 2,
  startedAt: "2026-11-29T18:00:00.000Z",
  updatedAt: `2026-11-29T18:00:0${steps + (state === "running" ? 1 : 4)}.000Z`,
  result: state === "succeeded" ? { versionNumber: null, applied: true, explanation: null } : null,
  error: null,
});
const exampleSteps = [
  { stepType: "Email", title: "Welcome to the studio", timingText: "Right away", primaryGoal: "Greet the new customer" },
  { stepType: "SMS", title: "Your first class", timingText: "1 day later", primaryGoal: "Book the first class" },
];
/** A whole stream as the server writes it: `retry`, then each event with its id and data. */
const eventStreamExample = (events: Array<[name: string, id: string, data: unknown]>) =>
  [`retry: ${RECONNECT_MS}`, "", ...events.flatMap(([event, id, data]) => [`event: ${event}`, `id: ${id}`, `data: ${JSON.stringify(data)}`, ""]), ""].join("\n");
const EVENT_STREAM_EXAMPLE = eventStreamExample([
  ["progress", "r1", exampleProgress("running", 1)],
  ["progress", "r2", exampleProgress("running", 2)],
  ["done", "d1", exampleProgress("succeeded", 2)],
]);
const exampleMessage = {
  touchpointId: "6650f1c2a1b2c3d4e5f6071a",
  stepNumber: 1,
  subject: "Welcome to the studio",
  preheader: "Your first class, and what to bring",
  bodyText: "Hi {{ first_name|default:'there' }}, we're glad you're here.",
  callToAction: "Book your first class",
  sms: null,
  complete: true,
};
/** Content under way: its first message being written (its subject so far), then whole; or how it ended. */
const exampleContentProgress = (state: "running" | "succeeded", messages: number, complete = true) => ({
  id: "6650f1c2a1b2c3d4e5f6071b",
  kind: "content",
  flowType: "onboarding",
  flowId: "6650f1c2a1b2c3d4e5f60719",
  state,
  attempt: 1,
  messages: state === "running" ? [complete ? exampleMessage : { ...exampleMessage, preheader: null, bodyText: null, callToAction: null, complete: false }].slice(0, messages) : [],
  messagesShown: 1,
  startedAt: "2026-11-29T18:00:00.000Z",
  updatedAt: `2026-11-29T18:00:0${state === "running" ? messages + (complete ? 2 : 1) : 5}.000Z`,
  error: null,
});
const CONTENT_EVENT_STREAM_EXAMPLE = eventStreamExample([
  ["progress", "c1", exampleContentProgress("running", 0)],
  ["progress", "c2", exampleContentProgress("running", 1, false)],
  ["progress", "c3", exampleContentProgress("running", 1)],
  ["done", "c4", exampleContentProgress("succeeded", 1)],
]);
const exampleFlowInput = { flowType: "onboarding", customContext: "We sell handmade ceramics; keep the tone warm." };
const exampleTouchpoint = { title: "Welcome", primaryGoal: "Greet the new customer", keyMessages: "Who we are", callToAction: "Shop now", delayDays: 0 };
const exampleReminder = { title: "See you soon", primaryGoal: "Remind them of the visit", keyMessages: "Where to park; what to bring", callToAction: "Reply C to confirm" };
/** The edit's timing forms, each a real body the endpoint takes. */
const touchpointEditExamples = {
  anchoredBefore: {
    summary: "2 hours before the appointment",
    value: { ...exampleReminder, timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120 } },
  },
  eveningBefore: {
    summary: "The evening before pickup (1 day before, at 18:00)",
    value: { ...exampleReminder, timing: { type: "relative_event", event: "pickup", direction: "before", minutes: 1440, time: "18:00", displayText: "The evening before pickup" } },
  },
  anchoredAfter: {
    summary: "3 days after the appointment",
    value: { ...exampleReminder, title: "How was your visit?", timing: { type: "relative_event", event: "appointment", direction: "after", minutes: 4320 } },
  },
  fromTrigger: { summary: "2 days after the trigger", value: { ...exampleTouchpoint, timing: { type: "offset", minutes: 2880 } } },
  delayDays: { summary: "The older form: whole days after the trigger", value: exampleTouchpoint },
};
const exampleAnswers = EXAMPLE_ANSWERS;
const exampleAccount = EXAMPLE_ACCOUNT;
const exampleBenchmark = {
  benchmarkType: "Onboarding Flows",
  performanceIndicator: "Open Rate (Email)",
  industryMedian: "42%",
  source: "Flowmap customers, 2025",
  flowType: "onboarding",
  industry: "E-commerce & Retail",
  businessType: "eCommerce",
  openRate: 42,
  clickRate: 3.1,
  ctr: 7.4,
  revenuePerRecipient: null,
};
const exampleRule = {
  flowName: "Welcome series",
  flowType: "onboarding",
  businessType: "",
  communicationChannels: "",
  purchaseDecisionTimeline: "",
  serviceFrequency: "",
  upsellOpportunity: "",
  trigger: "Account created",
  exitRules: "",
  notes: "",
  steps: [{ channel: "Email", title: "Welcome", timing: { type: "immediate" }, primaryGoal: "Greet", keyMessages: "Who we are", callToAction: "Shop now" }],
};
/** Every PUT replaces: the rule in the reference, said once. */
const PUT_RULE =
  'PUT replaces the whole resource: send every field (an empty answer as "" or null); a body that leaves one out is a 422 listing the missing fields, so nothing is emptied by omission. PATCH changes only the fields sent.';

/** An error body as the API answers it. */
function err(status: number, message: string, code?: ErrorCode, errors?: Record<string, string>): ErrorBody {
  return { message, code: code ?? errorCodeFor(status), ...(errors ? { errors } : {}) };
}
type ErrorBody = { message: string; code: ErrorCode; errors?: Record<string, string>; etag?: string };

/** A wrong current password counted with failed sign-ins, past its limit. */
const TOO_MANY_PASSWORDS = err(429, "Too many failed password attempts. Please wait 42 seconds and try again.");

const KLAVIYO_RATE_LIMIT_EXAMPLE =
  "Klaviyo limits how fast flows can be created (1 a second, 15 a minute, 100 a day per account). Nothing was left half-made. Try again in 1 minute.";
const REPORTING_LIMIT_EXAMPLE =
  "Klaviyo allows 2 reports a minute and 225 a day per account, and Flowmap keeps inside that: the figures shown are the last ones read. Try again in 1 minute.";
const KLAVIYO_UNAVAILABLE_EXAMPLE = "Klaviyo had a problem on its side (error 503). Try again in a few minutes.";
const REGISTRATION_LIMITED = err(429, "Too many sign-ups from your network. Please wait 60 minutes and try again.");
const BENCHMARK_EXISTS = err(409, "A benchmark for this type, indicator, industry and business type already exists.", "BENCHMARK_EXISTS");
const ONBOARDING_REQUIRED_MESSAGE = onboardingRequired().message;

/** Every operation of the API. The contract tests fail when this and the route files disagree. */
/** `page` and `pageSize` of a list that pages (web/api-list-query.server.ts). */
const PAGE_QUERY: Parameter[] = [
  { name: "page", in: "query", description: "The page, from 1.", schema: { type: "integer", minimum: 1 } },
  {
    name: "pageSize",
    in: "query",
    description: `Items per page, 50 by default, at most ${API_MAX_PAGE_SIZE}.`,
    schema: { type: "integer", minimum: 1, maximum: API_MAX_PAGE_SIZE },
  },
];

export const OPERATIONS: OperationSpec[] = [
  // Auth
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Auth",
    summary: "Create an account and sign in",
    access: "public",
    body: { schema: registerApiSchema, example: { ...exampleAccount, companyName: "Acme" } },
    ok: [{ status: 201, description: "The new user, signed in (the session cookie is set).", json: responses.currentUserSchema, headers: { "Set-Cookie": "The session cookie." } }],
    errors: { 409: "The email is already registered (EMAIL_TAKEN).", 429: "Too many sign-ups from this address; Retry-After says when to try again." },
    examples: { 409: [err(409, EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN", { email: EMAIL_TAKEN_MESSAGE })], 429: [REGISTRATION_LIMITED] },
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Auth",
    summary: "Sign in with email and password",
    description: "Safe to repeat, so it takes no Idempotency-Key: each call checks the password and starts a session of its own.",
    access: "public",
    idempotent: false,
    body: { schema: loginApiSchema, example: { email: "jane@example.com", password: "correct horse battery" } },
    ok: [{ status: 200, description: "The signed-in user (the session cookie is set).", json: responses.currentUserSchema, headers: { "Set-Cookie": "The session cookie." } }],
    errors: { 401: "The email or password is wrong.", 429: "Too many attempts; Retry-After says when to try again." },
    examples: { 401: [err(401, INVALID_CREDENTIALS_MESSAGE)], 429: [err(429, "Too many failed sign-in attempts. Please wait 60 seconds and try again.")] },
  },
  {
    method: "get",
    path: "/api/auth/user",
    tag: "Auth",
    summary: "The signed-in user",
    access: "user",
    ok: [{ status: 200, description: "The user with role and onboarding summary.", json: responses.currentUserSchema }],
  },
  {
    method: "post",
    path: "/api/logout",
    tag: "Auth",
    summary: "Sign out",
    description:
      "An API client that sends `Accept: application/json` (or a bearer token) gets 200 with a message; a browser is sent to the home page. Signing out does not revoke access tokens. Safe to repeat, so it takes no Idempotency-Key.",
    access: "public",
    idempotent: false,
    ok: [
      { status: 200, description: "Signed out (the session cookie is cleared).", json: responses.messageOnlySchema },
      { status: 302, description: "Signed out (the session cookie is cleared), to the home page.", redirect: true },
    ],
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    tag: "Auth",
    summary: "Ask for a password reset link",
    description:
      "Emails a link to choose a new password when the email has an account; the answer is the same either way. The link works once, for 1 hour. With no mail transport configured (SMTP_URL), the link is written to the server log instead. At most 5 requests per 15 minutes from one address, and 3 emails an hour to one address (more get the same answer and send nothing).",
    access: "public",
    body: { schema: forgotPasswordSchema, example: { email: "jane@example.com" } },
    ok: [{ status: 202, description: "Taken: a link is on its way if the email has an account.", json: responses.messageOnlySchema }],
    errors: { 429: "Too many requests from this address; Retry-After says when to try again." },
    examples: { 429: [err(429, "Too many password reset requests from your network. Please wait 15 minutes and try again.")] },
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    tag: "Auth",
    summary: "Set a new password from a reset link",
    description:
      "`token` is the `token` parameter of the link. The link is used up; every session and access token of the account is revoked, so the user signs in again with the new password.",
    access: "public",
    body: { schema: resetPasswordSchema, example: { token: "Vx0d3Zb5mQ1r8tY2uI7oP4aS6dF9gH0jK3lZ5xC8vB1", newPassword: "new secret 2" } },
    ok: [{ status: 200, description: "The password is changed.", json: responses.messageOnlySchema }],
    errors: { 422: "The link was used, expired or never issued (the error is at `token`), or the new password is too short." },
    examples: { 422: [err(422, RESET_LINK_INVALID_MESSAGE, "VALIDATION_FAILED", { token: RESET_LINK_INVALID_MESSAGE })] },
  },
  // Account
  {
    method: "put",
    path: "/api/user/profile",
    tag: "Account",
    summary: "Change your name",
    access: "user",
    body: { schema: profileNameSchema, example: { firstName: "Jane", lastName: "Doe" } },
    ok: [{ status: 200, description: "The updated user.", json: responses.profileUpdatedSchema }],
  },
  {
    method: "put",
    path: "/api/user/password",
    tag: "Account",
    summary: "Change your password",
    description: "Ends every other session of the user and revokes every access token (with a token, every session ends and the token too).",
    access: "user",
    body: { schema: changePasswordApiSchema, example: { currentPassword: "old secret 1", newPassword: "new secret 2" } },
    ok: [{ status: 200, description: "Changed.", json: responses.messageOnlySchema }],
    errors: {
      422: "The current password is wrong, the account signs in with a third-party provider and has no password, or the new one is too short.",
      429: "Too many wrong current passwords (counted with failed sign-ins); Retry-After says when to try again.",
    },
    examples: {
      422: [err(422, WRONG_CURRENT_PASSWORD_MESSAGE, "VALIDATION_FAILED", { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE })],
      429: [TOO_MANY_PASSWORDS],
    },
  },
  {
    method: "get",
    path: "/api/user/tokens",
    tag: "Account",
    summary: "Your access tokens",
    description: "Newest first. The secrets are never shown again.",
    access: "user",
    ok: [{ status: 200, description: "The tokens.", json: listOf(responses.apiTokenSchema) }],
  },
  {
    method: "post",
    path: "/api/user/tokens",
    tag: "Account",
    summary: "Create an access token",
    description:
      'The answer holds the token: the only time it is shown (only a hash is kept). Send it as `Authorization: Bearer <token>`. `expiresInDays` (1 to 365) makes it stop working after that many days; `scope: "read"` makes a read-only token for reporting scripts. Needs `currentPassword` unless the session signed in within the last 10 minutes (always, when the call is signed with a token). A password change or sign-out-everywhere revokes every token.',
    access: "user",
    body: { schema: createApiTokenSchema, example: { name: "Reporting script", expiresInDays: 30, scope: "read", currentPassword: "my secret 1" } },
    ok: [{ status: 201, description: "The new token, with its secret.", json: responses.apiTokenCreatedSchema }],
    errors: {
      403: "The session signed in more than 10 minutes ago, or the call is signed with a token, and no `currentPassword` was sent (REAUTH_REQUIRED).",
      409: "The account holds the most tokens it may (TOO_MANY_TOKENS): revoke one first. Another creation for the account held it up too long (TOKEN_CREATION_BUSY): try again.",
      422: "The name, expiry or scope is not valid, or the current password is wrong.",
      429: "Too many wrong current passwords (counted with failed sign-ins); Retry-After says when to try again.",
    },
    examples: {
      403: [err(403, REAUTH_REQUIRED_MESSAGE, "REAUTH_REQUIRED", { currentPassword: REAUTH_REQUIRED_MESSAGE })],
      409: [err(409, TOO_MANY_TOKENS_MESSAGE, "TOO_MANY_TOKENS"), err(409, TOKEN_CREATION_BUSY_MESSAGE, "TOKEN_CREATION_BUSY")],
      422: [err(422, WRONG_CURRENT_PASSWORD_MESSAGE, "VALIDATION_FAILED", { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE })],
      429: [TOO_MANY_PASSWORDS],
    },
  },
  {
    method: "delete",
    path: "/api/user/tokens/{id}",
    tag: "Account",
    summary: "Revoke an access token",
    description: "At once: the token's next call answers 401 INVALID_TOKEN.",
    access: "user",
    ok: [{ status: 200, description: "Revoked.", json: responses.messageOnlySchema }],
    errors: { 404: "No such token of yours." },
    examples: { 404: [err(404, "Access token not found.")] },
  },
  {
    method: "post",
    path: "/api/user/sign-out-everywhere",
    tag: "Account",
    summary: "Sign out everywhere",
    description:
      "Ends every other session of the account and revokes every access token. The session making the call stays signed in; a call signed with a token ends every session and revokes that token too.",
    access: "user",
    ok: [{ status: 200, description: "Done, with how many sessions and tokens went.", json: responses.signedOutEverywhereSchema }],
  },
  {
    method: "delete",
    path: "/api/user",
    tag: "Account",
    summary: "Delete your account",
    description:
      "Deletes the account and every record of it: flows and their versions, content, access tokens, the Klaviyo connection and key, sessions, drafts, metrics and the onboarding answers. Confirmed with `password` (an account that signs in only through a provider: a sign-in within the last 10 minutes). The session cookie is cleared. The audit trail keeps the event, without the email.",
    access: "user",
    body: { schema: deleteAccountApiSchema, example: { password: "my secret 1" } },
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: {
      403: "An account without a password whose sign-in is older than 10 minutes (REAUTH_REQUIRED).",
      409: "The account is the last Admin's (LAST_ADMIN): make another user Admin first.",
      422: "The password is missing or wrong.",
      429: "Too many wrong passwords (counted with failed sign-ins); Retry-After says when to try again.",
    },
    examples: {
      409: [err(409, LAST_ADMIN_DELETE_SELF_MESSAGE, "LAST_ADMIN")],
      422: [err(422, PASSWORD_TO_DELETE_MESSAGE, "VALIDATION_FAILED", { password: PASSWORD_TO_DELETE_MESSAGE })],
      429: [TOO_MANY_PASSWORDS],
    },
  },
  // Onboarding and questionnaire
  {
    method: "get",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Your saved questionnaire",
    description:
      "Every saved answer, and the business model the flows are planned for: `businessModel` (the owner's choice, else worked out from the answers), `businessModelSource` (`owner` or `inferred`) and `businessModelInferred` (what the answers alone give). The last two are computed on every read.",
    access: "user",
    etag: true,
    ok: [{ status: 200, description: "The answers, or null before any were saved (then without an ETag).", json: nullable(responses.onboardingSchema) }],
  },
  {
    method: "post",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Save the whole questionnaire (every answer checked)",
    access: "user",
    body: { schema: fullQuestionnaireSchema, example: exampleAnswers },
    etag: true,
    ok: [
      { status: 201, description: "Saved for the first time.", json: responses.onboardingSavedSchema },
      { status: 200, description: "Replaced the saved answers.", json: responses.onboardingSavedSchema },
    ],
  },
  {
    method: "put",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Replace the questionnaire (the edit-answers rules)",
    access: "user",
    description: `${PUT_RULE} One exception: \`businessModel\` is not an answer but the owner's choice stored beside them; left out, it stays as stored.`,
    body: { schema: onboardingUpdateSchema, example: exampleAnswers, replace: true, resource: responses.onboardingSchema },
    etag: true,
    ok: [
      { status: 200, description: "Replaced the saved answers.", json: responses.onboardingSavedSchema },
      { status: 201, description: "Saved for the first time.", json: responses.onboardingSavedSchema },
    ],
  },
  {
    method: "patch",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Change some answers, or the business model (the edit-answers rules)",
    description:
      'The answers sent replace the saved ones; the rest stay. The result is checked whole. `{"businessModel": "appointment"}` alone changes the business model the next generate or regenerate plans for; `{"businessModel": null}` (or "") goes back to the one worked out from the answers.',
    access: "user",
    body: {
      schema: onboardingUpdateSchema,
      example: { brandVoicePositioning: "Warm, expert and never pushy", businessModel: "subscription" },
      partial: true,
      resource: responses.onboardingSchema,
    },
    etag: true,
    ok: [
      { status: 200, description: "The questionnaire as saved.", json: responses.onboardingSavedSchema },
      { status: 201, description: "Saved for the first time.", json: responses.onboardingSavedSchema },
    ],
  },
  {
    method: "get",
    path: "/api/questionnaire/draft",
    tag: "Onboarding",
    summary: "The questionnaire draft saved so far",
    description: "A signed-in user's own draft, or a visitor's found through the signed draft cookie.",
    access: "optional",
    ok: [{ status: 200, description: "The answers and the step to resume at (`{ answers: {}, step: 1 }` when none).", json: responses.questionnaireDraftReplySchema }],
  },
  {
    method: "post",
    path: "/api/questionnaire/draft",
    tag: "Onboarding",
    summary: "Save the questionnaire draft",
    description: "`{ answers, step? }`. Only questionnaire answers are taken, never a password: any other field is a 422 naming it.",
    access: "optional",
    body: { schema: draftApiSchema, example: { answers: { companyName: "Leaf & Kettle", businessType: "eCommerce" }, step: 2 }, invalid: { answers: {}, step: 0 } },
    ok: [{ status: 200, description: "The draft as kept.", json: responses.questionnaireDraftReplySchema }],
    errors: {
      413: "The body is over the limit, or the answers are too long in all.",
      429: "Too many new drafts from this address (a request without the draft cookie starts one); Retry-After says when to try again.",
    },
    examples: { 429: [err(429, DRAFT_LIMIT_MESSAGE(3600))] },
  },
  {
    method: "post",
    path: "/api/questionnaire/submit",
    tag: "Onboarding",
    summary: "Submit the questionnaire and create the account",
    access: "public",
    body: {
      schema: questionnaireSubmitSchema,
      example: { ...exampleAnswers, serviceInnovation: "Well-known service", upsellOpportunities: "Primarily products", completionMethod: "manual", ...exampleAccount },
    },
    ok: [{ status: 201, description: "The new user, signed in.", json: responses.currentUserSchema, headers: { "Set-Cookie": "The session cookie." } }],
    errors: { 409: "The email is already registered (EMAIL_TAKEN).", 429: "Too many sign-ups from this address." },
    examples: { 409: [err(409, EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN", { email: EMAIL_TAKEN_MESSAGE })], 429: [REGISTRATION_LIMITED] },
  },
  {
    method: "post",
    path: "/api/waitlist/submit",
    tag: "Onboarding",
    summary: "Join the waitlist",
    description: "One entry per email; a repeat is answered exactly like the first.",
    access: "public",
    body: {
      schema: waitlistSchema,
      example: { firstName: "Jane", lastName: "Doe", email: "jane@example.com", companyName: "Leaf & Kettle", businessType: "eCommerce", industry: "Food & Beverage" },
    },
    ok: [{ status: 200, description: "Joined.", json: responses.messageOnlySchema }],
    errors: { 429: "Too many sign-ups from this address." },
    examples: { 429: [REGISTRATION_LIMITED] },
  },
  // Flows
  {
    method: "post",
    path: "/api/ai-flows/generate",
    tag: "Flows",
    summary: "Generate a flow",
    access: "user",
    body: { schema: generateFlowSchema, example: exampleFlowInput },
    respondAsync: true,
    ok: [{ status: 201, description: "The new flow with its touchpoints.", json: responses.flowSchema }, acceptedAsync],
    errors: {
      402: "The flow type needs premium (code PREMIUM_REQUIRED).",
      409: "Onboarding is not done (ONBOARDING_REQUIRED), the flow exists (FLOW_EXISTS) or is being generated (GENERATION_IN_PROGRESS).",
      502: "The generator failed; nothing was stored.",
    },
    examples: {
      402: [err(402, PREMIUM_FLOW_MESSAGE)],
      409: [
        err(409, ONBOARDING_REQUIRED_MESSAGE, "ONBOARDING_REQUIRED"),
        err(409, FLOW_EXISTS_MESSAGE, "FLOW_EXISTS"),
        err(409, GENERATION_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS"),
      ],
      502: [err(502, GENERATE_FAILED_MESSAGE)],
    },
  },
  {
    method: "get",
    path: "/api/ai-flows",
    tag: "Flows",
    summary: "Your flows, newest first",
    description: "Every flow of yours, the one changed last first, each with its current touchpoints (never the versions or the conversation).",
    access: "user",
    query: [{ name: "flowType", in: "query", description: "Only the flow of this type.", schema: { type: "string", enum: [...FLOW_TYPES] } }, ...PAGE_QUERY],
    ok: [{ status: 200, description: "One page.", json: responses.flowPageSchema }],
    errors: { 422: "A query parameter is unknown or out of range." },
    examples: { 422: [...listQueryRefused, err(422, FLOW_TYPE_FILTER_MESSAGE, "VALIDATION_FAILED", { flowType: FLOW_TYPE_FILTER_MESSAGE })] },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}",
    tag: "Flows",
    summary: "A flow with its current touchpoints",
    access: "user",
    etag: true,
    ok: [{ status: 200, description: "The flow.", json: responses.flowSchema }],
    errors: { 404: "No such flow of yours." },
    examples: { 404: [err(404, FLOW_NOT_FOUND)] },
  },
  {
    method: "delete",
    path: "/api/ai-flows/{id}",
    tag: "Flows",
    summary: "Delete a flow with its versions and conversation",
    access: "user",
    etag: true,
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such flow of yours." },
    examples: { 404: [err(404, FLOW_NOT_FOUND)] },
  },
  {
    method: "get",
    path: "/api/flow-types/{flowType}/ai-flow",
    tag: "Flows",
    summary: "Your flow of one type",
    access: "user",
    ok: [{ status: 200, description: "An empty list, or a list with your one flow of the type.", json: listOf(responses.flowSchema) }],
    errors: { 400: "Unknown flow type (the path names none of the five)." },
    examples: { 400: [err(400, UNKNOWN_FLOW_TYPE_MESSAGE)] },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/versions",
    tag: "Flows",
    summary: "A flow's saved versions, newest first",
    access: "user",
    query: PAGE_QUERY,
    ok: [{ status: 200, description: "One page of the versions with their touchpoints, newest first.", json: responses.versionPageSchema }],
    errors: { 404: "No such flow of yours.", 422: "A query parameter is unknown or out of range." },
    examples: { 404: [err(404, FLOW_NOT_FOUND)] },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/versions/{versionId}/rollback",
    tag: "Flows",
    summary: "Roll a flow back to a saved version",
    description: "The current content is saved as a backup version first.",
    access: "user",
    ok: [{ status: 200, description: "The flow as restored, and the versions involved.", json: responses.rollbackResultSchema }],
    errors: { 402: "Premium flow type (PREMIUM_REQUIRED).", 404: "No such flow of yours, or the version is not one of this flow's." },
    examples: { 402: [err(402, PREMIUM_FLOW_MESSAGE)], 404: [err(404, FLOW_NOT_FOUND), err(404, VERSION_NOT_FOUND)] },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/messages",
    tag: "Flows",
    summary: "A flow's conversation, newest first",
    access: "user",
    query: PAGE_QUERY,
    ok: [{ status: 200, description: "One page of the messages (user, assistant, system), newest first.", json: responses.messagePageSchema }],
    errors: { 404: "No such flow of yours.", 422: "A query parameter is unknown or out of range." },
    examples: { 404: [err(404, FLOW_NOT_FOUND)] },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/regenerate",
    tag: "Flows",
    summary: "Regenerate a flow from feedback",
    access: "user",
    body: { schema: regenerateFlowSchema, example: { feedback: "Make the second email shorter." } },
    respondAsync: true,
    ok: [
      {
        status: 200,
        description:
          "The flow and the reply. `applied: true`: the new flow and the version it replaced. `applied: false`: nothing in the note could be acted on, so the flow is unchanged and no version was saved (`previousVersion` is null); the whole note is kept in the quick notes.",
        json: responses.regenerateResultSchema,
      },
      acceptedAsync,
    ],
    errors: {
      402: "Premium flow type (PREMIUM_REQUIRED).",
      404: "No such flow of yours.",
      409: "A regeneration is already running (GENERATION_IN_PROGRESS).",
      502: "The generator failed.",
    },
    examples: {
      402: [err(402, PREMIUM_FLOW_MESSAGE)],
      404: [err(404, FLOW_NOT_FOUND)],
      409: [err(409, GENERATION_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS")],
      422: [err(422, FEEDBACK_REQUIRED_MESSAGE, "VALIDATION_FAILED", { feedback: FEEDBACK_REQUIRED_MESSAGE })],
      502: [err(502, REGENERATE_FAILED_MESSAGE)],
    },
  },
  {
    method: "get",
    path: "/api/ai-flow-generations/{id}",
    tag: "Flows",
    summary: "A generation's progress",
    description:
      "A generation or regeneration started with `Prefer: respond-async` (its 202's `Location`), or from the flow screen. While `state` is running, `steps` holds the steps the model has written so far, each once it is whole: a preview, never saved as it is. When it ends the flow is saved (succeeded: read it at `flowId`) or nothing is (failed: `error` says why; a regenerated flow is as it was). The outcome stays readable for 10 minutes.",
    access: "user",
    ok: [{ status: 200, description: "The progress.", json: responses.generationProgressSchema }],
    errors: { 404: "No such generation of yours, or its outcome is no longer kept." },
    examples: { 404: [err(404, PROGRESS_NOT_FOUND)] },
  },
  {
    method: "get",
    path: "/api/ai-flow-generations/{id}/events",
    tag: "Flows",
    summary: "A generation's progress as Server-Sent Events",
    description: `The progress of GET /api/ai-flow-generations/{id} as a stream (\`Accept: text/event-stream\`; a browser's EventSource works as it is): the progress as it is now, a \`progress\` event each time it changes, then \`done\` or \`failed\` with the body the poll resource gives at the end, then the stream closes. Every event carries the whole progress, so the last one read is all a client needs. Reconnecting with \`Last-Event-ID\` sends nothing the client already has; once it has the outcome, the answer is 204 (an EventSource then stops reconnecting). A keep-alive comment goes out while nothing changes. When the server restarts the stream ends without an outcome: connect again (EventSource does, after \`retry\`). At most ${MAX_PROGRESS_STREAMS_PER_USER} streams of a user's may be open at once.`,
    access: "user",
    ok: [
      {
        status: 200,
        description: "The stream: `progress` events while the model writes, then `done` or `failed`, then the end.",
        events: {
          progress: { description: "The progress changed: the steps written so far, the attempt, the state (running).", data: responses.generationProgressSchema },
          done: { description: "It succeeded: the flow is saved. The last event.", data: responses.generationProgressSchema },
          failed: { description: "It failed: nothing was saved; `error` says why. The last event.", data: responses.generationProgressSchema },
        },
      },
      { status: 204, description: "It has ended and Last-Event-ID names its last event: nothing more to send.", empty: true },
    ],
    errors: {
      404: "No such generation of yours, or its outcome is no longer kept.",
      429: `${MAX_PROGRESS_STREAMS_PER_USER} streams of yours are open already; Retry-After says when to try again.`,
      503: "The server is restarting; connect again after Retry-After.",
    },
    examples: {
      404: [err(404, PROGRESS_NOT_FOUND)],
      429: [err(429, TOO_MANY_STREAMS_MESSAGE)],
      503: [err(503, SERVER_STOPPING_MESSAGE)],
    },
  },
  {
    method: "put",
    path: "/api/touchpoints/{id}",
    tag: "Flows",
    summary: "Edit a touchpoint",
    description:
      "Replaces the touchpoint's texts and says when it goes: `timing` (immediate, an offset after the trigger, or a time before or after one of the business's dates: `relative_event` with an event such as appointment, pickup or trial_end, a direction, minutes and, with whole days, a time of day), or the older `delayDays` (whole days after the trigger). Send one of the two. A step timed from a date keeps an estimate of where it falls in offsetMinutes and delayDays, which orders the steps.",
    access: "user",
    body: { schema: touchpointEditApiSchema, example: touchpointEditExamples.anchoredBefore.value, examples: touchpointEditExamples, resource: responses.touchpointSchema },
    etag: true,
    ok: [{ status: 200, description: "The touchpoint.", json: responses.touchpointSchema }],
    errors: {
      402: "Premium flow type (PREMIUM_REQUIRED).",
      404: "No such touchpoint of yours.",
      422: "A text left empty, or a timing that is not valid, missing, or sent with delayDays.",
    },
    examples: {
      402: [err(402, PREMIUM_FLOW_MESSAGE)],
      404: [err(404, TOUCHPOINT_NOT_FOUND)],
      422: [
        err(422, TIMING_AND_DELAY_MESSAGE, "VALIDATION_FAILED", { timing: TIMING_AND_DELAY_MESSAGE }),
        err(422, TIMING_REQUIRED_MESSAGE, "VALIDATION_FAILED", { timing: TIMING_REQUIRED_MESSAGE }),
        err(422, TIME_NEEDS_DAYS_MESSAGE, "VALIDATION_FAILED", { "timing.time": TIME_NEEDS_DAYS_MESSAGE }),
      ],
    },
  },
  {
    method: "patch",
    path: "/api/touchpoints/{id}",
    tag: "Flows",
    summary: "Change some fields of a touchpoint",
    description:
      "The fields sent replace the touchpoint's; the rest stay. A new `timing` (or `delayDays`) replaces the step's timing in either form. The touchpoint as GET answers it may be sent back, its server fields unchanged; of `timing` and `delayDays`, the one changed is the edit.",
    access: "user",
    body: { schema: touchpointEditApiSchema, example: { timing: { type: "offset", minutes: 60 } }, partial: true, resource: responses.touchpointSchema },
    etag: true,
    ok: [{ status: 200, description: "The touchpoint.", json: responses.touchpointSchema }],
    errors: {
      402: "Premium flow type (PREMIUM_REQUIRED).",
      404: "No such touchpoint of yours.",
      422: "A text left empty, a timing that is not valid, or a timing and delayDays that both changed.",
    },
    examples: {
      402: [err(402, PREMIUM_FLOW_MESSAGE)],
      404: [err(404, TOUCHPOINT_NOT_FOUND)],
      422: [err(422, TIME_NEEDS_DAYS_MESSAGE, "VALIDATION_FAILED", { "timing.time": TIME_NEEDS_DAYS_MESSAGE })],
    },
  },
  {
    method: "get",
    path: "/api/touchpoints/{id}",
    tag: "Flows",
    summary: "A touchpoint, with its timing",
    access: "user",
    etag: true,
    ok: [{ status: 200, description: "The touchpoint.", json: responses.touchpointSchema }],
    errors: { 404: "No such touchpoint of yours." },
    examples: { 404: [err(404, TOUCHPOINT_NOT_FOUND)] },
  },
  {
    method: "delete",
    path: "/api/touchpoints/{id}",
    tag: "Flows",
    summary: "Delete a touchpoint",
    access: "user",
    etag: true,
    ok: [{ status: 200, description: "The flow, its touchpoints renumbered.", json: responses.touchpointDeletedSchema }],
    errors: { 402: "Premium flow type (PREMIUM_REQUIRED).", 404: "No such touchpoint of yours." },
    examples: { 402: [err(402, PREMIUM_FLOW_MESSAGE)], 404: [err(404, TOUCHPOINT_NOT_FOUND)] },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/content",
    tag: "Content",
    summary: "The written content of a flow (premium)",
    description:
      "Each email carries its button's link (buttonUrl: your own URL for what the button says, or a marked placeholder such as [Link: your booking page]); placeholders lists everything left to fill before sending, with the steps it is in.",
    access: "user",
    ok: [{ status: 200, description: "The content per touchpoint.", json: responses.flowContentSchema }],
    errors: { 402: "Premium only (PREMIUM_REQUIRED).", 404: "No such flow of yours, or no content written yet." },
    examples: { 402: [err(402, CONTENT_PREMIUM_MESSAGE)], 404: [err(404, FLOW_NOT_FOUND), err(404, CONTENT_NOT_FOUND_MESSAGE)] },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/content",
    tag: "Content",
    summary: "Write the content of every touchpoint (premium)",
    access: "user",
    respondAsync: true,
    ok: [
      { status: 200, description: "The content written.", json: responses.flowContentSchema },
      acceptedAsyncOf(responses.contentProgressSchema, "/api/ai-flow-content-writings/{id}"),
    ],
    errors: {
      402: "Premium only (PREMIUM_REQUIRED).",
      404: "No such flow of yours.",
      409: "Onboarding is not done (ONBOARDING_REQUIRED), the flow's content is already being written (GENERATION_IN_PROGRESS), or the flow changed while the content was saved (WRITE_CONFLICT).",
      422: "The flow has no touchpoints, or its company name leaves an SMS no room.",
      502: "The writer failed; nothing was stored.",
    },
    examples: {
      402: [err(402, CONTENT_PREMIUM_MESSAGE)],
      404: [err(404, FLOW_NOT_FOUND)],
      409: [
        err(409, ONBOARDING_REQUIRED_MESSAGE, "ONBOARDING_REQUIRED"),
        err(409, CONTENT_IN_PROGRESS_MESSAGE, "GENERATION_IN_PROGRESS"),
        err(409, "The content kept changing while it was being saved. Please try again.", "WRITE_CONFLICT"),
      ],
      422: [err(422, CONTENT_NO_TOUCHPOINTS_MESSAGE, "VALIDATION_FAILED")],
      502: [err(502, CONTENT_FAILED_MESSAGE)],
    },
  },
  {
    method: "get",
    path: "/api/ai-flow-content-writings/{id}",
    tag: "Content",
    summary: "A content writing's progress (premium)",
    description:
      "Content writing started with `Prefer: respond-async` (its 202's `Location`), or from the content page. While `state` is running, `messages` holds each touchpoint's message the model has written so far, with the touchpoint it is for, field by field as each field is written whole (`complete` once the whole message is): a preview, never saved as it is. When it ends the content is saved (succeeded: read it at GET /api/ai-flows/{flowId}/content) or nothing is (failed: `error` says why; the flow's previous content is as it was). The outcome stays readable for 10 minutes.",
    access: "user",
    ok: [{ status: 200, description: "The progress.", json: responses.contentProgressSchema }],
    errors: { 402: "Premium only (PREMIUM_REQUIRED).", 404: "No such content writing of yours, or its outcome is no longer kept." },
    examples: { 402: [err(402, CONTENT_PREMIUM_MESSAGE)], 404: [err(404, CONTENT_PROGRESS_NOT_FOUND)] },
  },
  {
    method: "get",
    path: "/api/ai-flow-content-writings/{id}/events",
    tag: "Content",
    summary: "A content writing's progress as Server-Sent Events (premium)",
    description: `The progress of GET /api/ai-flow-content-writings/{id} as a stream, as for a generation (GET /api/ai-flow-generations/{id}/events): the progress as it is now, a \`progress\` event each time a message is written, then \`done\` or \`failed\` with the body the poll resource gives at the end, then the stream closes. Reconnecting with \`Last-Event-ID\` sends nothing the client already has; once it has the outcome, the answer is 204. At most ${MAX_PROGRESS_STREAMS_PER_USER} streams of a user's may be open at once, of either kind.`,
    access: "user",
    ok: [
      {
        status: 200,
        description: "The stream: `progress` events while the model writes, then `done` or `failed`, then the end.",
        events: {
          progress: { description: "The progress changed: the messages written so far, the attempt, the state (running).", data: responses.contentProgressSchema },
          done: { description: "It succeeded: the content is saved. The last event.", data: responses.contentProgressSchema },
          failed: { description: "It failed: nothing was saved; `error` says why. The last event.", data: responses.contentProgressSchema },
        },
        eventsExample: CONTENT_EVENT_STREAM_EXAMPLE,
      },
      { status: 204, description: "It has ended and Last-Event-ID names its last event: nothing more to send.", empty: true },
    ],
    errors: {
      402: "Premium only (PREMIUM_REQUIRED).",
      404: "No such content writing of yours, or its outcome is no longer kept.",
      429: `${MAX_PROGRESS_STREAMS_PER_USER} streams of yours are open already; Retry-After says when to try again.`,
      503: "The server is restarting; connect again after Retry-After.",
    },
    examples: {
      402: [err(402, CONTENT_PREMIUM_MESSAGE)],
      404: [err(404, CONTENT_PROGRESS_NOT_FOUND)],
      429: [err(429, TOO_MANY_STREAMS_MESSAGE)],
      503: [err(503, SERVER_STOPPING_MESSAGE)],
    },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/export",
    tag: "Content",
    summary: "Download one flow",
    description: "Content is included for premium users.",
    access: "user",
    query: [
      {
        name: "format",
        in: "query",
        required: true,
        description: "The file format (klaviyo: the Create Template and Create Flow requests Send to Klaviyo makes).",
        schema: { type: "string", enum: [...FLOW_EXPORT_FORMATS] },
      },
      {
        name: "esp",
        in: "query",
        required: false,
        description:
          "format=html only: the email platform whose unsubscribe tag the emails' footers carry (klaviyo {% unsubscribe_link %}, mailchimp *|UNSUB|*, hubspot {{ unsubscribe_link }}, generic {{unsubscribe_url}}). Default: klaviyo when your Klaviyo account is connected, else generic.",
        schema: { type: "string", enum: [...ESPS] },
      },
    ],
    ok: [
      {
        status: 200,
        description: "The file (Content-Disposition: attachment).",
        files: exportFiles,
        jsonFile: { oneOf: [{ $ref: `${COMPONENT}FlowExport` }, { $ref: `${COMPONENT}KlaviyoExport` }] },
      },
    ],
    errors: { 404: "No such flow of yours.", 422: "Unknown export format, or unknown email platform (esp)." },
    examples: {
      404: [err(404, FLOW_NOT_FOUND)],
      422: [err(422, EXPORT_FORMAT_MESSAGE, "VALIDATION_FAILED", { format: EXPORT_FORMAT_MESSAGE }), err(422, ESP_MESSAGE, "VALIDATION_FAILED", { esp: ESP_MESSAGE })],
    },
  },
  {
    method: "get",
    path: "/api/ai-flows/export",
    tag: "Content",
    summary: "Download every flow in one file",
    access: "user",
    query: [{ name: "format", in: "query", required: true, description: "The file format.", schema: { type: "string", enum: [...ALL_FLOWS_EXPORT_FORMATS] } }],
    ok: [
      {
        status: 200,
        description: "The file (Content-Disposition: attachment).",
        files: { "application/json": exportFiles["application/json"], "text/markdown": exportFiles["text/markdown"] },
      },
    ],
    errors: { 422: "Unknown export format." },
    examples: { 422: [err(422, ALL_FLOWS_FORMAT_MESSAGE, "VALIDATION_FAILED", { format: ALL_FLOWS_FORMAT_MESSAGE })] },
  },
  // Klaviyo
  {
    method: "get",
    path: "/api/integrations/klaviyo",
    tag: "Klaviyo",
    summary: "Your Klaviyo connection",
    description: "Whether your Klaviyo account is connected and which account the key reaches. The key is never answered back.",
    access: "user",
    ok: [{ status: 200, description: "The connection, or `{ connected: false }`.", json: klaviyoConnectionSchema }],
  },
  {
    method: "put",
    path: "/api/integrations/klaviyo",
    tag: "Klaviyo",
    summary: "Connect Klaviyo with a private API key",
    description:
      "Flowmap checks the key by reading the account's lists and metrics (and segments), then stores it encrypted. Needed scopes: lists:read, metrics:read, segments:read, templates:write, flows:write; flows:read to import the account's flows and figures (without it sending still works). Too many attempts in a short time get 429.",
    access: "user",
    body: { schema: klaviyoConnectSchema, example: { apiKey: "pk_0123456789abcdef0123456789abcdef01" } },
    ok: [{ status: 200, description: "Connected.", json: klaviyoConnectionSchema }],
    errors: {
      422: "A wrong key, a public key, or a key missing read scopes (the message names them).",
      429: "Klaviyo is limiting requests; Retry-After says when to try again.",
      502: "Klaviyo failed or did not answer; nothing was saved.",
    },
    examples: { 429: [err(429, KLAVIYO_RATE_LIMIT_EXAMPLE)], 502: [err(502, KLAVIYO_UNAVAILABLE_EXAMPLE)] },
  },
  {
    method: "delete",
    path: "/api/integrations/klaviyo",
    tag: "Klaviyo",
    summary: "Disconnect Klaviyo",
    access: "user",
    ok: [{ status: 200, description: "Flowmap no longer holds the key.", json: responses.messageOnlySchema }],
  },
  {
    method: "get",
    path: "/api/integrations/klaviyo/flows",
    tag: "Klaviyo",
    summary: "Your Klaviyo flows and their figures",
    description:
      "The flows imported from your Klaviyo account (live, draft and manual), the flow type each counts for, and the email figures per flow type over the timeframe, weighted by recipients. Reads what the last refresh stored: no call to Klaviyo. Before the first refresh, refreshedAt is null and the lists are empty.",
    access: "user",
    ok: [{ status: 200, description: "The import.", json: klaviyoImportSchema }],
  },
  {
    method: "put",
    path: "/api/integrations/klaviyo/flows",
    tag: "Klaviyo",
    summary: "Correct the flow type of imported flows",
    description: `Each entry sets the flow type a Klaviyo flow counts for; "${NOT_MAPPED}" says it is not one of Flowmap's, null goes back to Flowmap's match. The figures are worked out again from what was read (no call to Klaviyo). Choices are kept across refreshes.`,
    access: "user",
    body: { schema: klaviyoMappingSchema, example: { flows: [{ id: "XVTP5Q", choice: "lead_nurture" }] } },
    ok: [{ status: 200, description: "The import with the new mapping.", json: klaviyoImportSchema }],
    errors: { 409: "Nothing was imported yet: refresh first.", 422: "An unknown flow or flow type." },
    examples: {
      409: [err(409, NOTHING_IMPORTED_MESSAGE, "KLAVIYO_NOT_CONNECTED")],
      422: [err(422, MAPPING_UNKNOWN_FLOW_MESSAGE, "VALIDATION_FAILED", { flows: MAPPING_UNKNOWN_FLOW_MESSAGE })],
    },
  },
  {
    method: "post",
    path: "/api/integrations/klaviyo/flows/refresh",
    tag: "Klaviyo",
    summary: "Read your Klaviyo flows and figures now",
    description:
      "Lists the account's flows (Get Flows, 50 a page) and asks one Query Flow Values report for every flow's email statistics over the timeframe (days: 30, 90 or 365; the last one read when left out). Figures read within the last 15 minutes for the same timeframe are answered without a call. Flowmap keeps inside Klaviyo's limits (reports: 1 a second, 2 a minute, 225 a day per account), sends at most 30 requests per refresh, and runs one refresh per account at a time. A key without flows:read is no error: the answer's problem and missingScope say what to add. The import also refreshes by itself once a day.",
    access: "user",
    body: { schema: klaviyoRefreshSchema, example: { days: 90 } },
    ok: [{ status: 200, description: "The import as read (or as stored, when fresh).", json: klaviyoImportSchema }],
    errors: {
      409: "Klaviyo is not connected, its key was rejected, or a refresh of this account is under way (the code says which).",
      422: "A timeframe other than 30, 90 or 365 days.",
      429: "Klaviyo's reporting limits leave no room now; Retry-After says when to try again. The figures read before are kept.",
      502: "Klaviyo failed or did not answer; the figures read before are kept.",
    },
    examples: {
      409: [err(409, KLAVIYO_REFRESH_IN_PROGRESS_MESSAGE, "KLAVIYO_REFRESH_IN_PROGRESS")],
      429: [err(429, REPORTING_LIMIT_EXAMPLE)],
      502: [err(502, KLAVIYO_UNAVAILABLE_EXAMPLE)],
    },
  },
  {
    method: "post",
    path: "/api/integrations/klaviyo/flows/missing",
    tag: "Klaviyo",
    summary: "Generate a flow your Klaviyo account lacks and send it as a draft",
    description:
      "For a flow type none of your Klaviyo flows counts for (the scorecard's klaviyoGaps, or missing in GET /api/integrations/klaviyo/flows): generates the Flowmap flow of that type (or takes the one you have), then sends it to Klaviyo as a draft with your account's usual trigger for it (a list, Started Checkout, Placed Order, an unengaged segment), as POST /api/ai-flows/{id}/klaviyo does. Premium flow types need premium, as generating them does.",
    access: "user",
    body: { schema: klaviyoMissingSchema, example: { flowType: "abandoned_cart" } },
    ok: [
      { status: 201, description: "Generated if needed and created in Klaviyo as a draft.", json: klaviyoMissingSentSchema },
      { status: 200, description: "This send was already made (replayed: true): no new flow.", json: klaviyoMissingSentSchema },
    ],
    errors: {
      402: "A premium flow type, for a user without premium.",
      409: "Onboarding is not complete, Klaviyo is not connected, its key was rejected or lacks a scope, or this flow is being generated or sent right now (the code says which).",
      422: "An unknown flow type, or no trigger in your account for it (the message says what to add).",
      429: "Klaviyo's limits (Create Flow: 1 a second, 15 a minute, 100 a day); Retry-After says when to try again.",
      502: "The generator or Klaviyo failed; nothing was recorded as sent.",
    },
    examples: {
      402: [err(402, PREMIUM_FLOW_MESSAGE)],
      409: [err(409, KLAVIYO_NOT_CONNECTED_MESSAGE, "KLAVIYO_NOT_CONNECTED")],
      422: [err(422, MISSING_FLOW_TYPE_MESSAGE, "VALIDATION_FAILED", { flowType: MISSING_FLOW_TYPE_MESSAGE })],
      429: [err(429, KLAVIYO_RATE_LIMIT_EXAMPLE)],
      502: [err(502, KLAVIYO_UNAVAILABLE_EXAMPLE)],
    },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/klaviyo",
    tag: "Klaviyo",
    summary: "What was sent of a flow to Klaviyo",
    access: "user",
    ok: [{ status: 200, description: "Every send, newest first.", json: { type: "array", items: { $ref: "#/components/schemas/KlaviyoSend" } } }],
    errors: { 404: "No such flow of yours." },
    examples: { 404: [err(404, FLOW_NOT_FOUND)] },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/klaviyo",
    tag: "Klaviyo",
    summary: "Send a flow to Klaviyo as a draft",
    description:
      "Creates one HTML template per email (the written content for premium users, else a marked outline) and the flow in your Klaviyo account, every message in draft status. Sending again makes a new draft flow; a repeat of the same send (two clicks at once) makes one flow. When Klaviyo fails, the templates made for it are deleted, or named in the message.",
    access: "user",
    body: { schema: klaviyoSendInputSchema, example: { trigger: { type: "metric", id: "Y6nRLr" } } },
    ok: [
      { status: 201, description: "Created in Klaviyo as a draft.", json: klaviyoSendSchema },
      { status: 200, description: "This send was already made (replayed: true): no new flow.", json: klaviyoSendSchema },
    ],
    errors: {
      404: "No such flow of yours.",
      409: "Klaviyo is not connected, its key was rejected or lacks a scope (the code says which), or this flow is being sent right now.",
      422: "No trigger, or Klaviyo refused the trigger or a step (the message names it).",
      429: "Klaviyo's limits (Create Flow: 1 a second, 15 a minute, 100 a day); Retry-After says when to try again.",
      502: "Klaviyo failed or did not answer; nothing was recorded as sent.",
    },
    examples: {
      404: [err(404, FLOW_NOT_FOUND)],
      409: [err(409, KLAVIYO_NOT_CONNECTED_MESSAGE, "KLAVIYO_NOT_CONNECTED"), err(409, KLAVIYO_SEND_IN_PROGRESS_MESSAGE, "KLAVIYO_SEND_IN_PROGRESS")],
      429: [err(429, KLAVIYO_RATE_LIMIT_EXAMPLE)],
      502: [err(502, KLAVIYO_UNAVAILABLE_EXAMPLE)],
    },
  },
  // Benchmarks and metrics
  {
    method: "get",
    path: "/api/benchmarks",
    tag: "Benchmarks",
    summary: "Every benchmark with its peer group and source",
    access: "user",
    ok: [{ status: 200, description: "The benchmarks.", json: listOf(responses.benchmarkSchema) }],
  },
  {
    method: "post",
    path: "/api/benchmarks",
    tag: "Benchmarks",
    summary: "Add a benchmark (Admin)",
    access: "admin",
    body: { schema: benchmarkInputSchema, example: exampleBenchmark },
    etag: true,
    ok: [{ status: 201, description: "The new benchmark.", json: responses.adminBenchmarkSchema }],
    errors: { 409: "A benchmark for this peer group and indicator exists (BENCHMARK_EXISTS)." },
    examples: { 409: [BENCHMARK_EXISTS] },
  },
  {
    method: "get",
    path: "/api/benchmarks/{id}",
    tag: "Benchmarks",
    summary: "A benchmark with every field",
    description: "Every field a PUT or PATCH takes, and the server's own (readOnly); an Admin can send it back to either as it was read.",
    access: "user",
    etag: true,
    ok: [{ status: 200, description: "The benchmark.", json: responses.adminBenchmarkSchema }],
    errors: { 404: "No such benchmark." },
    examples: { 404: [err(404, "Benchmark not found.")] },
  },
  {
    method: "put",
    path: "/api/benchmarks/{id}",
    tag: "Benchmarks",
    summary: "Replace a benchmark (Admin)",
    description: PUT_RULE,
    access: "admin",
    body: { schema: benchmarkInputSchema, example: { ...exampleBenchmark, industryMedian: "43.5%", openRate: 43.5 }, replace: true, resource: responses.adminBenchmarkSchema },
    etag: true,
    ok: [{ status: 200, description: "The benchmark.", json: responses.adminBenchmarkSchema }],
    errors: { 404: "No such benchmark.", 409: "Another benchmark has this peer group and indicator (BENCHMARK_EXISTS)." },
    examples: { 404: [err(404, "Benchmark not found.")], 409: [BENCHMARK_EXISTS] },
  },
  {
    method: "patch",
    path: "/api/benchmarks/{id}",
    tag: "Benchmarks",
    summary: "Change some fields of a benchmark (Admin)",
    description: "The fields sent replace the stored ones; the result is checked whole.",
    access: "admin",
    body: { schema: benchmarkInputSchema, example: { industryMedian: "43.5%", openRate: 43.5 }, partial: true, resource: responses.adminBenchmarkSchema },
    etag: true,
    ok: [{ status: 200, description: "The benchmark.", json: responses.adminBenchmarkSchema }],
    errors: { 404: "No such benchmark.", 409: "Another benchmark has this peer group and indicator (BENCHMARK_EXISTS)." },
    examples: { 404: [err(404, "Benchmark not found.")], 409: [BENCHMARK_EXISTS] },
  },
  {
    method: "delete",
    path: "/api/benchmarks/{id}",
    tag: "Benchmarks",
    summary: "Delete a benchmark (Admin)",
    access: "admin",
    etag: true,
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such benchmark." },
    examples: { 404: [err(404, "Benchmark not found.")] },
  },
  {
    method: "get",
    path: "/api/user-metrics",
    tag: "Benchmarks",
    summary: "Your figures per flow",
    access: "user",
    ok: [{ status: 200, description: "One record per flow you entered figures for.", json: listOf(responses.userMetricRecordSchema) }],
  },
  {
    method: "post",
    path: "/api/user-metrics",
    tag: "Benchmarks",
    summary: "Save one flow's figures",
    description: "Integers × 100 or null; a key left out keeps its value.",
    access: "user",
    body: { schema: userMetricsInputSchema, example: { flowType: "onboarding", openRate: 4550, clickRate: 320 } },
    ok: [{ status: 200, description: "The record as saved.", json: responses.userMetricRecordSchema }],
  },
  {
    method: "get",
    path: "/api/scorecard",
    tag: "Benchmarks",
    summary: "Your scorecard: a score per flow and overall, and what to fix first (premium)",
    description: "Computed from your figures, your peer group's medians and your flows in Flowmap at each call. docs/scorecard.md describes the method.",
    access: "user",
    ok: [{ status: 200, description: "The scorecard.", json: scorecardSchema }],
    errors: { 402: "Premium only (PREMIUM_REQUIRED)." },
    examples: { 402: [err(402, SCORECARD_PREMIUM_MESSAGE)] },
  },
  // Research
  {
    method: "post",
    path: "/api/ai-research/perform",
    tag: "Research",
    summary: "Research your website and fill the answers it supports",
    description: "No request body.",
    access: "user",
    ok: [{ status: 200, description: "The updated user and the answers filled.", json: responses.researchResultSchema }],
    errors: {
      409: "Research is already running (RESEARCH_RUNNING).",
      422: "There is no website to research, or it is not allowed (a private address).",
      502: "The website or the model could not be reached.",
    },
    examples: {
      409: [err(409, RESEARCH_RUNNING_MESSAGE, "RESEARCH_RUNNING")],
      422: [err(422, NO_WEBSITE_MESSAGE, "VALIDATION_FAILED", { researchWebsiteUrl: NO_WEBSITE_MESSAGE })],
      502: [err(502, "The website example.com could not be found.")],
    },
  },
  // Admin
  {
    method: "get",
    path: "/api/admin/stats",
    tag: "Admin",
    summary: "Counts for the admin dashboard",
    access: "admin",
    ok: [{ status: 200, description: "Cached for 30 seconds.", json: responses.adminStatsSchema }],
  },
  {
    method: "get",
    path: "/api/admin/onboarding-responses",
    tag: "Admin",
    summary: "The onboarding answers of every user (one page)",
    access: "admin",
    query: listQuery(ONBOARDING_TABLE),
    ok: [{ status: 200, description: "One page.", json: responses.onboardingRowPageSchema }],
    errors: { 422: "A query parameter is unknown or out of range." },
    examples: { 422: listQueryRefused },
  },
  {
    method: "get",
    path: "/api/admin/flow-mappings",
    tag: "Admin",
    summary: "The flow mapping rules (one page)",
    access: "admin",
    query: listQuery(FLOW_RULE_TABLE),
    ok: [{ status: 200, description: "One page.", json: responses.flowRulePageSchema }],
    errors: { 422: "A query parameter is unknown or out of range." },
    examples: { 422: listQueryRefused },
  },
  {
    method: "post",
    path: "/api/admin/flow-mappings",
    tag: "Admin",
    summary: "Add a flow mapping rule",
    access: "admin",
    body: {
      schema: flowRuleInputSchema,
      example: exampleRule,
    },
    etag: true,
    ok: [{ status: 201, description: "The new rule.", json: responses.flowRuleSchema }],
  },
  {
    method: "get",
    path: "/api/admin/flow-mappings/{id}",
    tag: "Admin",
    summary: "A flow mapping rule",
    description: "Every field a PUT or PATCH takes, and the server's own (readOnly: ids, dates, each step's number and days); it can be sent back to either as it was read.",
    access: "admin",
    etag: true,
    ok: [{ status: 200, description: "The rule.", json: responses.flowRuleSchema }],
    errors: { 404: "No such rule." },
    examples: { 404: [err(404, "Flow map not found.")] },
  },
  {
    method: "put",
    path: "/api/admin/flow-mappings/{id}",
    tag: "Admin",
    summary: "Replace a flow mapping rule",
    description: PUT_RULE,
    access: "admin",
    body: { schema: flowRuleInputSchema, example: { ...exampleRule, flowName: "Onboarding for retail" }, replace: true, resource: responses.flowRuleSchema },
    etag: true,
    ok: [{ status: 200, description: "The rule.", json: responses.flowRuleSchema }],
    errors: { 404: "No such rule." },
    examples: { 404: [err(404, "Flow map not found.")] },
  },
  {
    method: "patch",
    path: "/api/admin/flow-mappings/{id}",
    tag: "Admin",
    summary: "Change some fields of a flow mapping rule",
    description: "The fields sent replace the stored ones; the result is checked whole.",
    access: "admin",
    body: { schema: flowRuleInputSchema, example: { flowName: "Onboarding for retail" }, partial: true, resource: responses.flowRuleSchema },
    etag: true,
    ok: [{ status: 200, description: "The rule.", json: responses.flowRuleSchema }],
    errors: { 404: "No such rule." },
    examples: { 404: [err(404, "Flow map not found.")] },
  },
  {
    method: "delete",
    path: "/api/admin/flow-mappings/{id}",
    tag: "Admin",
    summary: "Delete a flow mapping rule",
    access: "admin",
    etag: true,
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such rule." },
    examples: { 404: [err(404, "Flow map not found.")] },
  },
  {
    method: "get",
    path: "/api/admin/users",
    tag: "Admin",
    summary: "Every user (one page)",
    access: "admin",
    query: listQuery(USER_TABLE),
    ok: [{ status: 200, description: "One page.", json: responses.adminUserPageSchema }],
    errors: { 422: "A query parameter is unknown or out of range." },
    examples: { 422: listQueryRefused },
  },
  {
    method: "get",
    path: "/api/admin/users/{id}",
    tag: "Admin",
    summary: "A user, as the list shows them",
    access: "admin",
    etag: true,
    ok: [{ status: 200, description: "The user.", json: responses.adminUserSchema }],
    errors: { 404: "No such user." },
    examples: { 404: [err(404, "User not found.")] },
  },
  {
    method: "patch",
    path: "/api/admin/users/{id}",
    tag: "Admin",
    summary: "Change a user's role or premium access",
    description: "The user as GET answers it may be sent back with its role or premium changed: the other fields are the user's own (readOnly) and are taken only unchanged.",
    access: "admin",
    body: { schema: userAccessApiSchema, example: { isPremium: true }, resource: responses.adminUserSchema },
    etag: true,
    ok: [{ status: 200, description: "The user.", json: responses.adminUserSchema }],
    errors: {
      404: "No such user.",
      409: "The last Admin keeps the role (LAST_ADMIN), or another change of Admin roles is being made at this moment (ROLE_CHANGE_BUSY): try again.",
    },
    examples: {
      404: [err(404, "User not found.")],
      409: [err(409, LAST_ADMIN_MESSAGE, "LAST_ADMIN"), err(409, ROLE_CHANGE_BUSY_MESSAGE, "ROLE_CHANGE_BUSY")],
    },
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/reset-link",
    tag: "Admin",
    summary: "Make a password reset link for a user",
    description: "The link is in the answer, not emailed: hand it to the user another way. It works once, for 1 hour. Recorded in the audit trail.",
    access: "admin",
    ok: [{ status: 201, description: "The link.", json: responses.resetLinkSchema }],
    errors: { 404: "No such user." },
    examples: { 404: [err(404, "User not found.")] },
  },
  {
    method: "delete",
    path: "/api/admin/users/{id}",
    tag: "Admin",
    summary: "Delete a user's account",
    description: "Deletes the account and every record of it, as the user's own deletion does. The audit trail keeps the event, without the email.",
    access: "admin",
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such user.", 409: "The user is the last Admin (LAST_ADMIN): make another user Admin first." },
    examples: {
      404: [err(404, "User not found.")],
      409: [err(409, LAST_ADMIN_DELETE_OTHER_MESSAGE, "LAST_ADMIN"), err(409, LAST_ADMIN_DELETE_SELF_MESSAGE, "LAST_ADMIN")],
    },
  },
  // Reference
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document",
    access: "public",
    ok: [
      {
        status: 200,
        description: "The OpenAPI 3.1 document.",
        json: {
          type: "object",
          description: "An OpenAPI 3.1 document (its own schema is https://spec.openapis.org/oas/3.1/schema/2022-10-07).",
          required: ["openapi", "info", "paths"],
          properties: { openapi: { type: "string", const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" }, components: { type: "object" } },
        },
      },
    ],
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Reference",
    summary: "The API reference, as a web page",
    access: "public",
    ok: [{ status: 200, description: "An HTML page rendered from this document.", files: { "text/html": "The reference page." } }],
  },
];

const GENERIC_ERRORS: Record<number, string> = {
  400: "The request is malformed: the address holds an encoded character that cannot be read, or the body is not JSON.",
  401: "Not signed in, or the bearer token is not valid (INVALID_TOKEN).",
  402: "A premium subscription is needed.",
  403: "Not allowed: an Admin-only endpoint, a state-changing request from another site that carries cookies, or a write signed with a read-only token (READ_ONLY_TOKEN).",
  404: "Not found (or not yours).",
  405: "The address does not answer this method; Allow lists the ones it does.",
  409: "Conflicts with the current state.",
  412: "If-Match names a version the resource no longer has: someone changed it since you read it. The answer carries the current ETag; read the resource again and re-apply your change.",
  413: "The request body is larger than the limit.",
  415: "The request body is not declared as JSON (send Content-Type: application/json).",
  422: "The input is not valid: a field or a query parameter the operation does not take, a body where it takes none, or a value it refuses; `errors` names each with a message.",
  429: "Too many requests; Retry-After says when to try again.",
  502: "An upstream service (the AI model, a website) failed.",
  503: "The database cannot save right now (disk full); Retry-After says when to try again.",
};

const isStateChanging = (method: Method) => method !== "get";

/** Every POST takes an Idempotency-Key, but the ones that say not (signing in and out, which are safe to repeat). */
export const takesIdempotencyKey = (op: Pick<OperationSpec, "method" | "idempotent">) => op.idempotent ?? op.method === "post";
/**
 * Browser navigations and sign-out: their query parameters are the identity provider's or the
 * linking page's, and sign-out takes a form. Their GETs answer only redirects and are left out of
 * the document (docs/decisions/169; the route modules say so with `browserNavigations`).
 */
const BROWSER_NAVIGATIONS = new Set(["/api/login", "/api/login/callback", "/api/logout"]);
/** What a query parameter an operation does not take answers (the boundary names each one). */
const UNKNOWN_QUERY_EXAMPLE = "Unknown query parameter: unexpected. Remove it.";

/** The 405 of a path: the methods the document lists for it, and GET where it is a browser navigation (answered, not listed). */
function methodsOf(path: string) {
  const methods = OPERATIONS.filter((op) => op.path === path).map((op) => op.method.toUpperCase());
  if (BROWSER_NAVIGATIONS.has(path) && !methods.includes("GET")) methods.unshift("GET");
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** A 422 as the body's own schema gives it: for an empty body, and for a field the schema does not know. */
function validationExamples(op: OperationSpec): ErrorBody[] {
  if (!op.body) return [];
  const examples: ErrorBody[] = [];
  const refused = (errors: Record<string, string>) => examples.push(err(422, Object.values(errors)[0] ?? "The request is not valid.", "VALIDATION_FAILED", errors));
  const probes: unknown[] = [...(op.body.partial ? [] : [{}]), ...(op.body.invalid === undefined ? [] : [op.body.invalid])];
  for (const input of probes) {
    const result = z.safeParse(op.body.schema as z.ZodType, input);
    const missing = op.body.replace ? missingFields(op.body.schema, input as Record<string, unknown>) : {};
    if (!result.success) refused({ ...missing, ...fieldErrorsOf(result.error) });
    else if (Object.keys(missing).length) refused(missing);
  }
  const unknown = unknownFields(op.body.schema, { ...(op.body.example as object), unexpectedField: true });
  if (Object.keys(unknown).length) refused(unknown);
  return examples;
}

/** Every error status an operation answers, with why and real answers as examples. */
export function errorStatuses(op: OperationSpec): Record<number, string> {
  return Object.fromEntries(Object.entries(errorAnswers(op)).map(([status, answer]) => [status, answer.why]));
}

function errorAnswers(op: OperationSpec): Record<number, { why: string; examples: ErrorBody[] }> {
  const answers: Record<number, { why: string; examples: ErrorBody[] }> = {};
  const add = (status: number, examples: ErrorBody[], why?: string) => {
    const answer = (answers[status] ??= { why: why ?? op.errors?.[status] ?? GENERIC_ERRORS[status], examples: [] });
    for (const example of examples) if (!answer.examples.some((known) => JSON.stringify(known) === JSON.stringify(example))) answer.examples.push(example);
  };
  for (const [status, examples] of Object.entries(op.examples ?? {})) add(Number(status), examples ?? []);
  for (const status of Object.keys(op.errors ?? {}).map(Number)) add(status, []);
  const signedIn = op.access === "user" || op.access === "admin";
  add(400, [err(400, BAD_ADDRESS_MESSAGE)]);
  if (!BROWSER_NAVIGATIONS.has(op.path)) add(422, [err(422, UNKNOWN_QUERY_EXAMPLE, "VALIDATION_FAILED", { unexpected: UNKNOWN_FIELD_MESSAGE })]);
  if (!op.body && op.method !== "get" && !BROWSER_NAVIGATIONS.has(op.path)) add(422, [err(422, NO_BODY_MESSAGE, "VALIDATION_FAILED", { _body: NO_BODY_MESSAGE })]);
  if (op.etag && ["put", "patch", "delete"].includes(op.method)) add(412, [{ ...err(412, PRECONDITION_FAILED_MESSAGE), etag: '"3q2-7wEjKx0mBq5zJv1c4FQa8dE"' }]);
  add(
    401,
    [...(signedIn ? [err(401, API_SIGNED_OUT_MESSAGE)] : []), err(401, INVALID_TOKEN_MESSAGE, "INVALID_TOKEN")],
    signedIn ? undefined : "The bearer token sent is not valid (INVALID_TOKEN); the call needs no sign-in otherwise.",
  );
  if (op.access === "admin") add(403, [err(403, "Admin access required")]);
  if (op.body) {
    add(400, [err(400, "The request body is not valid JSON.", "INVALID_JSON")]);
    add(413, [err(413, TOO_LARGE_MESSAGE)]);
    add(415, [err(415, "Send the request body as JSON with Content-Type: application/json.")]);
    add(422, validationExamples(op));
  }
  if (isStateChanging(op.method) && !op.ok.every((s) => s.redirect)) {
    add(403, [err(403, CROSS_SITE_MESSAGE, "CROSS_SITE_REQUEST"), err(403, READ_ONLY_TOKEN_MESSAGE, "READ_ONLY_TOKEN")]);
    add(503, [err(503, STORAGE_UNAVAILABLE_MESSAGE, "STORAGE_UNAVAILABLE")]);
  }
  add(405, [err(405, methodNotAllowedMessage(methodsOf(op.path)))]);
  if (takesIdempotencyKey(op)) {
    add(
      429,
      [err(429, IDEMPOTENCY_RATE_LIMIT_MESSAGE(42))],
      op.errors?.[429]
        ? `${op.errors[429]} Or too many requests with an Idempotency-Key in a minute.`
        : "Too many requests with an Idempotency-Key in a minute; Retry-After says when to try again.",
    );
    add(
      409,
      [err(409, IDEMPOTENCY_IN_PROGRESS_MESSAGE, "IDEMPOTENCY_IN_PROGRESS")],
      op.errors?.[409]
        ? `${op.errors[409]} Or the first request with this Idempotency-Key is still being answered (IDEMPOTENCY_IN_PROGRESS).`
        : "The first request with this Idempotency-Key is still being answered (IDEMPOTENCY_IN_PROGRESS).",
    );
    add(422, [
      err(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, "IDEMPOTENCY_KEY_REUSED", { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_REUSED_MESSAGE }),
      err(422, IDEMPOTENCY_KEY_INVALID_MESSAGE, "VALIDATION_FAILED", { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_KEY_INVALID_MESSAGE }),
    ]);
  }
  for (const [status, answer] of Object.entries(answers)) {
    if (answer.examples.length === 0) throw new Error(`${op.method.toUpperCase()} ${op.path} documents ${status} without an example answer.`);
  }
  return Object.fromEntries(Object.entries(answers).sort(([a], [b]) => Number(a) - Number(b)));
}

function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** Objects with listed properties take no others (the API refuses unknown fields, naming them). */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (typeof schema !== "object" || schema === null) return schema;
  const result: JsonSchema = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closeObjects(value)]));
  if (result.properties && result.additionalProperties === undefined) result.additionalProperties = false;
  return result;
}

/**
 * What a body's JSON Schema cannot learn from zod's types alone, read from the checks themselves:
 * a field that accepts being left out is not required (a pipe that reads the raw value first looks
 * required to zod), and a choice that accepts "" (no answer) lists it.
 */
function acceptsWhatItChecks(ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  const def = ctx.zodSchema._zod.def as { type: string; shape?: Record<string, z.core.$ZodType> };
  const json = ctx.jsonSchema;
  if (def.type === "object" && def.shape && Array.isArray(json.required)) {
    json.required = (json.required as string[]).filter((key) => !def.shape?.[key] || !z.safeParse(def.shape[key] as z.ZodType, undefined).success);
    if ((json.required as string[]).length === 0) delete json.required;
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, field] of Object.entries(def.shape)) {
      const property = properties[key];
      if (Array.isArray(property?.enum) && !property.enum.includes("") && z.safeParse(field as z.ZodType, "").success) property.enum = [...property.enum, ""];
    }
  }
}

/** A field's JSON Schema as the resource's GET answers it. */
function readSchemaOf(field: z.core.$ZodType): JsonSchema {
  return stripDialect(z.toJSONSchema(field, { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema);
}

/** The write's schema takes the resource's server fields too (readOnly: sent back unchanged, or left out). */
function withServerFields(schema: JsonSchema, resource: z.ZodObject) {
  const rules = serverFieldsOf(resource);
  const shape = resource.shape;
  const properties = (schema.properties ??= {}) as Record<string, JsonSchema>;
  for (const field of rules.fields) properties[field] ??= { ...readSchemaOf(shape[field]!), readOnly: true };
  for (const [list, rule] of Object.entries(rules.items ?? {})) {
    const items = properties[list]?.items as JsonSchema | undefined;
    const element = (shape[list] as z.ZodArray<z.ZodObject>).element.shape;
    if (!items) continue;
    const itemProperties = (items.properties ??= {}) as Record<string, JsonSchema>;
    for (const field of rule.fields) itemProperties[field] ??= { ...readSchemaOf(element[field]!), readOnly: true };
  }
}

function requestSchema(body: Body): JsonSchema {
  const generated = stripDialect(z.toJSONSchema(body.schema, { io: "input", unrepresentable: "any", target: "draft-2020-12", override: acceptsWhatItChecks }) as JsonSchema);
  const schema = (shapeOf(body.schema) ? closeObjects(generated) : generated) as JsonSchema;
  if (body.resource) withServerFields(schema, body.resource);
  if (body.replace) schema.required = fieldsAPutMustSend(body.schema);
  if (body.partial) delete schema.required;
  return schema;
}

/**
 * The JSON export's schema (docs/flow-export.schema.json, also served at
 * /schemas/flow-export.schema.json) as a component: its definitions become the component's
 * `$defs`, and its references point at them there.
 */
function flowExportComponent(): JsonSchema {
  const { $schema: _dialect, $id: _id, definitions, ...rest } = exportSchema as JsonSchema;
  const text = JSON.stringify({ ...rest, $defs: definitions }).replaceAll('"#/definitions/', `"${COMPONENT}FlowExport/$defs/`);
  return JSON.parse(text) as JsonSchema;
}

function componentSchemas() {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { io: "output", unrepresentable: "any", uri: (id) => `${COMPONENT}${id}` });
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) components[id] = stripDialect(schema as JsonSchema);
  components.FlowExport = flowExportComponent();
  components.KlaviyoExport = KLAVIYO_EXPORT_COMPONENT;
  return components;
}

function responseObject(success: Success) {
  const headers = success.headers
    ? Object.fromEntries(Object.entries(success.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]))
    : undefined;
  if (success.redirect) return { description: success.description, headers: { Location: { description: "Where to go next.", schema: { type: "string" } } } };
  if (success.empty) return { description: success.description, ...(headers ? { headers } : {}) };
  if (success.events)
    return {
      description: success.description,
      ...(headers ? { headers } : {}),
      content: { "text/event-stream": eventStreamMedia(success.events, success.eventsExample ?? EVENT_STREAM_EXAMPLE) },
    };
  if (success.files) {
    return {
      description: success.description,
      ...(headers ? { headers } : {}),
      content: Object.fromEntries(
        Object.entries(success.files).map(([type, description]) => [
          type,
          { schema: type === "application/json" ? { ...(success.jsonFile ?? { $ref: `${COMPONENT}FlowExport` }), description } : { type: "string", description } },
        ]),
      ),
    };
  }
  const schema = success.json instanceof z.ZodType ? ref(success.json) : (success.json ?? {});
  return { description: success.description, ...(headers ? { headers } : {}), content: { "application/json": { schema } } };
}

/**
 * A text/event-stream body: the stream is text (lines of `event:`, `id:`, `data:`, and `:` comments);
 * `x-events` names each event with the schema of its `data` (one line of JSON), and the example
 * is a whole stream as the server writes it.
 */
function eventStreamMedia(events: NonNullable<Success["events"]>, example: string) {
  const names = Object.keys(events);
  return {
    schema: {
      type: "string",
      description: `Server-Sent Events: ${names.map((name) => `\`${name}\``).join(", ")}. Each event has an \`id\` (send the last one back as Last-Event-ID when reconnecting) and \`data\`, one line of JSON; lines starting with \`:\` are keep-alive comments.`,
    },
    "x-events": Object.fromEntries(Object.entries(events).map(([name, { description, data }]) => [name, { description, data: ref(data) }])),
    example,
  };
}

function pathParameters(path: string): Parameter[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    if (name === "flowType") return { name, in: "path", required: true, description: "The flow type.", schema: { type: "string", enum: [...FLOW_TYPES] } };
    if (name === "versionId") return idParam(name, "The version's id.");
    if (path.startsWith("/api/user/tokens")) return idParam(name, "The token's id.");
    if (path.startsWith("/api/ai-flow-generations")) return idParam(name, "The generation's id (the end of a 202's Location).");
    if (path.startsWith("/api/ai-flow-content-writings")) return idParam(name, "The content writing's id (the end of a 202's Location).");
    return path.startsWith("/api/touchpoints") ? idParam(name, "The touchpoint's id.") : path.startsWith("/api/ai-flows") ? flowId : idParam(name, "The id.");
  });
}

export function operationId(op: OperationSpec) {
  const words = op.path
    .replace(/^\/api\//, "")
    .replace(/\.json$/, "Json")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? `By${part[1].toUpperCase()}${part.slice(2, -1)}` : part));
  return [op.method, ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
}

/** Headers every answer, or a kind of answer, carries: described once, referenced by each response. */
const HEADER_COMPONENTS = {
  RequestId: {
    description:
      "The request's id: the X-Request-Id the request sent when it is 1 to 128 visible characters (letters, digits and . _ - : / + =), else one the server made. Error bodies carry it as requestId, and the server's log lines about the request name it.",
    schema: { type: "string", maxLength: 128 },
  },
  ETag: {
    description: "The resource's current version. Send it back as If-Match on a PUT, PATCH or DELETE so the write fails (412) instead of overwriting a change you have not seen.",
    schema: { type: "string" },
  },
  RateLimitLimit: {
    description:
      "How many requests the limit this request met allows in its sliding window (of several, the one with the least left). Sent on answers to requests a limit counted or checked: sign-in, sign-up, password checks and reset requests, new questionnaire drafts, Klaviyo connection attempts, and every request with an Idempotency-Key.",
    schema: { type: "integer", minimum: 1 },
  },
  RateLimitRemaining: {
    description: "How many more requests that limit lets in now. 0 on a 429.",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitReset: {
    description: "Seconds until the oldest request the limit counts leaves its window, so one more fits (on a 429, the same as Retry-After); 0 when it counts none.",
    schema: { type: "integer", minimum: 0 },
  },
};
const headerRef = (name: keyof typeof HEADER_COMPONENTS) => ({ $ref: `#/components/headers/${name}` });
const ifMatchParameter: Parameter = {
  name: "If-Match",
  in: "header",
  description:
    "The ETag of the resource as you read it (or a list of them, or *). When the resource has changed since, nothing is written and the answer is 412 PRECONDITION_FAILED with the current ETag. Without it the write is made whatever the resource's version.",
  schema: { type: "string" },
};
const writesOne = (op: OperationSpec) => op.etag === true && ["put", "patch", "delete"].includes(op.method);

/** The RateLimit headers of an operation a limit counts (one that can answer 429: web/rate-limit-headers.server.ts). */
function rateLimitHeaders(limited: boolean) {
  return limited ? { "RateLimit-Limit": headerRef("RateLimitLimit"), "RateLimit-Remaining": headerRef("RateLimitRemaining"), "RateLimit-Reset": headerRef("RateLimitReset") } : {};
}

function operationObject(op: OperationSpec) {
  const responsesByStatus: Record<string, unknown> = {};
  const errors = errorAnswers(op);
  const limited = "429" in errors;
  for (const success of op.ok) {
    const answer = responseObject(success) as { headers?: Record<string, unknown> };
    answer.headers = { ...answer.headers, "X-Request-Id": headerRef("RequestId"), ...rateLimitHeaders(limited) };
    if (op.etag && op.method !== "delete") answer.headers.ETag = headerRef("ETag");
    if (takesIdempotencyKey(op))
      answer.headers = {
        ...answer.headers,
        [REPLAYED_HEADER]: { description: "true when this is the kept answer to an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
      };
    responsesByStatus[String(success.status)] = answer;
  }
  for (const [status, { why, examples }] of Object.entries(errors)) {
    const named: Record<string, { value: ErrorBody }> = {};
    for (const example of examples) {
      let name: string = example.code;
      for (let n = 2; named[name]; n++) name = `${example.code}_${n}`;
      named[name] = { value: example };
    }
    responsesByStatus[status] = {
      description: why,
      headers: {
        "X-Request-Id": headerRef("RequestId"),
        ...rateLimitHeaders(limited),
        ...(status === "405" ? { Allow: { description: "The methods the address answers.", schema: { type: "string" } } } : {}),
        ...(status === "412" ? { ETag: headerRef("ETag") } : {}),
        ...(status === "429" || status === "503" ? { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "string" } } } : {}),
      },
      content: { "application/json": { schema: ref(responses.apiErrorSchema), examples: named } },
    };
  }
  const parameters = [
    ...pathParameters(op.path),
    ...(op.query ?? []),
    ...(takesIdempotencyKey(op) ? [idempotencyParameter] : []),
    ...(op.respondAsync ? [preferParameter] : []),
    ...(writesOne(op) ? [ifMatchParameter] : []),
  ];
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.access === "user" || op.access === "admin" ? { security: SIGNED_IN } : { security: [{}, ...SIGNED_IN] }),
    "x-access": op.access,
    ...(op.body
      ? {
          requestBody: {
            required: true,
            ...(op.body.description ? { description: op.body.description } : {}),
            content: { "application/json": { schema: requestSchema(op.body), ...(op.body.examples ? { examples: op.body.examples } : { example: op.body.example }) } },
          },
        }
      : {}),
    responses: responsesByStatus,
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: "Sign-up, sign-in and sign-out.",
  Account: "Your name, password and access tokens.",
  Onboarding: "The business questionnaire: drafts, submission and your saved answers.",
  Flows: "Generated email and SMS flows, their versions, conversation and touchpoints.",
  Content: "Written copy for a flow (premium) and exports.",
  Benchmarks: "Industry medians, your own figures and your scorecard (premium).",
  Klaviyo: "Connecting your Klaviyo account and sending a flow to it as a draft.",
  Research: "Filling answers from your website.",
  Admin: "Users, flow-mapping rules and onboarding answers (role Admin).",
  Reference: "This document and the reference page.",
};

/** Either scheme signs a call in, as the same user with the same role and plan. */
const SIGNED_IN = [{ bearerToken: [] }, { sessionCookie: [] }];

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document (built once per process: it depends only on the code). */
export function openApiDocument() {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Flowmap API",
      version: API_VERSION,
      license: { name: "Proprietary", identifier: "LicenseRef-Flowmap-Proprietary" },
      description:
        "Plan lifecycle email and SMS flows. Every endpoint answers JSON (but the exports, which answer files, and a generation's progress stream, Server-Sent Events); errors are `{ message, code, errors? }`, `code` machine-readable. Scripts sign their calls with a personal access token (`Authorization: Bearer <token>`; create one with POST /api/user/tokens or on User Settings); browsers use the `fm_session` cookie set by POST /api/auth/login. Either way the call acts as the same user. State-changing calls from another site that carry cookies are refused (403). Browser navigations that answer only redirects (GET /api/login, GET /api/login/callback, GET /api/logout: third-party sign-in and sign-out by link) are not API operations and are not listed. Addresses that moved (/api/ai-flows/by-type/{flowType}, /api/ai-flows/touchpoints/{id}, /api/ai-flows/generations/{id}) still answer, with Deprecation, Sunset and a Link to the listed successor.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal access token (POST /api/user/tokens, or User Settings in the app): `Authorization: Bearer <token>`. A bad, expired or revoked token answers 401 INVALID_TOKEN; a read-only token may only read (anything else is 403 READ_ONLY_TOKEN).",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie set by sign-in." },
      },
      schemas: componentSchemas(),
      headers: HEADER_COMPONENTS,
    },
  };
  return cached;
}
