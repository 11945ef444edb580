import type { FlowType } from "~/lib/flow-types";

/** The query parameter that keeps a benchmark section open (after a save without JavaScript, or from a link). */
export const OPEN_PARAM = "open";

/** The dashboard with one flow's benchmark section open and scrolled to: where its figures are entered. */
export function benchmarkSectionHref(flowType: FlowType) {
  return `/dashboard?${OPEN_PARAM}=${flowType}#benchmark-${flowType}`;
}
