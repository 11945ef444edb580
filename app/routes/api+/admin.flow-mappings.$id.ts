import { apiJson, byMethod, readJsonObject } from "~/web/api.server";
import { flowMappingInputSchema } from "~/services/admin/flow-mapping-schema";
import { deleteFlowMappingAsAdmin, updateFlowMappingAsAdmin } from "~/services/admin/flow-mappings.server";
import { requireApiAdmin } from "~/web/auth/auth.server";

// PUT /api/admin/flow-mappings/{id}: the whole rule (every field; 422 lists the missing ones).
// PATCH: the fields that change. DELETE: the rule.
export const action = byMethod({
  PUT: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, flowMappingInputSchema, { replace: true });
    return apiJson(await updateFlowMappingAsAdmin({ actor: admin, id: params.id ?? "", input, replace: true }));
  },
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, flowMappingInputSchema);
    return apiJson(await updateFlowMappingAsAdmin({ actor: admin, id: params.id ?? "", input }));
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await deleteFlowMappingAsAdmin({ actor: admin, id: params.id ?? "" });
    return apiJson({ message: "Flow Maps item deleted successfully" });
  },
});
