import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { createBenchmarkAsAdmin } from "~/services/admin/benchmarks.server";
import { apiJson, apiRoute, byMethod, readJsonObject } from "~/web/api.server";
import { requireApiAdmin, requireApiUser } from "~/web/auth/auth.server";
import { idempotent } from "~/web/idempotency.server";
import { listBenchmarksForApi } from "~/services/benchmarks/benchmarks.server";

// GET /api/benchmarks: every benchmark row with its peer group (industry, businessType) and source.
export const loader = apiRoute(async ({ request }) => {
  await requireApiUser(request);
  return apiJson(await listBenchmarksForApi(), { headers: { "Cache-Control": "no-store" } });
});

// POST /api/benchmarks: an admin adds a benchmark row (201); others 403.
export const action = byMethod({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJsonObject(request, benchmarkInputSchema);
    return idempotent(request, { userId: admin.id, input }, async () => apiJson(await createBenchmarkAsAdmin({ actor: admin, input }), { status: 201 }));
  },
});
