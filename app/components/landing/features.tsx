import type { ComponentType } from "react";

import { flowTypeList, FREE_FLOW_TYPES, PREMIUM_FLOW_TYPES } from "~/lib/flow-types";

import { ChartIcon, ClipboardIcon, LayersIcon, SparklesIcon } from "./icons";

type Feature = {
  title: string;
  body: string;
  points: string[];
  Icon: ComponentType<{ className?: string }>;
};

export const FEATURES: Feature[] = [
  {
    title: "Business questionnaire & scorecard",
    body: "Tell us about your business, audience and channels, or let AI Quick Pass research your website for you.",
    points: ["Manual in ~10 min or AI in ~2 min", "Scorecard with recommendations on Premium"],
    Icon: ClipboardIcon,
  },
  {
    title: "AI-generated flows",
    body: "Get complete flows mapped touchpoint by touchpoint, each with a goal, key messages, call to action and timing.",
    points: [`${flowTypeList(FREE_FLOW_TYPES)} free`, `${flowTypeList(PREMIUM_FLOW_TYPES)} on Premium`],
    Icon: SparklesIcon,
  },
  {
    title: "Benchmark comparison",
    body: "Enter your own email metrics and see how each flow stacks up against industry medians.",
    points: ["Open, click & revenue per recipient", "Bounce, unsubscribe & spam rates"],
    Icon: ChartIcon,
  },
  {
    title: "Versions, feedback & export",
    body: "Regenerate any flow with written feedback, compare versions and roll back, then export the finished flow.",
    points: ["Edit or delete single touchpoints", "Email & SMS copy written and exported on Premium"],
    Icon: LayersIcon,
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Features</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Everything you need to plan flows that convert
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">From the first question to the last SMS, Flowmap keeps strategy, data and copy in one place.</p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, body, points, Icon }) => (
            <li key={title} data-testid="feature-card" className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
              <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
