import { ButtonLink, buttonClass } from "~/components/ui/button";
import { flowTypeList, FREE_FLOW_TYPES } from "~/lib/flow-types";

import { FlowIllustration } from "./flow-illustration";
import { ArrowRightIcon, CheckIcon } from "./icons";

const REASSURANCES = ["Free plan", "No credit card", `${flowTypeList(FREE_FLOW_TYPES)} flows included`];

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_1px_1px,var(--color-brand-200)_1px,transparent_0)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent_75%)] opacity-60"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
            AI flow planning for email &amp; SMS
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Plan lifecycle flows that <span className="text-brand-600">keep selling</span> for you
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            Flowmap turns a short business questionnaire into AI-generated email and SMS flows, with every touchpoint timed and benchmarked against your industry, and written for
            you on Premium. Move revenue from one-off campaigns to flows that run on their own.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <ButtonLink to="/questionnaire" size="lg">
              Start Free Assessment
              <ArrowRightIcon className="h-5 w-5" />
            </ButtonLink>
            <a href="#how-it-works" className={buttonClass({ variant: "secondary", size: "lg" })}>
              See how it works
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600">
            {REASSURANCES.map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5">
                <CheckIcon className="h-4 w-4 text-emerald-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <FlowIllustration />
      </div>
    </section>
  );
}
