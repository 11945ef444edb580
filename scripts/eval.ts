// `npm run eval`: plans all five flows and writes their content with the offline generator for
// every business of the evaluation corpus (tests/eval/corpus/), runs the eval's checks, prints the
// failures by model and the first failures of each check, and writes docs/eval.md.
//
//   npm run eval                              the whole corpus; writes docs/eval.md
//   npm run eval -- --business 09             one business (by id or its start); writes nothing
//   npm run eval -- --json                    the report as JSON on stdout
//   npm run eval -- --limit 20                the first 20 failures of each check (default 5)
//   npm run eval -- --update-baseline         lowers tests/eval/baseline.json to the counts that fell
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { BASELINE_PATH, baselineOf, compareToBaseline, describeChange, loweredBaseline, readBaseline, writeBaseline } from "../tests/eval/baseline";
import { consoleSummary, markdownReport } from "../tests/eval/report";
import { type EvalReport, runEval } from "../tests/eval/run";

const DOC = path.resolve("docs/eval.md");

function jsonReport(report: EvalReport) {
  const { businesses, ...rest } = report;
  return { businesses: businesses.map((b) => ({ id: b.id, model: b.model, companyName: b.answers.companyName })), ...rest };
}

function updateBaseline(report: EvalReport) {
  if (!fs.existsSync(BASELINE_PATH)) {
    writeBaseline(baselineOf(report.totals));
    console.log(`Wrote ${path.relative(process.cwd(), BASELINE_PATH)} with total ${report.totals.total}.`);
    return;
  }
  const baseline = readBaseline();
  const { rose, fell } = compareToBaseline(report.totals, baseline);
  writeBaseline(loweredBaseline(report.totals, baseline));
  if (fell.length) console.log(`Lowered the baseline: ${fell.map(describeChange).join("; ")}.`);
  if (rose.length) {
    console.error(`These counts rose and the baseline keeps them where they were (fix the failures; a baseline only moves down): ${rose.map(describeChange).join("; ")}.`);
    process.exitCode = 1;
  }
  if (!fell.length && !rose.length) console.log("The baseline already matches.");
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
