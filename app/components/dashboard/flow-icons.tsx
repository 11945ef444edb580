import type { FlowType } from "~/lib/flow-types";

const STYLES: Record<FlowType, { bg: string; path: string }> = {
  lead_nurture: { bg: "bg-sky-100 text-sky-700", path: "M12 3c4 3 6 6 6 9a6 6 0 01-12 0c0-3 2-6 6-9zm0 7v7" },
  onboarding: { bg: "bg-violet-100 text-violet-700", path: "M5 12l4 4 10-10M5 19h14" },
  abandoned_cart: { bg: "bg-amber-100 text-amber-700", path: "M3 4h2l2.5 11h10.5l2-8H7M9 20a1 1 0 100-.01M17 20a1 1 0 100-.01" },
  upsell: { bg: "bg-emerald-100 text-emerald-700", path: "M4 17l6-6 4 4 6-7M15 8h5v5" },
  sunset: { bg: "bg-rose-100 text-rose-700", path: "M3 17h18M6 17a6 6 0 0112 0M12 4v3M4.5 9.5l2 1.5M19.5 9.5l-2 1.5" },
};

/** The small coloured badge in front of each flow's name. */
export function FlowIcon({ flowType }: { flowType: FlowType }) {
  const style = STYLES[flowType];
  return (
    <span className={`flow-icon ${style.bg}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" className="icon-stroke">
        <path d={style.path} />
      </svg>
    </span>
  );
}
