import type { StepType } from "~/lib/flow-types";
import { isAnchored, MINUTES_PER_DAY, type TimingEvent } from "~/lib/timing";

import { clip, EMOJI } from "../texts";
import type { Check, FlowView, NoteContext, Pick, StepView } from "./spec";

/**
 * The checks a note's `expect` turns into: what the copy says, which steps exist and when they
 * go, what stays as it was, how the copy sounds, and what the reply says. Each one names what it
 * saw when it fails.
 */

type Text = "copy" | "about" | "subject";

function textOf(step: StepView, where: Text): string {
  return where === "about" ? `${step.about}\n${step.copy}` : step[where];
}

function label(step: StepView): string {
  return `step ${step.n} (${step.channel}, "${step.title}")`;
}

function matches(text: string, pattern: RegExp): number {
  return (text.match(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`)) ?? []).length;
}

// ---------------------------------------------------------------------------------------------
// Words

/** Every step picked says it (and there is one). */
export function says(pick: Pick, pattern: RegExp, what: string, where: Text = "copy"): Check {
  return {
    says: `${pick.says} ${where === "about" ? "is about" : "says"} ${what}`,
    test: ({ after }) => {
      const steps = pick.of(after);
      if (!steps.length) return `there is no ${pick.says}`;
      const missing = steps.filter((s) => !pattern.test(textOf(s, where)));
      return missing.length ? `${missing.map(label).join(", ")} does not` : null;
    },
  };
}

/** At least one step picked says it. */
export function someSays(pick: Pick, pattern: RegExp, what: string, where: Text = "copy"): Check {
  return {
    says: `one of ${pick.says} ${where === "about" ? "is about" : "says"} ${what}`,
    test: ({ after }) => (pick.of(after).some((s) => pattern.test(textOf(s, where))) ? null : `none of ${pick.says} does`),
  };
}

/** No step picked says it. */
export function neverSays(pick: Pick, pattern: RegExp, what: string, where: Text = "copy"): Check {
  return {
    says: `${pick.says}: no ${what}`,
    test: ({ after }) => {
      const found = pick.of(after).flatMap((s) => {
        const hit = new RegExp(pattern.source, pattern.flags.replace("g", "")).exec(textOf(s, where));
        return hit ? [`${label(s)}: "${clip(hit[0], 60)}"`] : [];
      });
      return found.length ? found.join("; ") : null;
    },
  };
}

/** The flow says it no more often than before (nothing of it is added). */
export function addsNo(pattern: RegExp, what: string, where: Text = "copy"): Check {
  const count = (flow: FlowView) => flow.steps.reduce((sum, s) => sum + matches(textOf(s, where), pattern), 0);
  return {
    says: `adds no ${what}`,
    test: ({ before, after }) => (count(after) > count(before) ? `${what} ${count(before)} times before, ${count(after)} after` : null),
  };
}

/** What the flow said before of it, it still says. */
export function stillSays(pattern: RegExp, what: string): Check {
  const has = (flow: FlowView) => flow.steps.some((s) => pattern.test(s.copy));
  return { says: `still says ${what}`, test: ({ before, after }) => (has(before) && !has(after) ? `${what} is gone` : null) };
}

// ---------------------------------------------------------------------------------------------
// Steps and counts

export function count(channel: StepType | null, compare: "at most" | "exactly" | "at least", n: number): Check {
  const noun = channel === "SMS" ? "texts" : channel === "Email" ? "emails" : "steps";
  return {
    says: `${compare} ${n} ${noun}`,
    test: ({ after }) => {
      const have = after.steps.filter((s) => !channel || s.channel === channel).length;
      const ok = compare === "at most" ? have <= n : compare === "exactly" ? have === n : have >= n;
      return ok ? null : `${have} ${noun}`;
    },
  };
}

/** Compared with the flow before: fewer, one fewer, one more, or no more steps (of a channel). */
export function countVersusBefore(channel: StepType | null, change: -1 | 0 | 1 | "fewer" | "no more"): Check {
  const of = (flow: FlowView) => flow.steps.filter((s) => !channel || s.channel === channel).length;
  const noun = channel === "SMS" ? "texts" : channel === "Email" ? "emails" : "steps";
  const ok = (b: number, a: number) => (change === "fewer" ? a < b : change === "no more" ? a <= b : a === b + change);
  const words = typeof change === "number" ? `${change === 0 ? "as many" : change > 0 ? "one more" : "one fewer"} ${noun}` : `${change} ${noun}`;
  return { says: `${words} than before`, test: ({ before, after }) => (ok(of(before), of(after)) ? null : `${of(before)} ${noun} before, ${of(after)} after`) };
}

/** A step picked exists and meets the condition. */
export function someStep(pick: Pick, what: string, holds: (step: StepView, context: NoteContext) => boolean): Check {
  return {
    says: `${pick.says} ${what}`,
    test: (context) => {
      const steps = pick.of(context.after);
      if (!steps.length) return `there is no ${pick.says}`;
      return steps.some((s) => holds(s, context)) ? null : `${steps.map((s) => `${label(s)} ${timingWords(s)}`).join(", ")}`;
    },
  };
}

function same(a: StepView, b: StepView): boolean {
  return a.channel === b.channel && a.title === b.title && a.offsetMinutes === b.offsetMinutes && JSON.stringify(a.timing) === JSON.stringify(b.timing);
}

/** Every step before, except those picked, is still there with its channel, title and time. */
export function keepsSteps(except?: Pick): Check {
  return {
    says: `the other steps keep their channel, title and time${except ? ` (all but ${except.says})` : ""}`,
    test: ({ before, after }) => {
      const skip = new Set(except?.of(before).map((s) => s.n));
      const lost = before.steps.filter((s) => !skip.has(s.n) && !after.steps.some((a) => same(s, a)));
      return lost.length ? `changed or gone: ${lost.map(label).join(", ")}` : null;
    },
  };
}

/** Each step keeps its place among the steps kept. */
export const keepsOrder: Check = {
  says: "the steps keep their order",
  test: ({ before, after }) => {
    const titles = after.steps.map((s) => s.title).filter((t) => before.steps.some((b) => b.title === t));
    const order = before.steps.map((s) => s.title).filter((t) => titles.includes(t));
    return titles.join("\n") === order.join("\n") ? null : `now: ${titles.join(" → ")}`;
  },
};

/** Every step is exactly as it was: channel, title, time, brief and copy. */
export const unchanged: Check = {
  says: "the steps are unchanged",
  test: ({ before, after }) => {
    if (before.steps.length !== after.steps.length) return `${before.steps.length} steps before, ${after.steps.length} after`;
    const changed = after.steps.filter((s, i) => JSON.stringify(s) !== JSON.stringify(before.steps[i]));
    return changed.length ? `changed: ${changed.map(label).join(", ")}` : null;
  },
};

/** The copy of the steps picked changed (a note about how it reads must change how it reads). */
export function copyChanged(pick: Pick): Check {
  return {
    says: `the copy of ${pick.says} changes`,
    test: ({ before, after }) => {
      const text = (flow: FlowView) =>
        pick
          .of(flow)
          .map((s) => s.copy)
          .join("\n");
      return text(before) === text(after) ? "the copy reads as before" : null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Timing

export function timingWords(step: StepView): string {
  const t = step.timing;
  if (t.type === "relative_event") return `${t.minutes} min ${t.direction} ${t.event}`;
  if (t.type === "weekday_relative_event") return `weekday ${t.weekday} ${t.relation} ${t.event}`;
  return `${step.offsetMinutes} min after the trigger`;
}

/** Timed from an event, in a direction, within [min, max] minutes of it. */
export function fromEvent(event: TimingEvent | readonly TimingEvent[], direction: "before" | "after", min: number, max = min) {
  const events: readonly TimingEvent[] = typeof event === "string" ? [event] : event;
  return (step: StepView) => {
    const t = step.timing;
    return t.type === "relative_event" && events.includes(t.event) && t.direction === direction && t.minutes >= min && t.minutes <= max;
  };
}

/** Timed from the trigger, within [min, max] minutes of it. */
export function fromTrigger(min: number, max = min) {
  return (step: StepView) => !isAnchored(step.timing) && step.offsetMinutes >= min && step.offsetMinutes <= max;
}

function gaps(flow: FlowView): number[] {
  const offsets = flow.steps.map((s) => s.offsetMinutes);
  return offsets.slice(1).map((at, i) => at - offsets[i]!);
}

function span(flow: FlowView): number {
  return gaps(flow).reduce((sum, g) => sum + g, 0);
}

const days = (minutes: number) => `${Math.round((minutes / MINUTES_PER_DAY) * 10) / 10} days`;

/** The flow spans longer ("wider") or shorter ("closer") than before. */
export function spread(direction: "wider" | "closer" | "not closer" | "not wider"): Check {
  const ok = (b: number, a: number) => ({ wider: a > b, closer: a < b, "not closer": a >= b, "not wider": a <= b })[direction];
  return {
    says: `the steps are ${direction.replace("closer", "closer together")} than before`,
    test: ({ before, after }) => (ok(span(before), span(after)) ? null : `spanned ${days(span(before))} before, ${days(span(after))} after`),
  };
}

export function spanAtMost(minutes: number): Check {
  return { says: `every step within ${days(minutes)} of the first`, test: ({ after }) => (span(after) <= minutes ? null : `the flow spans ${days(span(after))}`) };
}

/** The steps picked are at least `minutes` from their neighbours. */
export function apartFromNeighbours(pick: Pick, minutes: number): Check {
  return {
    says: `${pick.says} at least ${minutes} minutes from the steps around it`,
    test: ({ after }) => {
      const tight = pick.of(after).filter((s) => {
        const i = after.steps.indexOf(s);
        const near = [after.steps[i - 1], after.steps[i + 1]].filter((n): n is StepView => !!n);
        return near.some((n) => Math.abs(n.offsetMinutes - s.offsetMinutes) < minutes);
      });
      return tight.length ? `too close: ${tight.map(label).join(", ")}` : null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// How the copy sounds

export const TONE = {
  exclamations: { says: "exclamation marks", pattern: /!/g },
  contractions: { says: "contractions", pattern: /\b\w+(?:n't|'re|'ll|'ve|'m|'d)\b|\b(?:it|that|there|here|what|let|who)'s\b/gi },
  emoji: { says: "emoji", pattern: new RegExp(EMOJI.source, "gu") },
} as const;

export interface Marker {
  says: string;
  pattern: RegExp;
}

function score(flow: FlowView, markers: readonly Marker[]): number {
  return flow.steps.reduce((sum, s) => sum + markers.reduce((n, m) => n + matches(s.copy, m.pattern), 0), 0);
}

/** The copy uses the markers more, or fewer (or none at all), than before; "no more"/"no fewer" only hold the line. */
export function tone(markers: readonly Marker[], direction: "more" | "fewer" | "no more" | "no fewer"): Check {
  const what = markers.map((m) => m.says).join(", ");
  const ok = (b: number, a: number) => ({ more: a > b, fewer: a < b || a === 0, "no more": a <= b, "no fewer": a >= b })[direction];
  return {
    says: `${direction} ${what} than before`,
    test: ({ before, after }) => (ok(score(before, markers), score(after, markers)) ? null : `${score(before, markers)} before, ${score(after, markers)} after`),
  };
}

// ---------------------------------------------------------------------------------------------
// The reply and the notes

/** The reply (or what the outcome reports) says it. */
export function replySays(pattern: RegExp, what: string): Check {
  return {
    says: `the reply ${what}`,
    test: ({ run }) => {
      const outcome = run.outcome;
      const text = [run.reply, ...(outcome?.todo ?? []), ...(outcome?.refused.map((r) => r.words) ?? [])].join("\n");
      return pattern.test(text) ? null : `the reply: "${clip(run.reply, 140)}"`;
    },
  };
}

function flat(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/** The whole note is in the quick notes, word for word, for whoever writes the messages. */
export const keepsNote: Check = {
  says: "the whole note is kept in the quick notes",
  test: ({ run, after }) => (flat(after.quickNotes).includes(flat(run.note.note)) ? null : "the quick notes do not hold the whole note"),
};
