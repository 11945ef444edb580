import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AuditList } from "~/components/admin/audit-list";
import { requireAdmin } from "~/web/auth/auth.server";
import { getAdminStats } from "~/services/admin.server";
import { recentAudit } from "~/services/admin/audit.server";
import { modelCallStats } from "~/services/ai/model-calls.server";
import { openAiSettings } from "~/services/ai/openai-client.server";

export const meta: MetaFunction = () => [{ title: "Admin Settings | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, audit] = await Promise.all([getAdminStats(), recentAudit()]);
  return { stats, audit, modelCalls: { model: openAiSettings()?.model ?? null, ...modelCallStats() } };
}

const tiles = [
  { to: "/admin/benchmarks", title: "Manage Benchmarks", text: "Industry medians behind every scorecard.", icon: "M4 20V10m6 10V4m6 16v-7m4 7H2" },
  { to: "/admin/flow-maps", title: "Manage Flow Maps", text: "The rules each generated flow starts from.", icon: "M5 6h4v4H5zM15 14h4v4h-4zM9 8h3a2 2 0 012 2v4a2 2 0 002 2" },
  { to: "/admin/onboarding", title: "View Onboarding", text: "Every business profile, read only.", icon: "M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01" },
  {
    to: "/admin/users",
    title: "User Management",
    text: "Roles, and Premium for customers who asked for it.",
    icon: "M16 19a4 4 0 00-8 0M12 12a3 3 0 100-6 3 3 0 000 6zm7 7a3 3 0 00-3-3m1-4a2.5 2.5 0 100-5",
  },
];

export default function AdminDashboard() {
  const { stats, audit, modelCalls } = useLoaderData<typeof loader>();
  const counts: Array<[string, number, string]> = [
    ["Total Users", stats.totalUsers, "/admin/users"],
    ["Benchmarks", stats.benchmarks, "/admin/benchmarks"],
    ["Flow Maps", stats.flowMappings, "/admin/flow-maps"],
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Benchmarks, flow-mapping rules, onboarding answers and accounts.</p>
      </div>
      <section aria-label="Counts" className="grid gap-4 sm:grid-cols-3">
        {counts.map(([label, value, to]) => (
          <Link key={label} to={to} className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-200">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums" data-testid={`stat-${label}`}>
              {value.toLocaleString("en-US")}
            </p>
          </Link>
        ))}
      </section>
      <section aria-labelledby="quick-actions" className="space-y-3">
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {tiles.map((tile) => (
            <Link key={tile.to} to={tile.to} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-200 hover:bg-brand-50">
              <span className="flex h-10 w-10 flex-none items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
                <svg viewBox="0 0 24 24" className="h-5 w-5">
                  <path d={tile.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{tile.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{tile.text}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
      <ModelCalls stats={modelCalls} />
      <section aria-labelledby="recent-changes" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="recent-changes" className="text-lg font-semibold text-slate-900">
            Recent changes
          </h2>
          <p className="text-xs text-slate-500">The latest 20 admin changes, kept for the record</p>
        </div>
        <AuditList entries={audit} />
      </section>
    </div>
  );
}

const PURPOSE_LABELS = { plan: "Flow plans", regenerate: "Regenerations", content: "Email content", research: "Website research" } as const;

function seconds(ms: number | null) {
  if (ms === null) return "—";
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The model-call counters of this process (app/services/ai/model-calls.server.ts), also at /metrics. */
function ModelCalls({ stats }: { stats: ReturnType<typeof useLoaderData<typeof loader>>["modelCalls"] }) {
  return (
    <section aria-labelledby="model-calls" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="model-calls" className="text-lg font-semibold text-slate-900">
          Model calls
        </h2>
        <p className="text-xs text-slate-500">Since the server started ({new Date(stats.since).toISOString().slice(0, 16).replace("T", " ")} UTC); also at /metrics</p>
      </div>
      {stats.model ? null : <p className="text-sm text-slate-600">No model is configured (OPENAI_API_KEY is unset): flows and content are written offline, with no model calls.</p>}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm" data-testid="model-calls">
          <caption className="sr-only">Requests to the model{stats.model ? ` (${stats.model})` : ""} by purpose and outcome</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Purpose
              </th>
              {["Accepted", "Repaired", "Refused", "Failed", "Typical time"].map((label) => (
                <th key={label} scope="col" className="px-4 py-2 text-right font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.purposes.map(({ purpose, counts, typicalMs }) => (
              <tr key={purpose} data-purpose={purpose}>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  {PURPOSE_LABELS[purpose]}
                </th>
                {[counts.accepted, counts.repaired, counts.refused, counts.failed].map((value, i) => (
                  <td key={i} className="px-4 py-2 text-right tabular-nums text-slate-700">
                    {value.toLocaleString("en-US")}
                  </td>
                ))}
                <td className="px-4 py-2 text-right tabular-nums text-slate-700">{seconds(typicalMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">
        Accepted at once, accepted after the one repair, refused after it, or failed (timeout or an error from the model). Typical time: the median of the recent successful
        requests. The counts start again when the server restarts.
      </p>
    </section>
  );
}
