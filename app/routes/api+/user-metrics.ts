import { apiJson, apiRoute, byMethod, readJson } from "~/web/api.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { listUserMetricsForApi, saveUserMetrics, toApiMetricRecord } from "~/services/benchmarks/benchmarks.server";
import { userMetricsInputSchema } from "~/services/benchmarks/metrics-input";
import { idempotent } from "~/web/idempotency.server";

// GET /api/user-metrics: the signed-in user's figures per flow, as integers × 100 or null.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return apiJson(await listUserMetricsForApi(user.id), { headers: { "Cache-Control": "no-store" } });
});

// POST /api/user-metrics: save one flow's figures (integers × 100 or null; a key left out keeps its value).
export const action = byMethod({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await readJson(request, userMetricsInputSchema);
    return idempotent(request, { userId: user.id, input }, async () => apiJson(toApiMetricRecord(await saveUserMetrics({ userId: user.id, input }))));
  },
});
