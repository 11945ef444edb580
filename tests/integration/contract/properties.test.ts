/**
 * Contract properties, generated from /api/openapi.json: for every operation that takes a JSON
 * body or query, fast-check builds inputs from the documented schemas. An input the schema
 * accepts gets a status the operation documents, with a body its schema for that status accepts;
 * an input the schema refuses (a field it does not list, a required field left out, a value of a
 * type it does not allow) gets 422 VALIDATION_FAILED. Every DELETE operation, with fixtures made
 * for each case: on the caller's own resource it gets the documented success and the resource is
 * gone; on someone else's, without sign-in, or (for an admin's resource) as a User it gets the
 * documented 4xx and the resource stays; on a missing one it gets the documented 404. Nothing
 * answers 5xx.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", REGISTRATION_RATE_LIMIT: "100000" });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { args, jsonRequest } = await import("../../support/requests");
const { onboardedUser, seedRules } = await import("../flows/helpers");
const { openApiDocument } = await import("~/web/openapi/document.server");
const { createBenchmarkAsAdmin } = await import("~/services/admin/benchmarks.server");
const { createFlowRuleAsAdmin } = await import("~/services/admin/flow-rules.server");
const { generateFlow } = await import("~/services/flows/flows.server");
const { createApiToken } = await import("~/services/auth/api-tokens.server");
const { BENCHMARK_INDUSTRIES } = await import("~/lib/admin/benchmark-fields");
const { PERFORMANCE_INDICATORS } = await import("~/lib/flow-types");
const { isDomainError } = await import("~/services/domain-error");
const { ApiTokenModel } = await import("~/models/api-token.server");
const { UserModel } = await import("~/models/user.server");
const { AiGeneratedFlowModel } = await import("~/models/ai-generated-flow.server");
const { EmailBenchmarkModel } = await import("~/models/email-benchmark.server");
const { FlowRuleModel } = await import("~/models/flow-rule.server");
const { KlaviyoConnectionModel, saveKlaviyoConnection } = await import("~/models/klaviyo-connection.server");

await useTestDatabase();

type Json = Record<string, unknown>;
type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;
type Operation = {
  parameters?: Array<{ name: string; in: string; schema: Json; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  "x-access": string;
};

const document = openApiDocument() as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } } & Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: "openapi.json" });
const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

// The route module that answers each documented path, found the way the server finds it.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const { discoveredRoutes: discovered } = await import("../../support/route-files");
const fullPath = (id: string | undefined): string => {
  const route = id ? discovered[id] : undefined;
  return route ? [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/") : "";
};
const modules = new Map<string, Record<string, unknown>>();
for (const route of Object.values(discovered)) {
  const routePath = fullPath(route.id);
  if (routePath.startsWith("api/"))
    modules.set(`/${routePath.replace(/:(\w+)/g, "{$1}")}`, (await import(/* @vite-ignore */ path.join(root, "app", route.file))) as Record<string, unknown>);
}

// ---------------------------------------------------------------------------------------------
// JSON Schema → fast-check arbitraries (the keywords the document uses).

const resolve = (schema: Json): Json => {
  if (typeof schema.$ref !== "string") return schema;
  const parts = schema.$ref.replace(/^#\//, "").split("/");
  let found: unknown = document;
  for (const part of parts) found = (found as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return resolve(found as Json);
};

function valid(schema: Json): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const options = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (options) return fc.oneof(...options.map(valid));
  switch (s.type) {
    case "string": {
      if (s.format === "email") return fc.emailAddress().filter((e) => e.length <= 254);
      if (s.format === "uri") return fc.webUrl();
      const min = (s.minLength as number | undefined) ?? 0;
      return fc.string({ minLength: min, maxLength: Math.min((s.maxLength as number | undefined) ?? 30, Math.max(min, 30)) });
    }
    case "integer":
      return fc.integer({ min: Math.max((s.minimum as number | undefined) ?? -1000, -1_000_000), max: Math.min((s.maximum as number | undefined) ?? 1000, 1_000_000) });
    case "number":
      return fc.double({ min: (s.minimum as number | undefined) ?? -1000, max: (s.maximum as number | undefined) ?? 1000, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valid((s.items as Json | undefined) ?? {}), {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: Math.min((s.maxItems as number | undefined) ?? 3, 3),
      });
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valid(value)])), { requiredKeys: (s.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.jsonValue();
  }
}

/** A value no branch of the schema allows: of a JSON type it does not list. */
function wrongType(schema: Json): unknown {
  const s = resolve(schema);
  const types = new Set<string>();
  const collect = (x: Json) => {
    const r = resolve(x);
    if (Array.isArray(r.enum) || "const" in r)
      for (const v of (r.enum as unknown[] | undefined) ?? [r.const]) types.add(v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v);
    if (typeof r.type === "string") types.add(r.type === "integer" ? "number" : r.type);
    for (const option of ((r.anyOf ?? r.oneOf) as Json[] | undefined) ?? []) collect(option);
  };
  collect(s);
  if (types.size === 0) return undefined;
  if (!types.has("number")) return 7;
  if (!types.has("string")) return "7";
  if (!types.has("boolean")) return true;
  return undefined;
}

type Mutation = { body: Json; why: string } | null;

/** One way to make a valid body invalid for its schema, or null when the schema leaves no room. */
function invalidate(schema: Json, body: Json, choice: number): Mutation {
  const s = resolve(schema);
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const required = (s.required as string[] | undefined) ?? [];
  const kinds = [
    () => (s.additionalProperties === false ? { body: { ...body, notAField: 1 }, why: "an unknown field" } : null),
    () => {
      const key = required[choice % Math.max(required.length, 1)];
      if (!key) return null;
      const { [key]: _left, ...rest } = body;
      return { body: rest, why: `without the required ${key}` };
    },
    () => {
      const keys = Object.keys(properties);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[(choice + i) % keys.length]!;
        const value = wrongType(properties[key]!);
        if (value !== undefined) return { body: { ...body, [key]: value }, why: `${key} of the wrong type` };
      }
      return null;
    },
  ];
  for (let i = 0; i < kinds.length; i++) {
    const made = kinds[(choice + i) % kinds.length]!();
    if (made) return made;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

/** The answer is one the operation documents, with a body its schema for that status accepts, and never 5xx. */
function expectDocumented(method: string, template: string, op: Operation, answer: { status: number; text: string; type: string }, label: string) {
  expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  const documented = op.responses[String(answer.status)];
  expect(documented, `${label} answered ${answer.status}, which is not documented: ${answer.text.slice(0, 300)}`).toBeTruthy();
  if (answer.type.startsWith("application/json") && documented?.content?.["application/json"]) {
    const validate = ajv.getSchema(
      `openapi.json#/${["paths", template, method, "responses", String(answer.status), "content", "application/json", "schema"].map(escapePointer).join("/")}`,
    )!;
    expect(validate(JSON.parse(answer.text)), `${label} ${answer.status}: ${ajv.errorsText(validate.errors)} ${answer.text.slice(0, 300)}`).toBe(true);
  }
}

// Calls that end the caller's session, and the reference page. DELETE operations have their own
// fixtures below, so they never take the resources the other operations use.
const SKIPPED = new Set(["post /api/logout", "get /api/docs"]);
const operations = Object.entries(document.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => method !== "delete" && !SKIPPED.has(`${method} ${template}`))
    .filter(([, op]) => op.requestBody || op.parameters?.some((p) => p.in === "query"))
    .map(([method, op]) => ({ method, template, op })),
);

const RESERVED_NAMES = ["__proto__", "constructor", "prototype"];
/** The POSTs that are safe to repeat and so take no Idempotency-Key. */
const UNKEYED_POSTS = ["/api/auth/login", "/api/logout"];
const keyedPosts = Object.entries(document.paths).flatMap(([template, item]) =>
  item.post?.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key") ? [{ template, op: item.post }] : [],
);
const keyedReplays: string[] = [];
let reservedCases = 0;

describe("contract properties of every operation, generated from the document", { shuffle: false }, () => {
  const cookies: Record<string, string> = {};

  it("every POST but signing in and out documents the Idempotency-Key header", () => {
    const posts = Object.entries(document.paths).flatMap(([template, item]) => (item.post ? [template] : []));
    expect(posts.filter((template) => !keyedPosts.some((keyed) => keyed.template === template)).sort()).toEqual(UNKEYED_POSTS);
  });

  for (const { template, op } of keyedPosts) {
    it(`POST ${template}: the same request again with the same key is the kept answer, and the work is done once`, async () => {
      const example = op.requestBody?.content["application/json"]?.example;
      const bodySchema = op.requestBody?.content["application/json"]?.schema;
      const body = example ?? (bodySchema ? fc.sample(valid(bodySchema), { numRuns: 1, seed: 26 })[0] : undefined);
      const key = `replay-${template}`;
      const first = await send("post", template, op, body, "", undefined, { "Idempotency-Key": key });
      const again = await send("post", template, op, body, "", undefined, { "Idempotency-Key": key });
      expectDocumented("post", template, op, again, `POST ${template} again`);
      if (first.status >= 200 && first.status < 300) {
        keyedReplays.push(template);
        expect(again.status, again.text).toBe(first.status);
        expect(again.replayed, again.text).toBe("true");
        expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
      } else {
        // A refusal is not kept: the retry ran again and was refused the same way, not replayed.
        expect(again.replayed).toBeNull();
        expect(again.status, again.text).toBe(first.status);
      }
    });
  }

  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await seedRules();
    const premium = await onboardedUser({ premium: true });
    const admin = await createAdmin();
    cookies.user = premium.cookie;
    cookies.admin = admin.cookie;
    const flow = await generateFlow({ user: { id: premium.user.id, isPremium: true }, input: { flowType: "abandoned_cart" } });
    ids.flow = flow.id;
    ids.touchpoint = flow.touchpoints[0]!.id;
    const bench = await createBenchmarkAsAdmin({
      actor: admin.user,
      input: { benchmarkType: "Sunset Flow", performanceIndicator: "Open Rate (Email)", industryMedian: "20%", industry: "Media & Content" },
    });
    ids.benchmark = bench.id;
    const rule = await createFlowRuleAsAdmin({
      actor: admin.user,
      input: {
        flowName: "Property rule",
        flowType: "sunset",
        businessType: "Property Business",
        steps: [{ channel: "Email", title: "Bye", timing: { type: "immediate" }, primaryGoal: "g", keyMessages: "k", callToAction: "c" }],
      },
    });
    ids.rule = rule.id;
    ids.user = premium.user.id;
    ids.token = (await createApiToken({ creator: { userId: premium.user.id, client: "127.0.0.1", signedInAt: new Date() }, input: { name: "property" } })).id;
  });

  const idFor = (template: string) => {
    if (template.startsWith("/api/touchpoints")) return ids.touchpoint;
    if (template.startsWith("/api/ai-flows")) return ids.flow;
    if (template.startsWith("/api/benchmarks")) return ids.benchmark;
    if (template.startsWith("/api/admin/flow-mappings")) return ids.rule;
    if (template.startsWith("/api/admin/users")) return ids.user;
    if (template.startsWith("/api/user/tokens")) return ids.token;
    return "unknown";
  };

  async function send(method: string, template: string, op: Operation, body: unknown, query: string, raw?: string, headers?: Record<string, string>) {
    const module = modules.get(template)!;
    // A regenerate or rollback earlier in the run gives the flow new touchpoints: address its current first one.
    if (template.startsWith("/api/touchpoints")) {
      const flow = await AiGeneratedFlowModel.findOne({ _id: ids.flow }, { touchpoints: 1 }).lean<{ touchpoints?: Array<{ _id: unknown }> }>();
      if (flow?.touchpoints?.[0]) ids.touchpoint = String(flow.touchpoints[0]._id);
    }
    const handler = (method === "get" ? module.loader : module.action) as Handler;
    const concrete = template
      .replace("{flowType}", "sunset")
      .replace("{versionId}", "none")
      .replace(/\{\w+\}/, idFor(template) ?? "unknown");
    const params = { id: idFor(template) ?? "", flowType: "sunset", versionId: "none" };
    const cookie = op["x-access"] === "admin" ? cookies.admin : op["x-access"] === "user" ? cookies.user : undefined;
    const response = await handler(args(jsonRequest(`${concrete}${query}`, { method: method.toUpperCase(), body, raw, cookie, headers }), params));
    const text = await response.text();
    return { status: response.status, text, type: response.headers.get("Content-Type") ?? "", replayed: response.headers.get("Idempotency-Replayed") };
  }

  for (const { method, template, op } of operations) {
    const bodySchema = op.requestBody?.content["application/json"]?.schema;
    const queryParams = (op.parameters ?? []).filter((p) => p.in === "query");
    const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema)])), { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) });
    const toQuery = (values: Record<string, unknown>) => {
      const entries = Object.entries(values).filter(([name, value]) => value !== undefined && !(name === "query" && "q" in values));
      return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : "";
    };

    it(`${method.toUpperCase()} ${template}: inputs the document allows get a documented answer`, async () => {
      await fc.assert(
        fc.asyncProperty(bodySchema ? valid(bodySchema) : fc.constant(undefined), queryArb, async (body, query) => {
          const answer = await send(method, template, op, body, toQuery(query));
          expectDocumented(method, template, op, answer, `${method} ${template} ${JSON.stringify(body)?.slice(0, 200)} ${toQuery(query)}`);
        }),
        { numRuns: 12, seed: 26 },
      );
    });

    if (bodySchema && resolve(bodySchema).type === "object") {
      it(`${method.toUpperCase()} ${template}: a body the document refuses is a 422 VALIDATION_FAILED`, async () => {
        await fc.assert(
          fc.asyncProperty(valid(bodySchema), fc.nat(), async (body, choice) => {
            const mutation = invalidate(bodySchema, body as Json, choice);
            fc.pre(mutation !== null);
            const answer = await send(method, template, op, mutation!.body, "");
            const label = `${method} ${template} with ${mutation!.why}: ${JSON.stringify(mutation!.body).slice(0, 200)}`;
            expect(answer.status, `${label} → ${answer.text.slice(0, 300)}`).toBe(422);
            expect((JSON.parse(answer.text) as { code: string }).code, label).toBe("VALIDATION_FAILED");
            expectDocumented(method, template, op, answer, label);
          }),
          { numRuns: 12, seed: 26 },
        );
      });
    }

    if (bodySchema && resolve(bodySchema).type === "object") {
      it(`${method.toUpperCase()} ${template}: a top-level __proto__, constructor or prototype is a 422 naming it`, async () => {
        await fc.assert(
          fc.asyncProperty(valid(bodySchema), fc.constantFrom(...RESERVED_NAMES), async (body, name) => {
            reservedCases++;
            // Written as text: an object literal's __proto__ would set a prototype, not send a field.
            const raw = `{${JSON.stringify(name)}:{"role":"Admin","isPremium":true},${JSON.stringify(body).slice(1)}`.replace(/,}$/, "}");
            const answer = await send(method, template, op, undefined, "", raw);
            const label = `${method} ${template} with a top-level ${name}: ${raw.slice(0, 200)}`;
            expect(answer.status, `${label} → ${answer.text.slice(0, 300)}`).toBe(422);
            const refused = JSON.parse(answer.text) as { code: string; errors?: Record<string, string> };
            expect(refused.code, label).toBe("VALIDATION_FAILED");
            expect(Object.hasOwn(refused.errors ?? {}, name), `${label} → ${answer.text.slice(0, 300)}`).toBe(true);
            expectDocumented(method, template, op, answer, label);
          }),
          { numRuns: 6, seed: 26 },
        );
      });
    }

    if (queryParams.some((p) => p.schema.type === "integer")) {
      it(`${method.toUpperCase()} ${template}: a query the document refuses is a 422 VALIDATION_FAILED`, async () => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom("page=0", "page=abc", "page=1.5", "pageSize=1000", "dir=up", "unknown=1"), async (query) => {
            const answer = await send(method, template, op, undefined, `?${query}`);
            expect(answer.status, `${query}: ${answer.text}`).toBe(422);
            expectDocumented(method, template, op, answer, `${method} ${template}?${query}`);
          }),
          { numRuns: 6, seed: 26 },
        );
      });
    }
  }

  // Last (the describe does not shuffle): what the cases above covered, counted.
  it("sent every keyed POST twice and every operation with a body each reserved name, and counts them", () => {
    console.info(`[properties] ${keyedReplays.length} of ${keyedPosts.length} keyed POSTs replayed their kept answer: ${keyedReplays.join(", ")}`);
    expect(keyedReplays.length).toBeGreaterThanOrEqual(10);
    const withBodies = operations.filter(({ op }) => op.requestBody?.content["application/json"]?.schema).length;
    console.info(`[properties] ${reservedCases} reserved-name bodies over ${withBodies} operations`);
    expect(reservedCases).toBeGreaterThanOrEqual(withBodies * 3);
  });
});

// ---------------------------------------------------------------------------------------------
// DELETE operations, each case with resources of its own.

type Account = Awaited<ReturnType<typeof createAdmin>>;

interface Deletable {
  /** Makes one for `owner` and gives its id (the path's {id}; "" for a path without one). */
  make(owner: Account): Promise<string>;
  /** Whether it is still there. */
  exists(id: string, owner: Account): Promise<boolean>;
  /** The body a DELETE sends, made for the resource's owner (the password that confirms it). */
  body?(owner: Account): unknown;
}

const present = async (found: Promise<unknown>) => (await found) !== null;

/** A benchmark for a peer group that has none yet for its indicator (benchmarks are unique per type, indicator and peer group). */
async function newBenchmark(admin: Account): Promise<string> {
  for (const industry of BENCHMARK_INDUSTRIES) {
    for (const performanceIndicator of PERFORMANCE_INDICATORS) {
      try {
        return (await createBenchmarkAsAdmin({ actor: admin.user, input: { benchmarkType: "Upsell Flows", performanceIndicator, industryMedian: "12%", industry } })).id;
      } catch (error) {
        if (!isDomainError(error) || error.code !== "BENCHMARK_EXISTS") throw error;
      }
    }
  }
  throw new Error("Every benchmark key is taken: no fixture can be made.");
}

const newFlow = async (owner: Account) => generateFlow({ user: { id: owner.user.id, isPremium: true }, input: { flowType: "abandoned_cart" } });

const DELETABLE: Record<string, Deletable> = {
  "/api/user": {
    make: async () => "",
    exists: (_id, owner) => present(UserModel.findById(owner.user.id, { _id: 1 }).lean()),
    body: (owner) => ({ password: owner.password }),
  },
  "/api/admin/users/{id}": {
    make: async () => (await createUser()).user.id,
    exists: (id) => present(UserModel.findById(id, { _id: 1 }).lean()),
  },
  "/api/user/tokens/{id}": {
    make: async (owner) => (await createApiToken({ creator: { userId: owner.user.id, client: "127.0.0.1", signedInAt: new Date() }, input: { name: "to revoke" } })).id,
    exists: (id) => present(ApiTokenModel.findById(id).lean()),
  },
  "/api/ai-flows/{id}": {
    make: async (owner) => (await newFlow(owner)).id,
    exists: (id) => present(AiGeneratedFlowModel.findById(id, { _id: 1 }).lean()),
  },
  "/api/touchpoints/{id}": {
    make: async (owner) => (await newFlow(owner)).touchpoints[0]!.id,
    exists: (id) => present(AiGeneratedFlowModel.findOne({ "touchpoints._id": id }, { _id: 1 }).lean()),
  },
  "/api/integrations/klaviyo": {
    make: async (owner) => {
      const account = { listCount: 1, segmentCount: 0, metricCount: 0, listNames: ["Newsletter"], moreLists: false };
      await saveKlaviyoConnection({ userId: owner.user.id, sealedKey: "sealed", keyHint: "…abcd", accountTag: "acct", account, now: new Date() });
      return "";
    },
    exists: (_id, owner) => present(KlaviyoConnectionModel.findOne({ userId: owner.user.id }, { _id: 1 }).lean()),
  },
  "/api/benchmarks/{id}": {
    make: newBenchmark,
    exists: (id) => present(EmailBenchmarkModel.findById(id, { _id: 1 }).lean()),
  },
  "/api/admin/flow-mappings/{id}": {
    make: async (admin) =>
      (
        await createFlowRuleAsAdmin({
          actor: admin.user,
          input: {
            flowName: "Rule to delete",
            flowType: "upsell",
            businessType: "Property Business",
            steps: [{ channel: "Email", title: "Thanks", timing: { type: "immediate" }, primaryGoal: "g", keyMessages: "k", callToAction: "c" }],
          },
        })
      ).id,
    exists: (id) => present(FlowRuleModel.findById(id, { _id: 1 }).lean()),
  },
};

const deletions = Object.entries(document.paths).flatMap(([template, item]) => (item.delete ? [{ template, op: item.delete }] : []));

describe("contract properties of every DELETE operation, with fixtures of its own", () => {
  it("the document has DELETE operations, and each has a fixture here", () => {
    expect(deletions.length).toBeGreaterThan(0);
    expect(deletions.map((d) => d.template).sort()).toEqual(Object.keys(DELETABLE).sort());
  });

  /** An owner for the operation: an Admin for an admin's resource, else an onboarded premium user. */
  const ownerFor = async (op: Operation): Promise<Account> => (op["x-access"] === "admin" ? createAdmin() : onboardedUser({ premium: true }));

  async function remove(template: string, id: string, cookie: string | undefined, body?: unknown) {
    const module = modules.get(template)!;
    const request = jsonRequest(template.replace("{id}", encodeURIComponent(id)), { method: "DELETE", cookie, body });
    const response = await (module.action as Handler)(args(request, template.includes("{id}") ? { id } : {}));
    return { status: response.status, text: await response.text(), type: response.headers.get("Content-Type") ?? "" };
  }

  for (const { template, op } of deletions) {
    const fixture = DELETABLE[template]!;
    const hasId = template.includes("{id}");

    it(`DELETE ${template}: on one's own, the documented success, and it is gone${hasId ? "; again, the documented 404" : ""}`, async () => {
      const owner = await ownerFor(op);
      const id = await fixture.make(owner);
      expect(await fixture.exists(id, owner)).toBe(true);
      const answer = await remove(template, id, owner.cookie, fixture.body?.(owner));
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(200);
      expect(answer.status, answer.text).toBeLessThan(300);
      expectDocumented("delete", template, op, answer, `DELETE ${template} (own)`);
      expect(await fixture.exists(id, owner)).toBe(false);
      if (hasId) {
        const again = await remove(template, id, owner.cookie, fixture.body?.(owner));
        expect(again.status, again.text).toBe(404);
        expectDocumented("delete", template, op, again, `DELETE ${template} (already deleted)`);
      }
    });

    const stranger = op["x-access"] === "admin" ? "a User" : "another user";
    it(`DELETE ${template}: by ${stranger} or without sign-in, the documented 4xx, and it stays`, async () => {
      const owner = await ownerFor(op);
      const other = await onboardedUser({ premium: true });
      const id = await fixture.make(owner);

      const byOther = await remove(template, id, other.cookie, fixture.body?.(owner));
      expectDocumented("delete", template, op, byOther, `DELETE ${template} (${stranger})`);
      // A path without an id names the caller's own (their Klaviyo connection): the other user's call
      // answers for theirs and must leave the owner's alone.
      if (op["x-access"] === "admin") expect(byOther.status, byOther.text).toBe(403);
      else if (hasId) expect(byOther.status, byOther.text).toBe(404);
      expect(await fixture.exists(id, owner)).toBe(true);

      const anonymous = await remove(template, id, undefined, fixture.body?.(owner));
      expect(anonymous.status, anonymous.text).toBe(401);
      expectDocumented("delete", template, op, anonymous, `DELETE ${template} (no sign-in)`);
      expect(await fixture.exists(id, owner)).toBe(true);
    });

    if (hasId) {
      it(`DELETE ${template}: an id that names nothing gets the documented 404`, async () => {
        const owner = await ownerFor(op);
        await fc.assert(
          fc.asyncProperty(fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/)), async (id) => {
            const answer = await remove(template, id, owner.cookie, fixture.body?.(owner));
            expect(answer.status, `${id}: ${answer.text}`).toBe(404);
            expectDocumented("delete", template, op, answer, `DELETE ${template} ${id}`);
          }),
          { numRuns: 12, seed: 26 },
        );
      });
    } else if (template !== "/api/user") {
      // (A signed-in caller always has an account, so DELETE /api/user always has something to delete.)
      it(`DELETE ${template}: with nothing to delete, the documented success`, async () => {
        const owner = await ownerFor(op);
        const answer = await remove(template, "", owner.cookie);
        expect(answer.status, answer.text).toBe(200);
        expectDocumented("delete", template, op, answer, `DELETE ${template} (nothing there)`);
      });
    }
  }
});
