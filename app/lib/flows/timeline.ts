import type { StepType } from "~/lib/flow-types";
import {
  anchorTitle,
  delayTitle,
  formatDuration,
  isAnchored,
  MINUTES_PER_DAY,
  stepClock,
  stepGap,
  type Timing,
  timingText,
  touchpointOffsetMinutes,
  TRIGGER_CLOCK,
  waitDuration,
  WEEKDAY_NAMES,
} from "~/lib/timing";

/**
 * The layout of the flow's timeline diagram: touchpoints along a time axis that starts at the
 * trigger, one lane per channel, the waits between them and the exit at the end. Pure geometry,
 * so the SVG is drawn on the server (it shows without JavaScript) and tests check the numbers.
 *
 * Scale: a wait is drawn at a length that depends on its length alone (`waitLengthPx`), so two
 * equal waits are equally long wherever they sit. It is linear, DAY_PX a day; a wait shorter
 * than a day is widened to MIN_GAP_PX (a step 30 minutes after another would otherwise cover it)
 * and that stretch is marked; a wait longer than BREAK_AFTER_MINUTES keeps a day at each end on
 * the linear scale and is cut short in between, where the axis shows a break mark. One function
 * from minutes to x (`timeScale`) places the touchpoints and the axis ticks alike, so a step one
 * day after the trigger sits on the "Day 1" tick; no tick falls inside a break.
 *
 * A step timed from one of the business's dates (an anchored step) has no fixed time after the
 * trigger: it is placed where its estimate puts it, drawn apart, and the axis's ticks stop before
 * it. A wait into or out of it names when the step goes ("Then, 2 hours before the appointment")
 * instead of a length, as the cards do (lib/timing.ts, stepGap).
 */

export interface TimelineTouchpoint {
  id: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  timing: Timing | null;
  offsetMinutes: number | null;
  delayDays: number;
}

export const WEEK_MINUTES = 7 * MINUTES_PER_DAY;
/** Waits longer than this are drawn with a break: a day at each end to scale, the rest cut short. */
export const BREAK_AFTER_MINUTES = 4 * MINUTES_PER_DAY;
/** The part of a broken wait kept to scale at each of its ends. */
const BREAK_END_MINUTES = MINUTES_PER_DAY;
export const TIMELINE = {
  LEFT_PX: 96,
  /** From the trigger mark to time 0, so a first step sent at once does not cover the trigger. */
  START_PX: 64,
  RIGHT_PX: 150,
  /** One day on the linear scale. */
  DAY_PX: 80,
  /** The shortest wait drawn (one day): waits a day long or more are never widened. */
  MIN_GAP_PX: 80,
  /** The width of a break mark on the axis, and what each doubling of a broken wait adds to it. */
  BREAK_PX: 32,
  BREAK_DOUBLING_PX: 24,
  TOP_PX: 64,
  LANE_HEIGHT_PX: 104,
  /** Room between the last lane's time labels and the axis: two rows of wait labels. */
  AXIS_GAP_PX: 40,
  BOTTOM_PX: 40,
  NODE_RADIUS: 16,
  TITLE_CHARS: 18,
  TICK_MIN_GAP_PX: 56,
  /** Font sizes of the diagram's labels. */
  TITLE_FONT_PX: 12,
  LABEL_FONT_PX: 11,
  /** The height of one row of labels. */
  LABEL_ROW_PX: 14,
  /** Space kept between two labels on one row. */
  LABEL_GAP_PX: 8,
} as const;

/** Axis marks to choose from, in minutes. */
const TICK_CANDIDATES = [0, 1, 2, 3, 4, 5, 7, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365].map((days) => days * MINUTES_PER_DAY);

/**
 * A generous width of a label in the diagram's sans-serif font (the widest letters are about
 * 0.62 em; digits and most lower case letters less), so labels judged apart here are apart on
 * screen.
 */
export function labelWidth(text: string, fontPx: number = TIMELINE.LABEL_FONT_PX) {
  return text.length * fontPx * 0.62;
}

export interface TimelineNode {
  id: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  /** The title cut to fit above the node; `title` holds it whole. */
  shortTitle: string;
  timeText: string;
  /** A short mark of the time from the trigger: "At trigger", "+1 day", "+3 hours". */
  shortTime: string;
  /** 0: the title sits just above the node; 1: one row higher, clear of a close neighbour. */
  labelRow: 0 | 1;
  minutes: number;
  x: number;
  y: number;
  /** True when the node shares its time with the step before it in its lane and sits beside it. */
  nudged: boolean;
  /** True when the step is timed from one of the business's dates: `minutes` is only its estimate. */
  anchored: boolean;
}

export interface TimelineWait {
  key: string;
  minutes: number;
  /** The full label ("Wait 23 hours"); `shortLabel` is what is drawn when it has no room. */
  label: string;
  shortLabel: string;
  /** The text drawn and its row above the axis (0: next to the axis, 1: above that). */
  text: string;
  labelRow: 0 | 1;
  x1: number;
  x2: number;
  /** False when the wait's length is not known (it leads to or from a step timed from a date). */
  fixed: boolean;
}

export interface TimelineLane {
  stepType: StepType;
  y: number;
}

export interface TimelineTick {
  minutes: number;
  x: number;
  label: string;
}

export interface TimelineLayout {
  width: number;
  height: number;
  axisY: number;
  lanes: TimelineLane[];
  trigger: { x: number };
  nodes: TimelineNode[];
  waits: TimelineWait[];
  ticks: TimelineTick[];
  /** Stretches of the axis drawn wider than the base scale, so close steps stay apart. */
  stretched: Array<{ x1: number; x2: number }>;
  /** Where a long wait is cut short on the axis: the break mark's ends and the time it stands for. */
  breaks: Array<{ x1: number; x2: number; minutes: number; label: string }>;
  exit: { x: number; label: string };
  /** The whole diagram in words, for screen readers. */
  description: string;
}

const PX_PER_MINUTE = TIMELINE.DAY_PX / MINUTES_PER_DAY;

/** Where time 0 (the trigger) is drawn. */
export const ORIGIN_X = TIMELINE.LEFT_PX + TIMELINE.START_PX;

/**
 * The drawn length of a wait, from its length alone: linear, at least MIN_GAP_PX, and past
 * BREAK_AFTER_MINUTES a day at each end plus a break, together as long as the longest unbroken
 * wait, growing slowly with the time it hides. Never shorter for a longer wait.
 */
export function waitLengthPx(minutes: number): number {
  if (minutes <= 0) return 0;
  if (minutes <= BREAK_AFTER_MINUTES) return Math.max(TIMELINE.MIN_GAP_PX, minutes * PX_PER_MINUTE);
  // Past the break it starts from the longest unbroken wait, so a wait just over it is not drawn shorter.
  const base = Math.max(BREAK_AFTER_MINUTES * PX_PER_MINUTE, 2 * BREAK_END_MINUTES * PX_PER_MINUTE + TIMELINE.BREAK_PX);
  return base + Math.log2(minutes / BREAK_AFTER_MINUTES) * TIMELINE.BREAK_DOUBLING_PX;
}

interface Anchor {
  minutes: number;
  x: number;
}

/**
 * The diagram's one scale through the anchors (a step's time and where it is drawn): evenly
 * between two anchors, except across a broken wait, where only a day at each end is to scale and
 * a time inside the break has no x (null). After the last anchor, linear.
 */
export function timeScale(anchors: readonly Anchor[]) {
  return (minutes: number): number | null => {
    const m = Math.max(0, minutes);
    let previous = anchors[0] ?? { minutes: 0, x: ORIGIN_X };
    for (const anchor of anchors) {
      if (anchor.minutes === m) return anchor.x;
      if (anchor.minutes > m) {
        const span = anchor.minutes - previous.minutes;
        if (span <= BREAK_AFTER_MINUTES) return previous.x + ((m - previous.minutes) / span) * (anchor.x - previous.x);
        if (m - previous.minutes <= BREAK_END_MINUTES) return previous.x + (m - previous.minutes) * PX_PER_MINUTE;
        if (anchor.minutes - m <= BREAK_END_MINUTES) return anchor.x - (anchor.minutes - m) * PX_PER_MINUTE;
        return null;
      }
      previous = anchor;
    }
    return previous.x + (m - previous.minutes) * PX_PER_MINUTE;
  };
}

function shorten(text: string, max: number) {
  const clean = text.trim().replace(/\s+/g, " ");
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** "30 min", "23 h", "1 d 5 h": a wait's label when the full one has no room. */
export function shortDuration(minutes: number) {
  return waitDuration(minutes)
    .replace(/ minutes?/g, " min")
    .replace(/ hours?/g, " h")
    .replace(/ days?/g, " d");
}

function tickLabel(minutes: number) {
  if (minutes === 0) return "Start";
  const days = minutes / MINUTES_PER_DAY;
  if (days % 7 === 0 && days < 30) return `Week ${days / 7}`;
  return `Day ${days}`;
}

interface LabelChoice {
  centre: number;
  /** The texts to try, longest first; the last is drawn when none fits. */
  texts: readonly string[];
  fontPx: number;
}

/**
 * Puts labels on two rows so that none covers another: each takes the first row where its
 * longest text fits, else the first row where a shorter text fits, else the freer row with the
 * shortest text. Labels are placed left to right.
 */
export function placeLabels(labels: readonly LabelChoice[]): Array<{ text: string; row: 0 | 1 }> {
  const rightEdge: [number, number] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  return labels.map(({ centre, texts, fontPx }) => {
    for (const text of texts) {
      const half = labelWidth(text, fontPx) / 2;
      for (const row of [0, 1] as const) {
        if (centre - half >= rightEdge[row] + TIMELINE.LABEL_GAP_PX) {
          rightEdge[row] = centre + half;
          return { text, row };
        }
      }
    }
    const text = texts[texts.length - 1]!;
    const row: 0 | 1 = rightEdge[0] <= rightEdge[1] ? 0 : 1;
    rightEdge[row] = Math.max(rightEdge[row], centre + labelWidth(text, fontPx) / 2);
    return { text, row };
  });
}

export function layoutTimeline(touchpoints: readonly TimelineTouchpoint[], { exitLabel = "Exit" }: { exitLabel?: string } = {}): TimelineLayout {
  const ordered = [...touchpoints].sort((a, b) => a.stepNumber - b.stepNumber);
  const channels: StepType[] = [];
  for (const tp of ordered) if (!channels.includes(tp.stepType)) channels.push(tp.stepType);
  // Email first when present: the usual reading order of a lifecycle flow.
  channels.sort((a, b) => (a === "Email" ? -1 : b === "Email" ? 1 : 0));
  if (channels.length === 0) channels.push("Email");
  const lanes = channels.map((stepType, index) => ({ stepType, y: TIMELINE.TOP_PX + index * TIMELINE.LANE_HEIGHT_PX + TIMELINE.NODE_RADIUS }));
  const laneY = (type: StepType) => lanes.find((lane) => lane.stepType === type)?.y ?? lanes[0]!.y;

  // Where each step goes. A step never goes before the one above it: the time axis only moves
  // forward. A later time is its wait's length further right (from the step drawn furthest right,
  // so a wait after a step set beside another is as long as any equal wait); the same time shares
  // the x, unless the lane already has a step there.
  const origin = ORIGIN_X;
  const anchors: Anchor[] = [{ minutes: 0, x: origin }];
  const placed: Array<{ tp: TimelineTouchpoint; minutes: number; x: number; nudged: boolean }> = [];
  let rightmost = Number.NEGATIVE_INFINITY;
  for (const tp of ordered) {
    const last = anchors[anchors.length - 1]!;
    const minutes = Math.max(last.minutes, touchpointOffsetMinutes(tp));
    if (minutes > last.minutes) {
      const x = Math.max(last.x, rightmost) + waitLengthPx(minutes - last.minutes);
      anchors.push({ minutes, x });
      placed.push({ tp, minutes, x, nudged: false });
      rightmost = x;
      continue;
    }
    const laneTaken = placed.some((p) => p.minutes === minutes && p.tp.stepType === tp.stepType);
    const x = laneTaken ? rightmost + TIMELINE.MIN_GAP_PX : last.x;
    placed.push({ tp, minutes, x, nudged: laneTaken });
    rightmost = Math.max(rightmost, x);
  }
  const at = timeScale(anchors);

  // Titles: per lane, on two rows, shortened further when both rows are taken.
  const titleRows = new Map<string, { text: string; row: 0 | 1 }>();
  for (const lane of lanes) {
    const inLane = placed.filter((p) => p.tp.stepType === lane.stepType);
    const rows = placeLabels(
      inLane.map((p) => {
        const short = shorten(p.tp.title, TIMELINE.TITLE_CHARS);
        return { centre: p.x, texts: [short, shorten(p.tp.title, 11), shorten(p.tp.title, 7)], fontPx: TIMELINE.TITLE_FONT_PX };
      }),
    );
    inLane.forEach((p, index) => titleRows.set(p.tp.id, rows[index]!));
  }

  const nodes: TimelineNode[] = placed.map(({ tp, minutes, x, nudged }) => ({
    id: tp.id,
    stepNumber: tp.stepNumber,
    stepType: tp.stepType,
    title: tp.title,
    shortTitle: titleRows.get(tp.id)!.text,
    timeText: timingText(tp.timing, tp.delayDays),
    shortTime: shortTime(tp.timing, minutes),
    labelRow: titleRows.get(tp.id)!.row,
    minutes,
    x,
    y: laneY(tp.stepType),
    nudged,
    anchored: isAnchored(tp.timing),
  }));

  const spans = waitSpans(nodes, ordered, origin);
  const waitRows = placeLabels(spans.map((span) => ({ centre: (span.x1 + span.x2) / 2, texts: [span.label, span.shortLabel], fontPx: TIMELINE.LABEL_FONT_PX })));
  const waits: TimelineWait[] = spans.map((span, index) => ({ ...span, text: waitRows[index]!.text, labelRow: waitRows[index]!.row }));

  const lastMinutes = anchors[anchors.length - 1]!.minutes;
  const lastX = nodes.length ? Math.max(...nodes.map((node) => node.x)) : TIMELINE.LEFT_PX;
  const exitX = lastX + TIMELINE.MIN_GAP_PX * 0.75;
  const width = Math.ceil(exitX + TIMELINE.RIGHT_PX);
  const axisY = lanes[lanes.length - 1]!.y + TIMELINE.NODE_RADIUS + TIMELINE.AXIS_GAP_PX + 24;
  const height = axisY + TIMELINE.BOTTOM_PX;

  // The axis counts time after the trigger only as far as that time is known: up to the first anchored step.
  const firstAnchored = nodes.find((node) => node.anchored);
  const tickEnd = firstAnchored ? firstAnchored.minutes - 1 : lastMinutes;
  const ticks: TimelineTick[] = [];
  for (const minutes of TICK_CANDIDATES) {
    if (minutes > tickEnd) break;
    const x = at(minutes);
    if (x === null) continue;
    if (ticks.length && x - ticks[ticks.length - 1]!.x < TIMELINE.TICK_MIN_GAP_PX) continue;
    ticks.push({ minutes, x, label: tickLabel(minutes) });
  }

  const stretched: Array<{ x1: number; x2: number }> = [];
  const breaks: TimelineLayout["breaks"] = [];
  anchors.slice(1).forEach((anchor, index) => {
    const before = anchors[index]!;
    const span = anchor.minutes - before.minutes;
    if (span > BREAK_AFTER_MINUTES) {
      const end = BREAK_END_MINUTES * PX_PER_MINUTE;
      breaks.push({ x1: before.x + end, x2: anchor.x - end, minutes: span, label: formatDuration(span) });
    } else if (anchor.x - before.x > span * PX_PER_MINUTE + 0.5) stretched.push({ x1: before.x, x2: anchor.x });
  });

  return {
    width,
    height,
    axisY,
    lanes,
    trigger: { x: TIMELINE.LEFT_PX },
    nodes,
    waits,
    ticks,
    stretched,
    breaks,
    exit: { x: exitX, label: exitLabel },
    description: describeTimeline(nodes, waits, exitLabel),
  };
}

/** "+3 days", "At trigger"; an anchored step's own short time: "2 h before", "Fri before". */
function shortTime(timing: Timing | null, minutes: number): string {
  if (timing?.type === "relative_event") return timing.minutes === 0 ? "On the date" : `${shortDuration(timing.minutes)} ${timing.direction}`;
  if (timing?.type === "weekday_relative_event") return `${(WEEKDAY_NAMES[timing.weekday] ?? "Day").slice(0, 3)} ${timing.relation === "before" ? "before" : "that week"}`;
  return minutes === 0 ? "At trigger" : `+${formatDuration(minutes)}`;
}

/**
 * Waits from one step to the next, as the cards read them (stepGap): a known length where both
 * are on one clock, "Then, …" where the clock changes.
 */
function waitSpans(nodes: readonly TimelineNode[], ordered: readonly TimelineTouchpoint[], origin: number): Array<Omit<TimelineWait, "text" | "labelRow">> {
  const spans: Array<Omit<TimelineWait, "text" | "labelRow">> = [];
  let clock = TRIGGER_CLOCK;
  let previousX = origin;
  nodes.forEach((node, index) => {
    const tp = ordered[index]!;
    const { gap, next } = stepGap(clock, stepClock(tp));
    clock = next;
    const key = `wait-${node.id}`;
    if (gap === "unknown" && node.x > previousX) {
      const label = anchorTitle(tp.timing, tp.delayDays, index === 0);
      spans.push({ key, minutes: Math.max(0, node.minutes - (nodes[index - 1]?.minutes ?? 0)), label, shortLabel: "then", x1: previousX, x2: node.x, fixed: false });
    } else if (gap && gap !== "unknown") {
      spans.push({ key, minutes: gap.minutes, label: delayTitle(gap.minutes), shortLabel: shortDuration(gap.minutes), x1: previousX, x2: node.x, fixed: true });
    }
    if (node.x >= previousX) previousX = node.x;
  });
  return spans;
}

function describeTimeline(nodes: readonly TimelineNode[], waits: readonly TimelineWait[], exitLabel: string) {
  if (nodes.length === 0) return `The flow starts at its trigger and has no touchpoints yet. ${exitLabel}.`;
  const parts = ["Starts at the trigger."];
  nodes.forEach((node) => {
    const wait = waits.find((w) => w.key === `wait-${node.id}`);
    if (wait) parts.push(`${wait.label}.`);
    parts.push(`Step ${node.stepNumber}, ${node.stepType}: ${node.title} (${node.timeText}).`);
  });
  const last = nodes[nodes.length - 1]!;
  const when = last.anchored ? `, after step ${last.stepNumber}` : last.minutes > 0 ? `, ${formatDuration(last.minutes)} after the trigger` : "";
  parts.push(`${exitLabel}${when}.`);
  return parts.join(" ");
}

/**
 * The trigger and exit rules a flow states in its quick notes ("Trigger: …" and
 * "Exit rules: a; b." lines, as the flow rules write them), for the ends of the diagram.
 */
export function triggerAndExits(quickNotes: string): { trigger: string | null; exitRules: string[] } {
  let trigger: string | null = null;
  let exitRules: string[] = [];
  for (const line of quickNotes.split(/\r?\n/)) {
    const triggerMatch = /^\s*Trigger:\s*(.+)$/i.exec(line);
    if (triggerMatch && trigger === null) trigger = triggerMatch[1]!.trim().replace(/\.$/, "");
    const exitMatch = /^\s*Exit rules?:\s*(.+)$/i.exec(line);
    if (exitMatch && exitRules.length === 0) {
      exitRules = exitMatch[1]!
        .replace(/\.$/, "")
        .split(";")
        .map((rule) => rule.trim())
        .filter(Boolean);
    }
  }
  return { trigger, exitRules };
}
