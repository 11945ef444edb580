import { loadCorpus } from "../eval/corpus";
import { businessFacts } from "~/lib/business/facts";
for (const b of loadCorpus()) {
  if (!["high-ticket","b2b-service","course","membership"].includes(b.model)) continue;
  const f = businessFacts(b.answers as never, (b.answers as {companyName:string}).companyName);
  console.log(b.id, "| unit:", f.unit, "| stage:", f.onboardingStage, "| start:", f.onboardingStart, "| prep:", JSON.stringify(f.prep).slice(0,200));
}
