import { createCookie, type Cookie } from "@remix-run/node";

import { createSession, deleteSession, getSession, touchSession } from "~/models/session.server";
import { getSessionSecret, isProduction } from "~/services/secret.server";
import { isStorageFailure } from "~/services/storage-failure.server";

/** A session ends after this long without use (the idle timeout), and is extended by use. */
export const SESSION_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
/** Extending the expiry costs a write; doing it at most once a day per session is plenty. */
const TOUCH_AFTER_MS = DAY_MS;

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

export interface ActiveSession {
  sessionId: string;
  userId: string;
}

/** The signed-in session of this request, or null. Keeps a live session from idling out. */
export async function getActiveSession(request: Request, now = new Date()): Promise<ActiveSession | null> {
  const sessionId = await sessionIdOf(request);
  if (!sessionId) return null;
  const session = await getSession(sessionId, now);
  if (!session?.userId) return null;
  if (session.expire.getTime() - now.getTime() < IDLE_MS - TOUCH_AFTER_MS) {
    // While the database cannot save (disk full) the session stays as it is: it still has weeks
    // to run, and the visitor keeps reading instead of being refused.
    await touchSession(sessionId, { expire: new Date(now.getTime() + IDLE_MS) }, now).catch((error: unknown) => {
      if (!isStorageFailure(error)) throw error;
    });
  }
  return { sessionId, userId: session.userId };
}

/** Signs a user in: always a brand-new session id, returned as the Set-Cookie value. */
export async function startUserSession(userId: string, request?: Request) {
  // A session the browser already had is replaced, never reused (session fixation).
  if (request) {
    const previous = await sessionIdOf(request);
    if (previous) await deleteSession(previous);
  }
  const sessionId = await createSession({ userId, expire: new Date(Date.now() + IDLE_MS) });
  return { sessionId, setCookie: await sessionCookie().serialize(sessionId) };
}

/** Ends this request's session on the server and returns the Set-Cookie that clears it. */
export async function endUserSession(request: Request) {
  const sessionId = await sessionIdOf(request);
  if (sessionId) await deleteSession(sessionId);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
