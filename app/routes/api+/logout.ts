import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { apiError, apiJson, apiRoute, CROSS_SITE_MESSAGE } from "~/services/api.server";
import { bearerTokenOf } from "~/services/auth/api-tokens.server";
import { endUserSession } from "~/services/auth/session.server";
import { isCrossSiteRequest } from "~/services/origin.server";

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

/**
 * GET /api/logout is a browser navigation (spec §7): typed, bookmarked or followed from one of
 * Flowmap's own pages. A navigation another site started (an image, a link, a redirect there) says
 * so in Sec-Fetch-Site and signs nobody out: it only lands on the home page. The app's own
 * Logout button posts to the action.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return redirect("/");
  return logout(request);
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
