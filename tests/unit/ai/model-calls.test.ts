import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { metricsExposition, modelCallLogLine, modelCallStats, RECENT_DURATIONS, recordModelCall, resetModelCallStats, typicalDurationMs } from "~/services/ai/model-calls.server";
import { modelCallLimitMs, modelRequestLimitMs } from "~/services/ai/openai-client.server";
import { generationClaimMs } from "~/services/flows/flows.server";

let info: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetModelCallStats(new Date("2025-01-01T00:00:00Z"));
  info = vi.spyOn(console, "info").mockImplementation(() => undefined);
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  info.mockRestore();
  warn.mockRestore();
  resetModelCallStats();
});

const counts = (purpose: string) => modelCallStats().purposes.find((p) => p.purpose === purpose)!.counts;

describe("the log line", () => {
  it("is one JSON object on one line, in a fixed order, with only what happened", () => {
    const text = modelCallLogLine({
      event: "model_call",
      purpose: "repair",
      for: "content",
      model: "gpt-4o-mini",
      promptTokens: 1200,
      completionTokens: 800,
      ms: 41_234.6,
      outcome: "repaired",
      findings: ["invented", "brief", "invented"],
    });
    expect(text).toBe(
      '{"event":"model_call","purpose":"repair","for":"content","model":"gpt-4o-mini","promptTokens":1200,"completionTokens":800,"ms":41235,"outcome":"repaired","findings":["brief","invented"]}',
    );
    expect(Object.keys(JSON.parse(text) as object)).not.toEqual(expect.arrayContaining(["user", "system", "answer", "apiKey", "copy"]));
  });

  it("leaves out what the call did not have: no tokens, no findings, no reason", () => {
    expect(modelCallLogLine({ event: "model_call", purpose: "plan", model: "m", ms: 5, outcome: "failed", reason: "timeout", findings: [] })).toBe(
      '{"event":"model_call","purpose":"plan","model":"m","ms":5,"outcome":"failed","reason":"timeout"}',
    );
  });

  it("is info when the call went through and a warning when it failed or was refused (never an error: the server goes on)", () => {
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 1, outcome: "accepted" });
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 1, outcome: "needs_repair", findings: ["pasted"] });
    recordModelCall({ event: "model_call", purpose: "repair", for: "plan", model: "m", ms: 1, outcome: "refused", findings: ["pasted"] });
    recordModelCall({ event: "model_call", purpose: "content", model: "m", ms: 1, outcome: "failed", reason: "http_502" });
    expect(info).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("the counters", () => {
  it("count each request once, by its purpose: a repair counts for the request it repaired", () => {
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 1, outcome: "accepted" });
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 1, outcome: "needs_repair" });
    recordModelCall({ event: "model_call", purpose: "repair", for: "plan", model: "m", ms: 1, outcome: "repaired" });
    recordModelCall({ event: "model_call", purpose: "content", model: "m", ms: 1, outcome: "needs_repair" });
    recordModelCall({ event: "model_call", purpose: "repair", for: "content", model: "m", ms: 1, outcome: "refused" });
    recordModelCall({ event: "model_call", purpose: "research", model: "m", ms: 1, outcome: "failed", reason: "timeout" });
    expect(counts("plan")).toEqual({ accepted: 1, repaired: 1, refused: 0, failed: 0 });
    expect(counts("content")).toEqual({ accepted: 0, repaired: 0, refused: 1, failed: 0 });
    expect(counts("research")).toEqual({ accepted: 0, repaired: 0, refused: 0, failed: 1 });
    expect(counts("regenerate")).toEqual({ accepted: 0, repaired: 0, refused: 0, failed: 0 });
  });

  it("the typical wait is the median of the recent successful requests, whole (first call and repair)", () => {
    expect(typicalDurationMs("plan")).toBeNull();
    for (const ms of [30_000, 50_000, 40_000]) recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms, outcome: "accepted" });
    expect(typicalDurationMs("plan")).toBe(40_000);
    // The repair took 20 s of a 90 s request: the request counts.
    recordModelCall({ event: "model_call", purpose: "repair", for: "plan", model: "m", ms: 20_000, outcome: "repaired" }, 90_000);
    expect(typicalDurationMs("plan")).toBe(45_000);
    // Failures and refusals are not waits anyone was shown a result after.
    recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 1, outcome: "failed" });
    expect(typicalDurationMs("plan")).toBe(45_000);
    expect(typicalDurationMs("content")).toBeNull();
  });

  it("keeps only the recent requests", () => {
    for (let i = 0; i < RECENT_DURATIONS; i += 1) recordModelCall({ event: "model_call", purpose: "content", model: "m", ms: 100_000, outcome: "accepted" });
    for (let i = 0; i < RECENT_DURATIONS; i += 1) recordModelCall({ event: "model_call", purpose: "content", model: "m", ms: 10_000, outcome: "accepted" });
    expect(typicalDurationMs("content")).toBe(10_000);
  });
});

describe("the metrics exposition", () => {
  it("is Prometheus text: HELP and TYPE, then one sample per purpose and outcome", () => {
    recordModelCall({ event: "model_call", purpose: "repair", for: "regenerate", model: "m", ms: 12_500, outcome: "repaired" });
    const text = metricsExposition();
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("# HELP flowmap_model_requests_total Requests to the model by purpose and outcome, since the process started.");
    expect(lines[1]).toBe("# TYPE flowmap_model_requests_total counter");
    expect(lines).toContain('flowmap_model_requests_total{purpose="regenerate",outcome="repaired"} 1');
    expect(lines).toContain('flowmap_model_requests_total{purpose="plan",outcome="accepted"} 0');
    expect(lines.filter((line) => line.startsWith("flowmap_model_requests_total{"))).toHaveLength(16);
    expect(lines).toContain('flowmap_model_request_typical_seconds{purpose="regenerate"} 12.5');
    expect(lines.some((line) => line.startsWith('flowmap_model_request_typical_seconds{purpose="plan"}'))).toBe(false);
    expect(lines).toContain("flowmap_model_counters_start_time_seconds 1735689600");
    // Every sample line: a name, optional labels, a number.
    for (const line of lines.filter((l) => !l.startsWith("#"))) expect(line).toMatch(/^[a-z_]+(\{[a-z_]+="[a-z_]+"(,[a-z_]+="[a-z_]+")*\})? -?\d+(\.\d+)?$/);
  });
});

describe("the generation claim", () => {
  it("covers two whole model calls (the first and its repair) plus a margin, from the configured timeout", () => {
    expect(modelRequestLimitMs(90_000)).toBe(2 * modelCallLimitMs(90_000));
    expect(generationClaimMs(90_000)).toBe(2 * (2 * 90_000 + 1_000) + 30_000);
    expect(generationClaimMs(30_000)).toBe(2 * (2 * 30_000 + 1_000) + 30_000);
    // The old claim (211 s at the default timeout) did not cover a repair.
    expect(generationClaimMs(90_000)).toBeGreaterThan(2 * modelCallLimitMs(90_000));
  });
});
