import type { LoaderFunctionArgs } from "@remix-run/node";

import { getOAuthAuthenticator } from "~/services/auth/authenticator.server";
import { completeOAuthSignIn } from "~/services/auth/oauth-flow.server";
import { OAUTH_STRATEGY } from "~/services/auth/oauth.server";
import { redirectWithToast } from "~/services/toast.server";

// The provider sends the browser back here with ?code&state.
export async function loader({ request }: LoaderFunctionArgs) {
  const authenticator = getOAuthAuthenticator(request);
  if (!authenticator) return redirectWithToast("/login", { title: "Third-party sign-in is not configured", variant: "destructive" });
  return completeOAuthSignIn(request, () => authenticator.authenticate(OAUTH_STRATEGY, request));
}
