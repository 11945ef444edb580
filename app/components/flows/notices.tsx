import { ButtonLink, buttonClass } from "~/components/ui/button";
import { CrownIcon, UpgradeLink } from "~/components/upgrade-dialog";

/** The banner on a premium flow type, for a user without premium. */
export function PremiumBanner({ label }: { label: string }) {
  return (
    <section
      aria-labelledby="premium-banner-title"
      data-testid="premium-banner"
      className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-gradient-to-r from-amber-50 to-orange-50 p-5 sm:flex-row sm:items-center"
    >
      <span className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-amber-100 text-amber-600">
        <CrownIcon className="h-6 w-6" />
      </span>
      <div className="flex-1">
        <h2 id="premium-banner-title" className="font-semibold text-amber-950">
          Premium Flow Type
        </h2>
        <p className="mt-0.5 text-sm text-amber-900">{label} flows are available with a premium subscription.</p>
      </div>
      <UpgradeLink className={buttonClass({ variant: "premium" })}>
        <CrownIcon className="h-4 w-4" />
        Upgrade
      </UpgradeLink>
    </section>
  );
}

/** No onboarding response yet, so there is nothing to build flows from. */
export function OnboardingRequired() {
  return (
    <section
      aria-labelledby="onboarding-required-title"
      data-testid="onboarding-required"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
          <path d="M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
      <h2 id="onboarding-required-title" className="mt-5 text-xl font-semibold text-slate-900">
        Complete Onboarding Required
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Your flows are written from your business profile. Answer the onboarding questions first, then come back to generate onboarding, lead nurture and more.
      </p>
      <ButtonLink to="/onboarding" className="mt-6">
        Start Onboarding
      </ButtonLink>
    </section>
  );
}
