type Step = { title: string; body: string };

export const STEPS: Step[] = [
  {
    title: "Answer the questionnaire",
    body: "Share your business type, customers and channels. Go manual in about 10 minutes, or let AI research your website in about 2 minutes.",
  },
  {
    title: "Get your scorecard",
    body: "See your metrics next to industry medians for free; on Premium, a scorecard of where your lifecycle marketing stands, with recommendations.",
  },
  {
    title: "Generate your flows",
    body: "AI maps each flow touchpoint by touchpoint. Not quite right? Regenerate with feedback until it sounds like you.",
  },
  {
    title: "Export your content",
    body: "Fine-tune any touchpoint, then export your flows to the platform you already use, with ready-to-send email and SMS copy on Premium.",
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">How it works</p>
          <h2 id="how-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            From questionnaire to finished flows in four steps
          </h2>
        </div>
        <ol className="relative mt-14 grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-8 lg:before:absolute lg:before:top-6 lg:before:right-[12.5%] lg:before:left-[12.5%] lg:before:h-0.5 lg:before:bg-linear-to-r lg:before:from-brand-200 lg:before:via-brand-500 lg:before:to-brand-200">
          {STEPS.map((step, i) => (
            <li key={step.title} data-testid="how-step" className="relative flex gap-4 lg:flex-col lg:items-center lg:text-center">
              <span
                aria-hidden="true"
                className="relative flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white shadow-md ring-8 ring-slate-50"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600 lg:mt-3">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
