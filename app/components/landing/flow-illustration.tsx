import { scoreForMetric } from "~/lib/benchmarks/comparison";

import { ChatIcon, ClockIcon, BoltIcon, MailIcon } from "./icons";

/** The illustration's open rate and its median (display units), scored as the dashboard scores them. */
const ILLUSTRATION_OPEN_RATE = 52.4;
const ILLUSTRATION_MEDIAN = "44.1%";

type Touchpoint = {
  channel: "Email" | "SMS";
  title: string;
  goal: string;
  /** Delay shown before this touchpoint, if any. */
  wait?: string;
};

const TOUCHPOINTS: Touchpoint[] = [
  { channel: "Email", title: "Welcome to the studio", goal: "Set expectations & first win" },
  { channel: "SMS", title: "Your 2-minute quick start", goal: "Drive first booking", wait: "Wait 1 day" },
  { channel: "Email", title: "Why regulars love us", goal: "Build trust with social proof", wait: "Wait 2 days" },
];

/**
 * A miniature of the flow-mappings screen, built from HTML so it is crisp, light and readable without JS.
 * Colours follow the product: email touchpoints blue, SMS green, waits orange.
 */
export function FlowIllustration() {
  return (
    <figure className="relative mx-auto w-full max-w-md sm:mb-12 lg:mb-0 lg:max-w-none">
      <div aria-hidden="true" className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-tr from-brand-200/60 via-white/0 to-emerald-100/70 blur-2xl" />
      <div className="rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
          <figcaption className="text-sm font-semibold text-slate-900">Onboarding flow</figcaption>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-brand-600" />
            AI generated · v3
          </span>
        </div>

        <div className="px-4 py-5 sm:px-5">
          <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs font-medium text-slate-700">
            <BoltIcon className="h-4 w-4 shrink-0 text-slate-500" />
            Trigger: customer creates an account
          </p>

          <ol className="mt-0">
            {TOUCHPOINTS.map((tp, i) => {
              const isEmail = tp.channel === "Email";
              return (
                <li key={tp.title}>
                  <div aria-hidden={tp.wait ? undefined : true} className="ml-5 flex h-7 items-center border-l-2 border-slate-200 pl-4">
                    {tp.wait ? (
                      <span className="inline-flex items-center gap-1 rounded-md border border-orange-200 bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-800">
                        <ClockIcon className="h-3.5 w-3.5" />
                        {tp.wait}
                      </span>
                    ) : null}
                  </div>
                  <div className={`flex items-start gap-3 rounded-xl border p-3 ${isEmail ? "border-blue-200 bg-blue-50/60" : "border-emerald-200 bg-emerald-50/60"}`}>
                    <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ${isEmail ? "bg-blue-100 text-blue-700" : "bg-emerald-100 text-emerald-700"}`}>
                      {isEmail ? <MailIcon className="h-5 w-5" /> : <ChatIcon className="h-5 w-5" />}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-x-2 text-xs font-semibold">
                        <span className={isEmail ? "text-blue-800" : "text-emerald-800"}>{tp.channel}</span>
                        <span className="text-slate-600">Step {i + 1}</span>
                      </p>
                      <p className="mt-0.5 truncate text-sm font-semibold text-slate-900">{tp.title}</p>
                      <p className="text-xs text-slate-600">Goal: {tp.goal}</p>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>

        <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-xs text-slate-600 sm:px-5">
          <span>3 touchpoints · 3 days</span>
          <span className="font-semibold text-brand-700">Export content →</span>
        </div>
      </div>

      <div className="absolute top-full right-4 -mt-2 hidden w-48 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:block lg:-right-6">
        <p className="text-xs font-medium text-slate-600">Open rate vs. median</p>
        <p className="mt-1 flex items-baseline gap-2">
          <span className="text-lg font-bold text-slate-900">{ILLUSTRATION_OPEN_RATE}%</span>
          {/* The dashboard's own score text for the same pair, so the two never differ in form. */}
          <span className="text-xs font-semibold text-emerald-700">{scoreForMetric("openRate", ILLUSTRATION_OPEN_RATE, ILLUSTRATION_MEDIAN).text}</span>
        </p>
        <div aria-hidden="true" className="mt-2 space-y-1">
          <div className="h-1.5 w-full rounded-full bg-slate-100">
            <div className="h-1.5 w-[84%] rounded-full bg-brand-600" />
          </div>
          <div className="h-1.5 w-full rounded-full bg-slate-100">
            <div className="h-1.5 w-[70%] rounded-full bg-slate-400" />
          </div>
        </div>
      </div>
    </figure>
  );
}
