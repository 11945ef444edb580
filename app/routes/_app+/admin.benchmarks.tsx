import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AdminPageHeader, DeleteConfirm, useFailureToastOf } from "~/components/admin/admin-ui";
import { BenchmarkForm, type BenchmarkFormValues } from "~/components/admin/benchmark-form";
import { BENCHMARK_FORM_FIELDS } from "~/lib/admin/benchmark-fields";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ButtonLink } from "~/components/ui/button";
import { DataTable, formatCell, useHrefWith, type Column } from "~/components/ui/data-table";
import { flowTypeLabel, isFlowType } from "~/lib/flow-types";
import {
  BENCHMARK_TABLE,
  type BenchmarkRow,
  createBenchmarkAsAdmin,
  deleteBenchmarkAsAdmin,
  getBenchmarkForAdmin,
  listBenchmarksForAdmin,
  updateBenchmarkAsAdmin,
} from "~/services/admin/benchmarks.server";
import { parseListQuery, tablePage } from "~/lib/list-query";
import { backToTable, formFields, refused, rowForDialog, unknownIntent } from "~/web/admin-page.server";
import { requireAdmin } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = () => [{ title: "Manage Benchmarks | Flowmap" }];

const TABLE = "Benchmarks";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, BENCHMARK_TABLE);
  const { dialog, selected } = await rowForDialog(request, getBenchmarkForAdmin);
  return { query, page: await listBenchmarksForAdmin(query), dialog, selected };
}

export async function action({ request }: ActionFunctionArgs) {
  // Another site's post is refused before anything else, whoever is signed in.
  const form = await readForm(request);
  const admin = await requireAdmin(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const values = formFields(form, BENCHMARK_FORM_FIELDS);
  try {
    switch (intent) {
      case "create":
        await createBenchmarkAsAdmin({ actor: admin, input: values });
        return await backToTable(request, TABLE, "created");
      case "update":
        await updateBenchmarkAsAdmin({ actor: admin, id, input: values });
        return await backToTable(request, TABLE, "updated");
      case "delete":
        await deleteBenchmarkAsAdmin({ actor: admin, id });
        return await backToTable(request, TABLE, "deleted");
      default:
        return unknownIntent(values);
    }
  } catch (error) {
    if (isDomainError(error)) return refused(error, typeof intent === "string" ? intent : null, values, request);
    throw error;
  }
}

/** "Open Rate (Email)" reads "Open Rate" in the table: every indicator is an email one. */
const shortIndicator = (indicator: string) => indicator.replace(/ \(Email\)$/, "");

const columns: Array<Column<BenchmarkRow>> = [
  {
    key: "benchmarkType",
    header: "Flow / Benchmark Type",
    sortKey: "benchmarkType",
    value: (row) => row.benchmarkType,
    render: (row) => (
      <>
        <span className="block font-medium whitespace-nowrap text-slate-900">{isFlowType(row.flowType) ? flowTypeLabel(row.flowType) : formatCell(row.flowType)}</span>
        <span className="block text-xs whitespace-nowrap text-slate-500">{row.benchmarkType}</span>
        {/* On a phone the other columns are off screen: the indicator, median and peer group tell the rows apart. */}
        <span className="mt-0.5 block text-xs font-medium whitespace-nowrap text-slate-800 md:hidden" data-testid="row-summary">
          {shortIndicator(row.performanceIndicator)} · {row.industryMedian || "-"}
        </span>
        <span className="block text-xs text-slate-500 md:hidden">
          {formatCell(row.industry)} · {formatCell(row.businessType)}
        </span>
      </>
    ),
  },
  { key: "performanceIndicator", header: "Indicator", sortKey: "performanceIndicator", value: (row) => shortIndicator(row.performanceIndicator), className: "min-w-36" },
  {
    key: "industry",
    header: "Peer Group",
    sortKey: "industry",
    value: (row) => row.industry,
    render: (row) => (
      <>
        <span className="block">{formatCell(row.industry)}</span>
        <span className="block text-xs text-slate-500">{formatCell(row.businessType)}</span>
      </>
    ),
  },
  { key: "industryMedian", header: "Median", sortKey: "industryMedian", value: (row) => row.industryMedian, className: "whitespace-nowrap font-semibold" },
  {
    // The four figure fields in one column (a row rarely has more than the one its indicator
    // names), so the table fits beside the sidebar at 1280 px and nothing lies under the actions.
    key: "figures",
    header: "Figures",
    value: (row) => figureParts(row).join(", ") || "-",
    render: (row) => {
      const parts = figureParts(row);
      return parts.length === 0 ? (
        <span className="text-slate-400">-</span>
      ) : (
        parts.map((part) => (
          <span key={part} className="block whitespace-nowrap tabular-nums">
            {part}
          </span>
        ))
      );
    },
  },
];

/** 'Open 41.18%', 'Rev. $3.65': the figure fields a row has. */
function figureParts(row: BenchmarkRow): string[] {
  const parts: string[] = [];
  if (row.openRate !== null) parts.push(`Open ${row.openRate.toFixed(2)}%`);
  if (row.clickRate !== null) parts.push(`Click ${row.clickRate.toFixed(2)}%`);
  if (row.ctr !== null) parts.push(`CTR ${row.ctr.toFixed(2)}%`);
  if (row.revenuePerRecipient !== null) parts.push(`Rev. $${row.revenuePerRecipient.toFixed(2)}`);
  return parts;
}

function valuesOf(row: BenchmarkRow): BenchmarkFormValues {
  const number = (value: number | null) => (value === null ? "" : value.toFixed(2));
  return {
    benchmarkType: row.benchmarkType,
    performanceIndicator: row.performanceIndicator,
    industryMedian: row.industryMedian,
    source: row.source,
    industry: row.industry,
    businessType: row.businessType,
    openRate: number(row.openRate),
    clickRate: number(row.clickRate),
    ctr: number(row.ctr),
    revenuePerRecipient: number(row.revenuePerRecipient),
  };
}

export default function AdminBenchmarks() {
  const { query, page, dialog, selected } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  useFailureToastOf(failure);
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ dialog: null, id: null });
  const errors = failure?.fieldErrors ?? {};

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader title="Manage Benchmarks" description="The industry medians behind every user's Email Benchmark card. A change shows on every dashboard at once.">
        <ButtonLink to={hrefWith({ dialog: "new", id: null })} preventScrollReset>
          <span aria-hidden="true">+</span> Add Benchmark
        </ButtonLink>
      </AdminPageHeader>

      <DataTable
        name="benchmarks"
        caption="Email benchmarks"
        columns={columns}
        rowKey={(row) => row.id}
        page={tablePage(query, page)}
        searchLabel="Search type, indicator, industry"
        actions={(row) => (
          <>
            <ButtonLink
              to={hrefWith({ dialog: "edit", id: row.id })}
              preventScrollReset
              variant="ghost"
              size="xs"
              aria-label={`Edit ${row.benchmarkType} ${row.performanceIndicator}`}
            >
              Edit
            </ButtonLink>
            <ButtonLink
              to={hrefWith({ dialog: "delete", id: row.id })}
              preventScrollReset
              variant="ghost-destructive"
              size="xs"
              aria-label={`Delete ${row.benchmarkType} ${row.performanceIndicator}`}
            >
              Delete
            </ButtonLink>
          </>
        )}
      />

      {dialog === "new" ? (
        <RouteDialog title="Add Benchmark" description="A new row for the dashboard's benchmark card." closeHref={closeHref} size="lg" fixedFooter>
          <BenchmarkForm
            intent="create"
            values={failure?.intent === "create" ? failure.values : {}}
            errors={failure?.intent === "create" ? errors : {}}
            message={failure?.message}
            closeHref={closeHref}
          />
        </RouteDialog>
      ) : null}
      {dialog === "edit" && selected ? (
        <RouteDialog title="Edit Benchmark" description={`${selected.benchmarkType} · ${selected.performanceIndicator}`} closeHref={closeHref} size="lg" fixedFooter>
          <BenchmarkForm
            key={selected.id}
            intent="update"
            id={selected.id}
            values={failure?.intent === "update" ? failure.values : valuesOf(selected)}
            errors={failure?.intent === "update" ? errors : {}}
            message={failure?.message}
            closeHref={closeHref}
          />
        </RouteDialog>
      ) : null}
      {dialog === "delete" && selected ? (
        <RouteDialog title="Delete Benchmark" closeHref={closeHref}>
          <DeleteConfirm
            id={selected.id}
            closeHref={closeHref}
            message={failure?.intent === "delete" ? failure.message : undefined}
            what={
              <p>
                Delete the <strong>{selected.performanceIndicator}</strong> benchmark of <strong>{selected.benchmarkType}</strong> ({formatCell(selected.industry)},{" "}
                {formatCell(selected.businessType)}, median {formatCell(selected.industryMedian)})?
              </p>
            }
          />
        </RouteDialog>
      ) : null}
    </div>
  );
}
