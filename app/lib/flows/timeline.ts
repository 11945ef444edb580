import type { StepType } from "~/lib/flow-types";
import { formatDuration, MINUTES_PER_DAY, timingText, touchpointOffsetMinutes, type Timing } from "~/lib/timing";

/**
 * The layout of the flow's timeline diagram: touchpoints along a time axis that starts at the
 * trigger, one lane per channel, the waits between them and the exit at the end. Pure geometry,
 * so the SVG is drawn on the server (it shows without JavaScript) and tests check the numbers.
 *
 * Scale: the first week is linear (WEEK_PX for seven days); past a week each doubling of the
 * time adds DOUBLING_PX, so a 90-day flow still fits on a screen. Two steps never sit closer
 * than MIN_GAP_PX (a step 30 minutes after another would otherwise cover it); such a nudge is
 * recorded, and the labels always carry the true time.
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
export const TIMELINE = {
  LEFT_PX: 96,
  /** From the trigger mark to time 0, so a first step sent at once does not cover the trigger. */
  START_PX: 64,
  RIGHT_PX: 150,
  WEEK_PX: 560,
  DOUBLING_PX: 150,
  MIN_GAP_PX: 128,
  TOP_PX: 64,
  LANE_HEIGHT_PX: 104,
  AXIS_GAP_PX: 24,
  BOTTOM_PX: 40,
  NODE_RADIUS: 16,
  TITLE_CHARS: 18,
  /** Two titles in one lane closer than this go on alternate rows. */
  STAGGER_BELOW_PX: 190,
  TICK_MIN_GAP_PX: 56,
} as const;

/** Axis marks to choose from, in minutes. */
const TICK_CANDIDATES = [0, 1, 2, 3, 4, 5, 7, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365].map((days) => days * MINUTES_PER_DAY);

export interface TimelineNode {
  id: string;
  stepNumber: number;
  stepType: StepType;
  title: string;
  /** The title cut to fit under the node; `title` holds it whole. */
  shortTitle: string;
  timeText: string;
  /** A short mark of the time from the trigger: "At trigger", "+1 day", "+3 hours". */
  shortTime: string;
  /** 0: the title sits just above the node; 1: one row higher, clear of a close neighbour. */
  labelRow: 0 | 1;
  minutes: number;
  x: number;
  y: number;
  /** True when the node was pushed right to keep it readable (its time is earlier than x says). */
  nudged: boolean;
}

export interface TimelineWait {
  key: string;
  minutes: number;
  label: string;
  x1: number;
  x2: number;
}

export interface TimelineLane {
  stepType: StepType;
  y: number;
}

export interface TimelineLayout {
  width: number;
  height: number;
  axisY: number;
  lanes: TimelineLane[];
  trigger: { x: number };
  nodes: TimelineNode[];
  waits: TimelineWait[];
  ticks: Array<{ x: number; label: string }>;
  exit: { x: number; label: string };
  /** The whole diagram in words, for screen readers. */
  description: string;
}

/** Minutes after the trigger to x (before any nudge). */
export function scaleX(minutes: number): number {
  const m = Math.max(0, minutes);
  const origin = TIMELINE.LEFT_PX + TIMELINE.START_PX;
  if (m <= WEEK_MINUTES) return origin + (m / WEEK_MINUTES) * TIMELINE.WEEK_PX;
  return origin + TIMELINE.WEEK_PX + Math.log2(m / WEEK_MINUTES) * TIMELINE.DOUBLING_PX;
}

function shorten(text: string, max: number) {
  const clean = text.trim().replace(/\s+/g, " ");
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

function tickLabel(minutes: number) {
  if (minutes === 0) return "Start";
  const days = minutes / MINUTES_PER_DAY;
  if (days % 7 === 0 && days < 30) return `Week ${days / 7}`;
  return `Day ${days}`;
}

export function layoutTimeline(
  touchpoints: readonly TimelineTouchpoint[],
  { exitLabel = "Exit" }: { exitLabel?: string } = {},
): TimelineLayout {
  const ordered = [...touchpoints].sort((a, b) => a.stepNumber - b.stepNumber);
  const channels: StepType[] = [];
  for (const tp of ordered) if (!channels.includes(tp.stepType)) channels.push(tp.stepType);
  // Email first when present: the usual reading order of a lifecycle flow.
  channels.sort((a, b) => (a === "Email" ? -1 : b === "Email" ? 1 : 0));
  if (channels.length === 0) channels.push("Email");
  const lanes = channels.map((stepType, index) => ({ stepType, y: TIMELINE.TOP_PX + index * TIMELINE.LANE_HEIGHT_PX + TIMELINE.NODE_RADIUS }));
  const laneY = (type: StepType) => lanes.find((lane) => lane.stepType === type)?.y ?? lanes[0]!.y;

  const nodes: TimelineNode[] = [];
  const lastInLane = new Map<StepType, TimelineNode>();
  const waits: TimelineWait[] = [];
  let previousMinutes = 0;
  let previousX = scaleX(0);
  ordered.forEach((tp, index) => {
    // A step never goes before the one above it: the time axis only moves forward.
    const minutes = Math.max(previousMinutes, touchpointOffsetMinutes(tp));
    const natural = scaleX(minutes);
    const floor = index === 0 ? scaleX(0) : previousX + TIMELINE.MIN_GAP_PX;
    const x = Math.max(natural, floor);
    if (minutes > previousMinutes) {
      waits.push({ key: `wait-${tp.id}`, minutes: minutes - previousMinutes, label: `Wait ${formatDuration(minutes - previousMinutes)}`, x1: previousX, x2: x });
    }
    const neighbour = lastInLane.get(tp.stepType);
    const labelRow: 0 | 1 = neighbour && x - neighbour.x < TIMELINE.STAGGER_BELOW_PX && neighbour.labelRow === 0 ? 1 : 0;
    const node: TimelineNode = {
      id: tp.id,
      stepNumber: tp.stepNumber,
      stepType: tp.stepType,
      title: tp.title,
      shortTitle: shorten(tp.title, TIMELINE.TITLE_CHARS),
      timeText: timingText(tp.timing, tp.delayDays),
      shortTime: minutes === 0 ? "At trigger" : `+${formatDuration(minutes)}`,
      labelRow,
      minutes,
      x,
      y: laneY(tp.stepType),
      nudged: x > natural + 0.5,
    };
    nodes.push(node);
    lastInLane.set(tp.stepType, node);
    previousMinutes = minutes;
    previousX = x;
  });

  const lastX = nodes.length ? nodes[nodes.length - 1]!.x : TIMELINE.LEFT_PX;
  const exitX = lastX + TIMELINE.MIN_GAP_PX * 0.75;
  const width = Math.ceil(exitX + TIMELINE.RIGHT_PX);
  const axisY = lanes[lanes.length - 1]!.y + TIMELINE.NODE_RADIUS + TIMELINE.AXIS_GAP_PX + 24;
  const height = axisY + TIMELINE.BOTTOM_PX;

  const ticks: Array<{ x: number; label: string }> = [];
  for (const minutes of TICK_CANDIDATES) {
    if (minutes > previousMinutes) break;
    const x = scaleX(minutes);
    // Nudged nodes can sit right of their time; ticks keep to the scale and skip crowded marks.
    if (ticks.length && x - ticks[ticks.length - 1]!.x < TIMELINE.TICK_MIN_GAP_PX) continue;
    ticks.push({ x, label: tickLabel(minutes) });
  }

  return {
    width,
    height,
    axisY,
    lanes,
    trigger: { x: TIMELINE.LEFT_PX },
    nodes,
    waits,
    ticks,
    exit: { x: exitX, label: exitLabel },
    description: describeTimeline(nodes, waits, exitLabel),
  };
}

function describeTimeline(nodes: readonly TimelineNode[], waits: readonly TimelineWait[], exitLabel: string) {
  if (nodes.length === 0) return `The flow starts at its trigger and has no touchpoints yet. ${exitLabel}.`;
  const parts = ["Starts at the trigger."];
  nodes.forEach((node) => {
    const wait = waits.find((w) => w.key === `wait-${node.id}`);
    if (wait) parts.push(`${wait.label}.`);
    parts.push(`Step ${node.stepNumber}, ${node.stepType}: ${node.title} (${node.timeText}).`);
  });
  const total = nodes[nodes.length - 1]!.minutes;
  parts.push(`${exitLabel}${total > 0 ? `, ${formatDuration(total)} after the trigger` : ""}.`);
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
