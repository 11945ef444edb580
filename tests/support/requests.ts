import { expect } from "vitest";

import { getToast, type Toast } from "~/web/toast.server";

/**
 * Real `Request` objects for calling route loaders and actions directly. Nothing here is ever
 * sent over the network: the URL only tells the app which host it is on (loopback, so that a
 * redirect URI built from it can never point anywhere else).
 */
export const BASE_URL = "http://127.0.0.1:3000";
export const SAME_ORIGIN = new URL(BASE_URL).origin;

/** What a browser sends when it loads a page itself (not a client-side data request). */
export const DOCUMENT_HEADERS = { "Sec-Fetch-Dest": "document", Accept: "text/html,application/xhtml+xml" } as const;
/** What a client-side `fetch` from an open page sends. */
export const DATA_HEADERS = { "Sec-Fetch-Dest": "empty", Accept: "*/*" } as const;

export function url(path: string) {
  return new URL(path, BASE_URL).toString();
}

interface RequestOptions {
  /** A Cookie header value, or a jar whose cookies are sent. */
  cookie?: string | CookieJar | null;
  headers?: Record<string, string>;
}

function headersFor({ cookie, headers }: RequestOptions) {
  const result = new Headers(headers);
  const value = typeof cookie === "string" ? cookie : cookie?.header();
  if (value) result.set("Cookie", value);
  return result;
}

export function getRequest(path: string, options: RequestOptions = {}) {
  return new Request(url(path), { method: "GET", headers: headersFor(options) });
}

export type FormFields = Record<string, string> | Array<[string, string]>;

interface FormOptions extends RequestOptions {
  method?: string;
  /** The Origin header; a browser always sends one on a form post. `null` leaves it out. */
  origin?: string | null;
}

/** A browser form post (urlencoded), same-origin unless told otherwise. */
export function formRequest(path: string, fields: FormFields, { method = "POST", origin = SAME_ORIGIN, ...options }: FormOptions = {}) {
  const headers = headersFor(options);
  headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  if (origin !== null && !headers.has("Origin")) headers.set("Origin", origin);
  return new Request(url(path), { method, headers, body: new URLSearchParams(fields).toString() });
}

interface JsonOptions extends RequestOptions {
  method?: string;
  /** Sent as JSON.stringify(body) unless `raw` is given. */
  body?: unknown;
  /** The exact body text (malformed JSON, huge payloads). */
  raw?: string;
  origin?: string | null;
}

/**
 * An API call. Without `origin` it carries no Origin header, like curl or a server-side client;
 * pass `origin: SAME_ORIGIN` to act like the app's own pages.
 */
export function jsonRequest(path: string, { method = "POST", body, raw, origin = null, ...options }: JsonOptions = {}) {
  const headers = headersFor(options);
  if (origin !== null && !headers.has("Origin")) headers.set("Origin", origin);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const hasBody = !["GET", "HEAD"].includes(method.toUpperCase());
  if (hasBody) headers.set("Content-Type", "application/json");
  const text = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  return new Request(url(path), { method, headers, body: hasBody ? text : undefined });
}

/** The arguments a route loader or action receives. */
export function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} };
}

interface StoredCookie {
  value: string;
}

/**
 * A tiny browser cookie store: applies every Set-Cookie of a response (a Max-Age=0, an Expires in
 * the past or an empty value removes the cookie) and sends what it holds with the next request.
 */
export class CookieJar {
  private cookies = new Map<string, StoredCookie>();

  constructor(initial?: string) {
    if (initial) this.setFromHeader(initial);
  }

  apply(response: Response | { headers: Headers }) {
    for (const header of response.headers.getSetCookie()) this.setFromHeader(header);
    return this;
  }

  setFromHeader(setCookie: string) {
    const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attr = new Map(
      attributes.map((a) => {
        const i = a.indexOf("=");
        return i === -1 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
      }),
    );
    const maxAge = attr.get("max-age");
    const expires = attr.get("expires");
    const expired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && new Date(expires).getTime() <= Date.now());
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, { value });
  }

  get(name: string) {
    return this.cookies.get(name)?.value;
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  delete(name: string) {
    this.cookies.delete(name);
  }

  names() {
    return [...this.cookies.keys()];
  }

  /** The Cookie request header, or "" when empty. */
  header() {
    return [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
  }
}

/** The Set-Cookie header of a response for the named cookie, if any. */
export function setCookieOf(response: Response | { headers: Headers }, name: string) {
  return response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
}

/** The `name=value` pair of a Set-Cookie, ready to send back as a Cookie header. */
export function cookiePair(setCookie: string | undefined) {
  if (!setCookie) throw new Error("no Set-Cookie to turn into a Cookie header");
  return setCookie.split(";")[0];
}

/** Asserts a redirect (302 unless told) to exactly this path (with its query). */
export function expectRedirect(response: Response, path: string, status = 302) {
  expect(response, "expected a Response").toBeInstanceOf(Response);
  expect(response.status).toBe(status);
  const location = response.headers.get("Location");
  expect(location, "redirect without a Location").toBeTruthy();
  const target = new URL(location ?? "", BASE_URL);
  const expected = new URL(path, BASE_URL);
  expect(`${target.origin}${target.pathname}${target.search}`).toBe(`${expected.origin}${expected.pathname}${expected.search}`);
  return response;
}

/** The flash toast a response sets, decoded with the app's own (signed) toast storage. */
export async function toastOf(response: Response | { headers: Headers }): Promise<Toast | null> {
  const header = setCookieOf(response, "fm_toast");
  if (!header) return null;
  const { toast } = await getToast(new Request(BASE_URL, { headers: { Cookie: cookiePair(header) } }));
  return toast;
}

/** What a loader or action threw (a redirect, a Response, a `data()` result), for inspection. */
export async function thrownBy(run: Promise<unknown> | (() => Promise<unknown>)): Promise<unknown> {
  try {
    await (typeof run === "function" ? run() : run);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the call to throw");
}

/** Remix single fetch's `data(value, init)` result. */
export interface DataResult {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

export function isDataResult(value: unknown): value is DataResult {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit";
}

/** The HTTP status Remix would send for what a loader or action returned or threw. */
export function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  if (isDataResult(result)) return result.init?.status ?? 200;
  return 200;
}

/** The headers Remix would send for a returned or thrown value. */
export function headersOf(result: unknown) {
  if (result instanceof Response) return result.headers;
  if (isDataResult(result)) return new Headers(result.init?.headers);
  return new Headers();
}

/** The body of a returned `data()`/plain value; throws for a Response (read those with `json()`). */
export function dataOf(result: unknown): unknown {
  if (isDataResult(result)) return result.data;
  if (result instanceof Response) throw new Error(`expected data, got a Response with status ${result.status}`);
  return result;
}

/** Runs a loader or action and gives back what Remix would answer with, thrown or returned. */
export async function settle(run: Promise<unknown>) {
  try {
    return await run;
  } catch (thrown) {
    return thrown;
  }
}

const SECRET_KEY = /password|hash/i;

/**
 * Every API body must be free of secrets: no key naming a password or a hash anywhere, and no
 * value that looks like a stored hash. Field-error maps (`errors`) are keyed by the form field
 * they are about, so `errors.password` is a message, not a secret: its keys are exempt, its
 * values are still checked.
 */
export function expectNoSecrets(value: unknown, path = "body") {
  if (typeof value === "string") {
    expect(value, `${path} looks like a password hash`).not.toMatch(/scrypt\$/);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => expectNoSecrets(item, `${path}[${i}]`));
    return;
  }
  if (typeof value === "object" && value !== null) {
    const isFieldErrors = path.endsWith(".errors");
    for (const [key, item] of Object.entries(value)) {
      if (!isFieldErrors) expect(key, `${path} has a key naming a secret`).not.toMatch(SECRET_KEY);
      expectNoSecrets(item, `${path}.${key}`);
    }
  }
}

/** Reads an API response as JSON (it must be JSON) and checks it for secrets. */
export async function apiBody<T = Record<string, unknown>>(response: Response): Promise<T> {
  expect(response.headers.get("Content-Type") ?? "").toContain("application/json");
  const body: unknown = await response.json();
  expectNoSecrets(body);
  // The shape is the test's to assert; the checks above are what every API body must meet.
  return body as T;
}
