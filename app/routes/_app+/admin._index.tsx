import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AuditList } from "~/components/admin/audit-list";
import { requireAdmin } from "~/web/auth/auth.server";
import { getAdminStats } from "~/services/admin.server";
import { recentAudit } from "~/services/admin/audit.server";

export const meta: MetaFunction = () => [{ title: "Admin Settings | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, audit] = await Promise.all([getAdminStats(), recentAudit()]);
  return { stats, audit };
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
  const { stats, audit } = useLoaderData<typeof loader>();
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
