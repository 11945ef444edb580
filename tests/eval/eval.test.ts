import fs from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { FLOW_TYPES } from "~/lib/flow-types";
import type { FlowView } from "~/lib/flows/types";
import { writeOffline } from "~/services/ai/offline-content.server";
import { entriesFromWritten } from "~/services/flows/content.server";

import { compareFeedback, compareToBaseline, describeChange, describeFeedbackChange, readBaseline } from "./baseline";
import type { CheckId } from "./checks/types";
import { loadCorpus } from "./corpus";
import { EXPECTATIONS } from "./feedback/expectations";
import { loadNotes } from "./feedback/notes";
import { ratchetCounts } from "./feedback/run";
import { generateFlowOutput } from "./pipeline";
import { markdownReport, newFailureLines } from "./report";
import { type EvalReport, runEval } from "./run";

/**
 * The eval inside `npm test`: its failure counts may only go down. A rise fails with the new
 * failures; a fall fails until tests/eval/baseline.json is lowered with the change that made it
 * (`npm run eval -- --update-baseline`), so the committed baseline is always what the code gives.
 */

const DOC = path.resolve("docs/eval.md");
const MOST_SHOWN = 40;

let report: EvalReport;

// About 13 s of CPU; on a shared machine under load it has taken over a minute, past the default hook timeout.
beforeAll(() => {
  report = runEval();
}, 180_000);

/** What rose, as lines of docs/eval.md the committed one lacks (else the rising checks' failures). */
function newFailures(checks: readonly CheckId[]): string[] {
  const committed = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "";
  const lines = newFailureLines(committed, markdownReport(report), checks);
  if (lines.length) return lines;
  return report.failures.filter((f) => checks.includes(f.check)).map((f) => `${f.business} · ${f.flowType ?? "all flows"} · ${f.where}: [${f.check}] ${f.message} — ${f.snippet}`);
}

describe("the eval over the corpus", () => {
  it("generates every flow of every business", () => {
    expect(report.businesses).toHaveLength(40);
  });

  it("no failure count rises above its baseline", () => {
    const { rose } = compareToBaseline(report.totals, readBaseline());
    const checks = rose.flatMap((change) => (change.check === "total" ? [] : [change.check]));
    const shown = newFailures(checks);
    const message = [
      `Failures rose: ${rose.map(describeChange).join("; ")}.`,
      `New failures (${Math.min(shown.length, MOST_SHOWN)} of ${shown.length}; \`npm run eval\` lists them all):`,
      ...shown.slice(0, MOST_SHOWN).map((line) => `  ${line}`),
    ].join("\n");
    expect(rose, message).toEqual([]);
  });

  it("the baseline is lowered with the change that lowered a count", () => {
    const { fell } = compareToBaseline(report.totals, readBaseline());
    const message = `Failures fell (well done): ${fell.map(describeChange).join("; ")}. Lower tests/eval/baseline.json with \`npm run eval -- --update-baseline\` and commit it (and docs/eval.md) with this change.`;
    expect(fell, message).toEqual([]);
  });
});

describe("the feedback notes", () => {
  it("every note has its checks, and every check a note", () => {
    expect(Object.keys(EXPECTATIONS).sort()).toEqual(
      loadNotes()
        .map((note) => note.id)
        .sort(),
    );
    expect(report.feedback.notes).toHaveLength(loadNotes().length);
  });

  it("no feedback result gets worse than its baseline", () => {
    const { worse } = compareFeedback(ratchetCounts(report.feedback), readBaseline().feedback);
    const notes = report.feedback.notes.filter((n) => worse.some((c) => (c.result === "done" ? n.result !== "done" : n.result === c.result)));
    const message = [`Feedback got worse: ${worse.map(describeFeedbackChange).join("; ")}.`, ...notes.map((n) => `  ${n.note.id} [${n.result}] ${n.reason}`)].join("\n");
    expect(worse, message).toEqual([]);
  });

  it("the baseline moves with the change that made feedback better", () => {
    const { better } = compareFeedback(ratchetCounts(report.feedback), readBaseline().feedback);
    const message = `Feedback got better (well done): ${better.map(describeFeedbackChange).join("; ")}. Move tests/eval/baseline.json with \`npm run eval -- --update-baseline\` and commit it (and docs/eval.md) with this change.`;
    expect(better, message).toEqual([]);
  });
});

describe("the eval's pipeline", () => {
  it("stores content exactly as the content service does", () => {
    const [business] = loadCorpus("09");
    const answers = business!.answers;
    for (const flowType of FLOW_TYPES) {
      const output = generateFlowOutput(answers, flowType);
      const touchpoints = output.plan!.steps.map((step) => ({ ...step, flowId: "flow", delayDays: 0, sendWindow: null, createdAt: "" }));
      const flow = { companyName: answers.companyName, flowType, touchpoints } as unknown as FlowView;
      const written = writeOffline({ flowType, companyName: answers.companyName, business: answers, touchpoints });
      if (output.contentProblems.length) {
        expect(() => entriesFromWritten(flow, written, "offline", { answers, esp: "generic" }), flowType).toThrow();
        continue;
      }
      const entries = entriesFromWritten(flow, written, "offline", { answers, esp: "generic" });
      const stored = entries.map((e) => ({
        subject: e.subject ?? "",
        preheader: e.preheader ?? "",
        bodyText: e.bodyText ?? "",
        callToAction: e.callToAction ?? "",
        sms: e.sms ?? "",
        html: e.bodyHtml ?? "",
      }));
      const mine = output.copy.map((c) => ({ subject: c.subject, preheader: c.preheader, bodyText: c.bodyText, callToAction: c.callToAction, sms: c.sms, html: c.html }));
      expect(mine, flowType).toEqual(stored);
    }
  });
});
