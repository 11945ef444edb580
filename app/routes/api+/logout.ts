import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { apiError } from "~/services/api.server";
import { endUserSession } from "~/services/auth/session.server";
import { isCrossSiteRequest } from "~/services/origin.server";

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

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request)) return apiError(403, "This request came from another site and was refused.");
  return logout(request);
}
