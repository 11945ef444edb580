import type { GenerationProgressView } from "~/lib/flows/generation-progress";
import { progressEventsHref, progressHref } from "~/lib/flows/generation-progress";
import { PROGRESS_POLL_MS } from "~/lib/flows/generation-progress";
import { apiJson } from "~/web/api.server";

/**
 * `Prefer: respond-async` (RFC 7240) on the generate and regenerate API: the answer is a 202 at
 * once, with `Location` naming the progress resource to poll (decision 135). A generator that
 * answers at once (offline) ignores the preference, as RFC 7240 allows: its answer is the usual one.
 */
export function prefersAsync(request: Request): boolean {
  return (request.headers.get("Prefer") ?? "").split(",").some((preference) => preference.split(";")[0]!.trim().toLowerCase() === "respond-async");
}

/** The 202: the progress as it is now, where to read it next (or follow it as a stream), and when to look again. */
export function acceptedAsync(progress: GenerationProgressView): Response {
  return apiJson(progress, {
    status: 202,
    headers: {
      Location: progressHref(progress.id),
      Link: `<${progressEventsHref(progress.id)}>; rel="alternate"; type="text/event-stream"`,
      "Preference-Applied": "respond-async",
      "Retry-After": String(Math.max(1, Math.ceil(PROGRESS_POLL_MS / 1000))),
      "Cache-Control": "no-store",
    },
  });
}
