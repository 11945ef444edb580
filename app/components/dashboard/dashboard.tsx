import { BenchmarkCard } from "~/components/dashboard/benchmark-card";
import { BusinessProfileCard, BusinessProfileCardSkeleton } from "~/components/dashboard/business-profile-card";
import { ResearchCard } from "~/components/dashboard/research-card";
import { ScorecardCard } from "~/components/dashboard/scorecard-card";
import { isResearchAddressReply } from "~/lib/dashboard-forms";
import type { FormReplyLike } from "~/components/dashboard/use-metric-autosave";
import { userDisplayName, type ClientUser } from "~/lib/user";
import type { DashboardData } from "~/lib/dashboard-data";

function DashboardHeading({ user }: { user: ClientUser | undefined }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Scorecards</h1>
      <p className="mt-1 text-sm text-slate-600">{user ? `Welcome, ${userDisplayName(user)}. ` : ""}Here is where your lifecycle marketing stands.</p>
    </div>
  );
}

export function Dashboard({ user, data, reply }: { user: ClientUser; data: DashboardData; reply?: FormReplyLike | null }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <DashboardHeading user={user} />
      {data.research ? (
        <ResearchCard
          website={data.research.website}
          problem={data.research.problem}
          lastFailure={data.research.lastFailure}
          addressReply={isResearchAddressReply(reply) ? reply : null}
        />
      ) : null}
      {data.scorecard.kind === "premium" ? <ScorecardCard data={data.scorecard} /> : null}
      <BusinessProfileCard profile={data.profile} />
      <BenchmarkCard card={data.benchmarks} isPremium={data.isPremium} openFlows={data.openFlows} peerGroup={data.peerGroup} reply={reply} />
      {data.scorecard.kind === "teaser" ? <ScorecardCard data={data.scorecard} /> : null}
    </div>
  );
}

/** The dashboard while its data loads (client-side navigation with JavaScript). */
export function DashboardSkeleton({ user }: { user: ClientUser | undefined }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <DashboardHeading user={user} />
      <BusinessProfileCardSkeleton />
      <BenchmarkCardSkeleton />
    </div>
  );
}

function BenchmarkCardSkeleton() {
  return (
    <section aria-busy="true" aria-label="Email Benchmark" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div aria-hidden="true" className="space-y-3">
        <div className="h-3 w-20 animate-pulse rounded bg-slate-200" />
        <div className="h-6 w-48 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full max-w-lg animate-pulse rounded bg-slate-200" />
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-14 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
    </section>
  );
}
