import type { ToastMessage, ToastVariant } from "~/lib/toast";

/**
 * A form a page action refused answers with data instead of a redirect: a `toast` (pageErrorReply,
 * the flow screen's and the admin screens' replies) or at least a `message` (unless its field
 * messages are shown at the fields). With JavaScript each page shows that reply itself; a browser
 * without it gets the page rendered on the server with the reply, so the server must put the
 * message into the page: this is the toast it shows.
 */
const VARIANTS: readonly ToastVariant[] = ["default", "success", "destructive"];

/** The same id on the server and during hydration, so the markup matches. */
export const ACTION_TOAST_ID = "action-reply";

function text(value: unknown) {
  return typeof value === "string" && value.trim() ? value : undefined;
}

export function toastOfActionReply(reply: unknown): ToastMessage | null {
  if (!reply || typeof reply !== "object") return null;
  const toast: unknown = Reflect.get(reply, "toast");
  if (toast && typeof toast === "object") {
    const title = text(Reflect.get(toast, "title"));
    if (title) {
      const variant: unknown = Reflect.get(toast, "variant");
      return {
        id: ACTION_TOAST_ID,
        title,
        description: text(Reflect.get(toast, "description")),
        // A reply's toast without a variant is a refusal.
        variant: VARIANTS.find((known) => known === variant) ?? "destructive",
      };
    }
  }
  // A reply with field messages shows them at its fields; its summary adds nothing there.
  const fieldErrors: unknown = Reflect.get(reply, "fieldErrors");
  if (fieldErrors && typeof fieldErrors === "object" && Object.keys(fieldErrors).length > 0) return null;
  const message = text(Reflect.get(reply, "message"));
  return message ? { id: ACTION_TOAST_ID, title: "Error", description: message, variant: "destructive" } : null;
}

/** The toast of the last route whose action answered (the page's own action, in practice). */
export function toastOfActionData(actionData: Record<string, unknown> | null | undefined): ToastMessage | null {
  for (const reply of Object.values(actionData ?? {}).reverse()) {
    const toast = toastOfActionReply(reply);
    if (toast) return toast;
  }
  return null;
}
