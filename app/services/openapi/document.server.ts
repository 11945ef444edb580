import { z } from "zod";

import { ALL_FLOWS_EXPORT_FORMATS, EXPORT_FORMATS } from "~/lib/content/export/model";
import { FLOW_TYPES } from "~/lib/flow-types";
import { createApiTokenSchema } from "~/lib/api/tokens";
import * as responses from "~/lib/api/responses";
import { generateFlowSchema, regenerateFlowSchema, touchpointEditSchema } from "~/lib/flows/types";
import { changePasswordApiSchema, loginApiSchema, profileNameSchema, registerApiSchema } from "~/lib/schemas/auth";
import { editAnswersSchema, fullQuestionnaireSchema, questionnaireSubmitSchema, waitlistSchema } from "~/lib/schemas/questionnaire";
import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { flowMappingInputSchema } from "~/services/admin/flow-mapping-schema";
import { userAccessSchema } from "~/services/admin/users.server";
import { jsonObjectSchema } from "~/services/api.server";
import { userMetricsInputSchema } from "~/services/benchmarks/metrics-input";
import { draftInputSchema } from "~/services/questionnaire/drafts.server";
import { appVersion } from "~/services/version.server";

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
}

interface Success {
  status: number;
  description: string;
  /** A JSON body, described by a zod schema or a JSON Schema built from component references. */
  json?: z.ZodType | JsonSchema;
  /** A file download: media type → description. */
  files?: Record<string, string>;
  /** A browser redirect (302) with no JSON body. */
  redirect?: boolean;
  headers?: Record<string, string>;
}

interface Parameter {
  name: string;
  in: "query" | "path";
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
}

const ref = (schema: z.ZodType): JsonSchema => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("A response schema needs a component id (.meta({ id })).");
  return { $ref: `${COMPONENT}${id}` };
};
const listOf = (schema: z.ZodType): JsonSchema => ({ type: "array", items: ref(schema) });
const nullable = (schema: z.ZodType): JsonSchema => ({ oneOf: [ref(schema), { type: "null" }] });

const idParam = (name: string, description: string): Parameter => ({ name, in: "path", required: true, description, schema: { type: "string" } });
const listQuery: Parameter[] = [
  { name: "q", in: "query", description: "Search text (also accepted as `query`).", schema: { type: "string" } },
  { name: "page", in: "query", description: "The page, from 1 (50 rows a page).", schema: { type: "integer", minimum: 1 } },
  { name: "sort", in: "query", description: "The column to sort by.", schema: { type: "string" } },
  { name: "dir", in: "query", description: "Sort direction.", schema: { type: "string", enum: ["asc", "desc"] } },
];
const pagingHeaders = { "X-Total-Count": "Rows in all pages.", "X-Page": "This page, from 1.", "X-Page-Size": "Rows per page." };
const exportFiles = {
  "text/markdown": "Markdown (format=md).",
  "text/csv": "CSV (format=csv).",
  "application/json": "JSON (format=json).",
  "text/html": "A standalone HTML page (format=html).",
};

const flowId = idParam("id", "The flow's id.");
const exampleFlowInput = { flowType: "onboarding", customContext: "We sell handmade ceramics; keep the tone warm." };
const exampleTouchpoint = { title: "Welcome", primaryGoal: "Greet the new customer", keyMessages: "Who we are", callToAction: "Shop now", delayDays: 0 };
const exampleAnswers = { companyName: "Leaf & Kettle", businessType: "eCommerce", industry: "Food & Beverage" };
const exampleAccount = { firstName: "Jane", lastName: "Doe", email: "jane@example.com", password: "correct horse battery" };

/** Every operation of the API. The contract tests fail when this and the route files disagree. */
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
    errors: { 409: "The email is already registered.", 429: "Too many sign-ups from this address; Retry-After says when to try again." },
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Auth",
    summary: "Sign in with email and password",
    access: "public",
    body: { schema: loginApiSchema, example: { email: "jane@example.com", password: "correct horse battery" } },
    ok: [{ status: 200, description: "The signed-in user (the session cookie is set).", json: responses.currentUserSchema, headers: { "Set-Cookie": "The session cookie." } }],
    errors: { 401: "The email or password is wrong.", 429: "Too many attempts; Retry-After says when to try again." },
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
    method: "get",
    path: "/api/login",
    tag: "Auth",
    summary: "Start third-party sign-in (a browser navigation)",
    access: "public",
    ok: [{ status: 302, description: "To the identity provider, or back to /login when none is configured.", redirect: true }],
  },
  {
    method: "get",
    path: "/api/login/callback",
    tag: "Auth",
    summary: "Where the identity provider returns the browser",
    access: "public",
    ok: [{ status: 302, description: "Signed in and on to the app, or back to /login with a message.", redirect: true }],
  },
  {
    method: "get",
    path: "/api/logout",
    tag: "Auth",
    summary: "Sign out (a browser navigation)",
    description: "A navigation another site started only lands on the home page and signs nobody out.",
    access: "public",
    ok: [{ status: 302, description: "Signed out, to the home page.", redirect: true }],
  },
  {
    method: "post",
    path: "/api/logout",
    tag: "Auth",
    summary: "Sign out",
    description:
      "An API client that sends `Accept: application/json` (or a bearer token) gets 200 with a message; a browser is sent to the home page. Signing out does not revoke access tokens.",
    access: "public",
    ok: [
      { status: 200, description: "Signed out (the session cookie is cleared).", json: responses.messageOnlySchema },
      { status: 302, description: "Signed out (the session cookie is cleared), to the home page.", redirect: true },
    ],
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
    description: "Ends every other session of the user.",
    access: "user",
    body: { schema: changePasswordApiSchema, example: { currentPassword: "old secret 1", newPassword: "new secret 2" } },
    ok: [{ status: 200, description: "Changed.", json: responses.messageOnlySchema }],
    errors: { 400: "The account signs in with a third-party provider and has no password." },
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
    description: "The answer holds the token: the only time it is shown (only a hash is kept). Send it as `Authorization: Bearer <token>`.",
    access: "user",
    body: { schema: createApiTokenSchema, example: { name: "Reporting script" } },
    ok: [{ status: 201, description: "The new token, with its secret.", json: responses.apiTokenCreatedSchema }],
    errors: { 409: "The account holds the most tokens it may (TOO_MANY_TOKENS): revoke one first." },
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
  },
  // Onboarding and questionnaire
  {
    method: "get",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Your saved questionnaire",
    access: "user",
    ok: [{ status: 200, description: "The answers, or null before any were saved.", json: nullable(responses.onboardingSchema) }],
  },
  {
    method: "post",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Save the whole questionnaire (every answer checked)",
    access: "user",
    body: { schema: fullQuestionnaireSchema, example: exampleAnswers },
    ok: [
      { status: 201, description: "Saved for the first time.", json: responses.onboardingSavedSchema },
      { status: 200, description: "Replaced the saved answers.", json: responses.onboardingSavedSchema },
    ],
  },
  {
    method: "put",
    path: "/api/onboarding",
    tag: "Onboarding",
    summary: "Update the questionnaire (the edit-answers rules)",
    access: "user",
    body: { schema: editAnswersSchema, example: exampleAnswers },
    ok: [
      { status: 200, description: "Replaced the saved answers.", json: responses.onboardingSavedSchema },
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
    description: "`{ answers, step? }` or the answers themselves with an optional `step`. Only questionnaire answers are kept, never a password.",
    access: "optional",
    body: { schema: draftInputSchema, example: { answers: exampleAnswers, step: 2 } },
    ok: [{ status: 200, description: "The draft as kept.", json: responses.questionnaireDraftReplySchema }],
  },
  {
    method: "post",
    path: "/api/questionnaire/submit",
    tag: "Onboarding",
    summary: "Submit the questionnaire and create the account",
    access: "public",
    body: { schema: questionnaireSubmitSchema, example: { ...exampleAnswers, ...exampleAccount } },
    ok: [{ status: 201, description: "The new user, signed in.", json: responses.currentUserSchema, headers: { "Set-Cookie": "The session cookie." } }],
    errors: { 409: "The email is already registered.", 429: "Too many sign-ups from this address." },
  },
  {
    method: "post",
    path: "/api/waitlist/submit",
    tag: "Onboarding",
    summary: "Join the waitlist",
    description: "One entry per email; a repeat is answered exactly like the first.",
    access: "public",
    body: { schema: waitlistSchema, example: { firstName: "Jane", lastName: "Doe", email: "jane@example.com", companyName: "Leaf & Kettle", businessType: "eCommerce", industry: "Food & Beverage" } },
    ok: [{ status: 200, description: "Joined.", json: responses.messageOnlySchema }],
    errors: { 429: "Too many sign-ups from this address." },
  },
  // Flows
  {
    method: "post",
    path: "/api/ai-flows/generate",
    tag: "Flows",
    summary: "Generate a flow",
    access: "user",
    body: { schema: generateFlowSchema, example: exampleFlowInput },
    ok: [{ status: 201, description: "The new flow with its touchpoints.", json: responses.flowSchema }],
    errors: {
      402: "The flow type needs premium (code PREMIUM_REQUIRED).",
      409: "Onboarding is not done (ONBOARDING_REQUIRED), the flow exists (FLOW_EXISTS) or is being generated (GENERATION_IN_PROGRESS).",
      502: "The generator failed; nothing was stored.",
    },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}",
    tag: "Flows",
    summary: "A flow with its current touchpoints",
    access: "user",
    ok: [{ status: 200, description: "The flow.", json: responses.flowSchema }],
    errors: { 404: "No such flow of yours." },
  },
  {
    method: "delete",
    path: "/api/ai-flows/{id}",
    tag: "Flows",
    summary: "Delete a flow with its versions and conversation",
    access: "user",
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such flow of yours." },
  },
  {
    method: "get",
    path: "/api/ai-flows/by-type/{flowType}",
    tag: "Flows",
    summary: "Your flow of one type",
    access: "user",
    ok: [{ status: 200, description: "An empty list, or a list with your one flow of the type.", json: listOf(responses.flowSchema) }],
    errors: { 400: "Unknown flow type." },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/versions",
    tag: "Flows",
    summary: "A flow's saved versions, newest first",
    access: "user",
    ok: [{ status: 200, description: "The versions with their touchpoints.", json: listOf(responses.versionSchema) }],
    errors: { 404: "No such flow of yours." },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/versions/{versionId}/rollback",
    tag: "Flows",
    summary: "Roll a flow back to a saved version",
    description: "The current content is saved as a backup version first.",
    access: "user",
    ok: [{ status: 200, description: "The flow as restored, and the versions involved.", json: responses.rollbackResultSchema }],
    errors: { 404: "No such flow of yours, or the version is not one of this flow's." },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/messages",
    tag: "Flows",
    summary: "A flow's conversation, in order",
    access: "user",
    ok: [{ status: 200, description: "The messages (user, assistant, system).", json: listOf(responses.messageSchema) }],
    errors: { 404: "No such flow of yours." },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/regenerate",
    tag: "Flows",
    summary: "Regenerate a flow from feedback",
    access: "user",
    body: { schema: regenerateFlowSchema, example: { feedback: "Make the second email shorter." } },
    ok: [{ status: 200, description: "The new flow and the version it replaced.", json: responses.regenerateResultSchema }],
    errors: { 402: "Premium flow type (PREMIUM_REQUIRED).", 404: "No such flow of yours.", 409: "A regeneration is already running.", 502: "The generator failed." },
  },
  {
    method: "put",
    path: "/api/ai-flows/touchpoints/{id}",
    tag: "Flows",
    summary: "Edit a touchpoint",
    access: "user",
    body: { schema: touchpointEditSchema, example: exampleTouchpoint },
    ok: [{ status: 200, description: "The touchpoint.", json: responses.touchpointSchema }],
    errors: { 404: "No such touchpoint of yours." },
  },
  {
    method: "delete",
    path: "/api/ai-flows/touchpoints/{id}",
    tag: "Flows",
    summary: "Delete a touchpoint",
    access: "user",
    ok: [{ status: 200, description: "The flow, its touchpoints renumbered.", json: responses.touchpointDeletedSchema }],
    errors: { 404: "No such touchpoint of yours." },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/content",
    tag: "Content",
    summary: "The written content of a flow (premium)",
    access: "user",
    ok: [{ status: 200, description: "The content per touchpoint.", json: responses.flowContentSchema }],
    errors: { 402: "Premium only (PREMIUM_REQUIRED).", 404: "No such flow of yours, or no content written yet." },
  },
  {
    method: "post",
    path: "/api/ai-flows/{id}/content",
    tag: "Content",
    summary: "Write the content of every touchpoint (premium)",
    access: "user",
    ok: [{ status: 200, description: "The content written.", json: responses.flowContentSchema }],
    errors: { 402: "Premium only (PREMIUM_REQUIRED).", 404: "No such flow of yours.", 409: "Content is already being written.", 502: "The writer failed; nothing was stored." },
  },
  {
    method: "get",
    path: "/api/ai-flows/{id}/export",
    tag: "Content",
    summary: "Download one flow",
    description: "Content is included for premium users.",
    access: "user",
    query: [{ name: "format", in: "query", required: true, description: "The file format.", schema: { type: "string", enum: [...EXPORT_FORMATS] } }],
    ok: [{ status: 200, description: "The file (Content-Disposition: attachment).", files: exportFiles }],
    errors: { 404: "No such flow of yours.", 422: "Unknown export format." },
  },
  {
    method: "get",
    path: "/api/ai-flows/export",
    tag: "Content",
    summary: "Download every flow in one file",
    access: "user",
    query: [{ name: "format", in: "query", required: true, description: "The file format.", schema: { type: "string", enum: [...ALL_FLOWS_EXPORT_FORMATS] } }],
    ok: [{ status: 200, description: "The file (Content-Disposition: attachment).", files: { "application/json": exportFiles["application/json"], "text/markdown": exportFiles["text/markdown"] } }],
    errors: { 422: "Unknown export format." },
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
    body: { schema: benchmarkInputSchema, example: { benchmarkType: "Onboarding Flows", performanceIndicator: "Open Rate (Email)", industryMedian: "42%", industry: "Retail", businessType: "eCommerce" } },
    ok: [{ status: 201, description: "The new benchmark.", json: responses.adminBenchmarkSchema }],
    errors: { 409: "A benchmark for this peer group and indicator exists." },
  },
  {
    method: "put",
    path: "/api/benchmarks/{id}",
    tag: "Benchmarks",
    summary: "Change a benchmark (Admin)",
    description: "Send the fields that change.",
    access: "admin",
    body: { schema: jsonObjectSchema, example: { industryMedian: "43.5%" } },
    ok: [{ status: 200, description: "The benchmark.", json: responses.adminBenchmarkSchema }],
    errors: { 404: "No such benchmark.", 409: "Another benchmark has this peer group and indicator." },
  },
  {
    method: "delete",
    path: "/api/benchmarks/{id}",
    tag: "Benchmarks",
    summary: "Delete a benchmark (Admin)",
    access: "admin",
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such benchmark." },
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
  // Research
  {
    method: "post",
    path: "/api/ai-research/perform",
    tag: "Research",
    summary: "Research your website and fill the answers it supports",
    description: "No request body.",
    access: "user",
    ok: [{ status: 200, description: "The updated user and the answers filled.", json: responses.researchResultSchema }],
    errors: { 409: "Research is already running (RESEARCH_RUNNING).", 422: "There is no website to research, or it is not allowed (a private address).", 502: "The website or the model could not be reached." },
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
    query: listQuery,
    ok: [{ status: 200, description: "One page of 50; the paging is in the headers.", json: listOf(responses.onboardingRowSchema), headers: pagingHeaders }],
  },
  {
    method: "get",
    path: "/api/admin/flow-mappings",
    tag: "Admin",
    summary: "The flow mapping rules (one page)",
    access: "admin",
    query: listQuery,
    ok: [{ status: 200, description: "One page of 50.", json: responses.flowMappingPageSchema }],
  },
  {
    method: "post",
    path: "/api/admin/flow-mappings",
    tag: "Admin",
    summary: "Add a flow mapping rule",
    access: "admin",
    body: {
      schema: flowMappingInputSchema,
      example: {
        flowName: "Welcome series",
        flowType: "onboarding",
        steps: [{ channel: "Email", title: "Welcome", timing: { type: "immediate" }, primaryGoal: "Greet", keyMessages: "Who we are", callToAction: "Shop now" }],
      },
    },
    ok: [{ status: 201, description: "The new rule.", json: responses.flowMappingSchema }],
    errors: { 409: "A rule with these conditions exists." },
  },
  {
    method: "put",
    path: "/api/admin/flow-mappings/{id}",
    tag: "Admin",
    summary: "Change a flow mapping rule",
    description: "Send the fields that change.",
    access: "admin",
    body: { schema: jsonObjectSchema, example: { flowName: "Onboarding for retail" }, description: "The rule's fields that change; the result is checked whole." },
    ok: [{ status: 200, description: "The rule.", json: responses.flowMappingSchema }],
    errors: { 404: "No such rule.", 409: "Another rule has these conditions." },
  },
  {
    method: "delete",
    path: "/api/admin/flow-mappings/{id}",
    tag: "Admin",
    summary: "Delete a flow mapping rule",
    access: "admin",
    ok: [{ status: 200, description: "Deleted.", json: responses.messageOnlySchema }],
    errors: { 404: "No such rule." },
  },
  {
    method: "get",
    path: "/api/admin/users",
    tag: "Admin",
    summary: "Every user (one page)",
    access: "admin",
    query: listQuery,
    ok: [{ status: 200, description: "One page of 50.", json: responses.adminUserPageSchema }],
  },
  {
    method: "patch",
    path: "/api/admin/users/{id}",
    tag: "Admin",
    summary: "Change a user's role or premium access",
    access: "admin",
    body: { schema: userAccessSchema, example: { role: "Admin" } },
    ok: [{ status: 200, description: "The user.", json: responses.adminUserSchema }],
    errors: { 404: "No such user.", 409: "The last Admin keeps the role." },
  },
  // Reference
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document",
    access: "public",
    ok: [{ status: 200, description: "The OpenAPI 3.1 document.", json: { type: "object", required: ["openapi", "paths"] } }],
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
  400: "The request is malformed (the body is not JSON, or a parameter is unknown).",
  401: "Not signed in.",
  402: "A premium subscription is needed.",
  403: "Not allowed: an Admin-only endpoint, or a state-changing request from another site.",
  404: "Not found (or not yours).",
  409: "Conflicts with the current state.",
  413: "The request body is larger than the limit.",
  415: "The request body is not declared as JSON (send Content-Type: application/json).",
  422: "The input is not valid; `errors` has a message per field.",
  429: "Too many requests; Retry-After says when to try again.",
  502: "An upstream service (the AI model, a website) failed.",
};

const ERROR_EXAMPLES: Record<number, unknown> = {
  401: { message: "Authentication required" },
  402: { message: "This flow type needs a premium subscription. Upgrade to generate it.", code: "PREMIUM_REQUIRED" },
  403: { message: "Admin access required" },
  404: { message: "Flow not found." },
  409: { message: "A flow of this type already exists. Regenerate it instead.", code: "FLOW_EXISTS" },
  413: { message: "The request is too large." },
  415: { message: "Send the request body as JSON with Content-Type: application/json." },
  422: { message: "All touchpoint fields are required.", errors: { title: "All touchpoint fields are required." } },
  429: { message: "Too many attempts. Try again in 60 seconds." },
};

const isStateChanging = (method: Method) => method !== "get";

/** The statuses an operation answers besides its successes, with why. */
export function errorStatuses(op: OperationSpec): Record<number, string> {
  const statuses: Record<number, string> = {};
  const add = (status: number, why?: string) => {
    statuses[status] ??= why ?? GENERIC_ERRORS[status];
  };
  for (const [status, why] of Object.entries(op.errors ?? {})) add(Number(status), why);
  if (op.access === "user" || op.access === "admin") add(401);
  if (op.access === "admin") add(403, "Signed in, but not an Admin.");
  if (op.body) {
    add(400, "The body is not valid JSON.");
    add(413);
    add(415);
    add(422);
  }
  if (isStateChanging(op.method) && !op.ok.some((s) => s.redirect)) add(403, GENERIC_ERRORS[403]);
  return Object.fromEntries(Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b)));
}

function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

function requestSchema(schema: z.core.$ZodType): JsonSchema {
  return stripDialect(z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema);
}

function componentSchemas() {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { io: "output", unrepresentable: "any", uri: (id) => `${COMPONENT}${id}` });
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) components[id] = stripDialect(schema as JsonSchema);
  return components;
}

function responseObject(success: Success) {
  const headers = success.headers
    ? Object.fromEntries(Object.entries(success.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]))
    : undefined;
  if (success.redirect) return { description: success.description, headers: { Location: { description: "Where to go next.", schema: { type: "string" } } } };
  if (success.files) {
    return {
      description: success.description,
      ...(headers ? { headers } : {}),
      content: Object.fromEntries(Object.entries(success.files).map(([type, description]) => [type, { schema: { type: type === "application/json" ? "object" : "string", description } }])),
    };
  }
  const schema = success.json instanceof z.ZodType ? ref(success.json) : (success.json ?? {});
  return { description: success.description, ...(headers ? { headers } : {}), content: { "application/json": { schema } } };
}

function pathParameters(path: string): Parameter[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    if (name === "flowType") return { name, in: "path", required: true, description: "The flow type.", schema: { type: "string", enum: [...FLOW_TYPES] } };
    if (name === "versionId") return idParam(name, "The version's id.");
    if (path.startsWith("/api/user/tokens")) return idParam(name, "The token's id.");
    return path.startsWith("/api/ai-flows/touchpoints") ? idParam(name, "The touchpoint's id.") : path.startsWith("/api/ai-flows") ? flowId : idParam(name, "The id.");
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

function operationObject(op: OperationSpec) {
  const responsesByStatus: Record<string, unknown> = {};
  for (const success of op.ok) responsesByStatus[String(success.status)] = responseObject(success);
  for (const [status, why] of Object.entries(errorStatuses(op))) {
    const example = ERROR_EXAMPLES[Number(status)];
    responsesByStatus[status] = {
      description: why,
      content: { "application/json": { schema: ref(responses.apiErrorSchema), ...(example ? { example } : {}) } },
    };
  }
  const parameters = [...pathParameters(op.path), ...(op.query ?? [])];
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.access === "user" || op.access === "admin" ? { security: SIGNED_IN } : { security: [{}, ...SIGNED_IN] }),
    "x-access": op.access,
    ...(op.body
      ? { requestBody: {
            required: true,
            ...(op.body.description ? { description: op.body.description } : {}),
            content: { "application/json": { schema: requestSchema(op.body.schema), example: op.body.example } },
          }, }
      : {}),
    responses: responsesByStatus,
  };
}

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
      version: appVersion(),
      description:
        "Plan lifecycle email and SMS flows. Every endpoint answers JSON; errors are `{ message, code, errors? }`, `code` machine-readable. Scripts sign their calls with a personal access token (`Authorization: Bearer <token>`; create one with POST /api/user/tokens or on User Settings); browsers use the `fm_session` cookie set by POST /api/auth/login. Either way the call acts as the same user. State-changing calls from another site that carry cookies are refused (403).",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token (POST /api/user/tokens, or User Settings in the app): `Authorization: Bearer <token>`. A bad or revoked token answers 401 INVALID_TOKEN.",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie set by sign-in." },
      },
      schemas: componentSchemas(),
    },
  };
  return cached;
}
