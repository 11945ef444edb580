import { BusinessModelSection } from "~/components/onboarding/business-model";
import { ButtonLink } from "~/components/ui/button";
import type { DashboardData } from "~/lib/dashboard-data";

/**
 * The dashboard's Business Profile card: filled with the saved profile, the business model its
 * flows are planned for (with the form to correct it) and an Edit Profile link, or the prompt to
 * complete it with Start Onboarding. While the dashboard loads with JavaScript,
 * BusinessProfileCardSkeleton stands in for it.
 */
export function BusinessProfileCard({ profile }: { profile: DashboardData["profile"] }) {
  if (!profile) {
    return (
      <section aria-labelledby="profile-heading" className="rounded-xl border border-dashed border-brand-200 bg-brand-50 p-6" data-testid="business-profile">
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          Business Profile
        </h2>
        <p className="mt-1 text-sm text-slate-700">Complete your business profile to get benchmark scores and AI-generated flows tailored to your business.</p>
        <ButtonLink to="/onboarding" className="mt-4">
          Start Onboarding
        </ButtonLink>
      </section>
    );
  }
  const rows: Array<[string, string]> = [
    ["Company", profile.companyName],
    ["Business type", profile.businessType],
    ["Industry", profile.industry],
    ["Communication channels", profile.communicationChannels],
  ];
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="business-profile">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          Business Profile
        </h2>
        <ButtonLink to="/onboarding/answers" variant="secondary" size="sm">
          Edit Profile
        </ButtonLink>
      </div>
      <dl className="profile-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || "-"}</dd>
          </div>
        ))}
      </dl>
      <BusinessModelSection view={profile.businessModel} />
    </section>
  );
}

export function BusinessProfileCardSkeleton() {
  return (
    <section aria-labelledby="profile-heading" aria-busy="true" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="business-profile-skeleton">
      <div className="flex items-start justify-between gap-4">
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          Business Profile
        </h2>
        <div aria-hidden="true" className="h-8 w-24 animate-pulse rounded-lg bg-slate-200" />
      </div>
      <p role="status" className="sr-only">
        Loading your business profile...
      </p>
      <div aria-hidden="true" className="mt-4 grid gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-2">
            <div className="h-3 w-24 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-40 max-w-full animate-pulse rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </section>
  );
}
