import type { DraftTouchpoint } from "~/lib/flows/rules";
import { formatDuration, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * When sends happen, as a marketer schedules them: never two at the same moment (at least an hour
 * apart). Offsets are rounded the way spans are read (summary.ts: roundSpanMinutes).
 */

export const MIN_GAP_MINUTES = MINUTES_PER_HOUR;

/** Sorted by time, each send at least an hour after the one before (later ones move, earlier ones stay). */
export function spaceSends<T extends DraftTouchpoint>(steps: readonly T[]): T[] {
  const list = [...steps].sort((a, b) => a.offsetMinutes - b.offsetMinutes);
  for (let index = 1; index < list.length; index++) {
    const previous = list[index - 1]!.offsetMinutes;
    if (list[index]!.offsetMinutes < previous + MIN_GAP_MINUTES) {
      const offsetMinutes = previous + MIN_GAP_MINUTES;
      list[index] = { ...list[index]!, offsetMinutes, timingText: retime(list[index]!.timingText, offsetMinutes) };
    }
  }
  return list;
}

/** The timing sentence for a new offset, keeping what it is counted from ("2 days after signup"). */
export function retime(timingText: string, offsetMinutes: number): string {
  const anchor = /\bafter (.+)$/i.exec(timingText)?.[1] ?? "the trigger";
  return offsetMinutes === 0 ? `Immediately after ${anchor}` : `${formatDuration(offsetMinutes)} after ${anchor}`;
}
