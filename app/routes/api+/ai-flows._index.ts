import { isFlowType } from "~/lib/flow-types";
import { FLOW_TYPE_FILTER_MESSAGE } from "~/lib/flows/types";
import { apiError, apiJson, apiRoute, noAction } from "~/web/api.server";
import { API_MAX_PAGE_SIZE, PAGE_MESSAGE, PAGE_SIZE_MESSAGE } from "~/web/api-list-query.server";
import { requireApiUser } from "~/web/auth/auth.server";
import { unknownQueryParameters } from "~/web/query-parameters.server";
import { listFlows } from "~/services/flows/flows.server";
import { ADMIN_PAGE_SIZE } from "~/lib/list-query";

export const queryParameters = ["flowType", "page", "pageSize"];

const WHOLE_NUMBER = /^[1-9][0-9]*$/;

// GET /api/ai-flows?flowType=&page=&pageSize= → { items, total, page, pageSize }: the user's
// flows, newest first (last changed first), each with its current touchpoints; flowType keeps one type.
export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  // The boundary refuses unknown parameters first; the route holds to it when called on its own too.
  const errors: Record<string, string> = unknownQueryParameters({ queryParameters }, new URL(request.url));
  for (const name of new Set(params.keys())) if (params.getAll(name).length > 1) errors[name] = `Send ${name} once.`;
  const flowType = params.get("flowType");
  if (flowType !== null && !isFlowType(flowType)) errors.flowType = FLOW_TYPE_FILTER_MESSAGE;
  const pageText = params.get("page") ?? "1";
  const sizeText = params.get("pageSize") ?? String(ADMIN_PAGE_SIZE);
  if (!WHOLE_NUMBER.test(pageText) || !Number.isSafeInteger(Number(pageText))) errors.page = PAGE_MESSAGE;
  if (!WHOLE_NUMBER.test(sizeText) || Number(sizeText) > API_MAX_PAGE_SIZE) errors.pageSize = PAGE_SIZE_MESSAGE;
  if (Object.keys(errors).length) return apiError(422, Object.values(errors)[0]!, { errors });
  const page = Number(pageText);
  const pageSize = Number(sizeText);
  const flows = (await listFlows({ userId: user.id }))
    .filter((flow) => flowType === null || flow.flowType === flowType)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return apiJson({ items: flows.slice((page - 1) * pageSize, page * pageSize), total: flows.length, page, pageSize }, { headers: { "Cache-Control": "no-store" } });
});

export const action = noAction();
