import { ADMIN_PAGE_SIZE, MAX_SEARCH_LENGTH, type ListQuery, type ListQueryOptions } from "~/lib/list-query";
import { apiError } from "~/web/api.server";
import { UNKNOWN_FIELD_MESSAGE } from "~/services/domain-error";
import { LIST_QUERY_PARAMETERS, PAGE_QUERY_PARAMETERS } from "~/web/list-query-parameters";

/** The most rows one page of an API list may hold (`pageSize`). */
export const API_MAX_PAGE_SIZE = 100;

const PARAMETERS = LIST_QUERY_PARAMETERS;
const WHOLE_NUMBER = /^[1-9][0-9]*$/;

export const PAGE_MESSAGE = "page must be a whole number from 1.";
export const PAGE_SIZE_MESSAGE = `pageSize must be a whole number from 1 to ${API_MAX_PAGE_SIZE}.`;
export const DIR_MESSAGE = "dir must be asc or desc.";
export const SEARCH_TOO_LONG_MESSAGE = `The search text must be at most ${MAX_SEARCH_LENGTH} characters.`;

/**
 * An API list's query, checked as strictly as a body (the admin tables' own addresses stay
 * forgiving): page and pageSize are whole numbers in range, sort one of the table's columns, dir
 * asc or desc, the search text within its limit; anything else is a 422 naming the parameter.
 */
export function readListQuery<F extends string>(request: Request, options: ListQueryOptions<F>): ListQuery<F> & { pageSize: number } {
  const params = new URL(request.url).searchParams;
  const errors: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    if (!(PARAMETERS as readonly string[]).includes(name)) errors[name] = UNKNOWN_FIELD_MESSAGE;
    else if (params.getAll(name).length > 1) errors[name] = `Send ${name} once.`;
  }
  const read = (name: string) => params.get(name) ?? undefined;

  const pageText = read("page");
  const page = pageText === undefined ? 1 : Number(pageText);
  if (pageText !== undefined && (!WHOLE_NUMBER.test(pageText) || !Number.isSafeInteger(page))) errors.page = PAGE_MESSAGE;

  const sizeText = read("pageSize");
  const pageSize = sizeText === undefined ? ADMIN_PAGE_SIZE : Number(sizeText);
  if (sizeText !== undefined && (!WHOLE_NUMBER.test(sizeText) || pageSize > API_MAX_PAGE_SIZE)) errors.pageSize = PAGE_SIZE_MESSAGE;

  const sortText = read("sort");
  const sort = sortText === undefined ? options.defaultSort : options.sortable.find((field) => field === sortText);
  if (!sort) errors.sort = `sort must be one of: ${options.sortable.join(", ")}.`;

  const dirText = read("dir");
  if (dirText !== undefined && dirText !== "asc" && dirText !== "desc") errors.dir = DIR_MESSAGE;
  const dir = dirText === "asc" || dirText === "desc" ? dirText : sortText !== undefined ? "asc" : options.defaultDir;

  if (params.has("q") && params.has("query")) errors.query = "Send the search text as q or as query, not both.";
  const search = (read("q") ?? read("query") ?? "").trim();
  if (search.length > MAX_SEARCH_LENGTH) errors[params.has("q") ? "q" : "query"] = SEARCH_TOO_LONG_MESSAGE;

  if (Object.keys(errors).length) throw apiError(422, Object.values(errors)[0]!, { errors });
  return { search, sort: sort ?? options.defaultSort, dir, page, pageSize };
}

/** The query parameters of a list that only pages (no search, no sort): newest first always. */

/**
 * `page` and `pageSize` of a list that pages but does not search or sort (a flow's versions and
 * messages, your flows), checked as strictly as readListQuery: `extra` names the route's own
 * further parameters, which the caller reads; anything else, a repeat or a value out of range is
 * a 422 naming the parameter. `refuse` adds the route's own errors to the same answer.
 */
export function readPageQuery(request: Request, extra: readonly string[] = [], refuse: (params: URLSearchParams) => Record<string, string> = () => ({})) {
  const params = new URL(request.url).searchParams;
  const taken = new Set<string>([...PAGE_QUERY_PARAMETERS, ...extra]);
  const errors: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    if (!taken.has(name)) errors[name] = UNKNOWN_FIELD_MESSAGE;
    else if (params.getAll(name).length > 1) errors[name] = `Send ${name} once.`;
  }
  Object.assign(errors, refuse(params));
  const pageText = params.get("page") ?? "1";
  const sizeText = params.get("pageSize") ?? String(ADMIN_PAGE_SIZE);
  if (!WHOLE_NUMBER.test(pageText) || !Number.isSafeInteger(Number(pageText))) errors.page = PAGE_MESSAGE;
  if (!WHOLE_NUMBER.test(sizeText) || Number(sizeText) > API_MAX_PAGE_SIZE) errors.pageSize = PAGE_SIZE_MESSAGE;
  if (Object.keys(errors).length) throw apiError(422, Object.values(errors)[0]!, { errors });
  return { page: Number(pageText), pageSize: Number(sizeText), params };
}

/** One page of a whole list, in the API's list shape. */
export function pageOfList<T>(items: readonly T[], { page, pageSize }: { page: number; pageSize: number }) {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}
