import { afterAll, beforeAll, vi } from "vitest";

import { type OpenAiStub, startOpenAiStub } from "./openai-stub";

/**
 * The app configured for a model, the loopback stand-in: OPENAI_API_KEY and its address set for
 * the file's tests (getEnv answers them), the stand-in closed at the end once the work running in
 * the background has ended. Call it at a test file's top level, after its environment is set.
 */
export function useModelStandIn(): () => OpenAiStub {
  let model: OpenAiStub | undefined;
  let configured: { mockRestore(): void } | undefined;
  beforeAll(async () => {
    model = await startOpenAiStub();
    const envModule = await import("~/services/env.server");
    const env = envModule.getEnv();
    configured = vi.spyOn(envModule, "getEnv").mockReturnValue({ ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: "stub-model" });
  });
  afterAll(async () => {
    model?.resume();
    const { backgroundGenerationsSettled } = await import("~/services/flows/progress.server");
    await backgroundGenerationsSettled();
    configured?.mockRestore();
    await model?.close();
  });
  return () => {
    if (!model) throw new Error("the stand-in model starts before the tests");
    return model;
  };
}
