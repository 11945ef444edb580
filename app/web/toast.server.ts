import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";

import { getSessionSecret, isProduction } from "~/services/secret.server";

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

/**
 * Flash toasts travel in their own short-lived cookie, so they survive a redirect with or
 * without JavaScript. The cookie carries only the message, never anything secret: it is
 * signed so a third party cannot plant text in the product's voice.
 */
const TOAST_KEY = "toast";
type ToastFlash = { [TOAST_KEY]: Toast };

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: "fm_toast",
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secrets: [getSessionSecret()],
      secure: isProduction(),
    },
  });
  return storage;
}

export async function createToastHeaders(input: ToastInput) {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, toastSchema.parse(input));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  const toastHeaders = await createToastHeaders(toast);
  headers.append("Set-Cookie", toastHeaders.get("Set-Cookie") ?? "");
  return redirect(url, { ...init, headers });
}

/** Reads the flash toast of this request; the returned header clears it. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  const setCookie = toast ? await toastStorage().destroySession(session) : null;
  return { toast, setCookie };
}
