import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/services/auth/auth.server";
import { getAdminStats } from "~/services/admin.server";

export const meta: MetaFunction = () => [{ title: "Admin Settings | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { stats: await getAdminStats() };
}

const tiles = [
  { to: "/admin/benchmarks", title: "Manage Benchmarks", text: "Industry medians behind every scorecard." },
  { to: "/admin/flow-maps", title: "Manage Flow Maps", text: "The rules each generated flow starts from." },
  { to: "/admin/onboarding", title: "View Onboarding", text: "Every business profile, read only." },
];

export default function AdminDashboard() {
  const { stats } = useLoaderData<typeof loader>();
  const counts: Array<[string, number]> = [
    ["Total Users", stats.totalUsers],
    ["Benchmarks", stats.benchmarks],
    ["Flow Maps", stats.flowMappings],
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Settings</h1>
      <section aria-label="Counts" className="grid gap-4 sm:grid-cols-3">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`stat-${label}`}>
              {value}
            </p>
          </div>
        ))}
      </section>
      <section aria-labelledby="quick-actions" className="space-y-3">
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {tiles.map((tile) => (
            <Link key={tile.to} to={tile.to} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-200 hover:bg-brand-50">
              <p className="font-semibold text-slate-900">{tile.title}</p>
              <p className="mt-1 text-sm text-slate-600">{tile.text}</p>
            </Link>
          ))}
          <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5">
            <p className="font-semibold text-slate-700">User Management</p>
            <p className="mt-1 text-sm text-slate-600">
              Change a role from the command line: <code className="rounded bg-white px-1">npm run user:role -- email Admin</code>
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
