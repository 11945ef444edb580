import { beforeEach, describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { apiBody, args, jsonRequest } = await import("../../support/requests");
const apiBenchmarks = await import("~/routes/api+/benchmarks");
const apiBenchmark = await import("~/routes/api+/benchmarks.$id");
const apiFlowRules = await import("~/routes/api+/admin.flow-mappings");
const apiFlowRule = await import("~/routes/api+/admin.flow-mappings.$id");
const apiUsers = await import("~/routes/api+/admin.users");
const apiUser = await import("~/routes/api+/admin.users.$id");
const apiResponses = await import("~/routes/api+/admin.onboarding-responses");
const apiStats = await import("~/routes/api+/admin.stats");
const apiAuthUser = await import("~/routes/api+/auth.user");
const { createBenchmark, getBenchmark } = await import("~/models/email-benchmark.server");
const { createFlowRule, getFlowRule } = await import("~/models/flow-rule.server");
const { getUserById } = await import("~/models/user.server");
const { AuditLogModel, listRecentAudit } = await import("~/models/audit-log.server");
const { QuestionnaireResponseModel } = await import("~/models/questionnaire-response.server");
const { invalidateAdminStats } = await import("~/services/admin.server");
const { LAST_ADMIN_MESSAGE } = await import("~/services/admin/users.server");
const { BUSINESS_TYPES, INDUSTRIES } = await import("~/lib/questionnaire/options");

await useTestDatabase({ clearBeforeEach: true });
beforeEach(() => invalidateAdminStats());

type Actor = "signed out" | "user" | "admin";

async function cookieFor(actor: Actor) {
  if (actor === "signed out") return null;
  return (actor === "admin" ? await createAdmin() : await createUser()).cookie;
}

function send(path: string, method: string, cookie: string | null, body?: unknown) {
  return jsonRequest(path, { method, cookie, body });
}

async function expectStatus(response: Response, status: number) {
  const body = await apiBody<Record<string, unknown>>(response);
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

const benchmarkBody = {
  benchmarkType: "Upsell Flows",
  performanceIndicator: "Bounce Rate (Email)",
  industryMedian: "0.45%",
  industry: "Fitness",
  businessType: "eCommerce",
  openRate: 21.456,
  clickRate: null,
  ctr: 3.1,
  revenuePerRecipient: 1.5,
  source: "Own study",
};

const step = (title: string, timing: unknown, channel = "Email") => ({
  channel,
  title,
  timing,
  primaryGoal: `Goal of ${title}`,
  keyMessages: `Messages of ${title}`,
  callToAction: `Act on ${title}`,
});

const ruleBody = {
  flowName: "Spring welcome",
  flowType: "onboarding",
  businessType: "eCommerce",
  communicationChannels: "Email + SMS",
  trigger: "Joins the list",
  exitRules: { exitWhen: ["Places an order"] },
  steps: [step("Welcome", { type: "immediate" }), step("Reminder", { type: "offset", minutes: 1440 }, "SMS")],
};

let benchmarkCount = 0;
async function someBenchmark() {
  benchmarkCount += 1;
  // A peer group of its own each time, from the questionnaire's lists (as the admin form offers).
  const industry = INDUSTRIES[benchmarkCount % INDUSTRIES.length]!;
  const businessType = BUSINESS_TYPES[Math.floor(benchmarkCount / INDUSTRIES.length) % BUSINESS_TYPES.length]!;
  return createBenchmark({ benchmarkType: "Lead Nurture", performanceIndicator: "Open Rate (Email)", industryMedian: "40.00%", industry, businessType });
}

async function someRule() {
  return createFlowRule({
    flowName: "General onboarding",
    flowType: "onboarding",
    businessType: "All",
    communicationChannels: "Email only",
    steps: [{ stepNumber: 1, channel: "Email", title: "Hi", delayDays: 0, timing: { type: "immediate" }, primaryGoal: "g", keyMessages: "k", callToAction: "c", notes: "" }],
  });
}

describe("every admin endpoint with every role", () => {
  const cases: Array<{ endpoint: string; ok: number; run: (cookie: string | null) => Promise<Response> }> = [
    { endpoint: "POST /api/benchmarks", ok: 201, run: (c) => apiBenchmarks.action(args(send("/api/benchmarks", "POST", c, benchmarkBody))) },
    {
      endpoint: "PATCH /api/benchmarks/{id}",
      ok: 200,
      run: async (c) => {
        const { id } = await someBenchmark();
        return apiBenchmark.action(args(send(`/api/benchmarks/${id}`, "PATCH", c, { industryMedian: "41.00%" }), { id }));
      },
    },
    {
      endpoint: "DELETE /api/benchmarks/{id}",
      ok: 200,
      run: async (c) => {
        const { id } = await someBenchmark();
        return apiBenchmark.action(args(send(`/api/benchmarks/${id}`, "DELETE", c), { id }));
      },
    },
    { endpoint: "GET /api/admin/flow-mappings", ok: 200, run: (c) => apiFlowRules.loader(args(send("/api/admin/flow-mappings", "GET", c))) },
    { endpoint: "POST /api/admin/flow-mappings", ok: 201, run: (c) => apiFlowRules.action(args(send("/api/admin/flow-mappings", "POST", c, ruleBody))) },
    {
      endpoint: "PATCH /api/admin/flow-mappings/{id}",
      ok: 200,
      run: async (c) => {
        const { id } = await someRule();
        return apiFlowRule.action(args(send(`/api/admin/flow-mappings/${id}`, "PATCH", c, { flowName: "Renamed" }), { id }));
      },
    },
    {
      endpoint: "DELETE /api/admin/flow-mappings/{id}",
      ok: 200,
      run: async (c) => {
        const { id } = await someRule();
        return apiFlowRule.action(args(send(`/api/admin/flow-mappings/${id}`, "DELETE", c), { id }));
      },
    },
    { endpoint: "GET /api/admin/users", ok: 200, run: (c) => apiUsers.loader(args(send("/api/admin/users?query=&page=1", "GET", c))) },
    {
      endpoint: "PATCH /api/admin/users/{id}",
      ok: 200,
      run: async (c) => {
        const { user } = await createUser();
        return apiUser.action(args(send(`/api/admin/users/${user.id}`, "PATCH", c, { isPremium: true }), { id: user.id }));
      },
    },
    { endpoint: "GET /api/admin/onboarding-responses", ok: 200, run: (c) => apiResponses.loader(args(send("/api/admin/onboarding-responses", "GET", c))) },
    { endpoint: "GET /api/admin/stats", ok: 200, run: (c) => apiStats.loader(args(send("/api/admin/stats", "GET", c))) },
  ];

  for (const { endpoint, ok, run } of cases) {
    it(`${endpoint}: signed out 401, User 403, Admin ${ok}`, async () => {
      await expectStatus(await run(await cookieFor("signed out")), 401);
      const refused = await expectStatus(await run(await cookieFor("user")), 403);
      expect(refused.message).toBe("Admin access required");
      await expectStatus(await run(await cookieFor("admin")), ok);
    });
  }

  it("a User's refused writes change nothing", async () => {
    const member = await createUser();
    const benchmark = await someBenchmark();
    await expectStatus(await apiBenchmark.action(args(send(`/api/benchmarks/${benchmark.id}`, "DELETE", member.cookie), { id: benchmark.id })), 403);
    expect(await getBenchmark(benchmark.id)).not.toBeNull();
    await expectStatus(
      await apiUser.action(args(send(`/api/admin/users/${member.user.id}`, "PATCH", member.cookie, { role: "Admin", isPremium: 1 }), { id: member.user.id })),
      403,
    );
    expect(await getUserById(member.user.id)).toMatchObject({ role: "User", isPremium: 0 });
  });
});

describe("benchmarks", () => {
  it("POST validates, keeps 2 decimals, fills the flow type and peer group, and audits", async () => {
    const admin = await createAdmin();
    const created = await expectStatus(await apiBenchmarks.action(args(send("/api/benchmarks", "POST", admin.cookie, benchmarkBody))), 201);
    expect(created).toMatchObject({ flowType: "upsell", openRate: 21.46, clickRate: null, ctr: 3.1, revenuePerRecipient: 1.5, industry: "Fitness" });
    const general = await expectStatus(
      await apiBenchmarks.action(
        args(send("/api/benchmarks", "POST", admin.cookie, { benchmarkType: "Sunset Flow", performanceIndicator: "Open Rate (Email)", industryMedian: "20%" })),
      ),
      201,
    );
    expect(general).toMatchObject({ industry: "All industries", businessType: "All", flowType: "sunset" });
    const [entry] = await listRecentAudit(1);
    expect(entry).toMatchObject({ actorEmail: admin.user.email, action: "create", entity: "benchmark", entityId: general.id, before: null });
    expect(entry.after).toMatchObject({ industryMedian: "20%" });
    // "all" in any spelling is the whole group; a listed answer is stored as the list spells it.
    const spelt = await expectStatus(
      await apiBenchmarks.action(
        args(
          send("/api/benchmarks", "POST", admin.cookie, {
            benchmarkType: "Sunset Flow",
            performanceIndicator: "Click Rate (Email)",
            industryMedian: "2%",
            industry: "food & beverage",
            businessType: "any",
          }),
        ),
      ),
      201,
    );
    expect(spelt).toMatchObject({ industry: "Food & Beverage", businessType: "All" });
  });

  it("refuses bad input with the field's message (422) and a duplicate peer-group row (409)", async () => {
    const admin = await createAdmin();
    const post = (body: unknown) => apiBenchmarks.action(args(send("/api/benchmarks", "POST", admin.cookie, body)));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ openRate: 100.5 }, "openRate", "Open rate must be between 0 and 100"],
      [{ ctr: -1 }, "ctr", "CTR cannot be negative"],
      [{ revenuePerRecipient: -0.01 }, "revenuePerRecipient", "Revenue per recipient cannot be negative"],
      [{ revenuePerRecipient: 1_000_000 }, "revenuePerRecipient", "Revenue per recipient cannot exceed 999,999"],
      [{ clickRate: "lots" }, "clickRate", "Click rate must be a number"],
      [{ openRate: "42" }, "openRate", "Must be a number or null."],
      [{ benchmarkType: "Welcome" }, "benchmarkType", expect.stringContaining("Choose a benchmark type") as unknown as string],
      [{ performanceIndicator: "Open rate" }, "performanceIndicator", expect.stringContaining("Choose a performance indicator") as unknown as string],
      [{ industryMedian: "  " }, "industryMedian", "Industry median is required"],
      [{ flowType: "sunset" }, "flowType", "Flow type must be upsell for 'Upsell Flows'"],
      // The peer group is one of the questionnaire's answers: a typo would make a group no one is in.
      [{ industry: "Fitnes" }, "industry", `Choose an industry from the list: All industries, ${INDUSTRIES.join(", ")}`],
      [{ businessType: "Ecommerce shop" }, "businessType", `Choose a business type from the list: All, ${BUSINESS_TYPES.join(", ")}`],
      [{ industry: 42 }, "industry", "Industry must be text"],
    ];
    for (const [change, field, message] of cases) {
      const body = await expectStatus(await post({ ...benchmarkBody, ...change }), 422);
      expect(body.errors, JSON.stringify(change)).toEqual({ [field]: message });
    }
    await expectStatus(await post(benchmarkBody), 201);
    const duplicate = await expectStatus(await post(benchmarkBody), 409);
    expect(duplicate).toMatchObject({ message: "A benchmark for this type, indicator, industry and business type already exists.", code: "BENCHMARK_EXISTS" });
    // The same peer group spelt another way is the same row; the error names the field to change.
    const sameGroup = await expectStatus(await post({ ...benchmarkBody, industry: " fitness ", businessType: "ECOMMERCE" }), 409);
    expect(sameGroup.errors).toEqual({ performanceIndicator: expect.stringMatching(/already exists\. Edit that row, or choose another indicator, industry or business type\.$/) });
    await expectStatus(await apiBenchmarks.action(args(jsonRequest("/api/benchmarks", { method: "POST", cookie: admin.cookie, raw: "{nope" }))), 400);
  });

  it("PATCH merges the changes, validates the whole row, audits before/after; unknown ids are 404", async () => {
    const admin = await createAdmin();
    const row = await someBenchmark();
    const put = (id: string, body: unknown) => apiBenchmark.action(args(send(`/api/benchmarks/${id}`, "PATCH", admin.cookie, body), { id }));
    const updated = await expectStatus(await put(row.id, { industryMedian: "42.50%", openRate: 42.5 }), 200);
    expect(updated).toMatchObject({ id: row.id, benchmarkType: "Lead Nurture", industryMedian: "42.50%", openRate: 42.5 });
    const bad = await expectStatus(await put(row.id, { clickRate: 101 }), 422);
    expect(bad.errors).toEqual({ clickRate: "Click rate must be between 0 and 100" });
    expect((await getBenchmark(row.id))?.clickRate).toBeNull();
    const [entry] = await listRecentAudit(1);
    expect(entry).toMatchObject({
      action: "update",
      entity: "benchmark",
      before: { industryMedian: "40.00%", openRate: null },
      after: { industryMedian: "42.50%", openRate: 42.5 },
    });
    await expectStatus(await put("missing", { industryMedian: "1%" }), 404);
    await expectStatus(await apiBenchmark.action(args(send("/api/benchmarks/missing", "DELETE", admin.cookie), { id: "missing" })), 404);
    await expectStatus(await apiBenchmark.action(args(send(`/api/benchmarks/${row.id}`, "POST", admin.cookie, {}), { id: row.id })), 405);
  });

  it("PUT replaces the whole row: a body that leaves fields out is a 422 listing them, and nothing changes", async () => {
    const admin = await createAdmin();
    const row = await someBenchmark();
    const put = (body: unknown) => apiBenchmark.action(args(send(`/api/benchmarks/${row.id}`, "PUT", admin.cookie, body), { id: row.id }));
    const partial = await expectStatus(await put({ industryMedian: "42.50%" }), 422);
    expect(partial.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(partial.errors as object).sort()).toEqual(
      ["benchmarkType", "businessType", "clickRate", "ctr", "flowType", "industry", "openRate", "performanceIndicator", "revenuePerRecipient", "source"].sort(),
    );
    expect((await getBenchmark(row.id))?.industryMedian).toBe("40.00%");
    const whole = {
      ...benchmarkBody,
      industryMedian: "42.50%",
      source: "",
      flowType: "",
      industry: "",
      businessType: "",
      openRate: 42.5,
      clickRate: null,
      ctr: null,
      revenuePerRecipient: null,
    };
    const replaced = await expectStatus(await put(whole), 200);
    expect(replaced).toMatchObject({ id: row.id, industryMedian: "42.50%", openRate: 42.5, clickRate: null });
    const unknown = await expectStatus(await put({ ...whole, median: "1%" }), 422);
    expect(unknown.errors).toEqual({ median: "Unknown field: remove it." });
  });

  it("DELETE removes the row, audits what it held, and the stats count follows at once", async () => {
    const admin = await createAdmin();
    const row = await someBenchmark();
    const stats = async () => (await expectStatus(await apiStats.loader(args(send("/api/admin/stats", "GET", admin.cookie))), 200)).benchmarks;
    expect(await stats()).toBe(1);
    await expectStatus(await apiBenchmark.action(args(send(`/api/benchmarks/${row.id}`, "DELETE", admin.cookie), { id: row.id })), 200);
    expect(await getBenchmark(row.id)).toBeNull();
    expect(await stats()).toBe(0);
    const [entry] = await listRecentAudit(1);
    expect(entry).toMatchObject({ action: "delete", entityId: row.id, after: null, before: { industryMedian: "40.00%" } });
  });
});

describe("flow-mapping rules", () => {
  it("POST stores the steps in order with their timings; GET pages and searches", async () => {
    const admin = await createAdmin();
    const created = await expectStatus(await apiFlowRules.action(args(send("/api/admin/flow-mappings", "POST", admin.cookie, ruleBody))), 201);
    expect(created.steps).toEqual([
      expect.objectContaining({ stepNumber: 1, channel: "Email", title: "Welcome", timing: { type: "immediate" }, delayDays: 0 }),
      expect.objectContaining({ stepNumber: 2, channel: "SMS", title: "Reminder", timing: { type: "offset", minutes: 1440 }, delayDays: 1 }),
    ]);
    await someRule();
    const all = await expectStatus(await apiFlowRules.loader(args(send("/api/admin/flow-mappings", "GET", admin.cookie))), 200);
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    const found = await expectStatus(await apiFlowRules.loader(args(send("/api/admin/flow-mappings?q=spring", "GET", admin.cookie))), 200);
    expect(found.items).toEqual([expect.objectContaining({ id: created.id })]);
    expect(found.total).toBe(1);
  });

  it("refuses rules that break the timing rules, the step order or the channels (422 at the field)", async () => {
    const admin = await createAdmin();
    const post = (body: unknown) => apiFlowRules.action(args(send("/api/admin/flow-mappings", "POST", admin.cookie, body)));
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ flowName: " " }, { flowName: "Flow name is required" }],
      [{ steps: [] }, { steps: "Add at least one step" }],
      [{ steps: [step("Late", { type: "offset", minutes: 525_601 })] }, { "steps.0.timing.minutes": "Minutes cannot exceed 525600" }],
      [{ steps: [step("Neg", { type: "offset", minutes: -5 })] }, { "steps.0.timing.minutes": "Minutes cannot be negative" }],
      [{ steps: [step("Day", { type: "weekday_relative_event", event: "delivery", weekday: 7, relation: "before" })] }, { "steps.0.timing.weekday": "Weekday must be 0 to 6" }],
      [
        { steps: [step("Time", { type: "weekday_relative_event", event: "delivery", weekday: 2, relation: "on", time: "25:00" })] },
        { "steps.0.timing.time": "Time must be HH:MM" },
      ],
      [
        { steps: [step("Later", { type: "offset", minutes: 2880 }), step("Sooner", { type: "offset", minutes: 60 })] },
        { "steps.1.timing": "Step 2 is timed before step 1: put the steps in time order" },
      ],
      [{ communicationChannels: "Email only" }, { "steps.1.channel": "SMS steps need a rule whose channels include SMS (Email + SMS)" }],
      [{ steps: [{ ...step("Blank", { type: "immediate" }), callToAction: "  " }] }, { "steps.0.callToAction": "Call to action is required" }],
      [{ flowType: "welcome" }, { flowType: expect.stringContaining("Flow type must be one of") as unknown as string }],
    ];
    for (const [change, errors] of cases) {
      const body = await expectStatus(await post({ ...ruleBody, ...change }), 422);
      expect(body.errors, JSON.stringify(change)).toEqual(errors);
    }
    // Event-relative steps have no fixed distance from the trigger, so they never break the order.
    await expectStatus(
      await post({ ...ruleBody, steps: [step("A", { type: "offset", minutes: 600 }), step("B", { type: "relative_event", event: "delivery", direction: "before", minutes: 60 })] }),
      201,
    );
  });

  it("PUT replaces the whole rule and refuses a body missing fields with 422 listing them", async () => {
    const admin = await createAdmin();
    const rule = await someRule();
    const put = (body: unknown) => apiFlowRule.action(args(send(`/api/admin/flow-mappings/${rule.id}`, "PUT", admin.cookie, body), { id: rule.id }));
    const partial = await expectStatus(await put({ flowName: "Renamed" }), 422);
    expect(Object.keys(partial.errors as object)).toEqual(expect.arrayContaining(["flowType", "steps", "trigger", "notes"]));
    expect((await getFlowRule(rule.id))?.flowName).toBe("General onboarding");
    const whole = {
      ...ruleBody,
      flowName: "Replaced",
      businessType: "",
      communicationChannels: "Email + SMS",
      purchaseDecisionTimeline: "",
      serviceFrequency: "",
      upsellOpportunity: "",
      notes: "",
    };
    const replaced = await expectStatus(await put(whole), 200);
    expect(replaced).toMatchObject({ flowName: "Replaced", steps: [expect.objectContaining({ title: "Welcome" }), expect.objectContaining({ title: "Reminder" })] });
  });

  it("PATCH merges, re-validates and audits; DELETE removes; unknown ids are 404", async () => {
    const admin = await createAdmin();
    const rule = await someRule();
    const put = (body: unknown) => apiFlowRule.action(args(send(`/api/admin/flow-mappings/${rule.id}`, "PATCH", admin.cookie, body), { id: rule.id }));
    const updated = await expectStatus(await put({ flowName: "Renamed", businessType: "eCommerce" }), 200);
    expect(updated).toMatchObject({ flowName: "Renamed", businessType: "eCommerce", steps: [expect.objectContaining({ title: "Hi" })] });
    const refused = await expectStatus(await put({ steps: [step("SMS", { type: "immediate" }, "SMS")] }), 422);
    expect(refused.errors).toEqual({ "steps.0.channel": "SMS steps need a rule whose channels include SMS (Email + SMS)" });
    const [entry] = await listRecentAudit(1);
    expect(entry).toMatchObject({
      action: "update",
      entity: "flow_mapping",
      before: { flowName: "General onboarding", businessType: "All" },
      after: { flowName: "Renamed", businessType: "eCommerce" },
    });
    await expectStatus(await apiFlowRule.action(args(send(`/api/admin/flow-mappings/${rule.id}`, "DELETE", admin.cookie), { id: rule.id })), 200);
    expect(await getFlowRule(rule.id)).toBeNull();
    await expectStatus(await apiFlowRule.action(args(send("/api/admin/flow-mappings/nope", "PATCH", admin.cookie, { flowName: "x" }), { id: "nope" })), 404);
  });

  it("every seeded default rule passes the admin validation", async () => {
    const { DEFAULT_FLOW_RULES } = await import("~/services/seed/flow-rules");
    const { parseFlowRuleInput } = await import("~/services/admin/flow-rules.server");
    for (const seed of DEFAULT_FLOW_RULES) expect(() => parseFlowRuleInput(seed), seed.flowName).not.toThrow();
  });
});

describe("users", () => {
  it("GET answers { items, total, page, pageSize } with the documented fields, searches by email or name", async () => {
    const admin = await createAdmin({ firstName: "Ada", lastName: "Root" });
    await createUser({ email: "grace@example.com", firstName: "Grace", lastName: "Hopper" });
    await createUser({ email: "alan@example.com", firstName: "Alan", lastName: "Turing" });
    const get = async (query: string) => expectStatus(await apiUsers.loader(args(send(`/api/admin/users${query}`, "GET", admin.cookie))), 200);
    const all = await get("?query=&page=1");
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(Object.keys((all.items as object[])[0]).sort()).toEqual(["createdAt", "email", "firstName", "id", "isPremium", "lastName", "role"]);
    expect(((await get("?query=HOPPER")).items as Array<{ email: string }>).map((u) => u.email)).toEqual(["grace@example.com"]);
    expect(((await get("?query=alan%40")).items as Array<{ email: string }>).map((u) => u.email)).toEqual(["alan@example.com"]);
    // Regex characters are searched for literally.
    expect((await get("?query=.*")).total).toBe(0);
  });

  it("PATCH sets exactly isPremium (a boolean in and out; stored 0/1), which the user's next request reads; revoking takes it back", async () => {
    const admin = await createAdmin();
    const customer = await createUser();
    const me = async () => expectStatus(await apiAuthUser.loader(args(send("/api/auth/user", "GET", customer.cookie))), 200);
    expect((await me()).isPremium).toBe(false);
    const patch = (body: unknown) => apiUser.action(args(send(`/api/admin/users/${customer.user.id}`, "PATCH", admin.cookie, body), { id: customer.user.id }));
    const before = await getUserById(customer.user.id);
    expect(await expectStatus(await patch({ isPremium: true }), 200)).toMatchObject({ id: customer.user.id, isPremium: true, role: "User" });
    const after = await getUserById(customer.user.id);
    expect(after).toEqual({ ...before, isPremium: 1, updatedAt: expect.any(Date) });
    // The same session, no new sign-in: the next request sees Premium.
    expect((await me()).isPremium).toBe(true);
    await expectStatus(await patch({ isPremium: false }), 200);
    expect((await me()).isPremium).toBe(false);
    const audits = await AuditLogModel.find({ entity: "user", action: "premium" }).sort({ createdAt: 1 }).lean();
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ isPremium: 0 }, { isPremium: 1 }],
      [{ isPremium: 1 }, { isPremium: 0 }],
    ]);
  });

  it("PATCH refuses bad input, unknown users and an empty change", async () => {
    const admin = await createAdmin();
    const { user } = await createUser();
    const patch = (id: string, body: unknown) => apiUser.action(args(send(`/api/admin/users/${id}`, "PATCH", admin.cookie, body), { id }));
    expect((await expectStatus(await patch(user.id, { role: "Owner" }), 422)).errors).toEqual({ role: "Role must be Admin or User" });
    for (const isPremium of ["yes", 1, 0, "1", "true", null]) {
      expect((await expectStatus(await patch(user.id, { isPremium }), 422)).errors, JSON.stringify(isPremium)).toEqual({ isPremium: "isPremium must be true or false" });
    }
    expect((await expectStatus(await patch(user.id, { isPremium: true, plan: "gold" }), 422)).errors).toEqual({ plan: "Unknown field: remove it." });
    expect((await getUserById(user.id))?.isPremium).toBe(0);
    expect((await expectStatus(await patch(user.id, {}), 422)).message).toBe("Send a role or isPremium to change");
    await expectStatus(await patch("nobody", { isPremium: true }), 404);
    await expectStatus(await apiUser.action(args(send(`/api/admin/users/${user.id}`, "PUT", admin.cookie, {}), { id: user.id })), 405);
  });

  it("the last Admin cannot remove their own Admin role; with a second Admin they can", async () => {
    const admin = await createAdmin();
    const patchSelf = () => apiUser.action(args(send(`/api/admin/users/${admin.user.id}`, "PATCH", admin.cookie, { role: "User" }), { id: admin.user.id }));
    const refused = await expectStatus(await patchSelf(), 409);
    expect(refused).toMatchObject({ message: LAST_ADMIN_MESSAGE, code: "LAST_ADMIN" });
    expect((await getUserById(admin.user.id))?.role).toBe("Admin");

    const other = await createUser();
    await expectStatus(await apiUser.action(args(send(`/api/admin/users/${other.user.id}`, "PATCH", admin.cookie, { role: "Admin" }), { id: other.user.id })), 200);
    expect(await expectStatus(await patchSelf(), 200)).toMatchObject({ role: "User" });
    // Now a User: the admin API is closed to them from this very next request.
    await expectStatus(await apiUsers.loader(args(send("/api/admin/users", "GET", admin.cookie))), 403);
    const roleEntries = await AuditLogModel.find({ action: "role" }).lean();
    expect(roleEntries).toHaveLength(2);
  });
});

describe("onboarding responses", () => {
  it("answers one page of the table as { items, total, page, pageSize }, pageSize chosen up to 100", async () => {
    const admin = await createAdmin();
    const docs = Array.from({ length: 55 }, (_, i) => ({ userId: `u${i}`, companyName: `Company ${String(i).padStart(2, "0")}`, businessType: "Other", industry: "Fitness" }));
    await QuestionnaireResponseModel.insertMany(docs);
    const list = async (query: string) => apiResponses.loader(args(send(`/api/admin/onboarding-responses${query}`, "GET", admin.cookie)));
    const first = await expectStatus(await list("?sort=companyName&dir=asc"), 200);
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect((first.items as unknown[]).length).toBe(50);
    const second = await expectStatus(await list("?sort=companyName&dir=asc&page=2"), 200);
    expect((second.items as Array<{ companyName: string }>).map((row) => row.companyName)).toEqual(["Company 50", "Company 51", "Company 52", "Company 53", "Company 54"]);
    const small = await expectStatus(await list("?sort=companyName&dir=asc&page=3&pageSize=10"), 200);
    expect(small).toMatchObject({ total: 55, page: 3, pageSize: 10 });
    expect((small.items as Array<{ companyName: string }>)[0]!.companyName).toBe("Company 20");
  });

  it("refuses a query it cannot take with 422 naming the parameter, never falling back silently", async () => {
    const admin = await createAdmin();
    const list = async (query: string) => apiResponses.loader(args(send(`/api/admin/onboarding-responses${query}`, "GET", admin.cookie)));
    const cases: Array<[string, string]> = [
      ["?page=-1", "page"],
      ["?page=abc", "page"],
      ["?page=1.5", "page"],
      ["?page=0", "page"],
      ["?pageSize=101", "pageSize"],
      ["?pageSize=0", "pageSize"],
      ["?dir=sideways", "dir"],
      ["?sort=password", "sort"],
      ["?limit=5", "limit"],
      ["?q=a&query=b", "query"],
      [`?q=${"x".repeat(101)}`, "q"],
      ["?page=1&page=2", "page"],
    ];
    for (const [query, parameter] of cases) {
      const body = await expectStatus(await list(query), 422);
      expect(body.code, query).toBe("VALIDATION_FAILED");
      expect(Object.keys(body.errors as object), query).toContain(parameter);
    }
  });
});
