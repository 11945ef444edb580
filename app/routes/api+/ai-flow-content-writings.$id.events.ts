import { serviceUser } from "~/lib/user";
import { apiRoute, noAction } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { progressEventStream } from "~/web/event-stream.server";
import { getContentProgress, progressOutcome } from "~/services/flows/progress.server";

// GET /api/ai-flow-content-writings/{id}/events (premium): the same progress as
// GET /api/ai-flow-content-writings/{id}, as Server-Sent Events: `progress` at each message, then
// `done` or `failed`, then the end.
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  return progressEventStream(request, user.id, { read: () => getContentProgress({ user: serviceUser(user), id }), outcome: progressOutcome });
});

export const action = noAction();
