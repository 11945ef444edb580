import type { ActionFunctionArgs } from "@remix-run/node";

import { adminBenchmarkSchema } from "~/lib/api/responses";
import { apiJson, apiRoute, byMethod, readJsonObject } from "~/web/api.server";
import { benchmarkInputSchema } from "~/services/admin/benchmark-schema";
import { deleteBenchmarkAsAdmin, getBenchmarkForAdmin, updateBenchmarkAsAdmin } from "~/services/admin/benchmarks.server";
import { requireApiAdmin, requireApiUser } from "~/web/auth/auth.server";
import { conditionalWrite, resourceAnswer } from "~/web/etag.server";
import { serverFieldsOf, withoutServerFields } from "~/web/server-fields.server";
import { refuseBody } from "~/web/no-body.server";

const SERVER_FIELDS = serverFieldsOf(adminBenchmarkSchema);

// GET /api/benchmarks/{id} (any signed-in user, as the list): the benchmark with every field a
// write takes. Admin only: PUT, the whole benchmark (every field; 422 lists the missing ones). PATCH: the fields that change.
// DELETE: the benchmark. Each answer carries an ETag; writes honour If-Match (412 when stale).
export const loader = apiRoute(async ({ request, params }) => {
  await requireApiUser(request);
  return resourceAnswer(await getBenchmarkForAdmin(params.id ?? ""));
});

function write(replace: boolean) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const admin = await requireApiAdmin(request);
    const id = params.id ?? "";
    const row = await conditionalWrite(
      request,
      `benchmark:${id}`,
      () => getBenchmarkForAdmin(id),
      async (current) => {
        const prepare = (body: Record<string, unknown>) => withoutServerFields(body, current, SERVER_FIELDS);
        const input = await readJsonObject(request, benchmarkInputSchema, replace ? { replace, prepare } : { partial: true, prepare });
        return updateBenchmarkAsAdmin({ actor: admin, id, input, replace });
      },
    );
    return resourceAnswer(row);
  };
}

export const action = byMethod({
  PUT: write(true),
  PATCH: write(false),
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    await refuseBody(request);
    const id = params.id ?? "";
    await conditionalWrite(
      request,
      `benchmark:${id}`,
      () => getBenchmarkForAdmin(id),
      () => deleteBenchmarkAsAdmin({ actor: admin, id }),
    );
    return apiJson({ message: "Benchmarks item deleted successfully" });
  },
});
