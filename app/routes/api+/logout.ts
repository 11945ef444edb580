import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { endUserSession } from "~/services/auth/session.server";
import { isCrossSiteRequest } from "~/services/origin.server";
import { apiError } from "~/services/api.server";

async function logout(request: Request) {
  const setCookie = await endUserSession(request);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

// GET /api/logout is a browser navigation (spec §7); the logout form posts here too.
export async function loader({ request }: LoaderFunctionArgs) {
  return logout(request);
}

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request)) return apiError(403, "This request came from another site and was refused.");
  return logout(request);
}
