import { PLACEHOLDER_FIELD_LABELS } from "~/lib/content/placeholder-fields";
import type { ContentPlaceholder } from "~/lib/content/placeholders";

/** The anchor of a touchpoint's card on the content page, which the to-fill list links to. */
export function touchpointAnchor(touchpointId: string) {
  return `touchpoint-${touchpointId}`;
}

export function toFillHeading(count: number) {
  return `${count} ${count === 1 ? "thing" : "things"} to fill before you send`;
}

/**
 * What is left to fill in a flow's content, at the top of the content page: each marked
 * placeholder once, with links to the steps it is in. Plain anchors: it works without JavaScript.
 */
export function ToFillList({ placeholders }: { placeholders: ContentPlaceholder[] }) {
  if (placeholders.length === 0) {
    return (
      <p className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="to-fill-none">
        Nothing left to fill: every button has its link and every fact comes from your answers.
      </p>
    );
  }
  return (
    <section className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5" aria-labelledby="to-fill-heading" data-testid="to-fill">
      <h3 id="to-fill-heading" className="text-base font-semibold text-amber-950">
        {toFillHeading(placeholders.length)}
      </h3>
      <p className="mt-1 text-sm text-amber-900">Replace each one with the real words or web address, here in the copy you paste or in your email platform.</p>
      <ul className="mt-3 space-y-2 text-sm text-amber-950">
        {placeholders.map((item) => (
          <li key={item.text} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code className="rounded bg-white px-1.5 py-0.5 font-mono text-[13px] text-amber-950 ring-1 ring-amber-300">{item.text}</code>
            <span>
              in{" "}
              {item.steps.map((spot, index) => (
                <span key={spot.touchpointId}>
                  {index > 0 ? ", " : ""}
                  <a href={`#${touchpointAnchor(spot.touchpointId)}`} className="font-semibold text-amber-950 underline underline-offset-2 hover:text-amber-700">
                    Step {spot.stepNumber}
                  </a>{" "}
                  ({spot.fields.map((field) => PLACEHOLDER_FIELD_LABELS[field]).join(", ")})
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
