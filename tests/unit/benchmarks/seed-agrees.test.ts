import { describe, expect, it } from "vitest";

import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";

describe("the seeded benchmarks", () => {
  it("pass the admin form's own rules: every row's figure agrees with its median text", () => {
    for (const row of BENCHMARK_SEED) {
      const result = benchmarkInputSchema.safeParse(row);
      expect(result.success, `${row.benchmarkType} · ${row.performanceIndicator}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });
});
