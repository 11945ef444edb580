import type { LoaderFunctionArgs } from "@remix-run/node";

import { redirectWithToast } from "~/services/toast.server";
import { getOAuthAuthenticator } from "~/services/auth/authenticator.server";
import { completeOAuthSignIn } from "~/services/auth/oauth-flow.server";
import { OAUTH_STRATEGY } from "~/services/auth/oauth.server";

// GET /api/login: a browser navigation that starts third-party sign-in (spec §7). Without a
// configured provider the user goes back to /login with an explanation.
export async function loader({ request }: LoaderFunctionArgs) {
  const authenticator = getOAuthAuthenticator(request);
  if (!authenticator) {
    return redirectWithToast("/login", {
      title: "Third-party sign-in is not configured",
      description: "Sign in with your email and password instead.",
      variant: "destructive",
    });
  }
  return completeOAuthSignIn(request, () => authenticator.authenticate(OAUTH_STRATEGY, request));
}
