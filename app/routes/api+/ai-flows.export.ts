import { serviceUser } from "~/lib/user";
import { EXPORT_SCHEMA_PATH } from "~/lib/content/export/model";
import { apiRoute } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { exportResponse } from "~/web/export-response.server";
import { exportAllFlows } from "~/services/flows/export.server";

export const queryParameters = ["format"];

/** `GET /api/ai-flows/export?format=json|md`: every flow of the user in one download. */
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const format = new URL(request.url).searchParams.get("format");
  const file = await exportAllFlows({ user: serviceUser(user), format }, { schemaUrl: new URL(EXPORT_SCHEMA_PATH, request.url).href });
  return exportResponse(file);
});
