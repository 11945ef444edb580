import type { z } from "zod";

import type { generationProgressSchema } from "~/lib/api/responses";

/**
 * A generation a model is writing, as the screen and the API read it (decision 135): the steps so
 * far while it runs, then how it ended. Client-safe.
 */
export type GenerationProgressView = z.infer<typeof generationProgressSchema>;

/** How often a page (with JavaScript) reads the progress of a generation under way. */
export const PROGRESS_POLL_MS = 500;
/** How often the page without JavaScript reloads itself while a generation runs (a meta refresh counts whole seconds). */
export const PROGRESS_REFRESH_SECONDS = 2;

/** The address of a progress record (its API resource). */
export function progressHref(id: string) {
  return `/api/ai-flow-generations/${encodeURIComponent(id)}`;
}

/** The address of a progress record as Server-Sent Events. */
export function progressEventsHref(id: string) {
  return `${progressHref(id)}/events`;
}

/** The line the screen shows while the model writes. */
export function progressLine(progress: Pick<GenerationProgressView, "attempt" | "steps" | "kind">): string {
  const count = progress.steps.length;
  const written = count === 0 ? "Waiting for the first step…" : `${count} step${count === 1 ? "" : "s"} written so far…`;
  if (progress.attempt > 1) return `Rewriting the plan so it follows every rule. ${written}`;
  return written;
}

/**
 * What a failure says: the reason, then what became of the steps that were shown (never saved) and
 * of the flow (as it was).
 */
export function progressFailureText(progress: Pick<GenerationProgressView, "kind" | "stepsShown" | "error">): string {
  const reason = progress.error?.message ?? "The generation failed.";
  const shown =
    progress.stepsShown > 0
      ? ` The ${progress.stepsShown === 1 ? "step" : `${progress.stepsShown} steps`} shown while it was written ${progress.stepsShown === 1 ? "was" : "were"} not saved.`
      : "";
  const kept = progress.kind === "regenerate" ? " Your flow is as it was: its current version is unchanged." : " No flow was saved.";
  return `${reason}${shown}${kept}`;
}

/** What a regeneration that changed the flow says: where the flow it replaced went. */
export function regeneratedMessage(versionNumber: number | null): string {
  return versionNumber === null ? "Your flow was regenerated." : `The previous flow was saved as version ${versionNumber}.`;
}
