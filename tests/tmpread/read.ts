import { loadCorpus } from "../eval/corpus";
import { generateBusiness } from "../eval/pipeline";
const [id, only] = process.argv.slice(2);
for (const b of loadCorpus(id)) {
  const out = generateBusiness(b);
  for (const f of out.flows) {
    if (only && f.flowType !== only) continue;
    console.log(`\n===== ${b.id} ${f.flowType} =====`);
    if (f.plan) {
      console.log("TRIGGER:", f.plan.trigger, "| EXIT:", f.plan.exitRules.join("; "));
      console.log("OVERVIEW:", f.plan.overview);
      for (const s of f.plan.steps) console.log(`  [${s.stepNumber} ${s.stepType} ${s.timingText}] ${s.title} | goal: ${s.primaryGoal} | km: ${s.keyMessages.replace(/\n/g, " / ")} | cta: ${s.callToAction}`);
    }
    for (const c of f.copy) {
      if (c.sms) console.log(`  -- ${c.stepNumber} SMS: ${c.sms}`);
      else console.log(`  -- ${c.stepNumber} SUBJ: ${c.subject} | PRE: ${c.preheader} | CTA: ${c.callToAction} -> ${c.buttonUrl}\n${c.bodyText.split("\n").map((l) => "       " + l).join("\n")}`);
    }
    if (f.crashes.length) console.log("CRASH", f.crashes);
  }
}
