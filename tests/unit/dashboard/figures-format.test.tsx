import { describe, expect, it } from "vitest";

import { BenchmarkCard } from "~/components/dashboard/benchmark-card";
import { ToastProvider } from "~/components/ui/toaster";
import { emptyMetricValues } from "~/lib/metrics";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";
import { buildBenchmarkCard } from "~/lib/benchmarks/card";

import { renderDom } from "../ui/kit-dom";

type Page = Awaited<ReturnType<typeof renderDom>>;
type Node = Parameters<Parameters<Page["all"]>[0]>[0];

/** Lead Nurture's open rate at 12.5% against a median of 10.2%; no other figure entered. */
async function card() {
  const benchmarks = BENCHMARK_SEED.map((row) =>
    row.benchmarkType === "Lead Nurture" && row.performanceIndicator === "Open Rate (Email)" ? { ...row, industryMedian: "10.2%" } : row,
  );
  const data = buildBenchmarkCard({ benchmarks, metrics: [{ ...emptyMetricValues(), flowType: "lead_nurture", openRate: 12.5 }], peer: null });
  return renderDom(
    <ToastProvider flash={null}>
      <BenchmarkCard card={data} isPremium={false} openFlows={["lead_nurture"]} peerGroup={null} />
    </ToastProvider>,
  );
}

/** The `<li>` of a section's metric, found through its field. */
function rowOf(page: Page, flowType: string, key: string) {
  const section = page.byId(`benchmark-${flowType}`);
  const field = page.one((el) => el.name === "input" && el.attribs.name === key && isDescendant(el, section));
  let row: Node | null = field;
  while (row && row.name !== "li") row = row.parent as Node | null;
  return { field, row: row! };
}

describe("a metric row of the Email Benchmark card", () => {
  it("labels its field by holding it, shows the median in the figures' format and draws the figure and the median as bars", async () => {
    const page = await card();
    const { field, row } = rowOf(page, "lead_nurture", "openRate");
    // The field sits in the label that names it (no id needed to pair them).
    const label = field.parent!.parent as Node;
    expect(label.name).toBe("label");
    expect(page.text(label)).toMatch(/^Open Rate ?Higher is better$/);
    expect(field.attribs.id).toBeUndefined();

    const median = page.one((el) => el.attribs.class === "median" && isDescendant(el, row));
    expect(page.text(median)).toContain("10.20%");
    expect(page.text(median)).not.toMatch(/\b10\.2%/);

    // 12.5 against 10.2: the figure's bar fills the room, the median's is 81.6% of it.
    const bars = page.one((el) => el.name === "i" && el.parent === row);
    expect(bars.attribs.style).toBe("--y:100%;--m:81.6%");
  });

  it("draws no bars for a metric without the user's figure, and names the medians' group once when the section shares it", async () => {
    const page = await card();
    const { row } = rowOf(page, "lead_nurture", "clickRate");
    expect(page.all((el) => el.name === "i" && el.parent === row)).toHaveLength(0);
    const onboarding = page.byId("benchmark-onboarding");
    expect(page.all((el) => el.name === "i" && (el.parent as Node | null)?.name === "li" && isDescendant(el, onboarding))).toHaveLength(0);

    // Every median is the all-industries one: said under the rows, not in each of them.
    const lead = page.byId("benchmark-lead_nurture");
    const groupNotes = page.all((el) => el.attribs.class === "bm-group" && isDescendant(el, lead));
    expect(groupNotes.map((el) => page.text(el))).toEqual(["Medians: All industries"]);
    expect(page.all((el) => el.name === "small" && page.text(el) === "All industries" && isDescendant(el, lead))).toHaveLength(0);
  });
});

function isDescendant(el: Node, ancestor: Node) {
  for (let node: Node | null = el; node; node = node.parent as Node | null) if (node === ancestor) return true;
  return false;
}
