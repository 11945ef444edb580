import { beforeAll, describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { browser, shown } = await import("../../support/no-script-browser");
const { useModelStandIn } = await import("../../support/model-stand-in");
const { onboardedUser, seedRules } = await import("./helpers");
const { LEDGERLY } = await import("../../unit/flows/businesses");
const { generateOfflineDraft, offlineProvider } = await import("~/services/ai/offline.server");
const { backgroundGenerationsSettled, startRegeneration } = await import("~/services/flows/progress.server");
const flows = await import("~/services/flows/flows.server");

await useTestDatabase({ clearBeforeEach: true });

/**
 * The flow screen while a model writes a flow, as a browser without JavaScript gets it: the page
 * the Generate form lands on shows the steps written so far and refreshes itself; a failure after
 * steps were shown says that nothing was saved and the flow is as it was.
 */

const standIn = useModelStandIn();
let model: ReturnType<typeof standIn>;
beforeAll(() => {
  model = standIn();
});

const draft = () => generateOfflineDraft({ flowType: "onboarding", business: LEDGERLY, rule: null, customContext: "" });

/** The answer in the order the stand-in streams it (its steps first). */
function streamed(value: object) {
  const { touchpoints, ...rest } = value as { touchpoints: unknown[] };
  return JSON.stringify({ touchpoints, ...rest });
}

describe("the flow screen without JavaScript while a model writes", () => {
  it("Generate lands on a page that shows the steps so far and refreshes itself; a reload shows the same; then the flow", async () => {
    await seedRules();
    const { cookie, user } = await onboardedUser({ answers: LEDGERLY });
    const steps = draft().touchpoints;
    const content = streamed(draft());
    // Held inside the third step: the first two are whole.
    model.script({ kind: "content", content, pauseAt: content.indexOf(steps[2]!.title) });
    const page = browser(cookie);

    const landed = await page.post("/flow-mappings?type=onboarding", { intent: "generate" });
    expect(landed.status).toBe(200);
    await model.paused();
    const during = await vi.waitFor(async () => {
      const reloaded = await page.get("/flow-mappings?type=onboarding");
      expect(shown(reloaded.html)).toContain(steps[1]!.title);
      return reloaded.html;
    });
    expect(shown(during)).toContain(steps[0]!.title);
    expect(shown(during)).not.toContain(steps[2]!.title);
    expect(shown(during)).toContain("2 steps written so far");
    expect(during).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/?><\/noscript>/);
    expect(await flows.getFlowByType({ userId: user.id, flowType: "onboarding" })).toBeNull();

    model.resume();
    await backgroundGenerationsSettled();
    const after = await page.get("/flow-mappings?type=onboarding");
    expect(after.html).not.toContain('http-equiv="refresh"');
    expect(shown(after.html)).toContain(steps[2]!.title);
    expect(await flows.getFlowByType({ userId: user.id, flowType: "onboarding" })).not.toBeNull();
  });

  it("a regeneration that fails after steps were shown: the page says nothing was saved and the flow is as it was; Dismiss clears it", async () => {
    await seedRules();
    const { cookie, user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await flows.generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    const content = `{"flow":${streamed(draft())},"explanation":"Shorter."}`;
    model.script({ kind: "content", content, failAt: content.indexOf(draft().touchpoints[2]!.title) });
    const started = await startRegeneration({ user: { id: user.id, isPremium: false }, flowId: flow.id, input: { feedback: "Shorter, please." } });
    await backgroundGenerationsSettled();
    if (!started.started) throw new Error("a model regeneration runs in the background");

    const page = browser(cookie);
    const failed = await page.get("/flow-mappings?type=onboarding");
    expect(shown(failed.html)).toMatch(
      /Failed to Regenerate Flow .*The \d+ steps shown while it was written were not saved\. Your flow is as it was: its current version is unchanged\./,
    );
    for (const tp of flow.touchpoints) expect(shown(failed.html)).toContain(tp.title);
    expect(await flows.getFlowByType({ userId: user.id, flowType: "onboarding" })).toEqual(flow);

    const dismissed = await page.post("/flow-mappings?type=onboarding", { intent: "dismiss-progress", progressId: started.progress.id });
    expect(dismissed.status).toBe(200);
    expect(shown(dismissed.html)).not.toContain("were not saved");
  });

  it("Regenerate lands on its dialog showing the steps so far, refreshing itself, the flow as it was; then the new version and Done", async () => {
    await seedRules();
    const { cookie, user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await flows.generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    const written = draft();
    const steps = written.touchpoints.map((step, index) => ({ ...step, title: `Regenerated ${index + 1}: ${step.title}` }));
    const content = `{"flow":${streamed({ ...written, touchpoints: steps })},"explanation":"Warmer."}`;
    model.script({ kind: "content", content, pauseAt: content.indexOf(steps[2]!.title) });
    const page = browser(cookie);

    const landed = await page.post("/flow-mappings?type=onboarding&dialog=regenerate", { intent: "regenerate", flowId: flow.id, feedback: "Make it warmer." });
    expect(landed.status).toBe(200);
    await model.paused();
    const during = await vi.waitFor(async () => {
      const reloaded = await page.get("/flow-mappings?type=onboarding&dialog=regenerate");
      expect(shown(reloaded.html)).toContain(steps[1]!.title);
      return reloaded.html;
    });
    expect(shown(during)).toContain("Your Onboarding flow is being regenerated. 2 steps written so far");
    expect(shown(during)).not.toContain(steps[2]!.title);
    expect(during).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/?><\/noscript>/);
    // Behind the dialog, the flow as it was: nothing is stored while the model writes.
    for (const tp of flow.touchpoints) expect(shown(during)).toContain(tp.title);
    expect(await flows.getFlowByType({ userId: user.id, flowType: "onboarding" })).toEqual(flow);

    model.resume();
    await backgroundGenerationsSettled();
    const ended = await page.get("/flow-mappings?type=onboarding&dialog=regenerate");
    expect(ended.html).not.toContain('http-equiv="refresh"');
    expect(shown(ended.html)).toContain("Flow Regenerated The previous flow was saved as version 1.");
    for (const step of steps) expect(shown(ended.html)).toContain(step.title);

    const progressId = /name="progressId" value="([^"]+)"/.exec(ended.html)![1]!;
    const done = await page.post("/flow-mappings?type=onboarding", { intent: "dismiss-progress", progressId });
    expect(done.status).toBe(200);
    expect(shown(done.html)).not.toContain("Flow Regenerated The previous flow");
    expect(shown(done.html)).toContain(steps[0]!.title);
  });

  it("a regeneration that changed nothing says so in the dialog, with the reply, and Done leaves the flow as it was", async () => {
    await seedRules();
    const { cookie, user } = await onboardedUser({ answers: LEDGERLY });
    const flow = await flows.generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: offlineProvider });
    // The model answers with the flow as it is.
    model.script({ kind: "content", content: `{"flow":${streamed(draft())},"explanation":"The plan already does that."}` });
    const page = browser(cookie);

    await page.post("/flow-mappings?type=onboarding&dialog=regenerate", { intent: "regenerate", flowId: flow.id, feedback: "Make it better." });
    await backgroundGenerationsSettled();
    const ended = await page.get("/flow-mappings?type=onboarding&dialog=regenerate");
    expect(shown(ended.html)).toMatch(/Nothing was changed .*The AI said: “[^”]+”/);
    expect(shown(ended.html)).not.toContain("Flow Regenerated");
    const after = await flows.getFlowByType({ userId: user.id, flowType: "onboarding" });
    expect(after!.touchpoints).toEqual(flow.touchpoints);
    expect(after!.versionCount).toBe(0);

    const progressId = /name="progressId" value="([^"]+)"/.exec(ended.html)![1]!;
    const done = await page.post("/flow-mappings?type=onboarding", { intent: "dismiss-progress", progressId });
    expect(shown(done.html)).not.toContain("Nothing was changed");
  });
});
