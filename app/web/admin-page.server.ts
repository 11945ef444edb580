import { data } from "@remix-run/node";

import { isDomainError, type DomainError } from "~/services/domain-error";
import { pageErrorReply } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The admin screens' page-side answers. A dialog is route state (`?dialog=new|edit|delete&id=`);
 * after a write the browser goes back to the table it came from (same search, sort and page)
 * with the toast '{table} item created/updated/deleted successfully'.
 */
export const DIALOG_PARAM = "dialog";
export const ID_PARAM = "id";

/** The table's own URL: the request's path and search without the dialog state. */
export function tableHref(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete(DIALOG_PARAM);
  url.searchParams.delete(ID_PARAM);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

export type AdminVerb = "created" | "updated" | "deleted";

export function successToast(table: string, verb: AdminVerb) {
  return { title: `${table} item ${verb} successfully`, variant: "success" } as const;
}

export function backToTable(request: Request, table: string, verb: AdminVerb, description?: string) {
  return redirectWithToast(tableHref(request), { ...successToast(table, verb), description });
}

/**
 * A refused write: the server's message as a toast and at the fields, and the values as typed.
 * A row that is gone (deleted in another tab) sends the admin back to the table, told why.
 */
export async function refused<V>(error: DomainError, intent: string | null, values: V, request: Request) {
  if (error.kind === "not_found") {
    throw await redirectWithToast(tableHref(request), { title: "Error", description: `${error.message} ${GONE_HINT}`, variant: "destructive" });
  }
  const reply = pageErrorReply(error, { title: "Error" });
  const { fieldErrors, message, toast } = reply.data;
  return data({ intent, values, fieldErrors, message, toast: { title: toast.title, description: toast.description ?? message } }, reply.init ?? undefined);
}

/** A post with an intent this page does not know (a stale page or a hand-made request). */
export function unknownIntent<V>(values: V) {
  const message = "Unknown action. Please reload the page and try again.";
  return data({ intent: null, values, fieldErrors: {} as Record<string, string>, message, toast: { title: "Error", description: message } }, { status: 400 });
}

export function dialogOf(request: Request): { dialog: string | null; id: string | null } {
  const params = new URL(request.url).searchParams;
  return { dialog: params.get(DIALOG_PARAM), id: params.get(ID_PARAM) };
}

/** Only the named string fields of a posted form. */
export function formFields<K extends string>(form: FormData, keys: readonly K[]): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** Why a row an address names may be missing, and where the admin is now. */
export const GONE_HINT = "It may have been deleted in another tab; the table shows what is there now.";

/**
 * The row an edit or delete dialog (`?dialog=edit|delete&id=`) is about, or null for any other
 * state. A row that is gone (or never was) sends the admin back to the table with the reason.
 */
export async function rowForDialog<Row>(request: Request, read: (id: string) => Promise<Row>): Promise<{ dialog: string | null; selected: Row | null }> {
  const { dialog, id } = dialogOf(request);
  if ((dialog !== "edit" && dialog !== "delete") || !id) return { dialog, selected: null };
  try {
    return { dialog, selected: await read(id) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const description = error.kind === "not_found" ? `${error.message} ${GONE_HINT}` : error.message;
    throw await redirectWithToast(tableHref(request), { title: "Error", description, variant: "destructive" });
  }
}
