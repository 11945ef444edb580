import type { z } from "zod";

import { describeFindings, type Finding } from "~/lib/copy/checker";
import type { JsonRequest, OpenAiClient } from "~/services/ai/openai-client.server";
import { ProviderError } from "~/services/ai/provider.server";

/**
 * A model's answer held to the copy checker: an answer with findings is sent back once, with the
 * findings, for repair; an answer that still has findings after that is refused (the flows and
 * content services turn the ProviderError into the usual 502, and nothing is stored). The client
 * logs each call and counts the request as accepted, repaired or refused (model-calls.server.ts).
 */
export async function completeChecked<S extends z.ZodType>(client: OpenAiClient, request: JsonRequest<S>, check: (answer: z.infer<S>) => Finding[]): Promise<z.infer<S>> {
  const checked = await client.checked(request, check);
  const { answer: first, findings } = checked;
  if (findings.length === 0) return first;
  const repair = [
    request.user,
    `Your previous answer (JSON): ${JSON.stringify(first)}`,
    "It breaks these copy rules. Fix every one and answer again in full, in the same schema:",
    describeFindings(findings),
  ].join("\n\n");
  const { answer: second, findings: left } = await client.checked({ ...request, user: repair }, check, checked);
  if (left.length > 0) {
    throw new ProviderError(
      `The model's copy still breaks the copy rules after one repair: ${left
        .slice(0, 3)
        .map((f) => `${f.where}: ${f.message}`)
        .join(" ")}`,
    );
  }
  return second;
}
