import { Form, Link, useLocation, useNavigation } from "@remix-run/react";

import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import type { SortDirection, TablePage } from "~/lib/list-query";

/**
 * The table every admin screen shares. Its state is the URL (`q`, `sort`, `dir`, `page`): column
 * headers and the pager are plain links and the search is a GET form, so sorting, paging and
 * searching work without JavaScript and a view can be bookmarked. With JavaScript they are
 * client-side navigations. The server sends one page of rows; the table never sees the rest.
 */

export type { SortDirection, TablePage };

export interface Column<Row> {
  key: string;
  header: string;
  /** The `sort` value this column sorts by; no sort link without it. */
  sortKey?: string;
  /** number: 2 decimals, right-aligned; text: '-' when empty; date: the day. */
  kind?: "text" | "number" | "date";
  value: (row: Row) => string | number | null | undefined;
  /** Custom cell content (the value still decides '-' for empty). */
  render?: (row: Row) => React.ReactNode;
  className?: string;
}

/** Number fields are shown with 2 decimals; empty values as '-'. */
export function formatCell(value: string | number | null | undefined, kind: Column<unknown>["kind"] = "text"): string {
  if (value === null || value === undefined) return "-";
  if (kind === "number") {
    const number = typeof value === "number" ? value : Number(value);
    return Number.isFinite(number) && String(value).trim() !== "" ? number.toFixed(2) : "-";
  }
  if (kind === "date") {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? "-" : date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  }
  const text = String(value).trim();
  return text === "" ? "-" : text;
}

/** The current URL with some search parameters changed (null removes one). */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
}

export interface DataTableProps<Row> {
  /** The table's name: 'No {name} found' when empty. */
  name: string;
  caption: string;
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => string;
  /** The rows and the table's URL state, as `tablePage(query, page)` gives them. */
  page: TablePage<Row>;
  searchLabel: string;
  /** Buttons or links at the end of each row (edit, delete, view). */
  actions?: (row: Row) => React.ReactNode;
}

export function DataTable<Row>({ name, caption, columns, rowKey, page: table, searchLabel, actions }: DataTableProps<Row>) {
  const { rows, total, page, pageSize, sort, dir, search } = table;
  const hrefWith = useHrefWith();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, (page - 1) * pageSize + rows.length);

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
        <SearchForm search={search} label={searchLabel} sort={sort} dir={dir} />
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="table-range">
          {total === 0 ? `0 ${name}` : `${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`}
        </p>
      </div>
      <div className={`relative overflow-x-auto transition-opacity ${loading ? "opacity-60" : ""}`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortKey && column.sortKey === sort ? (dir === "asc" ? "ascending" : "descending") : undefined}
                  className={`px-3 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase first:pl-4 ${column.kind === "number" ? "text-right" : "text-left"}`}
                >
                  {column.sortKey ? (
                    <Link
                      to={hrefWith({ sort: column.sortKey, dir: column.sortKey === sort && dir === "asc" ? "desc" : "asc", page: null })}
                      preventScrollReset
                      className="inline-flex items-center gap-1 rounded hover:text-slate-900"
                    >
                      {column.header}
                      <SortIcon state={column.sortKey === sort ? dir : null} />
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="sticky right-0 bg-slate-50 px-4 py-3 text-right text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (actions ? 1 : 0)} className="px-4 py-12 text-center text-slate-600">
                  No {name} found
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="group hover:bg-slate-50">
                  {columns.map((column) => {
                    const raw = column.value(row);
                    const empty = formatCell(raw, column.kind) === "-";
                    return (
                      <td
                        key={column.key}
                        className={`px-3 py-3 align-top text-slate-800 first:pl-4 ${column.kind === "number" ? "text-right tabular-nums whitespace-nowrap" : ""} ${column.className ?? ""}`}
                      >
                        {column.render && !empty ? column.render(row) : formatCell(raw, column.kind)}
                      </td>
                    );
                  })}
                  {actions ? (
                    // The actions stay in view when a wide table scrolls sideways.
                    <td className="sticky right-0 bg-white py-2 pr-3 pl-2 text-right whitespace-nowrap shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.15)] group-hover:bg-slate-50">
                      {actions(row)}
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} hrefWith={hrefWith} />
    </div>
  );
}

function SearchForm({ search, label, sort, dir }: { search: string; label: string; sort: string; dir: SortDirection }) {
  return (
    <Form method="get" role="search" className="flex w-full max-w-md gap-2" preventScrollReset>
      <label htmlFor="table-search" className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden="true">
          <path d="M9 3.5a5.5 5.5 0 104.4 8.8l3.1 3.2M14.5 9A5.5 5.5 0 019 14.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input id="table-search" type="search" name="q" defaultValue={search} key={search} placeholder={label} maxLength={100} className={`${controlClass} pl-9`} />
      </div>
      <input type="hidden" name="sort" value={sort} />
      <input type="hidden" name="dir" value={dir} />
      <Button type="submit" variant="secondary" size="sm">
        Search
      </Button>
    </Form>
  );
}

function Pager({ page, pages, hrefWith }: { page: number; pages: number; hrefWith: ReturnType<typeof useHrefWith> }) {
  const disabledClass = buttonClass({ variant: "secondary", size: "sm", className: "pointer-events-none" });
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      {page > 1 ? (
        <ButtonLink to={hrefWith({ page: page - 1 === 1 ? null : page - 1 })} preventScrollReset variant="secondary" size="sm" rel="prev">
          Previous
        </ButtonLink>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-600" data-testid="page-status">
        Page {page.toLocaleString("en-US")} of {pages.toLocaleString("en-US")}
      </span>
      {page < pages ? (
        <ButtonLink to={hrefWith({ page: page + 1 })} preventScrollReset variant="secondary" size="sm" rel="next">
          Next
        </ButtonLink>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

function SortIcon({ state }: { state: SortDirection | null }) {
  return (
    <svg viewBox="0 0 12 12" className={`h-3 w-3 ${state ? "text-brand-700" : "text-slate-400"}`} aria-hidden="true">
      {state === "desc" ? null : <path d="M3 5l3-3 3 3" fill="none" stroke="currentColor" strokeWidth="1.5" />}
      {state === "asc" ? null : <path d="M3 7l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" />}
    </svg>
  );
}
