import { loadCorpus } from "../eval/corpus";
import { generateBusiness } from "../eval/pipeline";
import { angleOf } from "~/lib/content/writer";
const [only] = process.argv.slice(2);
for (const b of loadCorpus()) {
  const out = generateBusiness(b);
  for (const f of out.flows) {
    if (only && f.flowType !== only) continue;
    if (!f.plan) continue;
    const steps = f.plan.steps;
    steps.forEach((s, i) => {
      const c = f.copy.find((x) => x.stepNumber === s.stepNumber);
      const a = angleOf(f.flowType, s, i, steps.length);
      console.log(`${b.id.padEnd(24)} ${b.model?.padEnd?.(12) ?? ""} ${s.timingText.slice(0,32).padEnd(32)} ${s.title.slice(0,40).padEnd(40)} ${a.padEnd(12)} ${(c?.subject || c?.sms || "").slice(0, 70)}`);
    });
  }
}
