import { getFlow } from "~/services/flows/flows.server";
import { apiJson } from "~/web/api.server";

/**
 * How an answer that carries a whole flow (`{ flow, … }`: regenerate, roll back) is kept under an
 * Idempotency-Key when it is too large to keep whole: everything but the flow, which a replay
 * reads again as it is now.
 */
export function keptWithoutFlow(answer: unknown): Record<string, unknown> {
  const { flow: _flow, ...rest } = answer as Record<string, unknown>;
  return rest;
}

export function rereadWithFlow(userId: string, flowId: string) {
  return async (rest: Record<string, unknown>) => apiJson({ flow: await getFlow({ userId, flowId }), ...rest });
}
