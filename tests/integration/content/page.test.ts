import { describe, expect, it } from "vitest";

import { FlowContentModel } from "~/models/flow-content.server";
import { action, CONTENT_FAILED_TITLE, CONTENT_FLOW_GONE_TOAST, CONTENT_WRITTEN_TOAST, loader } from "~/routes/_app+/flow-content";
import { generateFlow } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { args, dataOf, expectRedirect, formRequest, getRequest, settle, statusOf, toastOf } from "../../support/requests";
import { onboardedUser, seedRules } from "../flows/helpers";

await useTestDatabase({ clearBeforeEach: true });

async function premiumWithFlow() {
  await seedRules();
  const account = await onboardedUser({ premium: true });
  const flow = await generateFlow({ user: { id: account.user.id, isPremium: true }, input: { flowType: "lead_nurture" } });
  return { ...account, flow };
}

const generate = (cookie: string, flowId: string, from = "/flow-mappings?type=lead_nurture") =>
  settle(action(args(formRequest("/flow-content", { intent: "generate-content", flowId, from }, { cookie }))));

describe("/flow-content", () => {
  it("without premium the page is the upgrade dialog", async () => {
    const free = await onboardedUser();
    const answer = await settle(loader(args(getRequest("/flow-content", { cookie: free.cookie }))));
    expectRedirect(answer as Response, "/dashboard?upgrade=1");
  });

  it("signed out goes to sign-in", async () => {
    const answer = (await settle(loader(args(getRequest("/flow-content"))))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/login/);
  });

  it("lists a premium user's flows with the chosen flow's content state", async () => {
    const { cookie, flow } = await premiumWithFlow();
    const data = dataOf(await loader(args(getRequest(`/flow-content?flow=${flow.id}`, { cookie })))) as Awaited<ReturnType<typeof loader>>;
    expect(data.flows).toEqual([{ id: flow.id, flowType: "lead_nurture", touchpointCount: flow.touchpoints.length, written: false, outdatedCount: 0 }]);
    expect(data.selected?.flow.id).toBe(flow.id);
    expect(data.selected?.content.written).toBe(false);
  });

  it("an address naming a flow that is gone shows the page with a toast instead", async () => {
    const { cookie, flow } = await premiumWithFlow();
    const answer = (await settle(loader(args(getRequest("/flow-content?flow=deleted-in-another-tab", { cookie }))))) as Response;
    expectRedirect(answer, "/flow-content");
    expect(await toastOf(answer)).toMatchObject({ ...CONTENT_FLOW_GONE_TOAST, variant: "destructive" });
    expect((dataOf(await loader(args(getRequest("/flow-content", { cookie })))) as Awaited<ReturnType<typeof loader>>).selected?.flow.id).toBe(flow.id);
  });

  it("the Generate Full Email Content form writes the content and lands on the page with a toast", async () => {
    const { cookie, flow } = await premiumWithFlow();
    const answer = (await generate(cookie, flow.id)) as Response;
    expectRedirect(answer, `/flow-content?flow=${flow.id}`);
    expect(await toastOf(answer)).toMatchObject({ title: CONTENT_WRITTEN_TOAST.title, variant: "success" });
    const data = dataOf(await loader(args(getRequest(`/flow-content?flow=${flow.id}`, { cookie })))) as Awaited<ReturnType<typeof loader>>;
    expect(data.selected?.content.written).toBe(true);
    expect(data.flows[0]).toMatchObject({ written: true, outdatedCount: 0 });
  });

  it("a user without premium who posts the form gets the upgrade dialog on the page they came from, and nothing is written", async () => {
    await seedRules();
    const free = await onboardedUser();
    const flow = await generateFlow({ user: { id: free.user.id, isPremium: false }, input: { flowType: "onboarding" } });
    const answer = (await generate(free.cookie, flow.id, "/flow-mappings?type=onboarding")) as Response;
    expectRedirect(answer, "/flow-mappings?type=onboarding&upgrade=1");
    expect(await FlowContentModel.countDocuments()).toBe(0);
  });

  it("another user's flow is a 404 reply with a toast; a foreign 'from' never leaves the site", async () => {
    const { flow } = await premiumWithFlow();
    const other = await onboardedUser({ premium: true });
    const answer = await generate(other.cookie, flow.id, "https://evil.example/");
    expect(statusOf(answer)).toBe(404);
    expect(dataOf(answer)).toMatchObject({ toast: { title: CONTENT_FAILED_TITLE, variant: "destructive" } });
    const free = await onboardedUser();
    const redirected = (await generate(free.cookie, flow.id, "//evil.example/x")) as Response;
    expectRedirect(redirected, "/flow-content?upgrade=1");
  });

  it("refuses a cross-site post and an unknown intent", async () => {
    const { cookie, flow } = await premiumWithFlow();
    const crossSite = (await settle(
      action(args(formRequest("/flow-content", { intent: "generate-content", flowId: flow.id }, { cookie, origin: "https://evil.example" }))),
    )) as Response;
    expect(crossSite.status).toBe(403);
    const unknown = (await settle(action(args(formRequest("/flow-content", { intent: "nope", flowId: flow.id }, { cookie }))))) as Response;
    expect(unknown.status).toBe(400);
    expect(await FlowContentModel.countDocuments()).toBe(0);
  });
});
