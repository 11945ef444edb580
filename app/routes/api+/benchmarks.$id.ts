import { apiJson, byMethod, readJsonObject } from "~/services/api.server";
import { deleteBenchmarkAsAdmin, updateBenchmarkAsAdmin } from "~/services/admin/benchmarks.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

// PUT /api/benchmarks/{id} (the fields that change), DELETE /api/benchmarks/{id}: Admin only.
export const action = byMethod({
  PUT: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request);
    return apiJson(await updateBenchmarkAsAdmin({ actor: admin, id: params.id ?? "", input }));
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await deleteBenchmarkAsAdmin({ actor: admin, id: params.id ?? "" });
    return apiJson({ message: "Benchmarks item deleted successfully" });
  },
});
