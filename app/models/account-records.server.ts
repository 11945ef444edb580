import type { Model } from "mongoose";

import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { apiTokenLockOf, ApiTokenModel } from "~/models/api-token.server";
import { AuditLogModel } from "~/models/audit-log.server";
import { FlowContentModel } from "~/models/flow-content.server";
import { FlowGenerationModel } from "~/models/flow-generation.server";
import { FlowProgressModel } from "~/models/flow-progress.server";
import { IdempotencyKeyModel } from "~/models/idempotency-key.server";
import { KlaviyoConnectionModel } from "~/models/klaviyo-connection.server";
import { KlaviyoImportModel } from "~/models/klaviyo-import.server";
import { KlaviyoSendModel } from "~/models/klaviyo-send.server";
import { LockModel } from "~/models/lock.server";
import { OnboardingDraftModel } from "~/models/onboarding-draft.server";
import { PasswordResetModel } from "~/models/password-reset.server";
import { QuestionnaireDraftModel } from "~/models/questionnaire-draft.server";
import { QuestionnaireResponseModel } from "~/models/questionnaire-response.server";
import { RateLimit } from "~/models/rate-limit.server";
import { ScorecardViewModel } from "~/models/scorecard-view.server";
import { SessionModel } from "~/models/session.server";
import { UserBenchmarkMetricModel } from "~/models/user-benchmark-metric.server";
import { UserModel } from "~/models/user.server";
import { normalizeEmail } from "~/models/utils.server";
import { WaitlistModel } from "~/models/waitlist.server";

/**
 * Everything the database holds about one account, in one place, so that deleting an account
 * removes every record of it. Each collection is named once below with how its rows are tied to
 * the user; a collection that holds nothing of any user is listed in SHARED_COLLECTIONS, and a
 * test checks that every collection of the app is in one list or the other.
 */

/** Collections with no row of any one user in them (shared rules and the engine's own). */
export const SHARED_COLLECTIONS = ["email_benchmarks", "flow_mappings", "app_meta"] as const;

/** The audit trail keeps its entries; what named the user in them is replaced by this. */
export const DELETED_USER_LABEL = "deleted user";

type Step = { collection: string; run: (target: { userId: string; email: string; flowIds: string[] }) => Promise<unknown> };

const byUserId =
  (model: Model<never>) =>
  ({ userId }: { userId: string }) =>
    model.deleteMany({ userId });

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * In order: first what lets anyone act as the user (sessions, tokens, reset links), then what the
 * user made, the account itself last. A deletion that fails part-way leaves the account in place,
 * so it can be run again.
 */
const STEPS: Step[] = [
  { collection: "sessions", run: byUserId(SessionModel as unknown as Model<never>) },
  { collection: "api_tokens", run: byUserId(ApiTokenModel as unknown as Model<never>) },
  { collection: "password_resets", run: byUserId(PasswordResetModel as unknown as Model<never>) },
  { collection: "locks", run: ({ userId }) => LockModel.deleteMany({ _id: apiTokenLockOf(userId) }) },
  { collection: "klaviyo_connections", run: byUserId(KlaviyoConnectionModel as unknown as Model<never>) },
  { collection: "klaviyo_sends", run: byUserId(KlaviyoSendModel as unknown as Model<never>) },
  { collection: "klaviyo_imports", run: byUserId(KlaviyoImportModel as unknown as Model<never>) },
  { collection: "ai_flow_versions", run: ({ flowIds }) => AiFlowVersionModel.deleteMany({ flowId: { $in: flowIds } }) },
  { collection: "ai_flow_messages", run: ({ flowIds }) => AiFlowMessageModel.deleteMany({ flowId: { $in: flowIds } }) },
  { collection: "flow_contents", run: byUserId(FlowContentModel as unknown as Model<never>) },
  { collection: "ai_flow_generations", run: byUserId(FlowGenerationModel as unknown as Model<never>) },
  { collection: "ai_flow_progress", run: byUserId(FlowProgressModel as unknown as Model<never>) },
  { collection: "ai_generated_flows", run: byUserId(AiGeneratedFlowModel as unknown as Model<never>) },
  { collection: "idempotency_keys", run: byUserId(IdempotencyKeyModel as unknown as Model<never>) },
  { collection: "user_benchmark_metrics", run: byUserId(UserBenchmarkMetricModel as unknown as Model<never>) },
  { collection: "scorecard_views", run: ({ userId }) => ScorecardViewModel.deleteMany({ _id: userId }) },
  { collection: "onboarding_drafts", run: ({ userId }) => OnboardingDraftModel.deleteMany({ _id: userId }) },
  { collection: "questionnaire_drafts", run: byUserId(QuestionnaireDraftModel as unknown as Model<never>) },
  { collection: "questionnaire_responses", run: byUserId(QuestionnaireResponseModel as unknown as Model<never>) },
  { collection: "waitlist", run: ({ email }) => WaitlistModel.deleteMany({ email }) },
  // The sign-in limits' windows are keyed by the email (see services/auth/rate-limit.server.ts).
  { collection: "rate_limits", run: ({ email }) => RateLimit.deleteMany({ _id: { $regex: `^signin:(account|pair):${escapeRegex(email)}(\\||$)` } }) },
  // Windows keyed by the user's id (keyed requests, Klaviyo connection attempts, …): an id names one account only.
  { collection: "rate_limits", run: ({ userId }) => RateLimit.deleteMany({ _id: { $regex: `(^|:)${escapeRegex(userId)}(:|$)` } }) },
  {
    collection: "audit_log",
    run: ({ userId }) =>
      Promise.all([
        AuditLogModel.updateMany({ entity: "user", entityId: userId }, { $set: { label: DELETED_USER_LABEL } }),
        AuditLogModel.updateMany({ actorId: userId }, { $set: { actorEmail: DELETED_USER_LABEL } }),
      ]),
  },
];

/** The collections deleting an account touches (the account itself last), for the test that every collection is covered. */
export const ACCOUNT_COLLECTIONS = [...STEPS.map((step) => step.collection), "users"];

/**
 * Removes every record of the account `userId` (whose email is `email`): its sessions, tokens and
 * reset links, flows with their versions, messages and content, generation claims, Klaviyo
 * connection (the sealed key) and sends, idempotent answers, metrics, mappings, drafts,
 * questionnaire and onboarding answers, a waitlist entry under its email, its sign-in limit
 * windows, and the account. Audit entries stay, with the email replaced by DELETED_USER_LABEL.
 * `beforeAccount` runs just before the account document goes (the caller's lock confirmation).
 */
export async function deleteAccountRecords({ userId, email, beforeAccount }: { userId: string; email: string; beforeAccount?: () => Promise<void> }): Promise<boolean> {
  const flows = await AiGeneratedFlowModel.find({ userId }, { _id: 1 }).lean<Array<{ _id: string }>>();
  const target = { userId, email: normalizeEmail(email), flowIds: flows.map((flow) => flow._id) };
  for (const step of STEPS) await step.run(target);
  await beforeAccount?.();
  const result = await UserModel.deleteOne({ _id: userId });
  return result.deletedCount === 1;
}
