import crypto from "node:crypto";

import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { DOCUMENT_HEADERS, args, expectNoSecrets, getRequest, jsonRequest, settle } = await import("../../support/requests");
const apiUser = await import("~/routes/api+/auth.user");
const apiRegister = await import("~/routes/api+/auth.register");
const apiLogin = await import("~/routes/api+/auth.login");
const apiProfile = await import("~/routes/api+/user.profile");
const apiPassword = await import("~/routes/api+/user.password");
const apiStats = await import("~/routes/api+/admin.stats");
const apiResponses = await import("~/routes/api+/admin.onboarding-responses");
const appLayout = await import("~/routes/_app+/_layout");
const dashboard = await import("~/routes/_app+/dashboard");
const settings = await import("~/routes/_app+/user-settings");
const adminLayout = await import("~/routes/_app+/admin");
const adminIndex = await import("~/routes/_app+/admin._index");
const index = await import("~/routes/_index");
const { invalidateAdminStats } = await import("~/services/admin.server");

await useTestDatabase({ clearBeforeEach: true });
beforeEach(() => invalidateAdminStats());

type Actor = "signed out" | "user" | "admin";
const ACTORS: Actor[] = ["signed out", "user", "admin"];

/** Who is calling: a fresh account per case, so that one case's sign-in or change cannot leak into the next. */
interface Caller {
  cookie: string | null;
  password: string;
  email: string;
}

async function callerFor(actor: Actor): Promise<Caller> {
  if (actor === "signed out") {
    // Someone with an account who is not signed in on this device.
    const { user, password } = await createUser();
    return { cookie: null, password, email: user.email };
  }
  const account = actor === "admin" ? await createAdmin() : await createUser();
  return { cookie: account.cookie, password: account.password, email: account.user.email };
}

/** What Remix answers for a page: every matching route loader runs; a redirect wins, then the first error. */
async function page(path: string, loaders: Array<(a: ReturnType<typeof args>) => Promise<unknown>>, caller: Caller) {
  const results = await Promise.all(loaders.map((loader) => settle(loader(args(getRequest(path, { cookie: caller.cookie, headers: DOCUMENT_HEADERS }))))));
  const responses = results.filter((r): r is Response => r instanceof Response);
  const redirect = responses.find((r) => r.status >= 300 && r.status < 400);
  if (redirect) return `${redirect.status} → ${decodeURIComponent(redirect.headers.get("Location") ?? "")}`;
  const failure = responses.find((r) => r.status >= 400);
  if (failure) return `${failure.status}`;
  return "200";
}

async function api(response: Response) {
  expectNoSecrets(await response.clone().json());
  return `${response.status}`;
}

interface Row {
  endpoint: string;
  run: (caller: Caller) => Promise<string>;
  expected: Record<Actor, string>;
}

const toLogin = (path: string) => `302 → /login?redirectTo=${path}`;

const rows: Row[] = [
  {
    endpoint: "GET /api/auth/user",
    run: (c) => apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", cookie: c.cookie }))).then(api),
    expected: { "signed out": "401", user: "200", admin: "200" },
  },
  {
    endpoint: "POST /api/auth/register",
    run: (c) =>
      apiRegister
        .action(
          args(
            jsonRequest("/api/auth/register", {
              cookie: c.cookie,
              body: { firstName: "New", lastName: "Account", email: `new.${crypto.randomBytes(4).toString("hex")}@example.com`, password: "secret1" },
            }),
          ),
        )
        .then(api),
    expected: { "signed out": "201", user: "201", admin: "201" },
  },
  {
    endpoint: "POST /api/auth/login",
    run: (c) => apiLogin.action(args(jsonRequest("/api/auth/login", { cookie: c.cookie, body: { email: c.email, password: c.password } }))).then(api),
    expected: { "signed out": "200", user: "200", admin: "200" },
  },
  {
    endpoint: "PUT /api/user/profile",
    run: (c) => apiProfile.action(args(jsonRequest("/api/user/profile", { method: "PUT", cookie: c.cookie, body: { firstName: "Re", lastName: "Named" } }))).then(api),
    expected: { "signed out": "401", user: "200", admin: "200" },
  },
  {
    endpoint: "PUT /api/user/password",
    run: (c) =>
      apiPassword
        .action(args(jsonRequest("/api/user/password", { method: "PUT", cookie: c.cookie, body: { currentPassword: c.password, newPassword: "brand-new-secret" } })))
        .then(api),
    expected: { "signed out": "401", user: "200", admin: "200" },
  },
  {
    endpoint: "GET /api/admin/stats",
    run: (c) => apiStats.loader(args(jsonRequest("/api/admin/stats", { method: "GET", cookie: c.cookie }))).then(api),
    expected: { "signed out": "401", user: "403", admin: "200" },
  },
  {
    endpoint: "GET /api/admin/onboarding-responses",
    run: (c) => apiResponses.loader(args(jsonRequest("/api/admin/onboarding-responses", { method: "GET", cookie: c.cookie }))).then(api),
    expected: { "signed out": "401", user: "403", admin: "200" },
  },
  {
    endpoint: "page /dashboard",
    run: (c) => page("/dashboard", [appLayout.loader, dashboard.loader], c),
    expected: { "signed out": toLogin("/dashboard"), user: "200", admin: "200" },
  },
  {
    endpoint: "page /user-settings",
    run: (c) => page("/user-settings", [appLayout.loader, settings.loader], c),
    expected: { "signed out": toLogin("/user-settings"), user: "200", admin: "200" },
  },
  {
    endpoint: "page /admin",
    run: (c) => page("/admin", [appLayout.loader, adminLayout.loader, adminIndex.loader], c),
    expected: { "signed out": toLogin("/admin"), user: "403", admin: "200" },
  },
  {
    endpoint: "page / (landing or dashboard)",
    run: (c) => page("/", [index.loader], c),
    expected: { "signed out": "200", user: "200", admin: "200" },
  },
];

const observed = new Map<string, string>();

describe("authorization matrix", () => {
  const cases = rows.flatMap((row) => ACTORS.map((actor) => ({ ...row, actor, want: row.expected[actor] })));

  it.each(cases)("$endpoint as $actor → $want", async ({ endpoint, run, actor, want }) => {
    const got = await run(await callerFor(actor));
    observed.set(`${endpoint}|${actor}`, got);
    expect(got).toBe(want);
  });

  it("shows the landing page to visitors and the dashboard to signed-in users at /", async () => {
    const visitor = await index.loader(args(getRequest("/", { headers: DOCUMENT_HEADERS })));
    expect(visitor).toEqual({ user: null, dashboard: null });
    const { cookie, user } = await createUser();
    const member = await index.loader(args(getRequest("/", { cookie, headers: DOCUMENT_HEADERS })));
    expect(member).toMatchObject({ user: { id: user.id }, dashboard: { profile: null } });
  });

  it("a user on an admin page gets 403 'Access Denied / Admin access required'", async () => {
    const { cookie } = await createUser();
    for (const loader of [adminLayout.loader, adminIndex.loader]) {
      const thrown = await settle(loader(args(getRequest("/admin", { cookie, headers: DOCUMENT_HEADERS }))));
      if (!(thrown instanceof Response)) throw new Error("expected a thrown 403 Response");
      expect(thrown.status).toBe(403);
      expect(thrown.statusText).toBe("Access Denied");
      expect(await thrown.json()).toEqual({ message: "Admin access required" });
    }
  });

  afterAll(() => {
    const header = ["Endpoint", ...ACTORS];
    const body = rows.map((row) => [row.endpoint, ...ACTORS.map((actor) => observed.get(`${row.endpoint}|${actor}`) ?? "(not run)")]);
    const widths = header.map((_, i) => Math.max(...[header, ...body].map((line) => line[i].length)));
    const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
    const table = [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
    console.info(`Authorization matrix (observed):\n${table}`);
  });
});
