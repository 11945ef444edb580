import type { TouchpointFields } from "~/lib/flows/types";
import { timingText } from "~/lib/timing";

/**
 * "Compare with current" in the version history: which touchpoints an earlier version and the
 * current flow share, which were added or removed, and which fields changed. Pure, shared by
 * the server (no-JavaScript page) and the browser.
 *
 * A regeneration gives touchpoints new ids, so ids cannot pair them. Touchpoints with the same
 * title (ignoring case and spacing) pair first, keeping step order (a longest common
 * subsequence); between two such anchors the leftovers pair by position as "changed" when they
 * share a channel or a step number, and whatever remains is added or removed.
 */

export type ComparableTouchpoint = Pick<TouchpointFields, "stepNumber" | "stepType" | "title" | "primaryGoal" | "keyMessages" | "callToAction" | "timing" | "delayDays">;

export interface ComparableFlow {
  flowOverview: string;
  quickNotes: string;
  touchpoints: readonly ComparableTouchpoint[];
}

export const COMPARED_FIELDS = ["title", "stepType", "timing", "primaryGoal", "keyMessages", "callToAction"] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export const COMPARED_FIELD_LABELS: Readonly<Record<ComparedField, string>> = {
  title: "Title",
  stepType: "Channel",
  timing: "Timing",
  primaryGoal: "Primary goal",
  keyMessages: "Key messages",
  callToAction: "Call to action",
};

export type TouchpointChange<T extends ComparableTouchpoint = ComparableTouchpoint> =
  | { status: "unchanged"; before: T; after: T; changedFields: [] }
  | { status: "changed"; before: T; after: T; changedFields: ComparedField[] }
  | { status: "removed"; before: T; after: null; changedFields: [] }
  | { status: "added"; before: null; after: T; changedFields: [] };

export interface TextChange {
  changed: boolean;
  before: string;
  after: string;
}

export interface FlowDiff<T extends ComparableTouchpoint = ComparableTouchpoint> {
  overview: TextChange;
  quickNotes: TextChange;
  touchpoints: TouchpointChange<T>[];
  counts: { added: number; removed: number; changed: number; unchanged: number };
  /** True when nothing at all differs. */
  identical: boolean;
}

function normalize(text: string) {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The value a field is compared (and shown) by. */
export function comparedValue(touchpoint: ComparableTouchpoint, field: ComparedField): string {
  if (field === "timing") return timingText(touchpoint.timing, touchpoint.delayDays);
  return String(touchpoint[field] ?? "");
}

function changedFields(before: ComparableTouchpoint, after: ComparableTouchpoint): ComparedField[] {
  return COMPARED_FIELDS.filter((field) => normalize(comparedValue(before, field)) !== normalize(comparedValue(after, field)));
}

function textChange(before: string, after: string): TextChange {
  return { changed: normalize(before) !== normalize(after), before, after };
}

/** Index pairs of the longest common subsequence of the two title lists. */
function matchByTitle(before: readonly string[], after: readonly string[]): Array<[number, number]> {
  const rows = before.length;
  const cols = after.length;
  const table: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      table[i]![j] = before[i] === after[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    if (before[i] === after[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function pair<T extends ComparableTouchpoint>(before: T, after: T): TouchpointChange<T> {
  const fields = changedFields(before, after);
  return fields.length === 0 ? { status: "unchanged", before, after, changedFields: [] } : { status: "changed", before, after, changedFields: fields };
}

/** Pairs the leftovers between two anchors: same position, when they look like the same step. */
function diffGap<T extends ComparableTouchpoint>(before: readonly T[], after: readonly T[]): TouchpointChange<T>[] {
  const out: TouchpointChange<T>[] = [];
  const length = Math.max(before.length, after.length);
  for (let index = 0; index < length; index++) {
    const b = before[index];
    const a = after[index];
    if (b && a && (b.stepType === a.stepType || b.stepNumber === a.stepNumber)) out.push(pair(b, a));
    else {
      if (b) out.push({ status: "removed", before: b, after: null, changedFields: [] });
      if (a) out.push({ status: "added", before: null, after: a, changedFields: [] });
    }
  }
  return out;
}

/** What changed from `before` (an earlier version) to `after` (the current flow), in step order. */
export function diffFlows<T extends ComparableTouchpoint>(
  before: ComparableFlow & { touchpoints: readonly T[] },
  after: ComparableFlow & { touchpoints: readonly T[] },
): FlowDiff<T> {
  const b = [...before.touchpoints].sort((x, y) => x.stepNumber - y.stepNumber);
  const a = [...after.touchpoints].sort((x, y) => x.stepNumber - y.stepNumber);
  const anchors = matchByTitle(
    b.map((tp) => normalize(tp.title)),
    a.map((tp) => normalize(tp.title)),
  );

  const touchpoints: TouchpointChange<T>[] = [];
  let bi = 0;
  let ai = 0;
  for (const [bAnchor, aAnchor] of [...anchors, [b.length, a.length] as [number, number]]) {
    touchpoints.push(...diffGap(b.slice(bi, bAnchor), a.slice(ai, aAnchor)));
    if (bAnchor < b.length && aAnchor < a.length) touchpoints.push(pair(b[bAnchor]!, a[aAnchor]!));
    bi = bAnchor + 1;
    ai = aAnchor + 1;
  }

  const counts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const change of touchpoints) counts[change.status]++;
  const overview = textChange(before.flowOverview, after.flowOverview);
  const quickNotes = textChange(before.quickNotes, after.quickNotes);
  return {
    overview,
    quickNotes,
    touchpoints,
    counts,
    identical: !overview.changed && !quickNotes.changed && counts.added + counts.removed + counts.changed === 0,
  };
}
