import { describe, expect, it } from "vitest";

import { useEnv } from "../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../support/db");
const { createUser } = await import("../support/factories");
const { args, dataOf, expectRedirect, formRequest, getRequest, settle, statusOf, toastOf } = await import("../support/requests");
const { onboardedUser, seedRules } = await import("./flows/helpers");
const { action, loader } = await import("~/routes/_app+/flow-mappings");
const flows = await import("~/services/flows/flows.server");
const { AiGeneratedFlowModel } = await import("~/models/ai-generated-flow.server");
const { AiFlowVersionModel } = await import("~/models/ai-flow-history.server");
const { DELAY_DAYS_MESSAGE } = await import("~/lib/flows/types");

await useTestDatabase({ clearBeforeEach: true });

/**
 * The /flow-mappings page's loader and action, called with real requests: what the screen
 * loads for each URL state, and every form's answer (redirect + toast, or the reply at the form).
 */

type Loaded = Awaited<ReturnType<typeof loader>>;

async function load(path: string, cookie: string) {
  return dataOf(await loader(args(getRequest(path, { cookie })))) as Loaded;
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return settle(action(args(formRequest(path, fields, { cookie }))));
}

async function redirectedWith(result: unknown, path: string) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  expectRedirect(result, path);
  return toastOf(result);
}

interface Reply {
  intent: string | null;
  ok?: boolean;
  result?: { status?: string; error?: Record<string, string[] | null> } | null;
  toast?: { title: string; description?: string; variant?: string };
}

async function withFlow(options: { premium?: boolean } = {}) {
  await seedRules();
  const account = await onboardedUser(options);
  const flow = await flows.generateFlow({ user: { id: account.user.id, isPremium: Boolean(options.premium) }, input: { flowType: "onboarding" } });
  return { ...account, flow };
}

describe("loader", () => {
  it("defaults to onboarding, names the company, and sends an unknown type to the default", async () => {
    const { cookie } = await onboardedUser();
    const loaded = await load("/flow-mappings", cookie);
    expect(loaded).toMatchObject({ flowType: "onboarding", onboarded: true, flow: null, generating: false, isPremium: false, versions: null, messages: null });
    expect(loaded.companyName).toBeTruthy();
    expectRedirect((await settle(loader(args(getRequest("/flow-mappings?type=welcome", { cookie }))))) as Response, "/flow-mappings?type=onboarding");
  });

  it("asks for onboarding first, with 'Your Company' when no name is known", async () => {
    const { cookie } = await createUser({ companyName: "" });
    expect(await load("/flow-mappings?type=lead_nurture", cookie)).toMatchObject({ onboarded: false, companyName: "Your Company", flowType: "lead_nurture", flow: null });
  });

  it("sends a signed-out visitor to sign in", async () => {
    expectRedirect((await settle(loader(args(getRequest("/flow-mappings?type=upsell"))))) as Response, "/login?redirectTo=%2Fflow-mappings%3Ftype%3Dupsell");
  });

  it("loads versions and messages only when their dialog is open", async () => {
    const { cookie, flow } = await withFlow();
    const plain = await load("/flow-mappings?type=onboarding", cookie);
    expect(plain.flow?.id).toBe(flow.id);
    expect(plain.versions).toBeNull();
    expect(plain.messages).toBeNull();
    expect((await load("/flow-mappings?type=onboarding&dialog=versions", cookie)).versions).toEqual([]);
    expect((await load("/flow-mappings?type=onboarding&dialog=conversation", cookie)).messages).toEqual([]);
  });

  it("shows the flow with a toast, not a 404, for a dialog address whose touchpoint, version or flow is gone", async () => {
    const { cookie, user, flow } = await withFlow();
    const other = await withFlow();
    const theirTouchpoint = other.flow.touchpoints[0]!.id;
    const deleted = flow.touchpoints[1]!.id;
    await flows.deleteTouchpoint({ user: { id: user.id, isPremium: false }, touchpointId: deleted });
    const touchpointGone = {
      title: "Touchpoint Not Found",
      description: "This touchpoint no longer exists (it may have been deleted in another tab). The flow below is up to date.",
      variant: "destructive",
    };
    for (const [path, toast] of [
      // Deleted, then Back to the dialog it was deleted from; and someone else's id.
      [`/flow-mappings?type=onboarding&dialog=delete-touchpoint&touchpoint=${deleted}`, touchpointGone],
      [`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${deleted}`, touchpointGone],
      [`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${theirTouchpoint}`, touchpointGone],
      [`/flow-mappings?type=onboarding&dialog=delete-touchpoint&touchpoint=${theirTouchpoint}`, touchpointGone],
      [
        "/flow-mappings?type=onboarding&dialog=compare&version=nope",
        { title: "Version Not Found", description: "This version no longer exists. Open Versions to choose another." },
      ],
      // No lead nurture flow at all: every dialog of it is about a flow that is not there.
      ["/flow-mappings?type=lead_nurture&dialog=versions", { title: "Flow Not Found", description: expect.stringContaining("This flow no longer exists") }],
      ["/flow-mappings?type=lead_nurture&dialog=edit&touchpoint=x", { title: "Flow Not Found" }],
    ] as const) {
      const result = await settle(loader(args(getRequest(path, { cookie }))));
      const home = new URL(path, "http://x").searchParams.get("type") === "lead_nurture" ? "/flow-mappings?type=lead_nurture" : "/flow-mappings?type=onboarding";
      expect(await redirectedWith(result, home), path).toMatchObject(toast);
    }
    // Without a dialog the same page simply loads.
    expect((await load("/flow-mappings?type=lead_nurture", cookie)).flow).toBeNull();
  });

  it("renders a 12-touchpoint flow with 50 versions without reading the versions", async () => {
    const { cookie, flow } = await withFlow();
    const doc = await AiGeneratedFlowModel.findById(flow.id).lean();
    const touchpoint = doc!.touchpoints[0]!;
    const touchpoints = Array.from({ length: 12 }, (_, index) => ({ ...touchpoint, _id: `tp-${index}`, stepNumber: index + 1, title: `Step ${index + 1}` }));
    const versions = Array.from({ length: 50 }, (_, index) => ({
      _id: `v-${index}`,
      flowId: flow.id,
      versionNumber: index + 1,
      model: "offline-rules-v1",
      promptType: "regenerate",
      flowOverview: `Overview ${index + 1}`,
      quickNotes: "",
      customContext: "",
      createdAt: new Date(),
      touchpoints,
    }));
    await AiFlowVersionModel.insertMany(versions);
    await AiGeneratedFlowModel.updateOne({ _id: flow.id }, { $set: { touchpoints, lastVersionNumber: 50 } });
    const loaded = await load("/flow-mappings?type=onboarding", cookie);
    expect(loaded.flow?.touchpoints).toHaveLength(12);
    expect(loaded.flow?.versionCount).toBe(50);
    expect(loaded.versions).toBeNull();
    const opened = await load("/flow-mappings?type=onboarding&dialog=versions", cookie);
    expect(opened.versions).toHaveLength(50);
    // Newest first.
    expect(opened.versions?.[0]?.versionNumber).toBe(50);
  });
});

describe("action", () => {
  it("generates the first flow and says so", async () => {
    await seedRules();
    const { cookie, user } = await onboardedUser();
    const result = await post("/flow-mappings?type=lead_nurture", cookie, { intent: "generate" });
    expect(await redirectedWith(result, "/flow-mappings?type=lead_nurture")).toMatchObject({ title: "Flow Generated Successfully!", variant: "success" });
    expect(await flows.getFlowByType({ userId: user.id, flowType: "lead_nurture" })).not.toBeNull();
  });

  it("opens the upgrade dialog for a free user's premium type, and generates it for a premium user", async () => {
    await seedRules();
    const free = await onboardedUser();
    expectRedirect((await post("/flow-mappings?type=sunset", free.cookie, { intent: "generate" })) as Response, "/flow-mappings?type=sunset&upgrade=1");
    expect(await flows.getFlowByType({ userId: free.user.id, flowType: "sunset" })).toBeNull();
    const premium = await onboardedUser({ premium: true });
    expect(await redirectedWith(await post("/flow-mappings?type=sunset", premium.cookie, { intent: "generate" }), "/flow-mappings?type=sunset")).toMatchObject({
      title: "Flow Generated Successfully!",
    });
  });

  it("refuses a second generation of the same type with a 409", async () => {
    const { cookie } = await withFlow();
    const result = await post("/flow-mappings?type=onboarding", cookie, { intent: "generate" });
    expect(statusOf(result)).toBe(409);
    expect((dataOf(result) as Reply).toast?.title).toBe("Error Generating Flow");
  });

  it("regenerates with feedback; blank feedback is 'Feedback Required'; with JavaScript the answer is data", async () => {
    const { cookie, flow } = await withFlow();
    const blank = await post("/flow-mappings?type=onboarding&dialog=regenerate", cookie, { intent: "regenerate", flowId: flow.id, feedback: "   " });
    expect(statusOf(blank)).toBe(422);
    expect(dataOf(blank)).toMatchObject({
      intent: "regenerate",
      toast: { title: "Feedback Required", description: "Please provide feedback to improve your flow." },
      result: { error: { feedback: ["Please provide feedback to improve your flow."] } },
    });

    const plain = await post("/flow-mappings?type=onboarding&dialog=regenerate", cookie, { intent: "regenerate", flowId: flow.id, feedback: "Shorter, please." });
    expect(await redirectedWith(plain, "/flow-mappings?type=onboarding")).toMatchObject({
      title: "Flow Regenerated Successfully!",
      description: "The previous flow was saved as version 1.",
    });
    const enhanced = await post("/flow-mappings?type=onboarding&dialog=regenerate", cookie, { intent: "regenerate", flowId: flow.id, feedback: "More SMS.", enhanced: "1" });
    expect(statusOf(enhanced)).toBe(200);
    expect(dataOf(enhanced)).toMatchObject({
      intent: "regenerate",
      ok: true,
      toast: { title: "Flow Regenerated Successfully!", description: "The previous flow was saved as version 2." },
    });
  });

  it("a note nothing in which can be acted on: the dialog stays open with the note, says nothing changed and why, with or without JavaScript", async () => {
    const { cookie, user, flow } = await withFlow();
    const note = "Please make it pop.";
    for (const enhanced of [{}, { enhanced: "1" }] as Array<Record<string, string>>) {
      const answer = await post("/flow-mappings?type=onboarding&dialog=regenerate", cookie, { intent: "regenerate", flowId: flow.id, feedback: note, ...enhanced });
      expect(statusOf(answer)).toBe(200);
      const reply = dataOf(answer) as Reply & { unchanged?: { explanation: string } };
      expect(reply).toMatchObject({
        intent: "regenerate",
        result: { initialValue: { feedback: note } },
        toast: { title: "Flow Not Changed", description: expect.stringContaining("no version was saved") },
      });
      expect(reply.ok).toBeFalsy();
      expect(reply.unchanged?.explanation).toBeTruthy();
    }
    const after = await flows.getFlow({ userId: user.id, flowId: flow.id });
    expect(after).toMatchObject({ regenerationCount: 0, versionCount: 0, touchpoints: flow.touchpoints });
    expect(after.quickNotes.split("\n").filter((line) => line === `Your note: ${note}`)).toHaveLength(1);
  });

  it("a flow or touchpoint that is gone (or not the user's) shows the flow with the spec's title and the reason, and nothing changes", async () => {
    const mine = await withFlow();
    const theirs = await withFlow();
    const flowGone = { variant: "destructive", description: expect.stringContaining("This flow no longer exists") };
    const regenerate = await post("/flow-mappings?type=onboarding&dialog=regenerate", mine.cookie, { intent: "regenerate", flowId: theirs.flow.id, feedback: "Mine now" });
    expect(await redirectedWith(regenerate, "/flow-mappings?type=onboarding")).toMatchObject({ ...flowGone, title: "Failed to Regenerate Flow" });
    const remove = await post("/flow-mappings?type=onboarding", mine.cookie, { intent: "delete-flow", flowId: theirs.flow.id });
    expect(await redirectedWith(remove, "/flow-mappings?type=onboarding")).toMatchObject({ ...flowGone, title: "Failed to Delete Flow" });
    const edit = (touchpointId: string) =>
      post(`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${touchpointId}`, mine.cookie, {
        intent: "update-touchpoint",
        touchpointId,
        title: "Hijacked",
        primaryGoal: "x",
        keyMessages: "x",
        callToAction: "x",
        delayDays: "0",
      });
    const touchpointGone = {
      title: "Failed to Update Touchpoint",
      description: "This touchpoint no longer exists (it may have been deleted in another tab). The flow below is up to date.",
      variant: "destructive",
    };
    expect(await redirectedWith(await edit(theirs.flow.touchpoints[0]!.id), "/flow-mappings?type=onboarding")).toMatchObject(touchpointGone);
    expect((await flows.getFlow({ userId: theirs.user.id, flowId: theirs.flow.id })).touchpoints[0]!.title).toBe(theirs.flow.touchpoints[0]!.title);

    // One tab deletes a touchpoint; the other, still showing its edit dialog, saves it.
    const deleted = mine.flow.touchpoints[0]!.id;
    await flows.deleteTouchpoint({ user: { id: mine.user.id, isPremium: false }, touchpointId: deleted });
    expect(await redirectedWith(await edit(deleted), "/flow-mappings?type=onboarding")).toMatchObject(touchpointGone);
    const again = await post("/flow-mappings?type=onboarding", mine.cookie, { intent: "delete-touchpoint", touchpointId: deleted });
    expect(await redirectedWith(again, "/flow-mappings?type=onboarding")).toMatchObject({ ...touchpointGone, title: "Failed to Delete Touchpoint" });
  });

  it("rolls back to a version", async () => {
    const { cookie, user, flow } = await withFlow();
    await flows.regenerateFlow({ user: { id: user.id, isPremium: false }, flowId: flow.id, input: { feedback: "Shorter, please." } });
    const [version] = await flows.listVersions({ userId: user.id, flowId: flow.id });
    const result = await post("/flow-mappings?type=onboarding&dialog=versions", cookie, { intent: "rollback", flowId: flow.id, versionId: version!.id });
    expect(await redirectedWith(result, "/flow-mappings?type=onboarding")).toMatchObject({ title: "Rollback Successful!" });
    const missing = await post("/flow-mappings?type=onboarding&dialog=versions", cookie, { intent: "rollback", flowId: flow.id, versionId: "nope" });
    expect(await redirectedWith(missing, "/flow-mappings?type=onboarding")).toMatchObject({
      title: "Failed to Rollback",
      description: "This version no longer exists. Open Versions to choose another.",
      variant: "destructive",
    });
  });

  it("edits a touchpoint: blank fields get the spec's messages at the fields, then it saves", async () => {
    const { cookie, user, flow } = await withFlow();
    const touchpoint = flow.touchpoints[0]!;
    const fields = { intent: "update-touchpoint", touchpointId: touchpoint.id, title: " ", primaryGoal: "Goal", keyMessages: "", callToAction: "Go", delayDays: "abc" };
    const invalid = await post(`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${touchpoint.id}`, cookie, fields);
    expect(statusOf(invalid)).toBe(422);
    expect(dataOf(invalid)).toMatchObject({
      intent: "update-touchpoint",
      toast: { title: "Please fill all required fields", description: "All touchpoint fields are required." },
      result: { error: { title: ["All touchpoint fields are required."], keyMessages: ["All touchpoint fields are required."], delayDays: [DELAY_DAYS_MESSAGE] } },
    });
    // A delay that is not a whole number of days is refused, never read as 0.
    const notADelay = await post(`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${touchpoint.id}`, cookie, { ...fields, title: "Hello", keyMessages: "One; two" });
    expect(statusOf(notADelay)).toBe(422);
    expect(dataOf(notADelay)).toMatchObject({ toast: { title: "Please correct the touchpoint", description: DELAY_DAYS_MESSAGE } });
    const saved = await post(`/flow-mappings?type=onboarding&dialog=edit&touchpoint=${touchpoint.id}`, cookie, {
      ...fields,
      title: "Hello",
      keyMessages: "One; two",
      delayDays: "0",
    });
    expect(await redirectedWith(saved, "/flow-mappings?type=onboarding")).toMatchObject({ title: "Touchpoint Updated" });
    const after = await flows.getFlow({ userId: user.id, flowId: flow.id });
    expect(after.touchpoints.find((tp) => tp.id === touchpoint.id)).toMatchObject({ title: "Hello", keyMessages: "One; two", delayDays: 0 });
  });

  it("a longer delay that moves a step says so in the toast", async () => {
    const { cookie, user, flow } = await withFlow();
    const [first, second] = flow.touchpoints;
    const last = flow.touchpoints[flow.touchpoints.length - 1]!;
    const fields = { intent: "update-touchpoint", touchpointId: first!.id, title: first!.title, primaryGoal: "Goal", keyMessages: "Hello", callToAction: "Go" };
    const kept = await post("/flow-mappings?type=onboarding", cookie, { ...fields, delayDays: String(first!.delayDays) });
    expect(await redirectedWith(kept, "/flow-mappings?type=onboarding")).toMatchObject({ title: "Touchpoint Updated", description: `“${first!.title}” was saved.` });

    const moved = await post("/flow-mappings?type=onboarding", cookie, { ...fields, delayDays: String(last.delayDays + 30) });
    expect(await redirectedWith(moved, "/flow-mappings?type=onboarding")).toMatchObject({
      title: "Touchpoint Updated",
      description: `“${first!.title}” was saved. It now comes after “${last.title}” (it is step ${flow.touchpoints.length}), so the steps were reordered.`,
    });
    const after = await flows.getFlow({ userId: user.id, flowId: flow.id });
    expect(after.touchpoints.map((tp) => tp.id)).toEqual([...flow.touchpoints.slice(1).map((tp) => tp.id), first!.id]);
    expect(after.touchpoints[0]!.id).toBe(second!.id);
  });

  it("deletes a touchpoint, then the flow", async () => {
    const { cookie, user, flow } = await withFlow();
    const result = await post("/flow-mappings?type=onboarding", cookie, { intent: "delete-touchpoint", touchpointId: flow.touchpoints[0]!.id });
    expect(await redirectedWith(result, "/flow-mappings?type=onboarding")).toMatchObject({ title: "Touchpoint Deleted" });
    expect((await flows.getFlow({ userId: user.id, flowId: flow.id })).touchpoints).toHaveLength(flow.touchpoints.length - 1);
    const deleted = await post("/flow-mappings?type=onboarding", cookie, { intent: "delete-flow", flowId: flow.id });
    expect(await redirectedWith(deleted, "/flow-mappings?type=onboarding")).toMatchObject({ title: "Flow Deleted" });
    expect(await flows.getFlowByType({ userId: user.id, flowType: "onboarding" })).toBeNull();
  });

  it("refuses an unknown intent and a post from another site", async () => {
    const { cookie } = await onboardedUser();
    expect(statusOf(await post("/flow-mappings", cookie, { intent: "explode" }))).toBe(400);
    const crossSite = await settle(action(args(formRequest("/flow-mappings", { intent: "generate" }, { cookie, origin: "https://evil.example" }))));
    expect(statusOf(crossSite)).toBe(403);
  });
});
