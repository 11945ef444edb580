import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeParse, type $ZodType, type output } from "zod/v4/core";

import { errorCodeFor } from "~/lib/api/error-codes";
import { INVALID_TOKEN_CODE } from "~/services/auth/api-tokens.server";
import { bearerTokenOf, isBearerOnlyRequest, requireBearerUser } from "~/web/auth/bearer.server";
import { DOMAIN_ERROR_STATUS, fieldErrorsOf, isDomainError, UNKNOWN_FIELD_MESSAGE, type DomainError } from "~/services/domain-error";
import {
  BodyTooLargeError,
  fieldWithHiddenCharacters,
  HIDDEN_CHARACTERS_MESSAGE,
  MAX_REQUEST_BODY_BYTES,
  methodNotAllowedAnswer,
  readBodyWithin,
  TOO_LARGE_MESSAGE,
} from "~/web/boundary.server";
import { missingFields, unknownFields, wrongTypes } from "~/web/json-fields.server";
import { isCrossSiteRequest } from "~/web/origin.server";
import { observeRateLimits } from "~/models/rate-limit.server";
import { applyRateLimitHeaders } from "~/web/rate-limit-headers.server";
import { applySecurityHeaders } from "~/web/security.server";
import { isStorageFailure, storageUnavailable } from "~/services/storage-failure.server";

/** A JSON response with the security headers every response carries. */
export function apiJson(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  applySecurityHeaders(headers);
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * Every API error body: `{ message, code, errors? }`. `code` is machine-readable: the specific one
 * given, else its status's (one table, app/lib/api/error-codes.ts). A 401 names the schemes that
 * sign in (WWW-Authenticate).
 */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}, init: ResponseInit = {}) {
  const code = typeof extra.code === "string" ? extra.code : errorCodeFor(status);
  const headers = new Headers(init.headers);
  if (status === 401 && !headers.has("WWW-Authenticate")) {
    headers.set("WWW-Authenticate", code === INVALID_TOKEN_CODE ? 'Bearer realm="Flowmap", error="invalid_token"' : 'Bearer realm="Flowmap"');
  }
  return apiJson({ message, ...extra, code }, { ...init, headers, status });
}

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";

export { fieldErrorsOf } from "~/services/domain-error";

/** The API's answer to a service's DomainError: its status, `message`, and `errors`/`code` when set. */
export function apiDomainError(error: DomainError) {
  const extra: Record<string, unknown> = {};
  if (error.fieldErrors) extra.errors = error.fieldErrors;
  if (error.code) extra.code = error.code;
  const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } : {};
  return apiError(DOMAIN_ERROR_STATUS[error.kind], error.message, extra, { headers });
}

/** The largest JSON body the API accepts (the one request-body limit); bigger is refused while reading. */
export const MAX_JSON_BYTES = MAX_REQUEST_BODY_BYTES;

function isJsonContentType(value: string | null) {
  const type = (value ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** How a write reads its body. */
export interface ReadJsonOptions {
  /** A PUT: the body replaces the resource, so every field of the schema must be there (422 lists the missing ones). */
  replace?: boolean;
  /**
   * A PATCH whose service checks the merged result: a refused body names only the fields it sent
   * (the ones left out are no error here), so `{"businessModel": 3}` is not told a company name is missing.
   */
  partial?: boolean;
  /** Turns the body as sent into the one checked (drops the server's fields read back unchanged: web/server-fields.server.ts). */
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

function refuseFields(errors: Record<string, string>): never {
  throw apiError(422, Object.values(errors)[0] ?? "The request is not valid.", { errors });
}

/**
 * Names no resource has: a body's own `__proto__` (JSON.parse keeps it as a plain field) would be
 * lost from any error list built by assignment, and could reach an object's prototype in a merge,
 * so these are refused by name, like any unknown field, before anything else looks at the body.
 */
const RESERVED_FIELD_NAMES = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Reads a JSON object body. A body that is not declared as JSON is a 415, malformed JSON a 400, a
 * body over the limit a 413 (counted while it arrives, never buffered whole), anything but an
 * object a 422: each thrown as a Response the wrapper returns.
 */
async function readBodyObject(request: Request): Promise<Record<string, unknown>> {
  let bytes: Uint8Array;
  try {
    bytes = await readBodyWithin(request, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError || request.signal.aborted) throw apiError(413, TOO_LARGE_MESSAGE);
    throw apiError(400, "The request body could not be read.");
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() !== "" && !isJsonContentType(request.headers.get("Content-Type"))) {
    throw apiError(415, "Send the request body as JSON with Content-Type: application/json.");
  }
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, "The request body is not valid JSON.", { code: "INVALID_JSON" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(422, "The request body must be a JSON object.", { errors: { _form: "The request body must be a JSON object." } });
  }
  const reserved = Object.keys(body).filter((key) => RESERVED_FIELD_NAMES.has(key));
  if (reserved.length) refuseFields(Object.fromEntries(reserved.map((key) => [key, UNKNOWN_FIELD_MESSAGE])));
  const hidden = fieldWithHiddenCharacters(body);
  if (hidden) throw apiError(422, HIDDEN_CHARACTERS_MESSAGE, { errors: { [hidden]: HIDDEN_CHARACTERS_MESSAGE } });
  return body as Record<string, unknown>;
}

const prepared = (body: Record<string, unknown>, options: ReadJsonOptions) => (options.prepare ? options.prepare(body) : body);

/**
 * Reads and validates a JSON body against `schema`: a field the schema does not know is a 422
 * naming it, a failed check a 422 with a message per field, and for a PUT (`replace`) every field
 * must be sent. JSON types are taken as the schema declares them.
 */
export async function readJson<S extends $ZodType>(request: Request, schema: S, options: ReadJsonOptions = {}): Promise<output<S>> {
  const body = prepared(await readBodyObject(request), options);
  const result = safeParse(schema, body);
  // The schema's own messages (the spec's) come first and win for a field both name.
  const errors = { ...(result.success ? {} : fieldErrorsOf(result.error)), ...withoutKnown(structuralErrors(schema, body, options), result) };
  if (!result.success || Object.keys(errors).length) refuseFields(errors);
  return result.data;
}

/**
 * What a body breaks before any value is checked: fields the schema does not know, values of a
 * JSON type it does not take (nothing is converted), and for a PUT the fields left out.
 */
function structuralErrors(schema: $ZodType, body: Record<string, unknown>, options: ReadJsonOptions) {
  return { ...unknownFields(schema, body), ...wrongTypes(schema, body), ...(options.replace ? missingFields(schema, body) : {}) };
}

/** The structural errors for the fields the schema's own check did not already name. */
function withoutKnown(structural: Record<string, string>, result: { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }) {
  const named = result.success || !result.error ? {} : fieldErrorsOf(result.error);
  return Object.fromEntries(Object.entries(structural).filter(([field]) => !(field in named)));
}

/** Any JSON object: the body of the routes whose service checks every field itself. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * A JSON object body for a service that validates it itself (with the spec's messages): the
 * fields `schema` does not know are refused here, and for a PUT (`replace`) the missing ones.
 */
export async function readJsonObject(request: Request, schema: $ZodType = jsonObjectSchema, options: ReadJsonOptions = {}) {
  const body = prepared(await readBodyObject(request), options);
  const structural = structuralErrors(schema, body, options);
  if (Object.keys(structural).length) {
    // For a field the schema knows, its own message (the spec's) is the one given.
    const result = safeParse(schema, body);
    const own = result.success ? {} : fieldErrorsOf(result.error);
    refuseFields({ ...(options.partial ? sentOnly(own, body) : own), ...withoutKnown(structural, result) });
  }
  return body;
}

/** The field errors about fields the body carries (by the first segment of their dotted path). */
function sentOnly(errors: Record<string, string>, body: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => Object.hasOwn(body, field.split(".")[0] ?? field)));
}

type Handler<A> = (args: A) => Promise<Response> | Response;

/**
 * Wraps a resource route's loader or action: a state-changing request from another site is
 * refused (unless it is a bearer request without cookies), a bad bearer token is a 401, thrown Responses are returned with security headers, a service's DomainError becomes
 * its documented status and JSON body, a write the database cannot save (disk full) a 503 with
 * Retry-After, and anything else is logged and answered with a JSON 500 that gives nothing away.
 */
export function apiRoute<A extends LoaderFunctionArgs | ActionFunctionArgs>(handler: Handler<A>) {
  // Every answer says where the caller stands against the limits the request met (RateLimit headers).
  return (args: A): Promise<Response> =>
    observeRateLimits(async () => {
      const response = await answer(handler, args);
      applyRateLimitHeaders(response.headers);
      return response;
    });
}

async function answer<A extends LoaderFunctionArgs | ActionFunctionArgs>(handler: Handler<A>, args: A): Promise<Response> {
  try {
    // A script's bearer request without cookies carries nothing a foreign page could borrow.
    if (isCrossSiteRequest(args.request) && !isBearerOnlyRequest(args.request)) return apiError(403, CROSS_SITE_MESSAGE, { code: "CROSS_SITE_REQUEST" });
    // A bad or revoked token is a 401 on every route, also the ones that need no sign-in.
    if (bearerTokenOf(args.request) !== null) await requireBearerUser(args.request);
    const response = await handler(args);
    applySecurityHeaders(response.headers);
    return response;
  } catch (thrown) {
    if (thrown instanceof Response) {
      applySecurityHeaders(thrown.headers);
      return thrown;
    }
    if (isDomainError(thrown)) return apiDomainError(thrown);
    // The database cannot save (disk full): a 503 saying so; the failure itself is logged once, by the database.
    if (isStorageFailure(thrown)) return apiDomainError(storageUnavailable(thrown));
    // A request the client abandoned (or the server cut off at the body limit) is not a fault.
    if (args.request.signal.aborted) return apiError(499, "The request was cancelled.");
    console.error(`[api] ${args.request.method} ${new URL(args.request.url).pathname} failed (request ${args.request.headers.get("X-Request-Id") ?? "without an id"}):`, thrown);
    return apiError(500, "Something went wrong on our side. Please try again.");
  }
}

/**
 * A method the route does not answer: 405 with the methods it does. The request boundary answers
 * wrong methods before a route runs, listing GET too when the route has a loader; this is for a
 * route called directly.
 */
export function methodNotAllowed(allowed: string[]) {
  return methodNotAllowedAnswer(allowed);
}

/**
 * The loader of a resource route that answers no GET: a 405 naming the methods it does answer.
 * It is marked, so the request boundary does not list GET in any Allow header for the route.
 */
export function noGetLoader(allowed: string[]) {
  return Object.assign(() => methodNotAllowed(allowed), { answersGet: false as const });
}

/**
 * The action of a resource route that answers only GET: a 405 naming GET. It carries no methods,
 * so the request boundary's Allow header lists only the loader's GET and HEAD.
 */
export function noAction(allowed: string[] = ["GET"]) {
  return Object.assign(() => methodNotAllowed(allowed), { allowedMethods: [] as string[] });
}

type MethodHandlers = Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", (args: ActionFunctionArgs) => Promise<Response>>>;

/**
 * Routes one resource route's action by HTTP method; any other method is a 405. The action
 * carries the methods it answers (`allowedMethods`), which the request boundary reads for Allow.
 */
export function byMethod(handlers: MethodHandlers) {
  const methods = Object.keys(handlers);
  const action = apiRoute<ActionFunctionArgs>(async (args) => {
    const method = args.request.method.toUpperCase() as keyof typeof handlers;
    const handler = handlers[method];
    if (!handler) return methodNotAllowed(methods);
    return handler(args);
  });
  return Object.assign(action, { allowedMethods: methods });
}
