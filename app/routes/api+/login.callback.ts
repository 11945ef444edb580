import type { LoaderFunctionArgs } from "@remix-run/node";

import { finishOAuth } from "~/web/auth/oauth-flow.server";

/** A browser navigation: the identity provider and the page that links here choose its parameters. */
export const queryParameters = "any";
/** Its GET answers only redirects: a browser navigation, not an API operation, so it is not in the OpenAPI document. */
export const browserNavigations = ["GET"];

// The provider sends the browser back here with ?code&state: a sign-in, or the signed-in user
// connecting the provider from User Settings.
export async function loader({ request }: LoaderFunctionArgs) {
  return finishOAuth(request);
}
