/**
 * The API contract: /api/openapi.json is a valid OpenAPI 3.1 document, names exactly the
 * operations the route files answer, and every endpoint, called for real (signed in as the right
 * role, with data made through the services), answers a status the document lists for it with a
 * body its schema for that status accepts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it, vi } from "vitest";

import type { FlowToWrite } from "../../support/content-answer";
import { setEnv, useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser, uniqueEmail } = await import("../../support/factories");
const { args, jsonRequest } = await import("../../support/requests");
const { onboardedUser, seedRules } = await import("../flows/helpers");
const { LEAF_AND_KETTLE } = await import("../../unit/flows/businesses");
const { allowedMethods } = await import("~/web/boundary.server");
const { OPERATIONS, errorStatuses, openApiDocument } = await import("~/web/openapi/document.server");
const { html, startFixtureSite } = await import("../../support/fixture-site");
const { startOpenAiStub } = await import("../../support/openai-stub");
const { contentAnswerFor } = await import("../../support/content-answer");
const { RICH_PAGE } = await import("../research/pages");
const { updateUserDetails } = await import("~/models/user.server");
const { getResponseByUserId } = await import("~/models/questionnaire-response.server");
const envModule = await import("~/services/env.server");

await useTestDatabase();

type Json = Record<string, unknown>;
type RouteModule = Record<string, unknown>;
type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;

const root = fileURLToPath(new URL("../../..", import.meta.url));

// Every /api route, found from the route files the way the server finds them (a nested route's
// path is its parents' paths joined).
const { discoveredRoutes: discovered } = await import("../../support/route-files");
const fullPath = (id: string | undefined): string => {
  const route = id ? discovered[id] : undefined;
  if (!route) return "";
  return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
};
const apiRoutes: { path: string; module: RouteModule }[] = [];
for (const route of Object.values(discovered)) {
  const routePath = fullPath(route.id);
  if (!routePath.startsWith("api/")) continue;
  const module = (await import(/* @vite-ignore */ path.join(root, "app", route.file))) as RouteModule;
  apiRoutes.push({ path: `/${routePath.replace(/:(\w+)/g, "{$1}")}`, module });
}
const moduleFor = (openApiPath: string) => {
  const found = apiRoutes.find((route) => route.path === openApiPath);
  if (!found) throw new Error(`No route file answers ${openApiPath}`);
  return found.module;
};

const document = openApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, Json> }>> } & Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: "openapi.json" });

const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

type MediaType = { schema?: Json; example?: unknown; examples?: Record<string, { value: unknown }> };
const operationOf = (method: string, template: string) =>
  document.paths[template]![method] as unknown as { requestBody?: { content: Record<string, MediaType> }; responses: Record<string, { content?: Record<string, MediaType> }> };
/** The documented example body of an operation's request. */
const exampleOf = (method: string, template: string) => structuredClone(operationOf(method, template).requestBody!.content["application/json"]!.example) as Record<string, unknown>;

/** Every (method, path, status) the calls below exercised, to prove each operation was called. */
const exercised = new Map<string, Set<number>>();

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  text: string;
}

/**
 * Calls the route that answers `method path` (the document's path template, filled from
 * `params`) and checks the answer against the document: its status is listed for the operation,
 * and a JSON body validates against that status's schema.
 */
async function call(
  method: string,
  template: string,
  { params = {}, body, cookie, headers, query = "" }: { params?: Record<string, string>; body?: unknown; cookie?: string; headers?: Record<string, string>; query?: string } = {},
): Promise<Answer> {
  const operation = document.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is documented`).toBeTruthy();
  const module = moduleFor(template);
  const handler = (method === "GET" ? module.loader : module.action) as Handler;
  const concretePath = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
  const response = await handler(args(jsonRequest(`${concretePath}${query}`, { method, body, cookie, headers }), params));
  const text = await response.text();
  const type = response.headers.get("Content-Type") ?? "";
  const documented = operation.responses[String(response.status)];
  expect(documented, `${method} ${template} answered ${response.status}, which the document does not list (${text.slice(0, 200)})`).toBeTruthy();
  // A RateLimit header is sent only where the document lists it.
  for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
    if (response.headers.has(name)) expect(Object.keys((documented.headers ?? {}) as Json), `${method} ${template} ${response.status} sent ${name}`).toContain(name);
  }
  let parsed: unknown = null;
  const content = (documented.content ?? {}) as Record<string, Json>;
  if (type.startsWith("application/json") && content["application/json"]) {
    parsed = JSON.parse(text);
    const pointer = ["paths", template, method.toLowerCase(), "responses", String(response.status), "content", "application/json", "schema"].map(escapePointer).join("/");
    const validate = ajv.getSchema(`openapi.json#/${pointer}`);
    expect(validate, `a schema for ${method} ${template} ${response.status}`).toBeTruthy();
    const valid = validate!(parsed);
    expect(valid, `${method} ${template} ${response.status}: ${ajv.errorsText(validate!.errors)}\n${text.slice(0, 500)}`).toBe(true);
    // An error is one the document shows: a 422 by its code, any other exactly.
    if (response.status >= 400) {
      const shown = Object.values((content["application/json"].examples ?? {}) as Record<string, { value: unknown }>).map((e) => e.value);
      if (response.status === 422) expect((parsed as { code: string }).code).toBe("VALIDATION_FAILED");
      // A 412 carries the resource's current tag, which no example can know.
      else if (response.status === 412) {
        expect((parsed as Json).etag).toBe(response.headers.get("ETag"));
        expect(shown.map((example) => ({ ...(example as Json), etag: undefined }))).toContainEqual({ ...(parsed as Json), etag: undefined });
      } else expect(shown, `${method} ${template} ${response.status} answered ${text}, which no example shows`).toContainEqual(parsed);
    }
  } else if (response.status >= 300 && response.status < 400) {
    expect(response.headers.get("Location")).toBeTruthy();
  } else if (response.status === 204) {
    expect(text).toBe("");
    expect(documented.content).toBeUndefined();
  } else {
    const media = type.split(";")[0].trim();
    expect(Object.keys(content), `${method} ${template} ${response.status} answered ${media}`).toContain(media);
  }
  const key = `${method.toLowerCase()} ${template}`;
  if (!exercised.has(key)) exercised.set(key, new Set());
  exercised.get(key)!.add(response.status);
  return { status: response.status, body: parsed, headers: response.headers, text };
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents exactly the methods every /api route file answers, and no operation without a route", () => {
    expect(apiRoutes.length).toBeGreaterThan(30);
    // A moved address answers as its successor and is not listed; a browser navigation's GET answers only redirects.
    const listed = apiRoutes.filter((route) => route.module.successorPath === undefined);
    const fromRoutes = listed
      .flatMap((route) =>
        allowedMethods(route.module)
          .filter((m) => m !== "HEAD" && !((route.module.browserNavigations as string[] | undefined) ?? []).includes(m))
          .map((m) => `${m.toLowerCase()} ${route.path}`),
      )
      .sort();
    const fromDocument = Object.entries(document.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`))
      .sort();
    expect(fromDocument).toEqual(fromRoutes);
  });

  it("answers a moved address as its documented successor, marked deprecated with its sunset and a link to the successor", async () => {
    const moved = apiRoutes.filter((route) => route.module.successorPath !== undefined);
    expect(moved.map((route) => route.path).sort()).toEqual(["/api/ai-flows/by-type/{flowType}", "/api/ai-flows/generations/{id}", "/api/ai-flows/touchpoints/{id}"]);
    for (const route of moved) {
      const successor = route.module.successorPath as string;
      expect(document.paths[route.path], `${route.path} is not listed`).toBeUndefined();
      expect(Object.keys(document.paths[successor] ?? {}).sort(), `${successor} is listed with the methods ${route.path} answers`).toEqual(
        allowedMethods(route.module)
          .filter((m) => m !== "HEAD")
          .map((m) => m.toLowerCase())
          .sort(),
      );
    }
    const { cookie } = await createUser();
    const old = await (moduleFor("/api/ai-flows/by-type/{flowType}").loader as Handler)(
      args(jsonRequest("/api/ai-flows/by-type/onboarding", { method: "GET", cookie }), { flowType: "onboarding" }),
    );
    const now = await call("GET", "/api/flow-types/{flowType}/ai-flow", { cookie, params: { flowType: "onboarding" } });
    expect(old.status).toBe(now.status);
    expect(await old.json()).toEqual(now.body);
    expect(old.headers.get("Deprecation")).toMatch(/^@\d+$/);
    expect(new Date(old.headers.get("Sunset")!).getTime()).toBeGreaterThan(Number(old.headers.get("Deprecation")!.slice(1)) * 1000);
    expect(old.headers.get("Link")).toBe('</api/flow-types/onboarding/ai-flow>; rel="successor-version"');
    expect(now.headers.get("Deprecation")).toBeNull();
    const missing = await (moduleFor("/api/ai-flows/touchpoints/{id}").loader as Handler)(
      args(jsonRequest("/api/ai-flows/touchpoints/0123456789abcdef01234567", { method: "GET", cookie }), { id: "0123456789abcdef01234567" }),
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Link")).toBe('</api/touchpoints/0123456789abcdef01234567>; rel="successor-version"');
  });

  it("shows examples that validate against their own schemas: every request body and every error answer", () => {
    const failures: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) {
        const operation = operationOf(method, template);
        const check = (pointer: string[], value: unknown, label: string) => {
          const validate = ajv.getSchema(`openapi.json#/${["paths", template, method, ...pointer, "schema"].map(escapePointer).join("/")}`);
          if (!validate) return failures.push(`${label}: no schema`);
          if (!validate(value)) failures.push(`${label}: ${ajv.errorsText(validate.errors)}`);
        };
        const body = operation.requestBody?.content["application/json"];
        if (body?.examples) {
          for (const [name, example] of Object.entries(body.examples))
            check(["requestBody", "content", "application/json"], example.value, `${method} ${template} request example ${name}`);
        } else if (body) check(["requestBody", "content", "application/json"], body.example, `${method} ${template} request example`);
        for (const [status, response] of Object.entries(operation.responses)) {
          const examples = response.content?.["application/json"]?.examples ?? {};
          for (const [name, example] of Object.entries(examples))
            check(["responses", status, "content", "application/json"], example.value, `${method} ${template} ${status} ${name}`);
          if (Number(status) >= 400 && !Object.keys(examples).length) failures.push(`${method} ${template} ${status}: no example`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ["/api/ai-flow-generations/{id}/events", "GenerationProgress"],
    ["/api/ai-flow-content-writings/{id}/events", "ContentProgress"],
  ])("documents the progress stream %s as text/event-stream: its events, each event's data schema, and an example whose every event validates", (path, schema) => {
    const stream = operationOf("get", path);
    const media = stream.responses["200"]!.content!["text/event-stream"] as MediaType & { "x-events": Record<string, { data: Json }> };
    expect(Object.keys(stream.responses["200"]!.content!)).toEqual(["text/event-stream"]);
    expect(media.schema).toMatchObject({ type: "string" });
    expect(Object.keys(media["x-events"])).toEqual(["progress", "done", "failed"]);
    for (const event of Object.values(media["x-events"])) expect(event.data).toEqual({ $ref: `#/components/schemas/${schema}` });
    expect(stream.responses["204"]!.content).toBeUndefined();
    expect(Object.keys(stream.responses)).toEqual(expect.arrayContaining(["401", "404", "429", "503"]));
    expect(Object.keys((stream.responses["429"] as { headers: Json }).headers)).toEqual(
      expect.arrayContaining(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
    );
    // The example is a stream as the server writes it: blocks of event, id and data, each data a GenerationProgress.
    const example = String(media.example);
    const blocks = example.split("\n\n").filter((block) => block.startsWith("event: "));
    const names = blocks.map((block) => /^event: (\w+)/.exec(block)![1]);
    expect(names.at(-1)).toBe("done");
    expect(names.slice(0, -1).length).toBeGreaterThanOrEqual(2);
    expect(new Set(names.slice(0, -1))).toEqual(new Set(["progress"]));
    const validate = ajv.getSchema(`openapi.json#/components/schemas/${schema}`)!;
    for (const block of blocks) {
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as unknown;
      expect(validate(data), ajv.errorsText(validate.errors)).toBe(true);
    }
  });

  it("takes request bodies from the validation schemas, so a validation limit shows in the document", () => {
    const touchpoint = document.paths["/api/touchpoints/{id}"].put as unknown as { requestBody: { content: Record<string, { schema: Json }> } };
    const schema = touchpoint.requestBody.content["application/json"].schema as { required: string[]; properties: Record<string, Json> };
    expect(schema.required).toEqual(["title", "primaryGoal", "keyMessages", "callToAction"]);
    expect(schema.properties.title.maxLength).toBe(300);
    // The timing, or the older delayDays: one of the two (the service refuses neither and both).
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["timing", "delayDays"]));
  });

  it("lists the error answers each endpoint can give, with the session cookie as the security scheme", () => {
    const generate = OPERATIONS.find((op) => op.method === "post" && op.path === "/api/ai-flows/generate")!;
    expect(Object.keys(errorStatuses(generate)).map(Number)).toEqual(expect.arrayContaining([400, 401, 402, 403, 409, 413, 415, 422, 502]));
    const adminUsers = OPERATIONS.find((op) => op.path === "/api/admin/users")!;
    expect(Object.keys(errorStatuses(adminUsers)).map(Number)).toEqual([400, 401, 403, 405, 422]);
    const components = document.components as { securitySchemes: Record<string, Json> };
    expect(components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "fm_session" });
  });
});

// In order, even under --sequence.shuffle: the last test checks what the ones before it called.
describe("every endpoint answers as documented", { shuffle: false }, () => {
  let user: Awaited<ReturnType<typeof onboardedUser>>;
  let premium: Awaited<ReturnType<typeof onboardedUser>>;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    await seedRules();
    user = await onboardedUser();
    premium = await onboardedUser({ premium: true });
    admin = await createAdmin();
  });

  it("auth: register, login, current user, logout, third-party sign-in", async () => {
    const email = uniqueEmail("contract");
    expect((await call("POST", "/api/auth/register", { body: { firstName: "Jane", lastName: "Doe", email, password: "a long password 1", companyName: "Acme" } })).status).toBe(
      201,
    );
    expect((await call("POST", "/api/auth/register", { body: { firstName: "Jane", lastName: "Doe", email, password: "a long password 1" } })).status).toBe(409);
    expect((await call("POST", "/api/auth/register", { body: { email: "not an email" } })).status).toBe(422);
    expect((await call("POST", "/api/auth/login", { body: { email, password: "a long password 1" } })).status).toBe(200);
    expect((await call("POST", "/api/auth/login", { body: { email, password: "wrong password" } })).status).toBe(401);
    expect((await call("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    expect((await call("GET", "/api/auth/user")).status).toBe(401);
    // Browser navigations answer redirects and are not in the document.
    for (const browserOnly of ["/api/login", "/api/login/callback", "/api/logout"]) {
      expect(document.paths[browserOnly]?.get, `GET ${browserOnly} is left out`).toBeUndefined();
      expect(moduleFor(browserOnly).browserNavigations).toEqual(["GET"]);
    }
    const navigate = (template: string, query = "", cookie?: string) =>
      (moduleFor(template).loader as Handler)(args(new Request(`http://127.0.0.1:3000${template}${query}`, { headers: cookie ? { Cookie: cookie } : {} })));
    expect((await navigate("/api/login")).status).toBe(302);
    expect((await navigate("/api/login/callback", "?code=x&state=y")).status).toBe(302);
    const other = await createUser();
    expect((await navigate("/api/logout", "", other.cookie)).status).toBe(302);
    // An API client asking for JSON gets JSON; a browser's form post is sent home.
    expect((await call("POST", "/api/logout", { cookie: other.cookie })).status).toBe(200);
    const browser = await createUser();
    const formPost = moduleFor("/api/logout").action as Handler;
    const sentHome = await formPost(args(new Request("http://127.0.0.1:3000/api/logout", { method: "POST", headers: { Cookie: browser.cookie, Accept: "text/html" } })));
    expect(sentHome.status).toBe(302);
    expect(document.paths["/api/logout"].post.responses["302"]).toBeTruthy();
  });

  it("account: access tokens", async () => {
    const account = await createUser();
    const created = await call("POST", "/api/user/tokens", { cookie: account.cookie, body: { name: "Contract" } });
    expect(created.status).toBe(201);
    expect((await call("POST", "/api/user/tokens", { cookie: account.cookie, body: {} })).status).toBe(422);
    expect((await call("GET", "/api/user/tokens", { cookie: account.cookie })).status).toBe(200);
    expect((await call("GET", "/api/user/tokens")).status).toBe(401);
    const { id } = created.body as { id: string };
    expect((await call("DELETE", "/api/user/tokens/{id}", { cookie: account.cookie, params: { id } })).status).toBe(200);
    expect((await call("DELETE", "/api/user/tokens/{id}", { cookie: account.cookie, params: { id } })).status).toBe(404);
    const reader = await call("POST", "/api/user/tokens", {
      cookie: account.cookie,
      body: { name: "Reports", scope: "read", expiresInDays: 30, currentPassword: account.password },
    });
    expect(reader.status).toBe(201);
    const readOnly = { Authorization: `Bearer ${(reader.body as { token: string }).token}` };
    expect((await call("POST", "/api/user/sign-out-everywhere", { headers: readOnly })).status).toBe(403);
    expect((await call("POST", "/api/user/sign-out-everywhere", { cookie: account.cookie })).status).toBe(200);
    expect((await call("GET", "/api/user/tokens", { headers: readOnly })).status).toBe(401);
  });

  it("auth: forgot and reset password", async () => {
    const account = await createUser();
    expect((await call("POST", "/api/auth/forgot-password", { body: { email: account.user.email } })).status).toBe(202);
    expect((await call("POST", "/api/auth/forgot-password", { body: { email: "nobody@example.com" } })).status).toBe(202);
    expect((await call("POST", "/api/auth/forgot-password", { body: { email: "not an email" } })).status).toBe(422);
    expect((await call("POST", "/api/auth/reset-password", { body: { token: "no-such-link", newPassword: "a new long password" } })).status).toBe(422);
    const made = await call("POST", "/api/admin/users/{id}/reset-link", { cookie: admin.cookie, params: { id: account.user.id } });
    expect(made.status).toBe(201);
    expect((await call("POST", "/api/admin/users/{id}/reset-link", { cookie: admin.cookie, params: { id: "no-such-user" } })).status).toBe(404);
    const token = new URL((made.body as { url: string }).url).searchParams.get("token") ?? "";
    expect((await call("POST", "/api/auth/reset-password", { body: { token, newPassword: "a new long password" } })).status).toBe(200);
  });

  it("account: deleting it", async () => {
    const account = await createUser();
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: {} })).status).toBe(422);
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: { password: "wrong one" } })).status).toBe(422);
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: { password: account.password } })).status).toBe(200);
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: { password: account.password } })).status).toBe(401);
  });

  it("account: profile and password", async () => {
    const account = await createUser();
    expect((await call("PUT", "/api/user/profile", { cookie: account.cookie, body: { firstName: "Ada", lastName: "Lovelace" } })).status).toBe(200);
    expect((await call("PUT", "/api/user/profile", { cookie: account.cookie, body: { firstName: "" } })).status).toBe(422);
    expect((await call("PUT", "/api/user/profile", { body: { firstName: "Ada", lastName: "L" } })).status).toBe(401);
    expect((await call("PUT", "/api/user/password", { cookie: account.cookie, body: { currentPassword: account.password, newPassword: "a new long password" } })).status).toBe(200);
    expect(
      (await call("PUT", "/api/user/password", { cookie: account.cookie, body: { currentPassword: "wrong one", newPassword: "another long password" } })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it("onboarding, questionnaire draft and submit, waitlist", async () => {
    const fresh = await createUser();
    expect((await call("GET", "/api/onboarding", { cookie: fresh.cookie })).body).toBeNull();
    // The wizard's create checks every text answer: the 422 names the ones a partial set lacks.
    const partial = await call("POST", "/api/onboarding", { cookie: fresh.cookie, body: LEAF_AND_KETTLE });
    expect(partial.status).toBe(422);
    const missing = Object.keys((partial.body as { errors: Record<string, string> }).errors);
    const complete = { ...LEAF_AND_KETTLE, ...Object.fromEntries(missing.map((field) => [field, "A full answer to this question."])) };
    const saved = await call("POST", "/api/onboarding", { cookie: fresh.cookie, body: complete });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(
      (await call("PUT", "/api/onboarding", { cookie: fresh.cookie, body: { companyName: "Leaf & Kettle Co", businessType: "eCommerce", industry: "Food & Beverage" } })).status,
    ).toBe(422);
    expect((await call("PUT", "/api/onboarding", { cookie: fresh.cookie, body: exampleOf("put", "/api/onboarding") })).status).toBe(200);
    expect((await call("PATCH", "/api/onboarding", { cookie: fresh.cookie, body: exampleOf("patch", "/api/onboarding") })).status).toBe(200);
    expect((await call("PATCH", "/api/onboarding", { cookie: fresh.cookie, body: { companyName: "" } })).status).toBe(422);
    // The documented examples are accepted as they stand.
    expect((await call("POST", "/api/onboarding", { cookie: (await createUser()).cookie, body: exampleOf("post", "/api/onboarding") })).status).toBe(201);
    expect((await call("POST", "/api/questionnaire/submit", { body: { ...exampleOf("post", "/api/questionnaire/submit"), email: uniqueEmail("example") } })).status).toBe(201);
    expect((await call("GET", "/api/onboarding", { cookie: fresh.cookie })).status).toBe(200);
    expect((await call("POST", "/api/questionnaire/draft", { body: { answers: { companyName: "Acme" }, step: 2 } })).status).toBe(200);
    expect((await call("GET", "/api/questionnaire/draft")).status).toBe(200);
    const submitted = await call("POST", "/api/questionnaire/submit", {
      body: {
        ...complete,
        completionMethod: "manual",
        serviceInnovation: "Well-known service",
        upsellOpportunities: "Primarily products",
        firstName: "Jane",
        lastName: "Doe",
        email: uniqueEmail("submit"),
        password: "a long password 1",
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    expect((await call("POST", "/api/questionnaire/submit", { body: { email: "nope" } })).status).toBe(422);
    const waitlist = {
      firstName: "Jane",
      lastName: "Doe",
      email: uniqueEmail("wait"),
      companyName: "Acme",
      businessType: LEAF_AND_KETTLE.businessType,
      industry: LEAF_AND_KETTLE.industry,
    };
    expect((await call("POST", "/api/waitlist/submit", { body: waitlist })).status).toBe(200);
    expect((await call("POST", "/api/waitlist/submit", { body: { email: "nope" } })).status).toBe(422);
  });

  it("flows: generate, read, versions, messages, regenerate, rollback, touchpoints, content, export, delete", async () => {
    const generated = await call("POST", "/api/ai-flows/generate", { cookie: user.cookie, body: { flowType: "onboarding" } });
    expect(generated.status).toBe(201);
    const flow = generated.body as { id: string; touchpoints: { id: string }[] };
    expect((await call("POST", "/api/ai-flows/generate", { cookie: user.cookie, body: { flowType: "onboarding" } })).status).toBe(409);
    expect((await call("POST", "/api/ai-flows/generate", { cookie: user.cookie, body: { flowType: "nope" } })).status).toBe(422);
    expect((await call("POST", "/api/ai-flows/generate", { body: { flowType: "onboarding" } })).status).toBe(401);
    const premiumType = await call("POST", "/api/ai-flows/generate", { cookie: user.cookie, body: { flowType: "sunset" } });
    expect([201, 402]).toContain(premiumType.status);

    const id = { id: flow.id };
    expect((await call("GET", "/api/ai-flows/{id}", { cookie: user.cookie, params: id })).status).toBe(200);
    expect((await call("GET", "/api/ai-flows/{id}", { cookie: premium.cookie, params: id })).status).toBe(404);
    expect((await call("GET", "/api/flow-types/{flowType}/ai-flow", { cookie: user.cookie, params: { flowType: "onboarding" } })).status).toBe(200);
    expect((await call("GET", "/api/flow-types/{flowType}/ai-flow", { cookie: user.cookie, params: { flowType: "nope" } })).status).toBe(400);
    expect((await call("GET", "/api/ai-flows/{id}/messages", { cookie: user.cookie, params: id })).status).toBe(200);
    expect((await call("POST", "/api/ai-flows/{id}/regenerate", { cookie: user.cookie, params: id, body: { feedback: "Shorter emails, please." } })).status).toBe(200);
    expect((await call("POST", "/api/ai-flows/{id}/regenerate", { cookie: user.cookie, params: id, body: { feedback: " " } })).status).toBe(422);
    const versions = await call("GET", "/api/ai-flows/{id}/versions", { cookie: user.cookie, params: id });
    const [version] = (versions.body as { items: { id: string }[] }).items;
    expect(versions.body).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect((await call("GET", "/api/ai-flows/{id}/versions", { cookie: user.cookie, params: id, query: "?pageSize=0" })).status).toBe(422);
    expect((await call("POST", "/api/ai-flows/{id}/versions/{versionId}/rollback", { cookie: user.cookie, params: { id: flow.id, versionId: version.id } })).status).toBe(200);
    expect(
      (await call("POST", "/api/ai-flows/{id}/versions/{versionId}/rollback", { cookie: user.cookie, params: { id: flow.id, versionId: "000000000000000000000000" } })).status,
    ).toBe(404);

    const listed = await call("GET", "/api/ai-flows", { cookie: user.cookie, query: "?flowType=onboarding" });
    expect(listed.body).toMatchObject({ total: 1, page: 1, items: [{ id: flow.id }] });
    expect((await call("GET", "/api/ai-flows", { cookie: user.cookie, query: "?flowType=nope" })).status).toBe(422);
    const current = (await call("GET", "/api/ai-flows/{id}", { cookie: user.cookie, params: id })).body as { touchpoints: { id: string }[] };
    const [first, second] = current.touchpoints;
    const edit = { title: "Welcome aboard", primaryGoal: "Greet", keyMessages: "Who we are", callToAction: "Start", delayDays: 1 };
    expect((await call("PUT", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: first.id }, body: edit })).status).toBe(200);
    expect((await call("PUT", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: first.id }, body: { ...edit, title: "" } })).status).toBe(422);
    expect((await call("PUT", "/api/touchpoints/{id}", { cookie: premium.cookie, params: { id: first.id }, body: edit })).status).toBe(404);
    const anchored = { ...edit, delayDays: undefined, timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120 } };
    expect((await call("PUT", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: first.id }, body: anchored })).status).toBe(200);
    // A new timing and new days at once: which one is meant cannot be told.
    const bothChanged = { ...anchored, timing: { ...anchored.timing, minutes: 180 }, delayDays: 9 };
    expect((await call("PUT", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: first.id }, body: bothChanged })).status).toBe(422);
    const read = await call("GET", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: first.id } });
    expect(read.body).toMatchObject({ timing: anchored.timing });
    const tag = read.headers.get("ETag")!;
    const hourLater = { ...(read.body as Json), timing: { type: "offset", minutes: 60 } };
    const patched = await call("PATCH", "/api/touchpoints/{id}", {
      cookie: user.cookie,
      params: { id: first.id },
      body: { timing: hourLater.timing },
      headers: { "If-Match": tag },
    });
    expect(patched.status).toBe(200);
    expect((await call("PUT", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: first.id }, body: hourLater, headers: { "If-Match": tag } })).status).toBe(412);
    expect((await call("GET", "/api/touchpoints/{id}", { cookie: premium.cookie, params: { id: first.id } })).status).toBe(404);
    expect((await call("DELETE", "/api/touchpoints/{id}", { cookie: user.cookie, params: { id: second.id } })).status).toBe(200);

    expect((await call("GET", "/api/ai-flows/{id}/content", { cookie: user.cookie, params: id })).status).toBe(402);
    expect((await call("POST", "/api/ai-flows/{id}/content", { cookie: user.cookie, params: id })).status).toBe(402);
    expect((await call("GET", "/api/ai-flows/{id}/export", { cookie: user.cookie, params: id, query: "?format=json" })).status).toBe(200);
    expect((await call("GET", "/api/ai-flows/{id}/export", { cookie: user.cookie, params: id, query: "?format=md" })).status).toBe(200);
    expect((await call("GET", "/api/ai-flows/{id}/export", { cookie: user.cookie, params: id, query: "?format=pdf" })).status).toBe(422);
    expect((await call("GET", "/api/ai-flows/export", { cookie: user.cookie, query: "?format=json" })).status).toBe(200);

    const premiumFlow = (await call("POST", "/api/ai-flows/generate", { cookie: premium.cookie, body: { flowType: "abandoned_cart" } })).body as { id: string };
    expect((await call("GET", "/api/ai-flows/{id}/content", { cookie: premium.cookie, params: { id: premiumFlow.id } })).status).toBe(404);
    expect((await call("POST", "/api/ai-flows/{id}/content", { cookie: premium.cookie, params: { id: premiumFlow.id } })).status).toBe(200);
    expect((await call("GET", "/api/ai-flows/{id}/content", { cookie: premium.cookie, params: { id: premiumFlow.id } })).status).toBe(200);

    expect((await call("DELETE", "/api/ai-flows/{id}", { cookie: user.cookie, params: id })).status).toBe(200);
    expect((await call("GET", "/api/ai-flows/{id}/versions", { cookie: user.cookie, params: id })).status).toBe(404);
  });

  it("klaviyo: connection, send as a draft, sends of a flow, format=klaviyo export (against the loopback stand-in)", async () => {
    const { startKlaviyoStandIn } = await import("../../support/klaviyo-stand-in");
    const klaviyo = await startKlaviyoStandIn();
    const previous = setEnv({ KLAVIYO_API_URL: klaviyo.url });
    try {
      const key = "pk_contract_0123456789abcdef";
      klaviyo.addKey(key);
      const { threeFlows } = await import("../../support/klaviyo-accounts");
      klaviyo.account.flows = threeFlows();
      expect((await call("GET", "/api/integrations/klaviyo", { cookie: user.cookie })).body).toEqual({ connected: false });
      expect((await call("GET", "/api/integrations/klaviyo/flows", { cookie: user.cookie })).body).toMatchObject({ refreshedAt: null, flows: [] });
      expect((await call("PUT", "/api/integrations/klaviyo", { cookie: user.cookie, body: { apiKey: "pk_unknown_0123456789" } })).status).toBe(422);
      expect((await call("PUT", "/api/integrations/klaviyo", { cookie: user.cookie, body: { apiKey: key } })).status).toBe(200);
      expect((await call("GET", "/api/integrations/klaviyo", { cookie: user.cookie })).status).toBe(200);
      // Connecting imported the account's flows and figures.
      const imported = await call("GET", "/api/integrations/klaviyo/flows", { cookie: user.cookie });
      expect(imported.body).toMatchObject({ days: 90, flows: [{ id: "FlwWelc01", mapped: "onboarding" }, {}, {}] });
      expect((await call("POST", "/api/integrations/klaviyo/flows/refresh", { cookie: user.cookie, body: {} })).status).toBe(200);
      expect((await call("POST", "/api/integrations/klaviyo/flows/refresh", { cookie: user.cookie, body: { days: 45 } })).status).toBe(422);
      const mapped = await call("PUT", "/api/integrations/klaviyo/flows", { cookie: user.cookie, body: { flows: [{ id: "FlwPost01", choice: "none" }] } });
      expect(mapped.status).toBe(200);
      expect((mapped.body as { missing: string[] }).missing).toContain("upsell");
      expect((await call("PUT", "/api/integrations/klaviyo/flows", { cookie: user.cookie, body: { flows: [{ id: "FlwPost01", choice: "welcome" }] } })).status).toBe(422);
      expect((await call("PUT", "/api/integrations/klaviyo/flows", { cookie: user.cookie, body: { flows: [{ id: "Unknown1", choice: null }] } })).status).toBe(422);
      const flow = (await call("POST", "/api/ai-flows/generate", { cookie: user.cookie, body: { flowType: "lead_nurture" } })).body as { id: string };
      const id = { id: flow.id };
      expect((await call("POST", "/api/ai-flows/{id}/klaviyo", { cookie: user.cookie, params: id, body: {} })).status).toBe(422);
      expect((await call("POST", "/api/ai-flows/{id}/klaviyo", { cookie: premium.cookie, params: id, body: { trigger: { type: "list", id: "LstNews1" } } })).status).toBe(404);
      expect((await call("POST", "/api/ai-flows/{id}/klaviyo", { cookie: user.cookie, params: id, body: { trigger: { type: "list", id: "LstNews1" } } })).status).toBe(201);
      expect((await call("GET", "/api/ai-flows/{id}/klaviyo", { cookie: user.cookie, params: id })).status).toBe(200);
      // A flow type the account lacks: the user's own lead nurture flow is sent again as a new draft; a premium type needs premium.
      const missing = await call("POST", "/api/integrations/klaviyo/flows/missing", { cookie: user.cookie, body: { flowType: "lead_nurture" } });
      expect(missing.status).toBe(201);
      expect(missing.body).toMatchObject({ flowId: flow.id, flowType: "lead_nurture", replayed: false });
      expect((await call("POST", "/api/integrations/klaviyo/flows/missing", { cookie: user.cookie, body: { flowType: "upsell" } })).status).toBe(402);
      expect((await call("POST", "/api/integrations/klaviyo/flows/missing", { cookie: user.cookie, body: { flowType: "welcome" } })).status).toBe(422);
      expect((await call("GET", "/api/ai-flows/{id}/export", { cookie: user.cookie, params: id, query: "?format=klaviyo" })).status).toBe(200);
      expect((await call("DELETE", "/api/integrations/klaviyo", { cookie: user.cookie })).status).toBe(200);
      expect((await call("POST", "/api/ai-flows/{id}/klaviyo", { cookie: user.cookie, params: id, body: { trigger: { type: "list", id: "LstNews1" } } })).status).toBe(409);
      expect(klaviyo.violations).toEqual([]);
    } finally {
      setEnv(previous);
      await klaviyo.close();
    }
  });

  it("benchmarks and user metrics", async () => {
    const input = { benchmarkType: "Onboarding Flows", performanceIndicator: "Open Rate (Email)", industryMedian: "42%", industry: "Food & Beverage", businessType: "eCommerce" };
    const created = await call("POST", "/api/benchmarks", { cookie: admin.cookie, body: input });
    expect(created.status).toBe(201);
    const benchmarkId = (created.body as { id: string }).id;
    expect((await call("POST", "/api/benchmarks", { cookie: user.cookie, body: input })).status).toBe(403);
    expect((await call("POST", "/api/benchmarks", { cookie: admin.cookie, body: { benchmarkType: "nope" } })).status).toBe(422);
    expect((await call("GET", "/api/benchmarks", { cookie: user.cookie })).status).toBe(200);
    expect((await call("PUT", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId }, body: { industryMedian: "43%" } })).status).toBe(422);
    expect(
      (await call("PUT", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId }, body: { ...exampleOf("put", "/api/benchmarks/{id}"), industry: "Fitness" } }))
        .status,
    ).toBe(200);
    expect((await call("PATCH", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId }, body: exampleOf("patch", "/api/benchmarks/{id}") })).status).toBe(200);
    const benchmark = await call("GET", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId } });
    expect(benchmark.status).toBe(200);
    expect((await call("PUT", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId }, body: benchmark.body })).status).toBe(200);
    expect((await call("GET", "/api/benchmarks/{id}", { cookie: user.cookie, params: { id: benchmarkId } })).status).toBe(200);
    expect(
      (await call("DELETE", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId }, headers: { "If-Match": benchmark.headers.get("ETag")! } })).status,
    ).toBe(412);
    expect((await call("DELETE", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId } })).status).toBe(200);
    expect((await call("DELETE", "/api/benchmarks/{id}", { cookie: admin.cookie, params: { id: benchmarkId } })).status).toBe(404);

    expect((await call("POST", "/api/user-metrics", { cookie: user.cookie, body: { flowType: "onboarding", openRate: 4550 } })).status).toBe(200);
    expect((await call("POST", "/api/user-metrics", { cookie: user.cookie, body: { flowType: "nope" } })).status).toBe(422);
    expect((await call("GET", "/api/user-metrics", { cookie: user.cookie })).status).toBe(200);

    expect((await call("GET", "/api/scorecard")).status).toBe(401);
    expect((await call("GET", "/api/scorecard", { cookie: user.cookie })).status).toBe(402);
    expect(
      (await call("POST", "/api/user-metrics", { cookie: premium.cookie, body: { flowType: "abandoned_cart", revenuePerRecipient: 150, clickRate: 400, openRate: 4000 } })).status,
    ).toBe(200);
    expect((await call("GET", "/api/scorecard", { cookie: premium.cookie })).status).toBe(200);
  });

  it("flows with Prefer: respond-async: a 202 whose Location is the progress, read until the flow is saved, against a loopback model", async () => {
    const { backgroundGenerationsSettled } = await import("~/services/flows/progress.server");
    const { generateOfflineDraft } = await import("~/services/ai/offline.server");
    const model = await startOpenAiStub();
    const env = envModule.getEnv();
    const configured = vi.spyOn(envModule, "getEnv").mockReturnValue({ ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: "stub-model" });
    try {
      const { cookie } = await onboardedUser({ answers: LEAF_AND_KETTLE });
      const draft = generateOfflineDraft({ flowType: "onboarding", business: LEAF_AND_KETTLE, rule: null, customContext: "" });
      model.script({ kind: "content", content: JSON.stringify(draft) }, { kind: "content", content: JSON.stringify({ explanation: "Shorter now.", flow: draft }) });
      const started = await call("POST", "/api/ai-flows/generate", { cookie, body: { flowType: "onboarding" }, headers: { Prefer: "respond-async" } });
      expect(started.status).toBe(202);
      const id = (started.body as { id: string }).id;
      expect(started.headers.get("Location")).toBe(`/api/ai-flow-generations/${id}`);
      expect(started.headers.get("Preference-Applied")).toBe("respond-async");
      await backgroundGenerationsSettled();
      const done = await call("GET", "/api/ai-flow-generations/{id}", { cookie, params: { id } });
      expect(done.body).toMatchObject({ state: "succeeded", kind: "generate", flowId: expect.any(String) });
      expect(started.headers.get("Link")).toBe(`</api/ai-flow-generations/${id}/events>; rel="alternate"; type="text/event-stream"`);
      // The same progress as a stream: it has ended, so its one event is done, with the poll's body.
      const stream = await call("GET", "/api/ai-flow-generations/{id}/events", { cookie, params: { id }, headers: { Accept: "text/event-stream" } });
      expect(stream.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
      const doneEvent = /^event: done\nid: (\S+)\ndata: (.*)$/m.exec(stream.text);
      expect(doneEvent, stream.text).not.toBeNull();
      expect(JSON.parse(doneEvent![2]!)).toEqual(done.body);
      expect((await call("GET", "/api/ai-flow-generations/{id}/events", { cookie, params: { id }, headers: { "Last-Event-ID": doneEvent![1]! } })).status).toBe(204);
      expect((await call("GET", "/api/ai-flow-generations/{id}/events", { cookie: user.cookie, params: { id } })).status).toBe(404);
      expect((await call("GET", "/api/ai-flow-generations/{id}/events", { params: { id } })).status).toBe(401);
      const flowId = (done.body as { flowId: string }).flowId;
      const regenerating = await call("POST", "/api/ai-flows/{id}/regenerate", {
        cookie,
        params: { id: flowId },
        body: { feedback: "Shorter, please." },
        headers: { Prefer: "respond-async" },
      });
      expect(regenerating.status).toBe(202);
      await backgroundGenerationsSettled();
      expect((await call("GET", "/api/ai-flow-generations/{id}", { cookie, params: { id: (regenerating.body as { id: string }).id } })).body).toMatchObject({
        kind: "regenerate",
        flowId,
      });
      expect((await call("GET", "/api/ai-flow-generations/{id}", { cookie: user.cookie, params: { id } })).status).toBe(404);
      expect((await call("GET", "/api/ai-flow-generations/{id}", { params: { id } })).status).toBe(401);

      // Content writing, followed the same way (premium).
      const writer = await onboardedUser({ premium: true, answers: LEAF_AND_KETTLE });
      model.script({ kind: "content", content: JSON.stringify(draft) });
      const written = await call("POST", "/api/ai-flows/generate", { cookie: writer.cookie, body: { flowType: "onboarding" } });
      const flow = written.body as FlowToWrite & { id: string };
      model.script({ kind: "content", content: contentAnswerFor(flow).content });
      const writing = await call("POST", "/api/ai-flows/{id}/content", { cookie: writer.cookie, params: { id: flow.id }, headers: { Prefer: "respond-async" } });
      expect(writing.status).toBe(202);
      const writingId = (writing.body as { id: string }).id;
      expect(writing.headers.get("Location")).toBe(`/api/ai-flow-content-writings/${writingId}`);
      await backgroundGenerationsSettled();
      const writtenProgress = await call("GET", "/api/ai-flow-content-writings/{id}", { cookie: writer.cookie, params: { id: writingId } });
      expect(writtenProgress.body).toMatchObject({ kind: "content", state: "succeeded", flowId: flow.id });
      expect((await call("GET", "/api/ai-flow-content-writings/{id}", { cookie, params: { id: writingId } })).status).toBe(402);
      // Its progress as a stream too: ended, so its one event is done, with the poll's body.
      expect(writing.headers.get("Link")).toBe(`</api/ai-flow-content-writings/${writingId}/events>; rel="alternate"; type="text/event-stream"`);
      const contentStream = await call("GET", "/api/ai-flow-content-writings/{id}/events", {
        cookie: writer.cookie,
        params: { id: writingId },
        headers: { Accept: "text/event-stream" },
      });
      expect(contentStream.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
      const contentDone = /^event: done\nid: (\S+)\ndata: (.*)$/m.exec(contentStream.text);
      expect(contentDone, contentStream.text).not.toBeNull();
      expect(JSON.parse(contentDone![2]!)).toEqual(writtenProgress.body);
      const resumed = await call("GET", "/api/ai-flow-content-writings/{id}/events", {
        cookie: writer.cookie,
        params: { id: writingId },
        headers: { "Last-Event-ID": contentDone![1]! },
      });
      expect(resumed.status).toBe(204);
      expect((await call("GET", "/api/ai-flow-content-writings/{id}/events", { cookie, params: { id: writingId } })).status).toBe(402);
      expect((await call("GET", "/api/ai-flow-content-writings/{id}/events", { params: { id: writingId } })).status).toBe(401);
    } finally {
      configured.mockRestore();
      await model.close();
    }
  });

  it("research: refused without a website, and a real run against a loopback site and a loopback model", async () => {
    expect((await call("POST", "/api/ai-research/perform", { cookie: (await createUser()).cookie })).status).toBe(422);
    expect((await call("POST", "/api/ai-research/perform")).status).toBe(401);

    // Everything research reaches is on 127.0.0.1: a fixture site (allowed through the tests-only
    // RESEARCH_ALLOWED_HOSTS) and an OpenAI-compatible stub the configuration points the SDK at.
    const site = await startFixtureSite({ "/": html(RICH_PAGE) });
    const model = await startOpenAiStub();
    model.script({ kind: "content", content: JSON.stringify({ productServiceDescription: "Hand-thrown stoneware for daily use." }) });
    const env = envModule.getEnv();
    const configured = vi.spyOn(envModule, "getEnv").mockReturnValue({ ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: "stub-model" });
    const previous = setEnv({ RESEARCH_ALLOWED_HOSTS: site.host });
    try {
      const researcher = await createUser();
      await updateUserDetails({ id: researcher.user.id, completionMethod: "ai", researchWebsiteUrl: `${site.origin}/` });
      const done = await call("POST", "/api/ai-research/perform", { cookie: researcher.cookie });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ user: { aiResearchCompleted: true }, filledFields: expect.arrayContaining(["productServiceDescription"]) });
      expect(site.requests.map((request) => request.path)).toEqual(["/"]);
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0]).toMatchObject({ model: "stub-model" });
      // The model's answer, not only the page's own facts, is what was stored.
      expect((await getResponseByUserId(researcher.user.id))?.productServiceDescription).toBe("Hand-thrown stoneware for daily use.");
    } finally {
      setEnv(previous);
      configured.mockRestore();
      await Promise.all([site.close(), model.close()]);
    }
  });

  it("admin: stats, onboarding answers, flow mappings, users", async () => {
    expect((await call("GET", "/api/admin/stats", { cookie: admin.cookie })).status).toBe(200);
    expect((await call("GET", "/api/admin/stats", { cookie: user.cookie })).status).toBe(403);
    expect((await call("GET", "/api/admin/onboarding-responses", { cookie: admin.cookie, query: "?page=1" })).status).toBe(200);
    expect((await call("GET", "/api/admin/flow-mappings", { cookie: admin.cookie })).status).toBe(200);
    const rule = { ...exampleOf("post", "/api/admin/flow-mappings"), flowName: "Contract rule", businessType: "Contract Business" };
    const created = await call("POST", "/api/admin/flow-mappings", { cookie: admin.cookie, body: rule });
    expect(created.status).toBe(201);
    const ruleId = (created.body as { id: string }).id;
    expect((await call("POST", "/api/admin/flow-mappings", { cookie: admin.cookie, body: { flowName: "" } })).status).toBe(422);
    expect((await call("PUT", "/api/admin/flow-mappings/{id}", { cookie: admin.cookie, params: { id: ruleId }, body: { notes: "Edited" } })).status).toBe(422);
    expect(
      (await call("PUT", "/api/admin/flow-mappings/{id}", { cookie: admin.cookie, params: { id: ruleId }, body: exampleOf("put", "/api/admin/flow-mappings/{id}") })).status,
    ).toBe(200);
    expect((await call("PATCH", "/api/admin/flow-mappings/{id}", { cookie: admin.cookie, params: { id: ruleId }, body: { notes: "Edited" } })).status).toBe(200);
    const ruleRead = await call("GET", "/api/admin/flow-mappings/{id}", { cookie: admin.cookie, params: { id: ruleId } });
    expect(ruleRead.status).toBe(200);
    expect((await call("PUT", "/api/admin/flow-mappings/{id}", { cookie: admin.cookie, params: { id: ruleId }, body: ruleRead.body })).status).toBe(200);
    expect((await call("DELETE", "/api/admin/flow-mappings/{id}", { cookie: admin.cookie, params: { id: ruleId } })).status).toBe(200);
    expect((await call("GET", "/api/admin/users", { cookie: admin.cookie })).status).toBe(200);
    expect((await call("PATCH", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: user.user.id }, body: { isPremium: true } })).status).toBe(200);
    const listed = await call("GET", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: user.user.id } });
    expect(listed.status).toBe(200);
    expect(
      (await call("PATCH", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: user.user.id }, body: { ...(listed.body as Json), email: "x@example.com" } })).status,
    ).toBe(422);
    expect((await call("GET", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: "000000000000000000000000" } })).status).toBe(404);
    expect((await call("PATCH", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: admin.user.id }, body: { role: "User" } })).status).toBe(409);
    expect((await call("PATCH", "/api/admin/users/{id}", { cookie: user.cookie, params: { id: user.user.id }, body: { role: "Admin" } })).status).toBe(403);
    const leaving = await createUser();
    expect((await call("DELETE", "/api/admin/users/{id}", { cookie: user.cookie, params: { id: leaving.user.id } })).status).toBe(403);
    expect((await call("DELETE", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: admin.user.id } })).status).toBe(409);
    expect((await call("DELETE", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: leaving.user.id } })).status).toBe(200);
    expect((await call("DELETE", "/api/admin/users/{id}", { cookie: admin.cookie, params: { id: leaving.user.id } })).status).toBe(404);
  });

  it("openapi: the document itself, served at GET /api/openapi.json", async () => {
    const answer = await call("GET", "/api/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("the reference page renders from the document", async () => {
    const module = moduleFor("/api/docs");
    const response = (await (module.loader as Handler)(args(jsonRequest("/api/docs?q=flows", { method: "GET" })))) as Response;
    expect(response.status).toBe(200);
    const data = (await response.json()) as { reference: { groups: { operations: unknown[] }[] }; query: string };
    expect(data.query).toBe("flows");
    expect(data.reference.groups.flatMap((g) => g.operations)).toHaveLength(OPERATIONS.length);
    exercised.set("get /api/docs", new Set([200]));
  });

  it("called every documented operation, each with a success", () => {
    const all = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(all.filter((key) => !exercised.has(key))).toEqual([]);
    expect(all.filter((key) => ![...exercised.get(key)!].some((status) => status < 400))).toEqual([]);
  });
});
