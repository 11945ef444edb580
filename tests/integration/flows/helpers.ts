import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { insertFlowRuleIfMissing } from "~/models/flow-rule.server";
import { upsertResponseForUser } from "~/models/questionnaire-response.server";
import { UserModel } from "~/models/user.server";
import { DEFAULT_FLOW_RULES } from "~/services/seed/flow-rules";

import { createUser } from "../../support/factories";
import { args, jsonRequest } from "../../support/requests";
import { LEAF_AND_KETTLE } from "../../unit/flows/businesses";

export async function seedRules() {
  for (const rule of DEFAULT_FLOW_RULES) await insertFlowRuleIfMissing(rule);
}

/** A signed-in user who finished onboarding with the given answers. */
export async function onboardedUser({ premium = false, answers = LEAF_AND_KETTLE }: { premium?: boolean; answers?: QuestionnaireAnswers } = {}) {
  const created = await createUser();
  await upsertResponseForUser(created.user.id, answers);
  if (premium) await UserModel.updateOne({ _id: created.user.id }, { $set: { isPremium: 1 } });
  return { ...created, isPremium: premium };
}

type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;

/** Calls a route handler as the API would be called: JSON, session cookie, no Origin (like curl). */
export async function call(
  handler: Handler,
  path: string,
  { method = "GET", body, cookie, params = {} }: { method?: string; body?: unknown; cookie?: string; params?: Record<string, string> } = {},
) {
  const response = await handler(args(jsonRequest(path, { method, body, cookie }), params));
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
}
