// `npm run eval`: plans all five flows and writes their content with the offline generator for
// every business of the evaluation corpus (tests/eval/corpus/), runs the eval's checks, applies the
// corpus's feedback notes to those flows, prints the failures by model, the first failures of each
// check and the feedback results, and writes docs/eval.md.
//
//   npm run eval                              the whole corpus; writes docs/eval.md
//   npm run eval -- --business 09             one business (by id or its start); writes nothing
//   npm run eval -- --json                    the report as JSON on stdout
//   npm run eval -- --limit 20                the first 20 failures of each check (default 5)
//   npm run eval -- --update-baseline         moves tests/eval/baseline.json to the counts that got better
//                                             (failures down; feedback notes done up, opposite and
//                                             claimed-not-done down)
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import {
  BASELINE_PATH,
  baselineOf,
  compareFeedback,
  compareToBaseline,
  describeChange,
  describeFeedbackChange,
  loweredBaseline,
  ratchetedFeedback,
  readBaseline,
  writeBaseline,
} from "../tests/eval/baseline";
import { consoleSummary, markdownReport } from "../tests/eval/report";
import { ratchetCounts } from "../tests/eval/feedback/run";
import { type EvalReport, runEval } from "../tests/eval/run";

const DOC = path.resolve("docs/eval.md");

function jsonReport(report: EvalReport) {
  const { businesses, ...rest } = report;
  return { businesses: businesses.map((b) => ({ id: b.id, model: b.model, companyName: b.answers.companyName })), ...rest };
}

function updateBaseline(report: EvalReport) {
  if (!fs.existsSync(BASELINE_PATH)) {
    writeBaseline(baselineOf(report.totals, ratchetCounts(report.feedback)));
    console.log(`Wrote ${path.relative(process.cwd(), BASELINE_PATH)} with total ${report.totals.total}.`);
    return;
  }
  const baseline = readBaseline();
  const { rose, fell } = compareToBaseline(report.totals, baseline);
  const { worse, better } = compareFeedback(ratchetCounts(report.feedback), baseline.feedback);
  writeBaseline({ ...loweredBaseline(report.totals, baseline), feedback: ratchetedFeedback(ratchetCounts(report.feedback), baseline.feedback) });
  if (fell.length) console.log(`Lowered the baseline: ${fell.map(describeChange).join("; ")}.`);
  if (better.length) console.log(`Moved the feedback baseline: ${better.map(describeFeedbackChange).join("; ")}.`);
  if (rose.length || worse.length) {
    const moved = [...rose.map(describeChange), ...worse.map(describeFeedbackChange)];
    console.error(`These counts got worse and the baseline keeps them where they were (fix the cause; a baseline only moves the right way): ${moved.join("; ")}.`);
    process.exitCode = 1;
  }
  if (!fell.length && !rose.length && !better.length && !worse.length) console.log("The baseline already matches.");
}

function main() {
  const { values } = parseArgs({
    options: {
      business: { type: "string" },
      json: { type: "boolean", default: false },
      limit: { type: "string", default: "5" },
      "update-baseline": { type: "boolean", default: false },
    },
  });
  const report = runEval({ only: values.business });
  if (report.businesses.length === 0) throw new Error(`No business of the corpus starts with "${values.business}".`);
  if (values.json) console.log(JSON.stringify(jsonReport(report), null, 2));
  else console.log(consoleSummary(report, Number(values.limit)));
  if (values.business) return;
  fs.writeFileSync(DOC, markdownReport(report));
  if (!values.json) console.log(`\nWrote docs/eval.md.`);
  if (values["update-baseline"]) updateBaseline(report);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
