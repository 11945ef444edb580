import fs from "node:fs";
import path from "node:path";

import Ajv from "ajv";
import addFormats from "ajv-formats";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { CSV_BOM, toCsv } from "~/lib/content/export/csv";
import { toHtml } from "~/lib/content/export/html";
import { toJson } from "~/lib/content/export/json";
import { toMarkdown } from "~/lib/content/export/markdown";
import { exportDocument } from "~/lib/content/export/model";
import { diffFlows } from "~/lib/flows/diff";
import type { FlowView, TouchpointView } from "~/lib/flows/types";
import type { Timing } from "~/lib/timing";

/** Every export, and a version compare, with steps timed from the business's dates. */

const DAY = 1440;
const AT = "2026-11-20T10:00:00.000Z";

function step(stepNumber: number, title: string, timing: Timing, offsetMinutes: number): TouchpointView {
  return {
    id: `tp-${stepNumber}`,
    flowId: "flow-1",
    stepNumber,
    stepType: "Email",
    title,
    delayDays: Math.floor(offsetMinutes / DAY),
    timing,
    offsetMinutes,
    primaryGoal: "Goal",
    keyMessages: "• Message",
    callToAction: "Act",
    sendWindow: null,
    createdAt: AT,
  };
}

const FLOW: FlowView = {
  id: "flow-1",
  flowType: "onboarding",
  companyName: "Rise Bakery",
  flowOverview: "Rise Bakery's onboarding flow: from pre-order to a first pickup.",
  quickNotes: "Trigger: Places a pre-order",
  regenerationCount: 0,
  customContext: "",
  model: "offline-rules-v2",
  versionCount: 0,
  touchpoints: [
    step(1, "Your pre-order is in", { type: "immediate" }, 0),
    step(2, "Pickup is tomorrow", { type: "relative_event", event: "pickup", direction: "before", minutes: DAY, time: "18:00", displayText: "The evening before pickup" }, 3 * DAY),
    step(3, "How were the buns?", { type: "relative_event", event: "pickup", direction: "after", minutes: 2 * DAY }, 6 * DAY),
  ],
  createdAt: AT,
  updatedAt: AT,
};

const document = exportDocument([{ flow: FLOW, content: null, trigger: "Places a pre-order", exitRules: [] }], { exportedAt: new Date(AT), includesContent: false });

describe("exports of steps timed from a date", () => {
  it("JSON: the anchored timing and what it is timed from, valid against docs/flow-export.schema.json", () => {
    const schema = JSON.parse(fs.readFileSync(path.resolve("docs/flow-export.schema.json"), "utf8"));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const parsed = JSON.parse(toJson(document));
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed.flows[0].touchpoints.map((tp: { timingText: string; timedFrom: string }) => [tp.timingText, tp.timedFrom])).toEqual([
      ["Immediately", "the trigger"],
      ["The evening before pickup", "pickup"],
      ["2 days after pickup", "pickup"],
    ]);
    expect(parsed.flows[0].touchpoints[1].timing).toEqual({
      type: "relative_event",
      event: "pickup",
      direction: "before",
      minutes: DAY,
      time: "18:00",
      displayText: "The evening before pickup",
    });
  });

  it("CSV: the timing, what it is timed from, and no offset from the trigger where none is known", () => {
    const rows = parseCsv(toCsv(document).slice(CSV_BOM.length)) as string[][];
    const header = rows[0]!;
    const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)]);
    expect(column("Timing")).toEqual(["Immediately", "The evening before pickup", "2 days after pickup"]);
    expect(column("Timed from")).toEqual(["the trigger", "pickup", "pickup"]);
    expect(column("Offset (minutes)")).toEqual(["0", "", ""]);
  });

  it("Markdown and HTML: each step's When names the date it is timed from", () => {
    const markdown = toMarkdown(document);
    expect(markdown).toContain("**When:** The evening before pickup");
    expect(markdown).toContain("**When:** 2 days after pickup");
    const html = toHtml(document, { esp: "generic", postalAddress: null });
    expect(html).toContain("The evening before pickup");
    expect(html).toContain("2 days after pickup");
  });
});

describe("comparing versions", () => {
  it("names a timing change from the trigger to a date", () => {
    const before = { ...FLOW, touchpoints: FLOW.touchpoints.map((tp) => (tp.stepNumber === 3 ? { ...tp, timing: { type: "offset", minutes: 6 * DAY } as Timing } : tp)) };
    const diff = diffFlows(before, FLOW);
    const changed = diff.touchpoints.find((change) => change.status === "changed");
    expect(changed).toMatchObject({ changedFields: ["timing"], before: { title: "How were the buns?" } });
    expect(diff.counts.changed).toBe(1);
  });
});
