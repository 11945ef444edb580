/**
 * Adding a flow type, a metric or an export format starts at its table (lib/flow-types.ts,
 * lib/metrics.ts, lib/content/export/formats.ts). Every table keyed by one of them is a
 * `Record<…>`, so the compiler names each place a new entry is missing; these tests cover what it
 * cannot see: ordered lists, names stored in the data, the seed, and the export's JSON Schema
 * file. docs/development.md walks through the steps.
 */
import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ALL_FLOWS_EXPORT_FORMATS, EXPORT_FORMAT_LABELS, EXPORT_FORMATS, FLOW_EXPORT_FORMATS } from "~/lib/content/export/formats";
import {
  BENCHMARK_CARD_FLOW_ORDER,
  BENCHMARK_TYPES,
  FLOW_TYPE_INFO,
  FLOW_TYPES,
  flowTypeList,
  FREE_FLOW_TYPES,
  PERFORMANCE_INDICATORS,
  PREMIUM_FLOW_TYPES,
  STEP_TYPES,
} from "~/lib/flow-types";
import { METRIC_DEFINITIONS, METRIC_KEYS, metricDefinition } from "~/lib/metrics";
import { TIMING_EVENTS } from "~/lib/timing";
import { MEDIA_TYPES } from "~/services/flows/export.server";
import { BENCHMARK_SEED } from "~/services/seed/benchmarks";
import { DEFAULT_FLOW_RULE_OF_TYPE, DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";

const sorted = (items: readonly (string | null)[]) => [...items].sort();

const exportSchema = JSON.parse(fs.readFileSync(path.resolve("docs/flow-export.schema.json"), "utf8")) as {
  definitions: {
    flowType: { enum: string[] };
    touchpoint: { properties: { stepType: { enum: string[] } } };
    timing: { oneOf: [unknown, { properties: { event: { enum: string[] } } }] };
  };
};

describe("a flow type", () => {
  it("is in the benchmark card's order exactly once", () => {
    expect(sorted(BENCHMARK_CARD_FLOW_ORDER)).toEqual(sorted(FLOW_TYPES));
    expect(new Set(BENCHMARK_CARD_FLOW_ORDER).size).toBe(FLOW_TYPES.length);
  });

  it("has its own benchmark name, and every stored benchmark name belongs to one", () => {
    expect(FLOW_TYPES.every((type) => FLOW_TYPE_INFO[type].id === type)).toBe(true);
    expect(sorted(FLOW_TYPES.map((type) => FLOW_TYPE_INFO[type].benchmarkType))).toEqual(sorted(BENCHMARK_TYPES));
  });

  it("is free or premium, and named so in prose lists (the landing page's)", () => {
    expect(sorted([...FREE_FLOW_TYPES, ...PREMIUM_FLOW_TYPES])).toEqual(sorted(FLOW_TYPES));
    expect(flowTypeList(["onboarding", "lead_nurture"])).toBe("Onboarding & lead nurture");
    expect(flowTypeList(["abandoned_cart", "upsell", "sunset"])).toBe("Abandoned cart, upsell & sunset");
    expect(flowTypeList(["sunset"])).toBe("Sunset");
    expect(flowTypeList([])).toBe("");
  });

  it("has a default rule in the seed, under its own type, in the selector's order", () => {
    expect(DEFAULT_FLOW_RULES.map((rule) => rule.flowType)).toEqual([...FLOW_TYPES]);
    for (const type of FLOW_TYPES) expect(DEFAULT_FLOW_RULE_OF_TYPE[type].flowType).toBe(type);
  });

  it("is allowed by the export's JSON Schema (docs/flow-export.schema.json), as are the channels and timing events", () => {
    expect(exportSchema.definitions.flowType.enum).toEqual([...FLOW_TYPES]);
    expect(exportSchema.definitions.touchpoint.properties.stepType.enum).toEqual([...STEP_TYPES]);
    expect(exportSchema.definitions.timing.oneOf[1].properties.event.enum).toEqual([...TIMING_EVENTS]);
  });
});

describe("a metric", () => {
  it("has a definition, in the table's order, and its own performance indicator", () => {
    expect(METRIC_DEFINITIONS.map((definition) => definition.key)).toEqual([...METRIC_KEYS]);
    for (const key of METRIC_KEYS) expect(metricDefinition(key).key).toBe(key);
    expect(sorted(METRIC_DEFINITIONS.map((definition) => definition.indicator))).toEqual(sorted(PERFORMANCE_INDICATORS));
  });

  it("has a seeded median for every flow type", () => {
    for (const type of FLOW_TYPES) {
      const rows = BENCHMARK_SEED.filter((row) => row.flowType === type);
      expect(rows.map((row) => row.performanceIndicator)).toEqual(METRIC_DEFINITIONS.map((definition) => definition.indicator));
      expect(rows.every((row) => row.benchmarkType === FLOW_TYPE_INFO[type].benchmarkType)).toBe(true);
    }
    expect(BENCHMARK_SEED).toHaveLength(FLOW_TYPES.length * METRIC_KEYS.length);
  });
});

describe("an export format", () => {
  it("has a label in the menu and, when written from the export document, a media type", () => {
    expect(Object.keys(EXPORT_FORMAT_LABELS).sort()).toEqual(sorted(FLOW_EXPORT_FORMATS));
    expect(Object.keys(MEDIA_TYPES).sort()).toEqual(sorted(EXPORT_FORMATS));
    expect(ALL_FLOWS_EXPORT_FORMATS.every((format) => (EXPORT_FORMATS as readonly string[]).includes(format))).toBe(true);
  });
});
