import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { apiError } from "~/services/api.server";
import { endUserSession } from "~/services/auth/session.server";
import { isCrossSiteRequest, isOwnNavigation } from "~/services/origin.server";
import { redirectWithToast } from "~/services/toast.server";

async function logout(request: Request) {
  const setCookie = await endUserSession(request);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

const STILL_SIGNED_IN_TOAST = {
  title: "You are still signed in",
  description: "To sign out, use Logout on the User Settings page.",
  variant: "destructive",
} as const;

/**
 * GET /api/logout is a browser navigation: typed, bookmarked or followed from one of
 * Flowmap's own pages. It signs out only when the navigation says it is one of those: a Referer
 * of this site, or no Referer and Sec-Fetch-Site `same-origin` or `none`. Anything else (another
 * site's link or image, an old browser coming from elsewhere, a request with no sign at all)
 * signs nobody out and lands on the home page. The app's own Logout button posts to the action.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isOwnNavigation(request)) return logout(request);
  const site = request.headers.get("Sec-Fetch-Site");
  // Another site's navigation goes home quietly; a browser that said nothing is told what to do.
  if (site === "cross-site" || site === "same-site") return redirect("/");
  return redirectWithToast("/", STILL_SIGNED_IN_TOAST);
}

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request)) return apiError(403, "This request came from another site and was refused.");
  return logout(request);
}
