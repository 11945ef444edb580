import type { BenchmarkCardData } from "~/lib/benchmarks/card";
import type { BusinessModelView } from "~/lib/business/model-choice";
import type { FlowType } from "~/lib/flow-types";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import type { Scorecard } from "~/lib/scorecard/scorecard";

/** The saved answers the dashboard shows (and its peer group is drawn from). */
export type DashboardProfileFacts = Pick<QuestionnaireAnswers, "companyName" | "businessType" | "industry" | "communicationChannels">;

/** The premium scorecard, or for everyone else a teaser that carries none of its figures. */
export type DashboardScorecard = { kind: "premium"; scorecard: Scorecard; change: string | null } | { kind: "teaser" };

/** The AI Research card: the address, a problem with it, and the last try's failure (ISO 8601 time). */
export interface DashboardResearch {
  website: string;
  problem: string | null;
  lastFailure: { reason: string; advice: string; at: string } | null;
}

/**
 * Everything the dashboard shows, as `/` and `/dashboard` send it to the page
 * (services/dashboard.server.ts builds it; components/dashboard/ draws it).
 */
export interface DashboardData {
  /** The Business Profile card, null until the company is named. */
  profile: (DashboardProfileFacts & { businessModel: BusinessModelView }) | null;
  research: DashboardResearch | null;
  isPremium: boolean;
  peerGroup: Pick<DashboardProfileFacts, "industry" | "businessType"> | null;
  benchmarks: BenchmarkCardData;
  openFlows: FlowType[];
  scorecard: DashboardScorecard;
}
