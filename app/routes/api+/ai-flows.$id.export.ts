import { serviceUser } from "~/lib/user";
import { EXPORT_SCHEMA_PATH } from "~/lib/content/export/model";
import { apiRoute } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { exportResponse } from "~/web/export-response.server";
import { exportFlow } from "~/services/flows/export.server";

/** `GET /api/ai-flows/{id}/export?format=md|csv|json|html`: one flow as a download (content for premium users). */
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const format = new URL(request.url).searchParams.get("format");
  const file = await exportFlow({ user: serviceUser(user), flowId: params.id ?? "", format }, { schemaUrl: new URL(EXPORT_SCHEMA_PATH, request.url).href });
  return exportResponse(file);
});
