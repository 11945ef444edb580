/**
 * The fuzz and authorization harness, shared by the harness.<n>.test.ts files. Every route of the
 * app is found from the route files (the project's own routes function in remix.options.js, so a route
 * added tomorrow is walked tomorrow), assembled into a server build in-process, and called
 * through the same request boundary the server runs (app/web/boundary.server.ts) as
 * {signed out, User, another User, Admin, premium User} with every method and a set of hostile
 * bodies. Every answer must be below 500, carry no stack trace, carry the security headers and
 * `Cache-Control: private, no-store`, and have the status the route's access rule (public /
 * signed-in / admin) calls for.
 *
 * The routes are dealt to SHARDS test files (pages and API routes each round-robin), so the
 * walk runs in as many test workers at once; together they walk every route. A test file calls
 * walkShard(n) (see harness.1.test.ts), which registers that file's database, environment and
 * tests. Shard files may share a process (vitest.config.ts): this module is then loaded once, by
 * the first of them, and holds nothing that belongs to one walk.
 */
import crypto from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { inspect } from "node:util";

import { afterAll, describe, expect, it, vi } from "vitest";

import { ERROR_CODES } from "~/lib/api/error-codes";
import { SessionModel } from "~/models/session.server";
import { UserModel } from "~/models/user.server";

import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { createAdmin, createUser, signIn } from "../../support/factories";
import { build, entries, handle, routeModules, sendToApp, type RouteEntry } from "../../support/in-process-app";

export { build, handle };

/** How many test files share the walk (harness.1.test.ts … harness.<SHARDS>.test.ts). */
export const SHARDS = 3;

const BASE = "http://127.0.0.1:3000";
let requestCount = 0;

/** One request through the boundary and the app, as the server does it, from a client at `address`. */
export async function send(request: Request, address = "127.0.0.1") {
  requestCount++;
  return sendToApp(request, address);
}

// ---------------------------------------------------------------------------------------------
// Routes as URLs, and the access rule of each.

function fullPath(route: RouteEntry): string {
  const parent = route.parentId ? entries.find((r) => r.id === route.parentId) : undefined;
  const own = route.path ?? "";
  const prefix = parent ? fullPath(parent) : "";
  return `${prefix}/${own}`.replace(/\/+/g, "/");
}

const MISSING_ID = crypto.randomBytes(12).toString("hex");
function concrete(pattern: string) {
  return (
    pattern
      .split("/")
      .map((segment) => {
        if (segment === "*") return "no/such/page";
        if (segment.startsWith(":")) return segment.endsWith("?") ? "" : MISSING_ID;
        return segment.replace(/\?$/, "");
      })
      .join("/")
      .replace(/\/+/g, "/")
      .replace(/(.)\/$/, "$1") || "/"
  );
}

type Access = "public" | "signed-in" | "admin";
/**
 * The rule by place: `_app+` is the signed-in frame, and its admin screens need Admin; `/api/admin`
 * needs Admin; the API is signed-in except the sign-in, sign-up and questionnaire endpoints
 * (public by design); everything else is public.
 */
const PUBLIC_API = /^\/api\/(auth\/(login|register|forgot-password|reset-password)|login(\/callback)?|logout|questionnaire\/|waitlist\/|healthz|openapi\.json$|docs$)/;
function accessOf(route: RouteEntry, url: string): Access {
  if (url.startsWith("/api/admin") || (route.id.startsWith("routes/_app+/") && /^\/admin(\/|$)/.test(url))) return "admin";
  if (route.id.startsWith("routes/_app+/")) return "signed-in";
  if (url.startsWith("/api/")) return PUBLIC_API.test(url) ? "public" : "signed-in";
  return "public";
}

const leafRoutes = entries.filter((r) => r.id !== "root" && (r.path !== undefined || r.index) && !entries.some((c) => c.parentId === r.id && c.index));
export const targets = leafRoutes.map((route) => {
  const url = concrete(fullPath(route));
  const module = routeModules.get(route.id)!;
  return {
    route,
    url,
    // A form posts to an index route with `?index` (the route's own URL alone is its parent's).
    postUrl: route.index ? `${url}?index` : url,
    access: accessOf(route, url),
    isResource: typeof module.default !== "function",
    module,
  };
});

/**
 * The harness's server build, its request handler and its routes, for walks that go through the
 * project's real HTTP server (server/app-server.js) rather than the boundary alone: request
 * targets and Host headers only exist there (harness.origins.test.ts).
 */
export const harness = { build, handle, targets };

/**
 * This file's share: pages and API routes are each dealt round-robin, so every shard gets a like
 * mix of cheap and costly routes, and the shards together hold every route exactly once.
 */
function shareOf(shard: number, shards: number) {
  const pages = targets.filter((t) => !t.isResource);
  const resources = targets.filter((t) => t.isResource);
  return [...pages, ...resources].filter((_, i) => i % shards === shard - 1);
}

// ---------------------------------------------------------------------------------------------
// Callers and bodies.

type Role = "signed out" | "user" | "other user" | "admin" | "premium";
const ROLES: Role[] = ["signed out", "user", "other user", "admin", "premium"];
const cookies = new Map<Role, string | null>();
/** Each role's current session id, to notice a walk that ended it. */
const sessionIds = new Map<Role, string>();

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const HUGE = "x".repeat(1024 * 1024);
const JSON_BODIES: Array<[string, string | null]> = [
  ["no body", null],
  ["malformed JSON", '{"email": "a@b.co", '],
  [
    "wrong types",
    JSON.stringify({
      email: 42,
      password: [],
      firstName: { a: 1 },
      flowType: true,
      companyName: null,
      answers: "x",
      id: -1,
      step: "NaN",
    }),
  ],
  [
    "$ operators",
    JSON.stringify({
      email: { $gt: "" },
      password: { $ne: null },
      userId: { $where: "1" },
      id: { $regex: ".*" },
      $set: { role: "Admin" },
    }),
  ],
  ["1 MB strings", JSON.stringify({ email: HUGE, firstName: HUGE })],
  ["deep nesting", `{"a":${deep(5000)}}`],
  ["__proto__", '{"__proto__":{"role":"Admin","isPremium":true},"constructor":{"prototype":{"role":"Admin"}},"email":"p@example.com"}'],
  // Alone, so no other unknown field gets the body refused for another reason.
  ["__proto__ alone", '{"__proto__":{"role":"Admin","isPremium":true}}'],
];
const FORM_BODIES: Array<[string, string | null]> = [
  ["no body", null],
  ["garbage intent", "intent=%00%ff&step=-1&email=not-an-email"],
  ["$ keys", "email[$gt]=&password[$ne]=x&$where=1&intent=next"],
  ["1 MB value", `intent=next&companyName=${HUGE}`],
  ["__proto__", "__proto__[role]=Admin&constructor[prototype][role]=Admin&intent=save"],
];

function requestFor(url: string, method: string, role: Role, body: string | null, kind: "json" | "form" | "none", extra: Record<string, string> = {}) {
  const headers = new Headers({ Host: "127.0.0.1:3000", ...extra });
  const cookie = cookies.get(role);
  if (cookie) headers.set("Cookie", cookie);
  if (kind === "json") {
    headers.set("Accept", "application/json");
    if (body !== null) headers.set("Content-Type", "application/json");
  } else {
    headers.set("Accept", "text/html");
    headers.set("Sec-Fetch-Dest", "document");
    if (body !== null) headers.set("Content-Type", "application/x-www-form-urlencoded");
    if (method !== "GET" && !headers.has("Origin")) headers.set("Origin", BASE);
  }
  return new Request(new URL(url, BASE), {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : (body ?? undefined),
  });
}

// ---------------------------------------------------------------------------------------------
// What every answer must be.

export const STACK = /\n\s+at .+[:(]\d+:\d+|at async |node_modules\/|\/work\/|file:\/\//;
const problems: string[] = [];

async function check(label: string, response: Response, expectRule?: (status: number) => string | null, personal = true) {
  const text = response.status === 204 || response.status === 304 ? "" : await response.text();
  const fail = (why: string) => problems.push(`${label}: ${why} (status ${response.status}) ${text.slice(0, 160)}`);
  if (response.status >= 500) fail("server error");
  if (STACK.test(text)) fail("stack trace or file path in the body");
  for (const header of ["X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Content-Security-Policy"]) {
    if (!response.headers.get(header)) fail(`no ${header}`);
  }
  // Anything personal is never stored; the rest at least says what may be done with it.
  const cacheControl = response.headers.get("Cache-Control");
  if (personal ? cacheControl !== "private, no-store" : !cacheControl) fail(`Cache-Control is ${cacheControl}`);
  // Every API error says what went wrong in a machine-readable code as well as in words.
  if (response.status >= 400 && / \/api\//.test(label) && (response.headers.get("Content-Type") ?? "").startsWith("application/json")) {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message !== "string" || !(ERROR_CODES as string[]).includes(String(body.code))) fail(`an error without a known code (${String(body.code)})`);
  }
  const ruleProblem = expectRule?.(response.status);
  if (ruleProblem) fail(ruleProblem);
  return { status: response.status, text, headers: response.headers };
}

/**
 * A write's body with a top-level `__proto__` is never taken: an API route that reads it answers 422 with
 * a non-empty `errors` (the reserved names refused by name); it may also refuse it earlier (401,
 * 403, 404, 405, 413), but never with a success or an error list that lost the field.
 */
function reservedNameProblem(label: string, status: number, text: string) {
  if (status < 300) problems.push(`${label}: a top-level __proto__ was taken (status ${status})`);
  if (status === 422) {
    const errors = (JSON.parse(text) as { errors?: Record<string, string> }).errors ?? {};
    if (Object.keys(errors).length === 0) problems.push(`${label}: a 422 for a top-level __proto__ with an empty errors list`);
  }
}

let keyedCases = 0;
/**
 * The same POST twice with one Idempotency-Key: only a success is kept, so the second is a replay
 * (Idempotency-Replayed: true, the same status) exactly when the first succeeded; a refusal is
 * never replayed (a retry after fixing its cause runs again), and nothing answers 5xx.
 */
async function keyedTwice(url: string, role: Role, body: string | null, label: string) {
  const key = `harness-${crypto.randomUUID()}`;
  const first = await check(`${label} keyed`, await send(requestFor(url, "POST", role, body, "json", { "Idempotency-Key": key })), undefined, role !== "signed out");
  const again = await send(requestFor(url, "POST", role, body, "json", { "Idempotency-Key": key }));
  const replayed = again.headers.get("Idempotency-Replayed") === "true";
  const second = await check(`${label} keyed again`, again, undefined, role !== "signed out");
  keyedCases++;
  const succeeded = first.status >= 200 && first.status < 300;
  if (replayed && !succeeded) problems.push(`${label}: a ${first.status} was kept and replayed`);
  if (replayed && second.status !== first.status) problems.push(`${label}: replayed ${second.status} for a first ${first.status}`);
}

/** The status a GET must have for this role under the route's access rule, or null if it is fine. */
function accessRule(access: Access, role: Role, isResource: boolean, location: string | null) {
  return (status: number) => {
    if (role === "signed out" && access !== "public") {
      if (isResource) return status === 401 || status === 405 ? null : `expected 401 signed out, got ${status}`;
      return status === 302 && (location ?? "").startsWith("/login") ? null : `expected a redirect to /login, got ${status} ${location}`;
    }
    if (access === "admin" && role !== "admin" && role !== "signed out") return status === 403 || status === 405 ? null : `expected 403 for a ${role}, got ${status}`;
    if (role !== "signed out" && (status === 401 || (status === 403 && access !== "public"))) return `a ${role} was refused (${status})`;
    return null;
  };
}

/** Registers, in the calling test file, its database, its environment and the walk of its share. */
export async function walkShard(shard: number, shards = SHARDS) {
  useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });
  await useTestDatabase();
  const mine = shareOf(shard, shards);
  describe(`every route × every role × hostile input (share ${shard} of ${shards})`, () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    afterAll(() => errors.mockRestore());

    it("discovers the routes from the route files, and the shares hold each exactly once", () => {
      expect(targets.length).toBeGreaterThanOrEqual(10);
      const urls = targets.map((t) => t.url);
      for (const known of ["/login", "/register", "/api/auth/login", "/api/onboarding", "/dashboard"]) expect(urls).toContain(known);
      const dealt = Array.from({ length: shards }, (_, i) => shareOf(i + 1, shards)).flat();
      expect(dealt.map((t) => t.route.id).sort()).toEqual(targets.map((t) => t.route.id).sort());
      expect(mine.length).toBeGreaterThanOrEqual(Math.floor(targets.length / shards));
      // Every share has its test file, so no share goes unwalked.
      for (let n = 1; n <= shards; n++) expect(existsSync(fileURLToPath(new URL(`./harness.${n}.test.ts`, import.meta.url))), `harness.${n}.test.ts`).toBe(true);
    });

    it("answers every request below 500, without a stack trace, with the security headers, no-store and the access rule's status", async () => {
      // This walk's own count, findings and callers (another share may have walked in this process).
      requestCount = 0;
      keyedCases = 0;
      problems.length = 0;
      cookies.clear();
      sessionIds.clear();
      const user = await createUser();
      const other = await createUser();
      const admin = await createAdmin();
      const premium = await createUser();
      await UserModel.updateOne({ _id: premium.user.id }, { $set: { isPremium: true } });
      cookies.set("signed out", null);
      cookies.set("user", user.cookie);
      cookies.set("other user", other.cookie);
      cookies.set("admin", admin.cookie);
      cookies.set("premium", premium.cookie);
      sessionIds.set("user", user.sessionId);
      sessionIds.set("other user", other.sessionId);
      sessionIds.set("admin", admin.sessionId);
      sessionIds.set("premium", premium.sessionId);

      const accounts: Array<[Role, string]> = [
        ["user", user.user.id],
        ["other user", other.user.id],
        ["admin", admin.user.id],
        ["premium", premium.user.id],
      ];
      for (const target of mine) {
        // A live session for every role: a sign-in or a password change on the last route may have
        // ended some; those sign in again.
        const live = new Set((await SessionModel.find({ _id: { $in: [...sessionIds.values()] } }, { _id: 1 }).lean()).map((s) => s._id));
        for (const [role, id] of accounts) {
          if (live.has(sessionIds.get(role)!)) continue;
          const session = await signIn(id);
          cookies.set(role, session.cookie);
          sessionIds.set(role, session.sessionId);
        }
        for (const role of ROLES) {
          // Reads: the page or endpoint itself, and for pages the client-side data request too.
          const kind = target.isResource ? "json" : "form";
          const get = await send(requestFor(target.url, "GET", role, null, kind));
          await check(`GET ${target.url} as ${role}`, get, accessRule(target.access, role, target.isResource, get.headers.get("Location")), role !== "signed out");
          if (!target.isResource) {
            const dataUrl = `${target.url === "/" ? "/_root" : target.url}.data`;
            await check(`GET ${dataUrl} as ${role}`, await send(requestFor(dataUrl, "GET", role, null, "json")), undefined, role !== "signed out");
          }
          // Writes: every method, every hostile body.
          const methods = target.isResource ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"];
          const bodies = target.isResource ? JSON_BODIES : FORM_BODIES;
          for (const method of methods) {
            for (const [name, body] of bodies) {
              // Sign-out is a write that works: keep the caller's session for the rest of the walk.
              if (target.url === "/api/logout") continue;
              const response = await send(requestFor(target.isResource ? target.url : target.postUrl, method, role, body, kind));
              const { status, headers, text } = await check(`${method} ${target.url} (${name}) as ${role}`, response, undefined, role !== "signed out");
              if (name.startsWith("__proto__") && target.isResource && method !== "DELETE") reservedNameProblem(`${method} ${target.url} as ${role}`, status, text);
              if (status === 405 && !headers.get("Allow") && target.isResource) problems.push(`${method} ${target.url}: 405 without Allow`);
              if (target.isResource && role === "signed out" && target.access !== "public" && ![401, 405].includes(status)) {
                problems.push(`${method} ${target.url} (${name}) signed out: expected 401 or 405, got ${status}`);
              }
              if (target.isResource && method === "POST") await keyedTwice(target.url, role, body, `${method} ${target.url} (${name}) as ${role}`);
            }
          }
        }
        // A foreign site's post to a page: the 403 page, never a bare 500.
        if (!target.isResource) {
          const foreign = await send(
            requestFor(target.postUrl, "POST", "user", "intent=save", "form", {
              Origin: "https://evil.example",
            }),
          );
          const { status, text } = await check(`foreign POST ${target.url}`, foreign);
          if (typeof target.module.action === "function" && status !== 403) problems.push(`foreign POST ${target.url}: expected 403, got ${status}`);
          if (status === 403 && !text.includes("This request came from another site and was refused.")) problems.push(`foreign POST ${target.url}: not the 403 page`);
        }
      }

      // The __proto__ bodies changed nobody's role or plan.
      for (const account of [user, other, premium]) {
        const stored = await UserModel.findById(account.user.id).lean();
        expect(stored?.role).toBe("User");
      }
      expect(Boolean((await UserModel.findById(user.user.id).lean())?.isPremium)).toBe(false);

      console.info(
        `[harness] share ${shard} of ${shards}: ${requestCount} requests over ${mine.length} of ${targets.length} routes × ${ROLES.length} roles, ${keyedCases} keyed POSTs sent twice`,
      );
      expect(problems).toEqual([]);
      expect(requestCount).toBeGreaterThanOrEqual(Math.floor(1000 / shards));
      // Nothing was worth a stack trace in the log either.
      expect(errors.mock.calls.map((call) => inspect(call[0], { depth: 2 }).slice(0, 300))).toEqual([]);
    }, 600_000);
  });
}
