import { BusinessProfileCard, BusinessProfileCardSkeleton } from "~/components/dashboard/business-profile-card";
import { userDisplayName, type ClientUser } from "~/lib/user";
import type { DashboardData } from "~/services/dashboard.server";

function DashboardHeading({ user }: { user: ClientUser | undefined }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Scorecards</h1>
      <p className="mt-1 text-sm text-slate-600">
        {user ? `Welcome, ${userDisplayName(user)}. ` : ""}Here is where your lifecycle marketing stands.
      </p>
    </div>
  );
}

export function Dashboard({ user, data }: { user: ClientUser; data: DashboardData }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <DashboardHeading user={user} />
      <BusinessProfileCard profile={data.profile} />
    </div>
  );
}

/** The dashboard while its data loads (client-side navigation with JavaScript). */
export function DashboardSkeleton({ user }: { user: ClientUser | undefined }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <DashboardHeading user={user} />
      <BusinessProfileCardSkeleton />
    </div>
  );
}
