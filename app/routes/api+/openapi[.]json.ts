import { apiJson, apiRoute, noAction } from "~/web/api.server";
import { openApiDocument } from "~/web/openapi/document.server";

// GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint, generated from the code.
export const loader = apiRoute(async () => apiJson(openApiDocument()));

export const action = noAction();
