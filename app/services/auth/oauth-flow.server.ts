import type { UserRecord } from "~/models/user.server";
import { OAUTH_STATE_COOKIE } from "~/services/auth/oauth.server";
import { startUserSession } from "~/services/auth/session.server";
import { isDomainError } from "~/services/domain-error";
import { redirectWithToast } from "~/services/toast.server";

/**
 * Runs one step of the third-party flow. The strategy throws its redirect to the provider as a
 * Response, which goes out as it is; a finished flow signs the user in; anything else sends the
 * user back to /login with a message saying what to do.
 */
export async function completeOAuthSignIn(request: Request, authenticate: () => Promise<UserRecord>) {
  let user: UserRecord;
  try {
    user = await authenticate();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const description = isDomainError(thrown)
      ? thrown.message
      : "The sign-in provider did not complete the sign-in. Please try again, or sign in with your email and password.";
    if (!isDomainError(thrown)) console.warn("[auth] third-party sign-in failed:", thrown instanceof Error ? thrown.message : thrown);
    return redirectWithToast("/login", { title: "Sign-in failed", description, variant: "destructive" });
  }
  const { setCookie } = await startUserSession(user.id, request);
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  // The state and PKCE verifier have done their job: drop them now rather than in 5 minutes.
  for (const name of stateCookieNames(request)) {
    headers.append("Set-Cookie", `${name}=; Path=/api/login; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  return redirectWithToast("/", { title: "Welcome Back!", variant: "success" }, { headers });
}

/** The strategy names its state cookies `fm_oauth:<uuid>`, one per started sign-in. */
function stateCookieNames(request: Request) {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .filter((name) => name.startsWith(`${OAUTH_STATE_COOKIE}:`));
}
