import type { DraftTouchpoint } from "~/lib/flows/rules";
import { formatDuration, MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

/**
 * When sends happen, as a marketer schedules them: never two at the same moment (at least an hour
 * apart), and at round times (whole hours within the first day, whole days after it, and half
 * days where a whole day would make two steps meet).
 */

export const MIN_GAP_MINUTES = MINUTES_PER_HOUR;

/** An offset at a round time: minutes under an hour stay, whole hours under a day, else whole days. */
export function roundOffset(minutes: number): number {
  if (minutes < MINUTES_PER_HOUR) return Math.max(0, Math.round(minutes));
  if (minutes < MINUTES_PER_DAY) return Math.round(minutes / MINUTES_PER_HOUR) * MINUTES_PER_HOUR;
  return Math.round(minutes / MINUTES_PER_DAY) * MINUTES_PER_DAY;
}

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

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** "4 emails and 1 SMS over 5 days", "3 emails at once": the flow's shape, always true to its steps. */
export function describeSpan(touchpoints: readonly Pick<DraftTouchpoint, "stepType" | "offsetMinutes">[]): string {
  const emails = touchpoints.filter((tp) => tp.stepType === "Email").length;
  const texts = touchpoints.length - emails;
  const mix = texts ? `${plural(emails, "email")} and ${texts} SMS` : plural(emails, "email");
  const last = Math.max(0, ...touchpoints.map((tp) => tp.offsetMinutes));
  return last === 0 ? `${mix} at once` : `${mix} over ${formatDuration(roundOffset(last))}`;
}
