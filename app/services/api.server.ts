import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

import { DOMAIN_ERROR_STATUS, fieldErrorsFromIssues, isDomainError, type DomainError } from "~/services/domain-error";
import { isCrossSiteRequest } from "~/services/origin.server";
import { applySecurityHeaders } from "~/services/security.server";

/** A JSON response with the security headers every response carries. */
export function apiJson(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  applySecurityHeaders(headers);
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** Errors always carry a JSON `message`; 422s add a message per field. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}, init: ResponseInit = {}) {
  return apiJson({ message, ...extra }, { ...init, status });
}

/** Field errors in the shape the API documents: `{ field: "first message" }`. */
export function fieldErrorsOf(error: z.ZodError) {
  return fieldErrorsFromIssues(error.issues);
}

/** The API's answer to a service's DomainError: its status, `message`, and `errors`/`code` when set. */
export function apiDomainError(error: DomainError) {
  const extra: Record<string, unknown> = {};
  if (error.fieldErrors) extra.errors = error.fieldErrors;
  if (error.code) extra.code = error.code;
  const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } : {};
  return apiError(DOMAIN_ERROR_STATUS[error.kind], error.message, extra, { headers });
}

/** The largest JSON body the API accepts; anything bigger is refused before parsing. */
export const MAX_JSON_BYTES = 256 * 1024;

/**
 * Reads and validates a JSON body. Malformed JSON is a 400, a body over the limit a 413, and a
 * failed schema a 422 with a message per field: each thrown as a Response the wrapper returns.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw apiError(413, "The request body is too large.");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw apiError(413, "The request body is too large.");
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(422, "The request body must be a JSON object.", { errors: { _form: "The request body must be a JSON object." } });
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrorsOf(result.error);
    throw apiError(422, Object.values(errors)[0] ?? "The request is not valid.", { errors });
  }
  return result.data;
}

type Handler<A> = (args: A) => Promise<Response> | Response;

/**
 * Wraps a resource route's loader or action: a state-changing request from another site is
 * refused, thrown Responses are returned with security headers, a service's DomainError becomes
 * its documented status and JSON body, and anything else is logged and answered with a JSON 500
 * that gives nothing away.
 */
export function apiRoute<A extends LoaderFunctionArgs | ActionFunctionArgs>(handler: Handler<A>) {
  return async (args: A): Promise<Response> => {
    try {
      if (isCrossSiteRequest(args.request)) return apiError(403, "This request came from another site and was refused.");
      const response = await handler(args);
      applySecurityHeaders(response.headers);
      return response;
    } catch (thrown) {
      if (thrown instanceof Response) {
        applySecurityHeaders(thrown.headers);
        return thrown;
      }
      if (isDomainError(thrown)) return apiDomainError(thrown);
      console.error(thrown);
      return apiError(500, "Something went wrong on our side. Please try again.");
    }
  };
}

/** A method the route does not answer: 405 with the methods it does. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Method not allowed. Use ${allowed.join(" or ")}.`, {}, { headers: { Allow: allowed.join(", ") } });
}

/** Routes one resource route's action by HTTP method; any other method is a 405. */
export function byMethod(handlers: Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", (args: ActionFunctionArgs) => Promise<Response>>>) {
  return apiRoute<ActionFunctionArgs>(async (args) => {
    const method = args.request.method.toUpperCase() as keyof typeof handlers;
    const handler = handlers[method];
    if (!handler) return methodNotAllowed(Object.keys(handlers));
    return handler(args);
  });
}
