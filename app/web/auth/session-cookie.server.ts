import { createCookie, type Cookie } from "@remix-run/node";

import { activeSession, endSession, SESSION_IDLE_DAYS, startSession, type ActiveSession } from "~/services/auth/session.server";
import { getSessionSecret, isProduction } from "~/services/secret.server";

let cookie: Cookie | undefined;

/** The cookie holds only the random session id, signed; everything else stays in the database. */
export function sessionCookie() {
  cookie ??= createCookie("fm_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction(),
    secrets: [getSessionSecret()],
    maxAge: SESSION_IDLE_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

async function sessionIdOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length >= 32 && value.length <= 128 ? value : null;
}

/** Whether the browser sent a session cookie at all, live or not. */
export async function hasSessionCookie(request: Request) {
  return (await sessionIdOf(request)) !== null;
}

/** The signed-in session of this request, or null. Keeps a live session from idling out. */
export async function getActiveSession(request: Request, now = new Date()): Promise<ActiveSession | null> {
  const sessionId = await sessionIdOf(request);
  return sessionId ? activeSession(sessionId, now) : null;
}

/** Signs a user in: a brand-new session (the request's own, if any, is ended), returned as the Set-Cookie value. */
export async function startUserSession(userId: string, request?: Request) {
  const sessionId = await startSession(userId, request ? await sessionIdOf(request) : null);
  return { sessionId, setCookie: await sessionCookie().serialize(sessionId) };
}

/** Ends this request's session on the server and returns the Set-Cookie that clears it. */
export async function endUserSession(request: Request) {
  const sessionId = await sessionIdOf(request);
  if (sessionId) await endSession(sessionId);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
