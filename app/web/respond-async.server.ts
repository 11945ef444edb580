import type { ContentProgressView } from "~/lib/content/content-progress";
import { type GenerationProgressView, PROGRESS_POLL_MS, progressEventsHref, progressHref } from "~/lib/flows/generation-progress";
import { apiJson } from "~/web/api.server";

/**
 * `Prefer: respond-async` (RFC 7240) on the generate, regenerate and content API: the answer is a
 * 202 at once, with `Location` naming the progress resource to poll (decisions 135 and 173). A generator that
 * answers at once (offline) ignores the preference, as RFC 7240 allows: its answer is the usual one.
 */
export function prefersAsync(request: Request): boolean {
  return (request.headers.get("Prefer") ?? "").split(",").some((preference) => preference.split(";")[0]!.trim().toLowerCase() === "respond-async");
}

/**
 * The 202: the progress as it is now, where to read it next (a generation's by default), the same
 * progress as Server-Sent Events, and when to look again.
 */
export function acceptedAsync(
  progress: GenerationProgressView | ContentProgressView,
  { location = progressHref(progress.id), events = progressEventsHref(progress.id) } = {},
): Response {
  return apiJson(progress, {
    status: 202,
    headers: {
      Location: location,
      Link: `<${events}>; rel="alternate"; type="text/event-stream"`,
      "Preference-Applied": "respond-async",
      "Retry-After": String(Math.max(1, Math.ceil(PROGRESS_POLL_MS / 1000))),
      "Cache-Control": "no-store",
    },
  });
}
