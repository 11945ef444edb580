import { apiJson, byMethod, readJsonObject } from "~/services/api.server";
import { deleteFlowMappingAsAdmin, updateFlowMappingAsAdmin } from "~/services/admin/flow-mappings.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

// PUT /api/admin/flow-mappings/{id} (the fields that change), DELETE /api/admin/flow-mappings/{id}.
export const action = byMethod({
  PUT: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request);
    return apiJson(await updateFlowMappingAsAdmin({ actor: admin, id: params.id ?? "", input }));
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await deleteFlowMappingAsAdmin({ actor: admin, id: params.id ?? "" });
    return apiJson({ message: "Flow Maps item deleted successfully" });
  },
});
