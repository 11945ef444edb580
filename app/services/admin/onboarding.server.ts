import { ADMIN_RESPONSE_SORTS, type AdminResponseRow, type AdminResponseSort, getResponseByIdForAdmin, listResponsesPageForAdmin } from "~/models/questionnaire-response.server";
import { ADMIN_PAGE_SIZE, containsPattern, type ListQuery, type Page } from "~/lib/list-query";
import { notFound } from "~/services/domain-error";

/** The admin's read-only view of onboarding responses. */
export const ONBOARDING_TABLE = { sortable: ADMIN_RESPONSE_SORTS, defaultSort: "createdAt", defaultDir: "desc" } as const;

/** A row of the admin's onboarding table as the page receives it: the model's row, its time as ISO 8601. */
export type OnboardingRow = Omit<AdminResponseRow, "createdAt"> & { createdAt: string };

export async function listOnboardingForAdmin(query: ListQuery<AdminResponseSort>): Promise<Page<OnboardingRow>> {
  const { rows, total } = await listResponsesPageForAdmin({
    search: query.search ? containsPattern(query.search) : null,
    sort: query.sort,
    dir: query.dir === "asc" ? 1 : -1,
    skip: (query.page - 1) * (query.pageSize ?? ADMIN_PAGE_SIZE),
    limit: query.pageSize ?? ADMIN_PAGE_SIZE,
  });
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, page: query.page, pageSize: query.pageSize ?? ADMIN_PAGE_SIZE };
}

export async function getOnboardingForAdmin(id: string) {
  const response = await getResponseByIdForAdmin(id);
  if (!response) throw notFound("Onboarding response not found.");
  return { ...response, createdAt: response.createdAt.toISOString(), updatedAt: response.updatedAt.toISOString() };
}
