import type { WrittenFlow } from "~/lib/content/schema";
import { writeFlowCopy } from "~/lib/content/writer";
import type { ContentRequest } from "~/services/ai/provider.server";

export const OFFLINE_CONTENT_MODEL = "offline-writer-v2";

/** The offline writer, answering in the same shape a model does. */
export function writeOffline(request: ContentRequest): WrittenFlow {
  const copies = writeFlowCopy({
    flowType: request.flowType,
    companyName: request.companyName,
    answers: request.business,
    touchpoints: request.touchpoints,
  });
  return {
    touchpoints: copies.map((copy) =>
      copy.stepType === "SMS"
        ? { touchpointId: copy.touchpointId, subject: null, preheader: null, bodyText: null, callToAction: null, buttonUrl: null, sms: copy.sms }
        : { touchpointId: copy.touchpointId, ...copy.email, sms: null },
    ),
  };
}
