import { apiJson, byMethod, readJsonObject } from "~/web/api.server";
import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { deleteBenchmarkAsAdmin, updateBenchmarkAsAdmin } from "~/services/admin/benchmarks.server";
import { requireApiAdmin } from "~/web/auth/auth.server";

// Admin only. PUT /api/benchmarks/{id}: the whole benchmark (every field; 422 lists the missing
// ones). PATCH: the fields that change. DELETE: the benchmark.
export const action = byMethod({
  PUT: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, benchmarkInputSchema, { replace: true });
    return apiJson(await updateBenchmarkAsAdmin({ actor: admin, id: params.id ?? "", input, replace: true }));
  },
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, benchmarkInputSchema);
    return apiJson(await updateBenchmarkAsAdmin({ actor: admin, id: params.id ?? "", input }));
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await deleteBenchmarkAsAdmin({ actor: admin, id: params.id ?? "" });
    return apiJson({ message: "Benchmarks item deleted successfully" });
  },
});
