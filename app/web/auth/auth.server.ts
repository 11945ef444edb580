import { data, redirect } from "@remix-run/node";

import { ADMIN_ROLE } from "~/lib/user";
import { getUserById, type UserRecord } from "~/models/user.server";
import { apiError } from "~/web/api.server";
import { bearerTokenOf, requireBearerUser } from "~/web/auth/bearer.server";
import { getActiveSession, hasSessionCookie, sessionCookie } from "~/web/auth/session-cookie.server";
import { sharedPerRequest } from "~/web/request-scope.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * Names say what happens: `get*` returns null when signed out, `require*` throws a
 * redirect (pages) or a JSON 401/403 (API).
 */
/**
 * The request's live session and its user: one session read and one user read per page request,
 * shared by its parallel loaders (root, the signed-in frame, the page).
 */
function signedIn(request: Request) {
  return sharedPerRequest(`signed-in:${request.headers.get("Cookie") ?? ""}`, async () => {
    const session = await getActiveSession(request);
    const user = session ? await getUserById(session.userId) : null;
    return session && user ? { session, user } : null;
  });
}

/** The signed-in user's id, or null. An /api request with a bearer token is its owner (a bad token throws a 401). */
export async function getUserId(request: Request) {
  if (bearerTokenOf(request) !== null) return (await requireBearerUser(request)).user.id;
  return (await getActiveSession(request))?.userId ?? null;
}

export async function getOptionalUser(request: Request): Promise<UserRecord | null> {
  return (await signedIn(request))?.user ?? null;
}

export const SESSION_ENDED_TOAST = {
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
  variant: "destructive",
} as const;

export function loginPath(request: Request) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** A page load by the browser itself, as opposed to a client-side data request from an open page. */
function isDocumentRequest(request: Request) {
  const dest = request.headers.get("Sec-Fetch-Dest");
  if (dest) return dest === "document";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * What a signed-in page answers a request without a live session. A first visit goes to sign-in.
 * A session that ended under an open page (the cookie is still there) is told so: a page load
 * gets the 'Unauthorized' toast on the sign-in page; a client-side request gets a 401 that the
 * open page turns into the same toast and a redirect after 500 ms.
 */
async function signedOutResponse(request: Request) {
  const stale = await hasSessionCookie(request);
  if (!stale) return redirect(loginPath(request));
  const clearCookie = await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
  if (!isDocumentRequest(request)) {
    return data({ message: SESSION_ENDED_TOAST.description, loginPath: loginPath(request) }, { status: 401, headers: { "Set-Cookie": clearCookie } });
  }
  return redirectWithToast(loginPath(request), SESSION_ENDED_TOAST, { headers: { "Set-Cookie": clearCookie } });
}

export async function requireUser(request: Request): Promise<UserRecord> {
  return (await requireUserWithSession(request)).user;
}

export async function requireUserWithSession(request: Request) {
  const found = await signedIn(request);
  if (!found) throw await signedOutResponse(request);
  return { user: found.user, sessionId: found.session.sessionId, signedInAt: found.session.signedInAt };
}

/** Pages that need a role: others get a 403 the error boundary turns into 'Access Denied'. */
export async function requireUserWithRole(request: Request, role: typeof ADMIN_ROLE): Promise<UserRecord> {
  const user = await requireUser(request);
  if (user.role !== role) {
    throw new Response(JSON.stringify({ message: "Admin access required" }), {
      status: 403,
      statusText: "Access Denied",
      headers: { "Content-Type": "application/json" },
    });
  }
  return user;
}

export function requireAdmin(request: Request): Promise<UserRecord> {
  return requireUserWithRole(request, ADMIN_ROLE);
}

export const API_SIGNED_OUT_MESSAGE = "You are not signed in. Sign in and try again.";

/** The API's 401; a stale session cookie is cleared with it, as pages do. */
async function apiSignedOut(request: Request) {
  const headers = (await hasSessionCookie(request)) ? { "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }) } : undefined;
  return apiError(401, API_SIGNED_OUT_MESSAGE, {}, { headers });
}

export async function requireApiUser(request: Request): Promise<UserRecord> {
  return (await requireApiUserWithSession(request)).user;
}

/**
 * The API's signed-in user: the owner of the request's bearer token when it carries one (a bad or
 * revoked token is a 401 `INVALID_TOKEN`, whatever cookie comes with it), else the session's.
 * `sessionId` and `signedInAt` are null for a token, which has no session.
 */
export async function requireApiUserWithSession(request: Request): Promise<{ user: UserRecord; sessionId: string | null; signedInAt: Date | null }> {
  if (bearerTokenOf(request) !== null) return { user: (await requireBearerUser(request)).user, sessionId: null, signedInAt: null };
  const found = await signedIn(request);
  if (!found) throw await apiSignedOut(request);
  return { user: found.user, sessionId: found.session.sessionId, signedInAt: found.session.signedInAt };
}

export async function requireApiUserWithRole(request: Request, role: typeof ADMIN_ROLE): Promise<UserRecord> {
  const user = await requireApiUser(request);
  if (user.role !== role) throw apiError(403, "Admin access required");
  return user;
}

export function requireApiAdmin(request: Request): Promise<UserRecord> {
  return requireApiUserWithRole(request, ADMIN_ROLE);
}
