import type { PlanStep } from "../pipeline";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `cycle`: a reorder, rebooking or replenishment step (read from its title and calls to action)
 * lands within ±50% of the business's repeat cycle, counted in days from the trigger, or from the
 * visit, pickup or delivery it is timed after (the cycle runs between visits, not from a booking made
 * days ahead); a business
 * with no cycle (one-off purchases, continuous software, retainers) gets no such step at all.
 * Sunset and abandoned-cart clocks start elsewhere (inactivity, a checkout), so only their
 * existence is checked there.
 */

const REPEAT_STEP: RegExp[] = [
  /\bre-?order/i,
  /\brestock/i,
  /\brunning low\b/i,
  /\breplenish/i,
  /\brefill/i,
  /\bre-?book/i,
  /\b(?:book|order|buy|shop) again\b/i,
  /\b(?:book|schedule|plan|time for|ready for|ready to book)\b[^.?!]{0,25}\bnext (?:appointment|visit|session|class|box|treatment|lesson|wash|table|order|bag|delivery|stay|check-?up|exam|supply|loaf)\b/i,
];

export const CYCLE_TOLERANCE = 0.5;

/** Days from the start of the cycle: the event a step is timed after, else the trigger. */
export function cycleDay(step: Pick<PlanStep, "timing" | "offsetMinutes">): number | null {
  const { timing } = step;
  if (timing.type === "relative_event" && timing.direction === "after") return timing.minutes / 1440;
  return step.offsetMinutes === null ? null : step.offsetMinutes / 1440;
}

export function isRepeatStep(texts: readonly string[]): string | null {
  for (const text of texts) {
    for (const pattern of REPEAT_STEP) {
      const m = pattern.exec(text);
      if (m) return text;
    }
  }
  return null;
}

function stepTexts(output: BusinessOutput, flowType: string, step: PlanStep): string[] {
  const copy = output.flows.find((f) => f.flowType === flowType)?.copy.find((c) => c.stepNumber === step.stepNumber);
  return [step.title, step.callToAction, copy?.callToAction ?? ""].filter(Boolean);
}

export function checkCycle(output: BusinessOutput): Finding[] {
  const cycle = output.business.expect.repeatCycleDays;
  const findings: Finding[] = [];
  for (const flow of output.flows) {
    for (const step of flow.plan?.steps ?? []) {
      const text = isRepeatStep(stepTexts(output, flow.flowType, step));
      if (!text) continue;
      const where = `step ${step.stepNumber} title`;
      if (cycle === null) {
        findings.push(finding("cycle", flow.flowType, where, "a reorder or rebooking step for a business with no repeat cycle", text));
        continue;
      }
      const days = cycleDay(step);
      if (flow.flowType === "sunset" || flow.flowType === "abandoned_cart" || days === null) continue;
      const [low, high] = [cycle * (1 - CYCLE_TOLERANCE), cycle * (1 + CYCLE_TOLERANCE)];
      if (days < low || days > high) {
        findings.push(finding("cycle", flow.flowType, where, `a repeat step on day ${Math.round(days * 10) / 10}; the cycle is ${cycle} days (${low}–${high})`, text));
      }
    }
  }
  return findings;
}
