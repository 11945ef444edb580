import { Link } from "@remix-run/react";

import { CrownIcon } from "~/components/upgrade-dialog";
import { FLOW_TYPE_INFO, FLOW_TYPES, type FlowType } from "~/lib/flow-types";

import { flowHref } from "~/lib/flows/flow-url";

const DESCRIPTIONS: Record<FlowType, string> = {
  onboarding: "Welcome new customers",
  lead_nurture: "Turn leads into buyers",
  abandoned_cart: "Recover lost checkouts",
  upsell: "Grow order value",
  sunset: "Re-engage or let go",
};

/** The five flow types as links: the choice is `?type=` in the URL. */
export function FlowTypeSelector({ current, isPremium }: { current: FlowType; isPremium: boolean }) {
  return (
    <nav aria-label="Flow type" className="relative -mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-2 sm:grid sm:min-w-0 sm:grid-cols-5">
        {FLOW_TYPES.map((type) => {
          const info = FLOW_TYPE_INFO[type];
          const active = type === current;
          const locked = info.premium && !isPremium;
          return (
            <li key={type}>
              <Link
                to={flowHref(type)}
                aria-current={active ? "page" : undefined}
                prefetch="intent"
                preventScrollReset
                data-testid={`flow-type-${type}`}
                className={`group relative flex h-full min-w-[9.5rem] flex-col rounded-xl border px-3.5 py-3 text-left transition sm:min-w-0 ${
                  active
                    ? "border-brand-600 bg-brand-600 text-white shadow-md shadow-brand-600/20"
                    : "border-slate-200 bg-white text-slate-800 hover:border-brand-200 hover:bg-brand-50/50"
                }`}
              >
                <span className="flex items-center gap-1.5 text-sm font-semibold">
                  {info.label}
                  {info.premium ? (
                    <span className={active ? "text-amber-300" : "text-amber-500"} title="Premium flow type">
                      <CrownIcon className="h-4 w-4" />
                      <span className="sr-only">(premium{locked ? ", upgrade to unlock" : ""})</span>
                    </span>
                  ) : null}
                </span>
                <span className={`mt-0.5 text-xs ${active ? "text-brand-100" : "text-slate-500"}`}>{DESCRIPTIONS[type]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
