import { describe, expect, it } from "vitest";

import { metricDefinition, metricRangeMessage, parseMetricInput, readMetricInput, storedMax } from "~/lib/metrics";
import { userMetricsInputSchema } from "~/services/benchmarks/metrics-input";

describe("metric inputs", () => {
  it("turn empty and non-numeric text into null", () => {
    for (const text of ["", "  ", "abc", "1,5", "0x10", "Infinity", "--1", null, undefined]) expect(parseMetricInput(text)).toBeNull();
    expect(parseMetricInput("12.5")).toBe(12.5);
    expect(parseMetricInput(" .5 ")).toBe(0.5);
    expect(parseMetricInput("1e1")).toBe(10);
  });

  it("accept 0 to 100 for percentages and 0 to 999999 for revenue", () => {
    const open = metricDefinition("openRate");
    const revenue = metricDefinition("revenuePerRecipient");
    expect(readMetricInput(open, "0")).toEqual({ ok: true, value: 0 });
    expect(readMetricInput(open, "100")).toEqual({ ok: true, value: 100 });
    expect(readMetricInput(open, "")).toEqual({ ok: true, value: null });
    expect(readMetricInput(open, "100.001")).toEqual({ ok: false, message: "Open Rate must be a percentage from 0 to 100." });
    expect(readMetricInput(open, "-1")).toEqual({ ok: false, message: metricRangeMessage(open) });
    expect(readMetricInput(revenue, "999999")).toEqual({ ok: true, value: 999999 });
    expect(readMetricInput(revenue, "1000000")).toEqual({ ok: false, message: "Revenue Per Recipient must be an amount from 0 to 999,999." });
    expect(storedMax(open)).toBe(10000);
    expect(storedMax(revenue)).toBe(99999900);
  });
});

describe("the API's figures: integers × 100 or null", () => {
  it("accepts whole numbers in range, null, and left-out keys", () => {
    expect(userMetricsInputSchema.safeParse({ flowType: "upsell", openRate: 5204, ctr: null, revenuePerRecipient: 99999900 }).success).toBe(true);
    expect(userMetricsInputSchema.safeParse({ flowType: "sunset" }).success).toBe(true);
  });

  it.each([
    [{ flowType: "newsletter" }, "flowType"],
    [{ flowType: "upsell", openRate: -1 }, "openRate"],
    [{ flowType: "upsell", openRate: 10001 }, "openRate"],
    [{ flowType: "upsell", openRate: 52.5 }, "openRate"],
    [{ flowType: "upsell", clickRate: "500" }, "clickRate"],
    [{ flowType: "upsell", revenuePerRecipient: 99999901 }, "revenuePerRecipient"],
    [{ flowType: "upsell", spamComplaintRate: true }, "spamComplaintRate"],
  ])("refuses %j at %s", (input, field) => {
    const result = userMetricsInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(field);
  });
});
