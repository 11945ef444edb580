import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useEnv, withEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", OPENAI_API_KEY: undefined, OPENAI_TIMEOUT_MS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { DOCUMENT_HEADERS, getRequest } = await import("../../support/requests");
const { sendToApp } = await import("../../support/in-process-app");
const { onboardedUser } = await import("./helpers");
const { recordModelCall, resetModelCallStats } = await import("~/services/ai/model-calls.server");

await useTestDatabase({ clearBeforeEach: true });

let info: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetModelCallStats();
  info = vi.spyOn(console, "info").mockImplementation(() => undefined);
});
afterEach(() => {
  info.mockRestore();
  resetModelCallStats();
});

/** The line under Generate Flow, as a browser without JavaScript receives the page. */
async function waitLine(cookie: string) {
  const response = await sendToApp(getRequest("/flow-mappings?type=onboarding", { cookie, headers: DOCUMENT_HEADERS }));
  expect(response.status).toBe(200);
  const html = await response.text();
  return /data-testid="generate-wait">([^<]*)</.exec(html)?.[1] ?? null;
}

// The page is only loaded here: no model is ever called (the key points nowhere it is used).
const MODEL = { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" };

describe("the wait under Generate Flow", () => {
  it("offline: the spec's words, unchanged", async () => {
    const { cookie } = await onboardedUser();
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 40_000, outcome: "accepted" });
    expect(await waitLine(cookie)).toBe("This may take 1-3 minutes");
  });

  it("with a model and no history: the most the configured timeout allows", async () => {
    const { cookie } = await onboardedUser();
    await withEnv(MODEL, async () => expect(await waitLine(cookie)).toBe("This can take up to 7 minutes with your model"));
    await withEnv({ ...MODEL, OPENAI_TIMEOUT_MS: "20000" }, async () => expect(await waitLine(cookie)).toBe("This can take up to 2 minutes with your model"));
  });

  it("with a model: the median of the recent successful plans, a repaired one counted whole", async () => {
    const { cookie } = await onboardedUser();
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 36_000, outcome: "accepted" });
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 41_000, outcome: "accepted" });
    recordModelCall({ event: "model_call", purpose: "repair", for: "plan", model: "m", ms: 30_000, outcome: "repaired" }, 95_000);
    recordModelCall({ event: "model_call", purpose: "regenerate", model: "m", ms: 5_000, outcome: "accepted" });
    await withEnv(MODEL, async () => expect(await waitLine(cookie)).toBe("Usually about 40 seconds with your model"));
  });
});
