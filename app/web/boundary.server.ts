import { matchPath } from "@remix-run/react";

import { errorCodeFor } from "~/lib/api/error-codes";
import { CROSS_SITE_HEADER, INTERNAL_HEADERS, isLoopback, PEER_ADDRESS_HEADER, PEER_TLS_HEADER, secureCookiesFor } from "~/web/client.server";
import { readStreamWithin } from "~/services/bounded-read.server";
import { isDomainError } from "~/services/domain-error";
import { cookieSecureSetting, publicOrigin } from "~/services/env.server";
import { isCrossSiteRequest } from "~/web/origin.server";
import { applySecurityHeaders } from "~/web/security.server";
import { answerWithRequestId, REQUEST_ID_HEADER, requestIdOf } from "~/web/request-id.server";
import { unknownQueryParameters } from "~/web/query-parameters.server";
import { isStorageFailure, STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE_CODE, STORAGE_UNAVAILABLE_MESSAGE } from "~/services/storage-failure.server";

/**
 * The request boundary: what every request goes through before Remix sees it and every answer
 * after, in one place. The project's server (server/app-server.js) calls it for each request, and
 * the fuzz harness calls it the same way in-process (docs/decisions/051).
 */

/** The largest request body any route accepts, JSON or form; refused while reading. */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

export class BodyTooLargeError extends Error {
  name = "BodyTooLargeError";
  constructor(public readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

/** The body limit of a path. One limit today; a route that needs another says so here. */
export function bodyLimitFor(_pathname: string) {
  return MAX_REQUEST_BODY_BYTES;
}

/** Reads a request's body within the limit (see readStreamWithin); past it, BodyTooLargeError. */
export async function readBodyWithin(request: Request, limit = MAX_REQUEST_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const body = await readStreamWithin(request, limit);
  if (!body) throw new BodyTooLargeError(limit);
  return body;
}

export const TOO_LARGE_MESSAGE = "The request body is too large.";

function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** A JSON answer given before the app runs; an error carries its status's code, as the API's own do. */
function jsonAnswer(status: number, body: Record<string, unknown>, headers: HeadersInit = {}) {
  if (status >= 400 && body.code === undefined) body = { ...body, code: errorCodeFor(status) };
  const result = new Headers(headers);
  result.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers: result });
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small self-contained page for answers given before the app runs (no script, no stylesheet). */
function plainPage(status: number, title: string, message: string) {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} | Flowmap</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><p style="color:#475569;font-weight:600">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go back home</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** The 413 for a body over the limit: JSON for the API, a short page for page posts. */
export function tooLargeResponse(pathname: string) {
  const response = isApiPath(pathname)
    ? jsonAnswer(413, { message: TOO_LARGE_MESSAGE })
    : plainPage(413, "Request too large", "The form sent more data than Flowmap accepts. Shorten your answers and try again.");
  return finishHeaders(response, null);
}

/**
 * The URL the app sees for a raw request target (the path on the request line). Its origin is
 * always the site's public origin (APP_URL): an absolute-form target (`GET http://evil.example/x`)
 * keeps only its path and query, and the Host header plays no part, so no client can make the app
 * believe it lives at another address. A path starting with `//` or `/\` (which a URL parser
 * reads as another host) is answered with a redirect to the same path with one leading slash.
 */
export function resolveTarget(raw: string): { url: URL } | { response: Response } {
  const origin = publicOrigin();
  let target = raw;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    let absolute: URL;
    try {
      absolute = new URL(target);
    } catch {
      return { response: badTargetResponse() };
    }
    if (absolute.protocol !== "http:" && absolute.protocol !== "https:") return { response: badTargetResponse() };
    target = `${absolute.pathname}${absolute.search}`;
  }
  if (!target.startsWith("/")) return { response: badTargetResponse() };
  const leading = /^[/\\]+/.exec(target)?.[0].length ?? 0;
  if (leading > 1) {
    const location = `/${target.slice(leading)}`;
    return { response: finishHeaders(new Response(null, { status: 308, headers: { Location: location } }), null) };
  }
  const url = new URL(target, origin);
  if (url.origin !== origin) return { response: badTargetResponse() };
  return { url };
}

function badTargetResponse() {
  return finishHeaders(plainPage(400, "Bad request", "The address asked for is not a path on this site. Check the link and try again."), null);
}

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
}
export interface BuildLike {
  routes: Record<string, BuildRoute | undefined>;
}

function fullPath(routes: BuildLike["routes"], route: BuildRoute) {
  const parts: string[] = [];
  for (let current: BuildRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** The resource route (a route with no page: the API, /healthz, /ping) that answers this path, if any. */
function resourceRouteFor(build: BuildLike, pathname: string) {
  // Several routes can match (`/api/ai-flows/export` and `/api/ai-flows/:id`): like the router,
  // the one with more fixed segments wins, whatever order the build lists them in.
  let best: { route: NonNullable<BuildLike["routes"][string]>; score: number } | null = null;
  for (const route of Object.values(build.routes)) {
    if (!route || !route.path || route.path === "*" || route.path.endsWith("/*")) continue;
    if (typeof route.module.default === "function") continue;
    const path = fullPath(build.routes, route);
    if (!matchPath({ path, end: true }, pathname)) continue;
    const score = path.split("/").filter((segment) => segment !== "" && !segment.startsWith(":")).length;
    if (!best || score > best.score) best = { route, score };
  }
  return best?.route ?? null;
}

/** Every method a resource route answers: GET and HEAD when it has a loader, its action's methods. */
export function allowedMethods(module: Record<string, unknown>) {
  const methods: string[] = [];
  const loader = module.loader;
  if (typeof loader === "function" && (loader as { answersGet?: boolean }).answersGet !== false) methods.push("GET", "HEAD");
  const action = module.action as ({ allowedMethods?: string[] } & ((...args: never[]) => unknown)) | undefined;
  if (typeof action === "function") methods.push(...(action.allowedMethods ?? ["POST"]));
  return methods;
}

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The 405's message: the methods an address answers (HEAD aside), always in the same order. */
export function methodNotAllowedMessage(methods: string[]) {
  const named = methods.filter((m) => m !== "HEAD").sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} or ${named.at(-1)}` : (named[0] ?? "no method");
  return `Method not allowed. Use ${list}.`;
}

export function methodNotAllowedAnswer(methods: string[]) {
  return jsonAnswer(405, { message: methodNotAllowedMessage(methods) }, { Allow: methods.join(", ") });
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface Peer {
  address: string | null;
  tls: boolean;
}

/**
 * A page (a route with a default export) at exactly this path, or its data request (`.data`, the
 * single-fetch form of a client-side navigation): the API reference at /api/docs.
 */
function isPageRoute(build: BuildLike, requested: string) {
  const pathname = requested.endsWith(".data") ? requested.slice(0, -".data".length) : requested;
  return Object.values(build.routes).some(
    (route) =>
      route?.path && !route.path.includes("*") && typeof route.module.default === "function" && matchPath({ path: fullPath(build.routes, route), end: true }, pathname) !== null,
  );
}

/** The page route (a route with a default export, not the catch-all) at this path: the most fixed segments win. */
function pageRouteAt(build: BuildLike, pathname: string) {
  let best: { route: BuildRoute; score: number } | null = null;
  for (const route of Object.values(build.routes)) {
    if (!route || typeof route.module.default !== "function" || (route.path === undefined && !route.index)) continue;
    const path = fullPath(build.routes, route);
    if (path.includes("*") || !matchPath({ path, end: true }, pathname)) continue;
    // An index route wins over the layout at the same path (`/` is the home page, not the root).
    const score = path.split("/").filter((segment) => segment !== "" && !segment.startsWith(":")).length + (route.index ? 0.5 : 0);
    if (!best || score > best.score) best = { route, score };
  }
  return best?.route ?? null;
}

/** The methods the app answers at all; any other (TRACE, CONNECT, PROPFIND, …) is refused before routing. */
export const SUPPORTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** The methods a page answers: GET and HEAD, and POST when it has an action (its forms). */
function pageMethods(build: BuildLike, pathname: string) {
  const page = pageRouteAt(build, pathname);
  return typeof page?.module.action === "function" ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
}

/**
 * The answer to a method the app does not answer, or null for a supported one: 405 with the
 * methods the address does answer in Allow (JSON under /api, a short page elsewhere); an unknown
 * /api address stays a 404. It takes the method as text because the Fetch API cannot even make a
 * Request of some of them (TRACE, CONNECT): the server asks before it builds one.
 */
export function unsupportedMethodResponse(build: BuildLike, method: string, target: string): Response | null {
  const name = method.toUpperCase();
  if ((SUPPORTED_METHODS as readonly string[]).includes(name)) return null;
  let pathname = "/";
  try {
    pathname = new URL(target, "http://localhost").pathname;
  } catch {
    // An unparseable target: answered as the home page would be.
  }
  const resource = resourceRouteFor(build, pathname);
  if (isApiPath(pathname) && !resource && !isPageRoute(build, pathname)) return finishHeaders(jsonAnswer(404, { message: "Not found." }), null);
  if (resource) return finishHeaders(methodNotAllowedAnswer(allowedMethods(resource.module)), null);
  const methods = pageMethods(build, pathname);
  const page = plainPage(405, "Method not allowed", `This address answers ${methods.filter((m) => m !== "HEAD").join(" and ")} only.`);
  page.headers.set("Allow", methods.join(", "));
  return finishHeaders(page, null);
}

export const BAD_ADDRESS_MESSAGE = "The address is not valid: it holds an encoded character that cannot be read. Check the link and try again.";
export const NUL_IN_QUERY_MESSAGE = "The address's query must not contain NUL characters (%00). Remove them and try again.";

/** Whether every segment of a path decodes (valid UTF-8 percent-encoding) to text without NUL. */
function pathIsReadable(pathname: string) {
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded.includes("\u0000")) return false;
  }
  return true;
}

/** The query parameters (by name) whose name or value holds a NUL, which no field stores or searches. */
function parametersWithNul(search: URLSearchParams) {
  const names: string[] = [];
  for (const [name, value] of search) if (name.includes("\u0000") || value.includes("\u0000")) names.push(name.replaceAll("\u0000", "") || "_query");
  return names;
}

/** Whether the address answers JSON: the API (its reference page aside) and the other resource routes. */
function answersJson(build: BuildLike, pathname: string) {
  return (isApiPath(pathname) && !isPageRoute(build, pathname)) || resourceRouteFor(build, pathname) !== null;
}

/** A refusal of the address itself, before any route reads it: JSON for the API, a short page for pages. */
function addressRefusal(json: boolean, status: number, title: string, message: string, errors?: Record<string, string>) {
  const response = json ? jsonAnswer(status, { message, ...(errors ? { errors } : {}) }) : plainPage(status, title, message);
  return finishHeaders(response, null);
}

/**
 * Before the app: the server's own facts replace any client-sent copy; unknown API paths and
 * wrong methods are answered here (JSON 404, 405 with the full Allow); a state-changing page
 * request from another site reaches the app without its body and marked, so the page's action
 * refuses it with the 403 page (Remix's own check would throw a bare 500 first).
 */
export function beforeApp(build: BuildLike, request: Request, peer: Peer): { request: Request } | { response: Response } {
  // Every request gets its id here, before anything can answer it: the app reads it from the header.
  const id = requestIdOf(request);
  const prepared = prepareRequest(build, request, peer, id);
  if ("response" in prepared) return { response: answerWithRequestId(prepared.response, id, isApiPath(new URL(request.url).pathname)) };
  return prepared;
}

function prepareRequest(build: BuildLike, request: Request, peer: Peer, id: string): { request: Request } | { response: Response } {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, id);
  for (const name of INTERNAL_HEADERS) headers.delete(name);
  if (peer.address) headers.set(PEER_ADDRESS_HEADER, peer.address);
  if (peer.tls) headers.set(PEER_TLS_HEADER, "1");
  const method = request.method.toUpperCase();

  const unsupported = unsupportedMethodResponse(build, method, url.pathname);
  if (unsupported) return { response: unsupported };
  // An address no route can read: a path that does not decode (or decodes to NUL) is a 400, a
  // query holding NUL a 422, whatever the route (every list and search reads its query through here).
  // (A path that does not decode matches no route: the API's prefix alone decides its form.)
  if (!pathIsReadable(url.pathname)) return { response: addressRefusal(isApiPath(url.pathname), 400, "Bad request", BAD_ADDRESS_MESSAGE) };
  const withNul = parametersWithNul(url.searchParams);
  if (withNul.length > 0) {
    const errors = Object.fromEntries(withNul.map((name) => [name, NUL_IN_QUERY_MESSAGE]));
    return { response: addressRefusal(answersJson(build, url.pathname), 422, "Invalid address", NUL_IN_QUERY_MESSAGE, errors) };
  }

  const resource = resourceRouteFor(build, url.pathname);
  if ((isApiPath(url.pathname) && !isPageRoute(build, url.pathname)) || resource) {
    const route = resource;
    if (!route)
      return {
        response: finishHeaders(jsonAnswer(404, { message: "Not found." }), null),
      };
    const methods = allowedMethods(route.module);
    if (!methods.includes(method) && method !== "OPTIONS") return { response: finishHeaders(methodNotAllowedAnswer(methods), null) };
    // A query parameter the API route does not take is refused by name, never ignored.
    const unknown = isApiPath(url.pathname) && method !== "OPTIONS" ? unknownQueryParameters(route.module, url) : {};
    if (Object.keys(unknown).length) {
      return { response: addressRefusal(true, 422, "Invalid address", `Unknown query parameter: ${Object.keys(unknown).join(", ")}. Remove it.`, unknown) };
    }
    if (method === "OPTIONS")
      return {
        response: finishHeaders(
          new Response(null, {
            status: 204,
            headers: { Allow: methods.join(", ") },
          }),
          null,
        ),
      };
    return { request: new Request(request, { headers }) };
  }

  if (UNSAFE_METHODS.has(method) && isCrossSiteRequest(request)) {
    headers.delete("Origin");
    headers.delete("Referer");
    headers.delete("Content-Length");
    headers.delete("Transfer-Encoding");
    headers.set(CROSS_SITE_HEADER, "1");
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    request.body?.cancel().catch(() => undefined);
    return {
      request: new Request(url, {
        method,
        headers,
        body: "",
        signal: request.signal,
      }),
    };
  }
  return { request: new Request(request, { headers }) };
}

let warnedPlainHttp = false;

/**
 * Whether an answer may carry personal data: the request was made with cookies (a session, a
 * draft), the answer sets one, or it is an admin answer. Such answers are never stored by a
 * browser or a shared cache, whatever the route said.
 */
function isPersonal(request: Request | null, headers: Headers) {
  if (headers.has("Set-Cookie")) return true;
  if (!request) return false;
  return request.headers.has("Cookie") || /^\/(api\/)?admin(\/|\.data|$)/.test(new URL(request.url).pathname);
}

/** Security headers, no caching of anything personal, and Secure cookies exactly when they can work. */
function finishHeaders(response: Response, request: Request | null) {
  const headers = new Headers(response.headers);
  applySecurityHeaders(headers);
  if (!headers.has("Cache-Control") || isPersonal(request, headers)) headers.set("Cache-Control", "private, no-store");
  if (request) {
    const secure = secureCookiesFor(request, publicOrigin());
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) {
      headers.delete("Set-Cookie");
      for (const cookie of cookies) headers.append("Set-Cookie", markSecure(cookie, secure));
    }
    warnOnPlainHttp(request, secure);
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A Set-Cookie with its Secure attribute set or removed. */
export function markSecure(setCookie: string, secure: boolean) {
  const parts = setCookie
    .split(";")
    .map((p) => p.trim())
    .filter((p) => p.toLowerCase() !== "secure");
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

function warnOnPlainHttp(request: Request, secure: boolean) {
  if (warnedPlainHttp || secure || process.env.NODE_ENV !== "production" || cookieSecureSetting() !== null) return;
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  if (!peer || isLoopback(peer)) return;
  warnedPlainHttp = true;
  console.warn(
    `[security] Serving production over plain HTTP to ${peer}: sign-in cookies are sent without Secure so that they work, but they travel unencrypted. Put Flowmap behind HTTPS (TRUST_PROXY for a TLS proxy), or set COOKIE_SECURE=true to require it.`,
  );
}

/** Requests that failed because the database cannot save, as the app's error handler saw them. */
const storageFailures = new WeakSet<Request>();

/**
 * Called by the app's error handler with each error a route threw. A write the database cannot
 * save (disk full) is remembered for `afterApp`, and true is returned: it is not a fault of the
 * app, and the database has logged it already.
 */
export function noteRouteError(request: Request, error: unknown) {
  if (!isStorageFailure(error) && !(isDomainError(error) && error.kind === "unavailable")) return false;
  storageFailures.add(request);
  return true;
}

/**
 * A page or data answer that failed because the database cannot save: 503 with Retry-After and a
 * message that says so (a page's data request keeps its body, which the page decodes).
 */
function storageUnavailableAnswer(request: Request, response: Response) {
  const pathname = new URL(request.url).pathname;
  let answer: Response;
  if (isApiPath(pathname) && !pathname.endsWith(".data")) {
    answer = jsonAnswer(503, { message: STORAGE_UNAVAILABLE_MESSAGE, code: STORAGE_UNAVAILABLE_CODE });
  } else if (pathname.endsWith(".data")) {
    answer = new Response(response.body, { status: 503, headers: response.headers });
  } else {
    // The error page Remix is rendering is read to its end and dropped (cancelling it midway
    // would make the renderer report a broken stream).
    response.body?.pipeTo(new WritableStream()).catch(() => undefined);
    answer = plainPage(503, "Changes can't be saved right now", STORAGE_UNAVAILABLE_MESSAGE);
  }
  answer.headers.set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS));
  return answer;
}

/**
 * After the app: every answer, pages, data, API and errors alike. A 503 always says when to try
 * again (a page's form reply cannot carry its own Retry-After into the document).
 */
export function afterApp(request: Request, response: Response) {
  const answer = response.status >= 500 && storageFailures.has(request) ? storageUnavailableAnswer(request, response) : response;
  const finished = finishHeaders(answer, request);
  if (finished.status === 503 && !finished.headers.has("Retry-After")) finished.headers.set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS));
  return answerWithRequestId(finished, requestIdOf(request), isApiPath(new URL(request.url).pathname) && !new URL(request.url).pathname.endsWith(".data"));
}

/** The headers a static file gets (it is public and cacheable, so its own Cache-Control stays). */
export function staticFileHeaders() {
  const headers = applySecurityHeaders(new Headers());
  return Object.fromEntries(headers);
}

/** For tests: forget that the plain-HTTP warning was given. */
export function resetPlainHttpWarning() {
  warnedPlainHttp = false;
}

/**
 * NUL and the bidirectional override and isolate characters (U+202A–202E, U+2066–2069) have no
 * place in a name or an answer: they hide or reorder what others see (an admin reading a list).
 * Passwords are left alone: they are never shown.
 */
export const HIDDEN_CHARACTERS = /[\u0000\u202a-\u202e\u2066-\u2069]/;
export const HIDDEN_CHARACTERS_MESSAGE = "Must not contain invisible control characters (NUL or text-direction overrides).";

/** The first field (as a dotted path) whose text holds such a character, or null. */
export function fieldWithHiddenCharacters(value: unknown, path: string[] = [], depth = 0): string | null {
  if (depth > 64) return null;
  if (typeof value === "string") {
    const name = path.at(-1) ?? "";
    return !/password/i.test(name) && HIDDEN_CHARACTERS.test(value) ? path.join(".") || "_form" : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithHiddenCharacters(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const found = fieldWithHiddenCharacters(inner, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}
