import { Link } from "@remix-run/react";

import { Logo } from "~/components/brand/logo";
import type { Progress } from "~/lib/questionnaire/navigation";

/**
 * The questionnaire's page: the landing page's header (logo, 'Sign In'), the progress ('Step X of
 * N' and a percent bar) and one card holding the current step.
 */
export function QuestionnaireFrame({ progress, children }: { progress: Progress; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-white to-white text-slate-900">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="sticky top-[var(--toast-space,0px)] z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-2 px-4 sm:px-6">
          <Logo className="shrink-0" />
          <nav aria-label="Account">
            <Link to="/login" className="inline-block rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Sign In
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <StepProgress {...progress} />
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}

export function StepProgress({ position, total, percent }: Progress) {
  const label = `Step ${position} of ${total}`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-semibold text-slate-900" data-testid="step-indicator">
          {label}
        </p>
        <p className="text-slate-600" data-testid="percent-complete">
          {percent}% complete
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Questionnaire progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label}, ${percent}% complete`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
