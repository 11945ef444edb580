import type { DraftTouchpoint } from "~/lib/flows/rules";
import { formatDuration, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * When sends happen, as a marketer schedules them: never two at the same moment (at least an hour
 * apart). Offsets are rounded the way spans are read (summary.ts: roundSpanMinutes).
 *
 * Only steps timed from the trigger are moved, and only by the step timed from the trigger before
 * them: a step timed from an event (`timing` set) keeps the timing its generator gave, and its
 * offsetMinutes is an estimate, so nothing is moved on its account.
 */

export const MIN_GAP_MINUTES = MINUTES_PER_HOUR;

/** Sorted by time, each send from the trigger at least an hour after the one before it (later ones move, earlier ones stay). */
export function spaceSends<T extends DraftTouchpoint>(steps: readonly T[]): T[] {
  const list = [...steps].sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  let previous: number | null = null;
  for (let index = 0; index < list.length; index++) {
    const step = list[index]!;
    if (step.timing) continue;
    if (previous !== null && step.offsetMinutes < previous + MIN_GAP_MINUTES) {
      const offsetMinutes = previous + MIN_GAP_MINUTES;
      list[index] = { ...step, offsetMinutes, timingText: retime(step.timingText, offsetMinutes) };
    }
    previous = list[index]!.offsetMinutes;
  }
  return list.sort((a, b) => a.offsetMinutes - b.offsetMinutes);
}

/** The timing sentence for a new offset, keeping what it is counted from ("2 days after signup"). */
export function retime(timingText: string, offsetMinutes: number): string {
  const anchor = /\bafter (.+)$/i.exec(timingText)?.[1] ?? "the trigger";
  return offsetMinutes === 0 ? `Immediately after ${anchor}` : `${formatDuration(offsetMinutes)} after ${anchor}`;
}
