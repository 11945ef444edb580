import { describe, expect, it } from "vitest";

import { modelWaitText, spokenDuration } from "~/lib/flows/wait";

describe("the wait shown while a model writes the flow", () => {
  it("says the recent typical time the way people say it", () => {
    expect(spokenDuration(38_400)).toBe("40 seconds");
    expect(spokenDuration(1_200)).toBe("5 seconds");
    expect(spokenDuration(52_000)).toBe("50 seconds");
    expect(spokenDuration(70_000)).toBe("a minute");
    expect(spokenDuration(150_000)).toBe("3 minutes");
    expect(modelWaitText({ typicalMs: 41_000, limitMs: 362_000 })).toBe("Usually about 40 seconds with your model");
    expect(modelWaitText({ typicalMs: 200_000, limitMs: 362_000 })).toBe("Usually about 3 minutes with your model");
  });

  it("with no history yet, states the most the configured timeout allows (two calls, each with its retry), never less", () => {
    expect(modelWaitText({ typicalMs: null, limitMs: 362_000 })).toBe("This can take up to 7 minutes with your model");
    expect(modelWaitText({ typicalMs: null, limitMs: 60_000 })).toBe("This can take up to 1 minute with your model");
    expect(modelWaitText({ typicalMs: null, limitMs: 8_000 })).toBe("This can take up to 1 minute with your model");
  });
});
