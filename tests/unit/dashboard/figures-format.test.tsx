import { describe, expect, it } from "vitest";

import { BenchmarkCard } from "~/components/dashboard/benchmark-card";
import { ToastProvider } from "~/components/ui/toaster";
import { emptyMetricValues } from "~/lib/metrics";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";
import { buildBenchmarkCard } from "~/services/benchmarks/card";

import { renderDom } from "../ui/kit-dom";

/** The card's table and its chart show a figure the same way (one formatter for both). */
describe("the Email Benchmark card's figures", () => {
  it("read alike in the table and in the chart", async () => {
    const benchmarks = BENCHMARK_SEED.map((row) =>
      row.benchmarkType === "Lead Nurture" && row.performanceIndicator === "Open Rate (Email)" ? { ...row, industryMedian: "10.2%" } : row,
    );
    const card = buildBenchmarkCard({ benchmarks, metrics: [{ ...emptyMetricValues(), flowType: "lead_nurture", openRate: 12.5 }], peer: null });
    const page = await renderDom(
      <ToastProvider flash={null}>
        <BenchmarkCard card={card} isPremium={false} openFlows={["lead_nurture"]} peerGroup={null} />
      </ToastProvider>,
    );
    const section = page.byId("benchmark-lead_nurture");
    const inSection = (el: Node) => isDescendant(el, section);
    const field = page.one((el) => el.name === "input" && el.attribs.name === "openRate" && inSection(el));
    const row = field.parent!.parent as Node;
    expect(row.name).toBe("li");
    const median = page.one((el) => el.attribs.class === "median" && isDescendant(el, row));
    expect(page.text(median)).toContain("10.20%");
    const chart = page.one((el) => el.attribs["data-testid"] === "metrics-chart");
    const chartText = page.text(chart);
    // The chart prints the same figure as the table (it is hidden from assistive technology: the table is the text).
    expect(chartText).toContain("12.50%");
    expect(chartText).toContain("10.20%");
    expect(chartText).not.toMatch(/\b10\.2%/);
  });
});

type Node = Parameters<Parameters<Awaited<ReturnType<typeof renderDom>>["all"]>[0]>[0];

function isDescendant(el: Node, ancestor: Node) {
  for (let node: Node | null = el; node; node = node.parent as Node | null) if (node === ancestor) return true;
  return false;
}
