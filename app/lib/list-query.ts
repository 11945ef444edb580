/**
 * The state of an admin table lives in its URL: `?q=` (search), `?sort=` and `?dir=` (column and
 * direction) and `?page=` (1-based). Pure, shared by the loaders that read it and the table that
 * writes its links, so the two always agree.
 */

/** Rows per page on every admin table and admin list endpoint. */
export const ADMIN_PAGE_SIZE = 50;
/** Longest search text accepted; anything longer is cut. */
export const MAX_SEARCH_LENGTH = 100;

export type SortDirection = "asc" | "desc";

export interface ListQuery<F extends string> {
  search: string;
  sort: F;
  dir: SortDirection;
  page: number;
  /** Rows per page; the tables always show ADMIN_PAGE_SIZE, the API lets a client choose. */
  pageSize?: number;
}

export interface ListQueryOptions<F extends string> {
  sortable: readonly F[];
  defaultSort: F;
  defaultDir: SortDirection;
}

/**
 * Reads a table's state from search parameters. Anything unknown or malformed falls back to the
 * default (an unknown column, page 0, 'abc'): a hand-edited URL never breaks the page.
 * `query` is accepted as another name for `q` (the users API's documented parameter).
 */
export function parseListQuery<F extends string>(params: URLSearchParams, options: ListQueryOptions<F>): ListQuery<F> {
  const rawSort = params.get("sort");
  const sort = options.sortable.find((field) => field === rawSort) ?? options.defaultSort;
  const rawDir = params.get("dir");
  const dir: SortDirection = rawDir === "asc" || rawDir === "desc" ? rawDir : rawSort === sort ? "asc" : options.defaultDir;
  const pageNumber = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const search = (params.get("q") ?? params.get("query") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return { search, sort, dir, page };
}

/** A case-insensitive "contains" pattern for the search text, with every regex character escaped. */
export function containsPattern(search: string): RegExp {
  return new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
}

export function pageCount(total: number, pageSize = ADMIN_PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of an admin table together with the URL state that chose it (search, sort, direction,
 * page): everything the table shows and every link it writes, in one value.
 */
export interface TablePage<Row, F extends string = string> extends ListQuery<F> {
  rows: Row[];
  total: number;
  pageSize: number;
}

export function tablePage<Row, F extends string>(query: ListQuery<F>, page: { rows: Row[]; total: number; pageSize: number }): TablePage<Row, F> {
  return { ...query, rows: page.rows, total: page.total, pageSize: page.pageSize };
}
