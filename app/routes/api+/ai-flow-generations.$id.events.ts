import { apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { progressEventStream } from "~/web/event-stream.server";
import { getGenerationProgress, progressOutcome } from "~/services/flows/progress.server";

// GET /api/ai-flow-generations/{id}/events: the same progress as GET /api/ai-flow-generations/{id},
// as Server-Sent Events: `progress` at each change, then `done` or `failed`, then the end.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  return progressEventStream(request, user.id, { read: () => getGenerationProgress({ userId: user.id, id }), outcome: progressOutcome });
});

export const action = noAction();
