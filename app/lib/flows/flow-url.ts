import type { SubmissionResult } from "@conform-to/react";

import type { FlowType } from "~/lib/flow-types";
import type { ToastVariant } from "~/lib/toast";

/**
 * The screen's state lives in the URL so it survives a reload, the back button and a shared
 * link, and works without JavaScript: `?type=` picks the flow type, `?dialog=` opens a dialog
 * (with `touchpoint=` or `version=` naming what it is about).
 */
export const FLOW_DIALOGS = ["versions", "conversation", "regenerate", "edit", "compare", "delete-flow", "delete-touchpoint"] as const;
export type FlowDialog = (typeof FLOW_DIALOGS)[number];

export function isFlowDialog(value: unknown): value is FlowDialog {
  return typeof value === "string" && (FLOW_DIALOGS as readonly string[]).includes(value);
}

export const FLOW_MAPPINGS_PATH = "/flow-mappings";

/** `?note=` fills the regenerate dialog's feedback (a suggested note, which the user can change before sending). */
export const NOTE_PARAM = "note";

export function flowHref(type: FlowType, state: { dialog?: FlowDialog; touchpoint?: string; version?: string; upgrade?: boolean; note?: string } = {}) {
  const params = new URLSearchParams({ type });
  if (state.dialog) params.set("dialog", state.dialog);
  if (state.touchpoint) params.set("touchpoint", state.touchpoint);
  if (state.version) params.set("version", state.version);
  if (state.upgrade) params.set("upgrade", "1");
  if (state.note) params.set(NOTE_PARAM, state.note);
  return `${FLOW_MAPPINGS_PATH}?${params}`;
}

/** Page form intents (one action, several forms). */
export const FLOW_INTENTS = {
  generate: "generate",
  regenerate: "regenerate",
  rollback: "rollback",
  updateTouchpoint: "update-touchpoint",
  deleteTouchpoint: "delete-touchpoint",
  deleteFlow: "delete-flow",
  dismissProgress: "dismiss-progress",
} as const;
export type FlowIntent = (typeof FLOW_INTENTS)[keyof typeof FLOW_INTENTS];

/** Set by the browser only: an enhanced submission wants data back instead of a redirect. */
export const ENHANCED_FIELD = "enhanced";

/** What the page action answers a form it did not redirect (errors, and enhanced successes). */
export interface FlowActionReplyData {
  intent: string | null;
  ok?: boolean;
  /** A model's regeneration has begun: its progress is the page's to show. */
  started?: boolean;
  result?: SubmissionResult<string[]> | null;
  message?: string;
  /** A regeneration whose note nothing could be acted on: the flow is unchanged; `explanation` is the reply. */
  unchanged?: { explanation: string };
  toast?: { title: string; description?: string; variant?: ToastVariant };
}
