import { Link } from "@remix-run/react";
import { ArrowRightIcon } from "./icons";

export function FinalCta() {
  return (
    <section aria-labelledby="cta-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 via-brand-600 to-brand-900 px-6 pt-14 pb-24 text-center shadow-xl sm:px-12 sm:pt-20 sm:pb-32">
          <svg
            viewBox="0 0 1200 160"
            className="absolute inset-x-0 bottom-0 -z-10 h-20 w-full opacity-20 sm:h-28"
            preserveAspectRatio="xMidYMax slice"
            fill="none"
            aria-hidden="true"
          >
            <path d="M0 130c150 0 150-80 300-80s150 80 300 80 150-80 300-80 150 80 300 80" stroke="white" strokeWidth="3" />
            <circle cx="300" cy="50" r="9" fill="white" />
            <circle cx="600" cy="130" r="9" fill="white" />
            <circle cx="900" cy="50" r="9" fill="white" />
          </svg>
          <h2 id="cta-heading" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Ready to turn campaigns into flows that sell?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-brand-50">
            Answer a few questions about your business and get your benchmarks and first AI-generated flows today, free; the scorecard and written copy come with Premium.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link
              to="/questionnaire"
              className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-white px-6 py-3.5 text-base font-semibold text-brand-700 shadow-lg hover:bg-brand-50 sm:w-auto"
            >
              Start Free Assessment
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
            <p className="text-sm text-brand-50 sm:text-base">
              Already have an account?{" "}
              <Link to="/login" className="rounded-sm font-semibold text-white underline underline-offset-4 hover:decoration-2">
                Sign In
              </Link>
            </p>
          </div>
          <p className="mt-6 text-sm font-medium text-brand-100">Free plan · No credit card required</p>
        </div>
      </div>
    </section>
  );
}
