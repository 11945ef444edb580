import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { apiError, apiJson, apiRoute, CROSS_SITE_MESSAGE } from "~/web/api.server";
import { bearerTokenOf } from "~/web/auth/bearer.server";
import { endUserSession } from "~/web/auth/session-cookie.server";
import { isCrossSiteRequest, isOwnNavigation } from "~/web/origin.server";
import { redirectWithToast } from "~/web/toast.server";

/** A browser navigation: the identity provider and the page that links here choose its parameters. */
export const queryParameters = "any";
/** Its GET answers only redirects: a browser navigation, not an API operation, so it is not in the OpenAPI document. */
export const browserNavigations = ["GET"];

export const SIGNED_OUT_MESSAGE = "Signed out.";

/**
 * Whether the client asked for JSON rather than a page: it accepts application/json and not HTML
 * (a browser's form post asks for HTML), or it signs its calls with a bearer token.
 */
function wantsJson(request: Request) {
  if (bearerTokenOf(request) !== null) return true;
  const accept = (request.headers.get("Accept") ?? "").toLowerCase();
  return accept.includes("application/json") && !accept.includes("text/html");
}

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

/**
 * POST /api/logout ends the session. A browser (or any client asking for HTML) is sent to the home
 * page; an API client that asks for JSON gets `200 { message }` with the cleared cookie. An access
 * token is not ended by signing out: revoke it with DELETE /api/user/tokens/{id}.
 */
const jsonLogout = apiRoute<ActionFunctionArgs>(async ({ request }) => {
  const setCookie = await endUserSession(request);
  return apiJson({ message: SIGNED_OUT_MESSAGE }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
});

export async function action(args: ActionFunctionArgs) {
  if (wantsJson(args.request)) return jsonLogout(args);
  if (isCrossSiteRequest(args.request)) return apiError(403, CROSS_SITE_MESSAGE, { code: "CROSS_SITE_REQUEST" });
  return logout(args.request);
}
