type Stat = { value: string; label: string; detail: string };

/** The product's headline claims, word for word as the product makes them. */
export const STATS: Stat[] = [
  {
    value: "200%+",
    label: "Volume shift from campaigns to flows",
    detail: "More of your sends move from one-off blasts to automated, always-on flows.",
  },
  {
    value: "35%+",
    label: "Team efficiency",
    detail: "Less time briefing, writing and scheduling. More time on strategy.",
  },
  {
    value: "311%",
    label: "Revenue increase",
    detail: "Timely, relevant touchpoints turn subscribers into repeat customers.",
  },
];

export function ResultsStats() {
  return (
    <section aria-labelledby="results-heading" className="bg-slate-900 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Results</p>
          <h2 id="results-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            What happens when flows do the heavy lifting
          </h2>
        </div>
        <dl className="mt-12 grid gap-6 md:grid-cols-3">
          {STATS.map((stat) => (
            <div key={stat.value} className="flex flex-col-reverse justify-end rounded-2xl border border-white/10 bg-white/5 p-6 text-center sm:p-8">
              <dt className="mt-2">
                <span className="block text-base font-semibold text-white">{stat.label}</span>
                <span className="mt-2 block text-sm leading-relaxed text-slate-300">{stat.detail}</span>
              </dt>
              <dd className="text-5xl font-extrabold tracking-tight text-brand-200 sm:text-6xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
