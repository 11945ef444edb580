import type { LoaderFunctionArgs } from "@remix-run/node";

import exportSchema from "../../docs/flow-export.schema.json";
import { apiJson, noAction } from "~/web/api.server";

/**
 * GET /schemas/flow-export.schema.json: the JSON Schema of the JSON export, at the address every
 * export names in its `$schema` (this app's own). Public, like the API reference; `$id` is this
 * address.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return apiJson({ ...exportSchema, $id: `${url.origin}${url.pathname}` }, { headers: { "Cache-Control": "public, max-age=3600" } });
}

export const action = noAction();
