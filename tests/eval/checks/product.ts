import { type BusinessFacts, businessFacts } from "~/lib/business/facts";
import { checkPlan, checkWritten, type WrittenLike } from "~/lib/copy/checker";
import { CALL_TO_ACTION_MAX, countSms, PREHEADER_MAX, SUBJECT_MAX } from "~/lib/content/rules";

import type { FlowOutput } from "../pipeline";
import { clip } from "../texts";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * The product's own rules, as the app applies them: `copy-checker` (every finding of
 * app/lib/copy/checker.ts on the plan and the copy, and the content rules' problems other than
 * lengths), `plan-rules` (applyFlowRules's refusal or checkFlow's problems), `limits` (a subject,
 * preheader, call to action or SMS over its limit) and `crash` (anything that would stop the app
 * or make it answer 502).
 */

const LENGTH_PROBLEM = /longer than|characters; one|needs Unicode and is/;

function checkerFindings(facts: BusinessFacts, flow: FlowOutput): Finding[] {
  const plan = flow.plan;
  if (!plan) return [];
  const planLike = { flowOverview: plan.overview, touchpoints: plan.steps };
  const written: WrittenLike[] = flow.copy.map((c) =>
    c.stepType === "SMS" ? { sms: c.sms } : { subject: c.subject, preheader: c.preheader, bodyText: c.bodyText, callToAction: c.callToAction },
  );
  const allowed = plan.steps.map((tp) => `${tp.title}\n${tp.keyMessages}\n${tp.callToAction}`).join("\n");
  const found = [...checkPlan(facts, planLike), ...(written.length ? checkWritten(facts, written, { allowed }) : [])];
  return found.map((f) => finding("copy-checker", flow.flowType, f.where, `${f.rule}: ${f.message}`, clip(f.text, 160)));
}

function contentRuleFindings(flow: FlowOutput): Finding[] {
  return flow.contentProblems
    .filter((p) => !LENGTH_PROBLEM.test(p.message))
    .map((p) => finding("copy-checker", flow.flowType, `step ${p.stepNumber} ${p.field}`, `content rules: ${p.message}`));
}

export function checkCopyChecker(output: BusinessOutput): Finding[] {
  const { answers } = output.business;
  const facts = businessFacts(answers, answers.companyName);
  return output.flows.flatMap((flow) => [...checkerFindings(facts, flow), ...contentRuleFindings(flow)]);
}

export function checkPlanRules(output: BusinessOutput): Finding[] {
  return output.flows.flatMap((flow) => flow.planProblems.map((problem) => finding("plan-rules", flow.flowType, "plan", problem)));
}

export function checkCrash(output: BusinessOutput): Finding[] {
  return output.flows.flatMap((flow) => flow.crashes.map((crash) => finding("crash", flow.flowType, "flow", crash)));
}

function length(text: string): number {
  return Array.from(text).length;
}

export function checkLimits(output: BusinessOutput): Finding[] {
  return output.flows.flatMap((flow) =>
    flow.copy.flatMap((c) => {
      const at = `step ${c.stepNumber}`;
      const over: Finding[] = [];
      const field = (name: string, text: string, max: number) => {
        if (length(text) > max) over.push(finding("limits", flow.flowType, `${at} ${name}`, `${length(text)} characters; the limit is ${max}`, text));
      };
      if (c.stepType === "SMS") {
        const count = countSms(c.sms);
        if (count.characters > count.limit)
          over.push(finding("limits", flow.flowType, `${at} SMS`, `${count.characters} characters (${count.encoding}); one message holds ${count.limit}`, c.sms));
        return over;
      }
      field("subject", c.subject, SUBJECT_MAX);
      field("preheader", c.preheader, PREHEADER_MAX);
      field("button", c.callToAction, CALL_TO_ACTION_MAX);
      return over;
    }),
  );
}
