import type { LoaderFunctionArgs } from "@remix-run/node";

import { startOAuthSignIn } from "~/web/auth/oauth-flow.server";

/** A browser navigation: the identity provider and the page that links here choose its parameters. */
export const queryParameters = "any";
/** Its GET answers only redirects: a browser navigation, not an API operation, so it is not in the OpenAPI document. */
export const browserNavigations = ["GET"];

// GET /api/login: a browser navigation that starts third-party sign-in. Without a configured
// provider the user goes back to /login with an explanation.
export async function loader({ request }: LoaderFunctionArgs) {
  return startOAuthSignIn(request);
}
