import { serviceUser } from "~/lib/user";
import { EXPORT_SCHEMA_PATH } from "~/lib/content/export/model";
import { apiRoute } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { exportResponse } from "~/web/export-response.server";
import { exportFlow } from "~/services/flows/export.server";

/** format, and esp for format=html. */
export const queryParameters = ["format", "esp"];

/** `GET /api/ai-flows/{id}/export?format=md|csv|json|html|klaviyo[&esp=…]`: one flow as a download (content for premium users; esp: the HTML footers' platform). */
export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const query = new URL(request.url).searchParams;
  const file = await exportFlow(
    { user: serviceUser(user), flowId: params.id ?? "", format: query.get("format"), esp: query.get("esp") },
    { schemaUrl: new URL(EXPORT_SCHEMA_PATH, request.url).href },
  );
  return exportResponse(file);
});
