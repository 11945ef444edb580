import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminPageHeader } from "~/components/admin/admin-ui";
import { AnswersView } from "~/components/admin/answers-view";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ButtonLink } from "~/components/ui/button";
import { DataTable, formatCell, useHrefWith, type Column } from "~/components/ui/data-table";
import { parseListQuery, tablePage } from "~/lib/list-query";
import { getOnboardingForAdmin, listOnboardingForAdmin, ONBOARDING_TABLE, type OnboardingRow } from "~/services/admin/onboarding.server";
import { tableHref } from "~/web/admin-page.server";
import { requireAdmin } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "View Onboarding | Flowmap" }];

const VIEW_PARAM = "view";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, ONBOARDING_TABLE);
  const viewId = params.get(VIEW_PARAM);
  let viewing: Awaited<ReturnType<typeof getOnboardingForAdmin>> | null = null;
  if (viewId) {
    try {
      viewing = await getOnboardingForAdmin(viewId);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const back = new URL(tableHref(request), "http://x");
      back.searchParams.delete(VIEW_PARAM);
      throw await redirectWithToast(`${back.pathname}${back.search}`, { title: "Error", description: error.message, variant: "destructive" });
    }
  }
  return { query, page: await listOnboardingForAdmin(query), viewing };
}

const columns: Array<Column<OnboardingRow>> = [
  { key: "companyName", header: "Company Name", sortKey: "companyName", value: (row) => row.companyName, className: "font-medium" },
  { key: "businessType", header: "Business Type", sortKey: "businessType", value: (row) => row.businessType },
  { key: "industry", header: "Industry", sortKey: "industry", value: (row) => row.industry },
  { key: "communicationChannels", header: "Communication Channels", sortKey: "communicationChannels", value: (row) => row.communicationChannels, className: "whitespace-nowrap" },
  { key: "createdAt", header: "Created", sortKey: "createdAt", kind: "date", value: (row) => row.createdAt, className: "whitespace-nowrap" },
];

export default function AdminOnboarding() {
  const { query, page, viewing } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader title="View Onboarding" description="Every business profile saved through onboarding, read only. Open a row for the full set of answers." />
      <DataTable
        name="onboarding responses"
        caption="Onboarding responses"
        columns={columns}
        rowKey={(row) => row.id}
        page={tablePage(query, page)}
        searchLabel="Search company, business type, industry"
        actions={(row) => (
          <ButtonLink to={hrefWith({ [VIEW_PARAM]: row.id })} preventScrollReset variant="ghost" size="xs" aria-label={`View answers of ${formatCell(row.companyName)}`}>
            View
          </ButtonLink>
        )}
      />
      {viewing ? (
        <RouteDialog
          title={viewing.companyName || "Onboarding response"}
          description={`Saved ${formatCell(viewing.createdAt, "date")} · updated ${formatCell(viewing.updatedAt, "date")}`}
          closeHref={hrefWith({ [VIEW_PARAM]: null })}
          size="lg"
        >
          <AnswersView answers={viewing} />
        </RouteDialog>
      ) : null}
    </div>
  );
}
