import { readFileSync } from "node:fs";
import { emptyAnswers } from "~/lib/questionnaire/fields";
import { generateFlowOutput } from "../eval/pipeline";
import { businessFacts } from "~/lib/business/facts";
const [file, only] = process.argv.slice(2);
const answers = { ...emptyAnswers(), ...JSON.parse(readFileSync(file!, "utf8")) };
console.log("MODEL", businessFacts(answers).model, "unit", businessFacts(answers).unit);
for (const flowType of ["onboarding", "lead_nurture", "abandoned_cart", "upsell", "sunset"] as const) {
  if (only && only !== flowType) continue;
  const f = generateFlowOutput(answers, flowType);
  console.log(`\n===== ${flowType} =====`);
  if (f.plan) { console.log("TRIGGER:", f.plan.trigger, "| EXIT:", f.plan.exitRules.join("; ")); console.log("OVERVIEW:", f.plan.overview); for (const s of f.plan.steps) console.log(`  [${s.stepNumber} ${s.stepType} ${s.timingText}] ${s.title}`); }
  for (const c of f.copy) {
    if (c.sms) console.log(`  -- ${c.stepNumber} SMS: ${c.sms}`);
    else console.log(`  -- ${c.stepNumber} SUBJ: ${c.subject} | PRE: ${c.preheader} | CTA: ${c.callToAction} -> ${c.buttonUrl}\n${c.bodyText.split("\n").map((l) => "       " + l).join("\n")}`);
  }
  if (f.contentProblems.length) console.log("PROBLEMS", f.contentProblems);
  if (f.planProblems.length) console.log("PLANPROBLEMS", f.planProblems);
  if (f.crashes.length) console.log("CRASH", f.crashes);
}
