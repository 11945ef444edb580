import { createCookie } from "@remix-run/node";

import type { UserRecord } from "~/models/user.server";
import { connectProvider, signInWithProvider } from "~/services/auth/accounts.server";
import { getOAuthStrategy, OAUTH_STATE_COOKIE, providerDisplayName, type ProviderProfile } from "~/services/auth/oauth.server";
import type { ActiveSession } from "~/services/auth/session.server";
import { getActiveSession, startUserSession } from "~/web/auth/session-cookie.server";
import { isDomainError } from "~/services/domain-error";
import { publicOrigin } from "~/services/env.server";
import { getSessionSecret } from "~/services/secret.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The third-party flow in its two modes. Sign-in (GET /api/login) signs a person in, or creates
 * their account. Connect (the "Connect <provider>" button in User Settings) links the identity to
 * the account of the signed-in session that started it: that session's id and the flow's state go
 * into a signed cookie, and the callback links only when the same session is still signed in and
 * the state the provider sent back is that flow's.
 */

const LINK_COOKIE = "fm_oauth_link";
const USER_SETTINGS = "/user-settings";
const FLOW_MINUTES = 5;

function linkCookie() {
  return createCookie(LINK_COOKIE, {
    path: "/api/login",
    httpOnly: true,
    sameSite: "lax",
    maxAge: FLOW_MINUTES * 60,
    secrets: [getSessionSecret()],
  });
}

interface LinkIntent {
  state: string;
  sessionId: string;
  userId: string;
}

async function readLinkIntent(request: Request): Promise<LinkIntent | null> {
  const value: unknown = await linkCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { state, sessionId, userId } = value as Record<string, unknown>;
  return typeof state === "string" && typeof sessionId === "string" && typeof userId === "string" ? { state, sessionId, userId } : null;
}

const NOT_CONFIGURED_TOAST = {
  title: "Third-party sign-in is not configured",
  description: "Sign in with your email and password instead.",
  variant: "destructive",
} as const;

const FLOW_FAILED_MESSAGE = "The sign-in provider did not complete the sign-in. Please try again, or sign in with your email and password.";

function failureMessage(thrown: unknown) {
  if (isDomainError(thrown)) return thrown.message;
  const what = thrown instanceof Error ? thrown.message : thrown instanceof Response ? `an unexpected ${thrown.status} answer` : thrown;
  console.warn("[auth] third-party sign-in failed:", what);
  return FLOW_FAILED_MESSAGE;
}

/** The Set-Cookie values that drop this browser's flow cookies: they have done their job. */
async function clearFlowCookies(request: Request) {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .filter((name) => name.startsWith(`${OAUTH_STATE_COOKIE}:`));
  const headers = names.map((name) => `${name}=; Path=/api/login; Max-Age=0; HttpOnly; SameSite=Lax`);
  if (names.length > 0 || (request.headers.get("Cookie") ?? "").includes(`${LINK_COOKIE}=`)) {
    headers.push(await linkCookie().serialize("", { maxAge: 0, expires: new Date(0) }));
  }
  return headers;
}

/**
 * GET /api/login: sends the browser to the provider to sign in. A provider configured to send
 * people back here (OAUTH_REDIRECT_URI ending in /api/login) gets the callback's handling.
 */
export async function startOAuthSignIn(request: Request) {
  if (new URL(request.url).searchParams.has("state")) return finishOAuth(request);
  const strategy = getOAuthStrategy();
  if (!strategy) return redirectWithToast("/login", NOT_CONFIGURED_TOAST);
  return toProvider(strategy, request, { to: "/login", title: "Sign-in failed" });
}

/**
 * "Connect <provider>" in User Settings: sends the signed-in user to the provider, remembering in a
 * signed cookie which session asked and which flow (state) is theirs.
 */
export async function startProviderConnect(request: Request, session: Pick<ActiveSession, "sessionId" | "userId">) {
  const strategy = getOAuthStrategy();
  if (!strategy) return redirectWithToast(USER_SETTINGS, NOT_CONFIGURED_TOAST);
  const response = await toProvider(strategy, request, { to: USER_SETTINGS, title: "Not connected" });
  const state = new URL(response.headers.get("Location") ?? "", publicOrigin()).searchParams.get("state");
  if (response.status !== 302 || !state) return response;
  const intent: LinkIntent = { state, sessionId: session.sessionId, userId: session.userId };
  response.headers.append("Set-Cookie", await linkCookie().serialize(intent));
  return response;
}

/** The strategy's redirect to the provider, with the state cookie; a failure goes back with a message. */
async function toProvider(strategy: NonNullable<ReturnType<typeof getOAuthStrategy>>, request: Request, failure: { to: string; title: string }) {
  // A start request carries no state of its own (a `?state=` would make the strategy finish a flow).
  const start = new Request(new URL("/api/login", publicOrigin()), { headers: { Cookie: request.headers.get("Cookie") ?? "" } });
  try {
    await strategy.authenticate(start);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    return redirectWithToast(failure.to, { title: failure.title, description: failureMessage(thrown), variant: "destructive" });
  }
  return redirectWithToast(failure.to, { title: failure.title, description: FLOW_FAILED_MESSAGE, variant: "destructive" });
}

/**
 * GET /api/login/callback: the provider sent the browser back with ?code&state. A connect flow
 * (its signed cookie names this state) links the identity to the signed-in account; any other
 * flow signs in. The state is checked against this browser's state cookie either way, so a
 * callback link made in another browser does nothing.
 */
export async function finishOAuth(request: Request) {
  const strategy = getOAuthStrategy();
  if (!strategy) return redirectWithToast("/login", NOT_CONFIGURED_TOAST);
  const clear = await clearFlowCookies(request);
  const withCleared = (response: Response) => {
    for (const header of clear) response.headers.append("Set-Cookie", header);
    return response;
  };
  const state = new URL(request.url).searchParams.get("state");
  // Only the provider's answer to a flow this browser started comes back with a state.
  if (!state) return withCleared(await redirectWithToast("/login", { title: "Sign-in failed", description: FLOW_FAILED_MESSAGE, variant: "destructive" }));
  const intent = await readLinkIntent(request);
  const session = await getActiveSession(request);

  if (intent?.state === state) {
    if (!session || session.sessionId !== intent.sessionId || session.userId !== intent.userId) {
      return withCleared(
        await redirectWithToast("/login", {
          title: "Not connected",
          description: `You were signed out before ${providerDisplayName()} answered. Sign in, then connect it again in User Settings.`,
          variant: "destructive",
        }),
      );
    }
    try {
      const profile = await strategy.authenticate(request);
      await connectProvider(session.userId, profile);
    } catch (thrown) {
      return withCleared(await redirectWithToast(USER_SETTINGS, { title: "Not connected", description: failureMessage(thrown), variant: "destructive" }));
    }
    return withCleared(
      await redirectWithToast(USER_SETTINGS, {
        title: "Connected",
        description: `You can now sign in with ${providerDisplayName()}.`,
        variant: "success",
      }),
    );
  }

  let user: UserRecord;
  try {
    const profile: ProviderProfile = await strategy.authenticate(request);
    user = await signInWithProvider(profile, { signedInUserId: session?.userId ?? null });
  } catch (thrown) {
    return withCleared(await redirectWithToast("/login", { title: "Sign-in failed", description: failureMessage(thrown), variant: "destructive" }));
  }
  const { setCookie } = await startUserSession(user.id, request);
  const response = await redirectWithToast("/", { title: "Welcome Back!", variant: "success" }, { headers: { "Set-Cookie": setCookie } });
  return withCleared(response);
}
