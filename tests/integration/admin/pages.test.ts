import { beforeEach, describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { DOCUMENT_HEADERS, args, dataOf, expectRedirect, formRequest, getRequest, settle, statusOf, toastOf } = await import("../../support/requests");
const adminLayout = await import("~/routes/_app+/admin");
const adminIndex = await import("~/routes/_app+/admin._index");
const benchmarksPage = await import("~/routes/_app+/admin.benchmarks");
const flowMapsPage = await import("~/routes/_app+/admin.flow-maps");
const onboardingPage = await import("~/routes/_app+/admin.onboarding");
const usersPage = await import("~/routes/_app+/admin.users");
const { createBenchmark, getBenchmark } = await import("~/models/email-benchmark.server");
const { createFlowRule, getFlowRule } = await import("~/models/flow-rule.server");
const { getUserById } = await import("~/models/user.server");
const { QuestionnaireResponseModel } = await import("~/models/questionnaire-response.server");
const { invalidateAdminStats } = await import("~/services/admin.server");
const { loadDashboard } = await import("~/services/dashboard.server");
const { expandBenchmarkCard } = await import("~/lib/benchmarks/card");
const { recordAudit, AuditLogModel } = await import("~/models/audit-log.server");
const { GONE_HINT } = await import("~/web/admin-page.server");
const { createBenchmarkAsAdmin, updateBenchmarkAsAdmin } = await import("~/services/admin/benchmarks.server");

await useTestDatabase({ clearBeforeEach: true });
beforeEach(() => invalidateAdminStats());

type Loader = (a: ReturnType<typeof args>) => Promise<unknown>;

const pages: Array<[string, Loader, Loader | null]> = [
  ["/admin", adminIndex.loader, null],
  ["/admin/benchmarks", benchmarksPage.loader, benchmarksPage.action],
  ["/admin/flow-maps", flowMapsPage.loader, flowMapsPage.action],
  ["/admin/onboarding", onboardingPage.loader, null],
  ["/admin/users", usersPage.loader, usersPage.action],
];

describe("access", () => {
  for (const [path, loader, action] of pages) {
    it(`${path}: a User gets 403 'Access Denied' from the loader${action ? " and the action" : ""}; signed out goes to sign-in`, async () => {
      const member = await createUser();
      for (const run of [adminLayout.loader, loader]) {
        const refused = await settle(run(args(getRequest(path, { cookie: member.cookie, headers: DOCUMENT_HEADERS }))));
        expect(refused).toBeInstanceOf(Response);
        expect((refused as Response).status).toBe(403);
        expect(await (refused as Response).json()).toEqual({ message: "Admin access required" });
      }
      expectRedirect((await settle(loader(args(getRequest(path, { headers: DOCUMENT_HEADERS }))))) as Response, `/login?redirectTo=${encodeURIComponent(path)}`);
      if (action) {
        const posted = await settle(action(args(formRequest(path, { intent: "delete", id: "x" }, { cookie: member.cookie }))));
        expect(statusOf(posted)).toBe(403);
      }
    });
  }
});

describe("/admin/benchmarks page", () => {
  it("creates, edits and deletes through forms, back to the same table view with the spec's toasts", async () => {
    const admin = await createAdmin();
    const at = "/admin/benchmarks?dialog=new&q=fit&sort=openRate&dir=desc&page=1";
    const fields = {
      intent: "create",
      benchmarkType: "Upsell Flows",
      performanceIndicator: "Open Rate (Email)",
      industryMedian: "33.33%",
      industry: "Fitness",
      businessType: "",
      openRate: "33.333",
      clickRate: "",
      ctr: "",
      revenuePerRecipient: "",
      source: "",
    };
    const created = (await benchmarksPage.action(args(formRequest(at, fields, { cookie: admin.cookie })))) as Response;
    expectRedirect(created, "/admin/benchmarks?q=fit&sort=openRate&dir=desc&page=1");
    expect(await toastOf(created)).toMatchObject({ title: "Benchmarks item created successfully", variant: "success" });

    const listed = dataOf(await benchmarksPage.loader(args(getRequest("/admin/benchmarks?q=fit", { cookie: admin.cookie })))) as {
      page: { rows: Array<{ id: string; openRate: number | null; businessType: string }>; total: number };
    };
    expect(listed.page.total).toBe(1);
    const [row] = listed.page.rows;
    expect(row).toMatchObject({ openRate: 33.33, businessType: "All" });

    const updated = (await benchmarksPage.action(
      args(formRequest(`/admin/benchmarks?dialog=edit&id=${row.id}`, { ...fields, intent: "update", id: row.id, clickRate: "4.5" }, { cookie: admin.cookie })),
    )) as Response;
    expect(await toastOf(updated)).toMatchObject({ title: "Benchmarks item updated successfully" });
    expect((await getBenchmark(row.id))?.clickRate).toBe(4.5);

    const deleted = (await benchmarksPage.action(
      args(formRequest(`/admin/benchmarks?dialog=delete&id=${row.id}`, { intent: "delete", id: row.id }, { cookie: admin.cookie })),
    )) as Response;
    expectRedirect(deleted, "/admin/benchmarks");
    expect(await toastOf(deleted)).toMatchObject({ title: "Benchmarks item deleted successfully" });
    expect(await getBenchmark(row.id)).toBeNull();
  });

  it("refuses a row whose own figure disagrees with its median text, at that figure", async () => {
    const admin = await createAdmin();
    const fields = {
      intent: "create",
      benchmarkType: "Upsell Flows",
      performanceIndicator: "Open Rate (Email)",
      industryMedian: "41.18%",
      industry: "",
      businessType: "",
      openRate: "38",
    };
    const refused = await benchmarksPage.action(args(formRequest("/admin/benchmarks?dialog=new", fields, { cookie: admin.cookie })));
    expect(statusOf(refused)).toBe(422);
    expect(dataOf(refused)).toMatchObject({
      fieldErrors: { openRate: "This figure (38.00) disagrees with the industry median (41.18%): make them the same, or leave the figure empty." },
    });
    // The same number, or no figure, is fine; a figure of another kind is not compared.
    for (const openRate of ["41.18", ""]) {
      const saved = await benchmarksPage.action(
        args(formRequest("/admin/benchmarks?dialog=new", { ...fields, openRate, industry: openRate ? "Fitness" : "Education" }, { cookie: admin.cookie })),
      );
      expect(statusOf(saved), openRate).toBe(302);
    }
  });

  it("a row is always stored under its benchmark type's flow type: a form or call cannot put it under another", async () => {
    const admin = await createAdmin();
    const base = { benchmarkType: "Upsell Flows", performanceIndicator: "Bounce Rate (Email)", industryMedian: "0.5%", industry: "", businessType: "" };
    // Through the API a flow type that disagrees with the benchmark type is refused, not stored.
    await expect(createBenchmarkAsAdmin({ actor: admin.user, input: { ...base, flowType: "sunset" } })).rejects.toMatchObject({
      kind: "validation",
      fieldErrors: { flowType: "Flow type must be upsell for 'Upsell Flows'" },
    });
    // The form has no flow type: one slipped into the post is not read.
    const made = (await benchmarksPage.action(
      args(formRequest("/admin/benchmarks?dialog=new", { intent: "create", ...base, flowType: "sunset" }, { cookie: admin.cookie })),
    )) as Response;
    expect(made.status).toBe(302);
    const listed = dataOf(await benchmarksPage.loader(args(getRequest("/admin/benchmarks?q=Upsell", { cookie: admin.cookie })))) as {
      page: { rows: Array<{ id: string; flowType: string }> };
    };
    const row = listed.page.rows[0]!;
    expect((await getBenchmark(row.id))?.flowType).toBe("upsell");
    // Editing it with another flow type alone changes nothing; changing the benchmark type moves it with its flow type.
    await benchmarksPage.action(
      args(formRequest(`/admin/benchmarks?dialog=edit&id=${row.id}`, { intent: "update", id: row.id, ...base, flowType: "sunset" }, { cookie: admin.cookie })),
    );
    expect((await getBenchmark(row.id))?.flowType).toBe("upsell");
    await expect(updateBenchmarkAsAdmin({ actor: admin.user, id: row.id, input: { flowType: "sunset" } })).rejects.toMatchObject({ kind: "validation" });
    expect((await getBenchmark(row.id))?.flowType).toBe("upsell");
    const moved = await benchmarksPage.action(
      args(formRequest(`/admin/benchmarks?dialog=edit&id=${row.id}`, { intent: "update", id: row.id, ...base, benchmarkType: "Sunset Flow" }, { cookie: admin.cookie })),
    );
    expect(statusOf(moved)).toBe(302);
    expect(await getBenchmark(row.id)).toMatchObject({ benchmarkType: "Sunset Flow", flowType: "sunset" });
  });

  it("a refused form comes back with the server's message at the field, as a toast, and the values as typed", async () => {
    const admin = await createAdmin();
    const result = await benchmarksPage.action(
      args(
        formRequest(
          "/admin/benchmarks?dialog=new",
          { intent: "create", benchmarkType: "Lead Nurture", performanceIndicator: "Open Rate (Email)", industryMedian: "5%", openRate: "150" },
          { cookie: admin.cookie },
        ),
      ),
    );
    expect(statusOf(result)).toBe(422);
    expect(dataOf(result)).toMatchObject({
      intent: "create",
      fieldErrors: { openRate: "Open rate must be between 0 and 100" },
      toast: { title: "Error", description: "Open rate must be between 0 and 100" },
      values: { openRate: "150", industryMedian: "5%" },
    });
    const unknown = await benchmarksPage.action(args(formRequest("/admin/benchmarks", { intent: "explode" }, { cookie: admin.cookie })));
    expect(statusOf(unknown)).toBe(400);
  });

  it("a duplicate row is refused at the performance indicator field (409), and a peer group must come from the lists", async () => {
    const admin = await createAdmin();
    const fields = {
      intent: "create",
      benchmarkType: "Lead Nurture",
      performanceIndicator: "Open Rate (Email)",
      industryMedian: "40%",
      industry: "Fitness",
      businessType: "eCommerce",
    };
    const post = (values: Record<string, string>) => benchmarksPage.action(args(formRequest("/admin/benchmarks?dialog=new", values, { cookie: admin.cookie })));
    expect(statusOf(await post(fields))).toBe(302);

    const duplicate = await post({ ...fields, industryMedian: "41%" });
    expect(statusOf(duplicate)).toBe(409);
    expect(dataOf(duplicate)).toMatchObject({
      intent: "create",
      fieldErrors: {
        performanceIndicator:
          "A benchmark for this type, indicator, industry and business type already exists. Edit that row, or choose another indicator, industry or business type.",
      },
      toast: { title: "Error", description: "A benchmark for this type, indicator, industry and business type already exists." },
      values: { industryMedian: "41%" },
    });

    const typo = await post({ ...fields, industry: "Fitnes" });
    expect(statusOf(typo)).toBe(422);
    expect(dataOf(typo)).toMatchObject({ fieldErrors: { industry: expect.stringMatching(/^Choose an industry from the list: All industries, Technology & Software/) } });
  });

  it("an edit is on every user's dashboard card at the next load", async () => {
    const admin = await createAdmin();
    const member = await createUser();
    const row = await createBenchmark({
      benchmarkType: "Lead Nurture",
      performanceIndicator: "Open Rate (Email)",
      industryMedian: "52.04%",
      industry: "All industries",
      businessType: "All",
    });
    const median = async () => {
      const dashboard = await loadDashboard((await getUserById(member.user.id))!);
      return expandBenchmarkCard(dashboard.benchmarks)
        .find((flow) => flow.flowType === "lead_nurture")
        ?.rows.find((r) => r.key === "openRate")?.median?.text;
    };
    expect(await median()).toBe("52.04%");
    await benchmarksPage.action(
      args(
        formRequest(
          `/admin/benchmarks?dialog=edit&id=${row.id}`,
          {
            intent: "update",
            id: row.id,
            benchmarkType: "Lead Nurture",
            performanceIndicator: "Open Rate (Email)",
            industryMedian: "48.10%",
            industry: "All industries",
            businessType: "All",
          },
          { cookie: admin.cookie },
        ),
      ),
    );
    expect(await median()).toBe("48.10%");
  });

  it("an edit dialog for a row that is gone goes back to the table with a message", async () => {
    const admin = await createAdmin();
    const gone = await settle(benchmarksPage.loader(args(getRequest("/admin/benchmarks?dialog=edit&id=nope&page=2", { cookie: admin.cookie }))));
    expectRedirect(gone as Response, "/admin/benchmarks?page=2");
    expect(await toastOf(gone as Response)).toMatchObject({ description: `Benchmark not found. ${GONE_HINT}`, variant: "destructive" });
  });
});

describe("/admin/flow-maps page without JavaScript", () => {
  const base = {
    flowName: "Welcome",
    flowType: "onboarding",
    businessType: "All",
    communicationChannels: "Email only",
    purchaseDecisionTimeline: "All",
    serviceFrequency: "All",
    upsellOpportunity: "All",
    trigger: "Signs up",
    exitRules: "",
    notes: "",
  };
  const stepFields = (index: number, title: string, timingType = "immediate", amount = "0", unit = "minutes") => ({
    [`steps[${index}].key`]: `k${index}`,
    [`steps[${index}].channel`]: "Email",
    [`steps[${index}].title`]: title,
    [`steps[${index}].timingType`]: timingType,
    [`steps[${index}].amount`]: amount,
    [`steps[${index}].unit`]: unit,
    [`steps[${index}].primaryGoal`]: `Goal ${title}`,
    [`steps[${index}].keyMessages`]: `Messages ${title}`,
    [`steps[${index}].callToAction`]: `Act ${title}`,
  });

  it("the step buttons send the form back changed and save nothing", async () => {
    const admin = await createAdmin();
    const post = (fields: Record<string, string>) => flowMapsPage.action(args(formRequest("/admin/flow-maps?dialog=new", fields, { cookie: admin.cookie })));
    const form = { ...base, ...stepFields(0, "One"), ...stepFields(1, "Two", "offset", "2", "days") };
    const added = dataOf(await post({ ...form, intent: "step:add" })) as { values: { steps: Array<{ title: string }> } };
    expect(added.values.steps.map((s) => s.title)).toEqual(["One", "Two", ""]);
    const moved = dataOf(await post({ ...form, intent: "step:down:0" })) as { values: { steps: Array<{ title: string; amount: string; key: string }> } };
    expect(moved.values.steps.map((s) => [s.title, s.amount, s.key])).toEqual([
      ["Two", "2", "k1"],
      ["One", "0", "k0"],
    ]);
    const removed = dataOf(await post({ ...form, intent: "step:remove:0" })) as { values: { steps: Array<{ title: string }> } };
    expect(removed.values.steps.map((s) => s.title)).toEqual(["Two"]);
    expect(await getFlowRule("anything")).toBeNull();
    const { FlowRuleModel } = await import("~/models/flow-rule.server");
    expect(await FlowRuleModel.countDocuments({})).toBe(0);
  });

  it("saves the rule with its timings in minutes, and refuses bad JSON exit rules at the field", async () => {
    const admin = await createAdmin();
    const post = (fields: Record<string, string>) => flowMapsPage.action(args(formRequest("/admin/flow-maps?dialog=new", fields, { cookie: admin.cookie })));
    const form = { ...base, ...stepFields(0, "One"), ...stepFields(1, "Two", "offset", "3", "hours") };
    const bad = await post({ ...form, exitRules: "{not json", intent: "create" });
    expect(statusOf(bad)).toBe(422);
    expect(dataOf(bad)).toMatchObject({ fieldErrors: { exitRules: "Exit rules must be valid JSON" } });
    const saved = (await post({ ...form, exitRules: '{"exitWhen":["Buys"]}', intent: "create" })) as Response;
    expect(await toastOf(saved)).toMatchObject({ title: "Flow Maps item created successfully" });
    const { FlowRuleModel } = await import("~/models/flow-rule.server");
    const stored = await FlowRuleModel.findOne({ flowName: "Welcome" }).lean();
    expect(stored?.exitRules).toEqual({ exitWhen: ["Buys"] });
    expect(stored?.steps.map((s) => s.timing)).toEqual([{ type: "immediate" }, { type: "offset", minutes: 180 }]);
  });

  it("the edit dialog shows the stored rule as the editor's draft", async () => {
    const admin = await createAdmin();
    const rule = await createFlowRule({
      flowName: "Cart",
      flowType: "abandoned_cart",
      communicationChannels: "Email + SMS",
      steps: [
        {
          stepNumber: 1,
          channel: "SMS",
          title: "Nudge",
          delayDays: 1,
          timing: { type: "offset", minutes: 2880 },
          primaryGoal: "g",
          keyMessages: "k",
          callToAction: "c",
          notes: "",
        },
      ],
    });
    const loaded = dataOf(await flowMapsPage.loader(args(getRequest(`/admin/flow-maps?dialog=edit&id=${rule.id}`, { cookie: admin.cookie })))) as {
      draft: { flowName: string; steps: Array<{ channel: string; timingType: string; amount: string; unit: string }> };
    };
    expect(loaded.draft.flowName).toBe("Cart");
    expect(loaded.draft.steps).toEqual([expect.objectContaining({ channel: "SMS", timingType: "offset", amount: "2", unit: "days" })]);
  });
});

describe("/admin/users page", () => {
  it("grants and revokes premium; the last Admin is refused with the server's message", async () => {
    const admin = await createAdmin();
    const member = await createUser();
    const granted = (await usersPage.action(
      args(formRequest("/admin/users?q=test", { intent: "set-premium", id: member.user.id, isPremium: "1" }, { cookie: admin.cookie })),
    )) as Response;
    expectRedirect(granted, "/admin/users?q=test");
    expect(await toastOf(granted)).toMatchObject({ title: "Premium turned on", description: `${member.user.email} now has Premium.` });
    expect((await getUserById(member.user.id))?.isPremium).toBe(1);
    const revoked = (await usersPage.action(
      args(formRequest("/admin/users", { intent: "set-premium", id: member.user.id, isPremium: "0" }, { cookie: admin.cookie })),
    )) as Response;
    expect(await toastOf(revoked)).toMatchObject({ title: "Premium turned off", description: `${member.user.email} is back on the Free Plan.` });

    const refused = await usersPage.action(args(formRequest("/admin/users", { intent: "set-role", id: admin.user.id, role: "User" }, { cookie: admin.cookie })));
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused)).toMatchObject({ message: expect.stringContaining("last Admin"), toast: { title: "Error" } });
    expect((await getUserById(admin.user.id))?.role).toBe("Admin");
    const promoted = (await usersPage.action(args(formRequest("/admin/users", { intent: "set-role", id: member.user.id, role: "Admin" }, { cookie: admin.cookie })))) as Response;
    expect(await toastOf(promoted)).toMatchObject({ title: "Role changed", description: `${member.user.email} is now Admin.` });
  });
});

describe("/admin/onboarding page", () => {
  it("lists responses read only and opens one's full answers", async () => {
    const admin = await createAdmin();
    const doc = await QuestionnaireResponseModel.create({ userId: "u1", companyName: "Glow", businessType: "eCommerce", industry: "Fitness", leadNurtureGoal: "Book a class" });
    const loaded = dataOf(await onboardingPage.loader(args(getRequest(`/admin/onboarding?view=${doc._id}`, { cookie: admin.cookie })))) as {
      page: { rows: Array<{ companyName: string }> };
      viewing: { leadNurtureGoal: string } | null;
    };
    expect(loaded.page.rows.map((r) => r.companyName)).toEqual(["Glow"]);
    expect(loaded.viewing?.leadNurtureGoal).toBe("Book a class");
    expect("action" in onboardingPage).toBe(false);
  });
});

describe("/admin dashboard", () => {
  it("shows the counts and the latest 20 audit entries, newest first", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 25; i++) {
      await recordAudit({
        actorId: admin.user.id,
        actorEmail: admin.user.email,
        action: "update",
        entity: "benchmark",
        entityId: `b${i}`,
        label: `Row ${i}`,
        before: { openRate: i },
        after: { openRate: i + 1 },
      });
    }
    const loaded = dataOf(await adminIndex.loader(args(getRequest("/admin", { cookie: admin.cookie })))) as {
      stats: { totalUsers: number };
      audit: Array<{ label: string }>;
    };
    expect(loaded.stats.totalUsers).toBe(1);
    expect(loaded.audit).toHaveLength(20);
    expect(loaded.audit[0].label).toBe("Row 24");
    expect(await AuditLogModel.countDocuments({})).toBe(25);
  });
});

describe("an edit or delete dialog for a row that is gone", () => {
  it.each([
    ["/admin/benchmarks", benchmarksPage.loader],
    ["/admin/flow-maps", flowMapsPage.loader],
  ] as const)("%s goes back to the table and says why", async (path, loader) => {
    const admin = await createAdmin();
    for (const dialog of ["edit", "delete"]) {
      const answer = await settle(loader(args(getRequest(`${path}?dialog=${dialog}&id=no-such-row&page=2`, { cookie: admin.cookie }))));
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`${path}?page=2`);
      expect(await toastOf(response)).toMatchObject({ title: "Error", variant: "destructive" });
    }
  });
});
