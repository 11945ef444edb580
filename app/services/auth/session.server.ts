import { createSession, deleteSession, getSession, touchSession } from "~/models/session.server";
import { isStorageFailure } from "~/services/storage-failure.server";

/** A session ends after this long without use (the idle timeout), and is extended by use. */
export const SESSION_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
/** Extending the expiry costs a write; doing it at most once a day per session is plenty. */
const TOUCH_AFTER_MS = DAY_MS;

export interface ActiveSession {
  sessionId: string;
  userId: string;
  /** When the user signed in to this session. */
  signedInAt: Date;
}

/** The signed-in session with this id, or null. Keeps a live session from idling out. */
export async function activeSession(sessionId: string, now = new Date()): Promise<ActiveSession | null> {
  const session = await getSession(sessionId, now);
  if (!session?.userId) return null;
  if (session.expire.getTime() - now.getTime() < IDLE_MS - TOUCH_AFTER_MS) {
    // While the database cannot save (disk full) the session stays as it is: it still has weeks
    // to run, and the visitor keeps reading instead of being refused.
    await touchSession(sessionId, { expire: new Date(now.getTime() + IDLE_MS) }, now).catch((error: unknown) => {
      if (!isStorageFailure(error)) throw error;
    });
  }
  return { sessionId, userId: session.userId, signedInAt: session.createdAt };
}

/**
 * Signs a user in: always a brand-new session id. A session the browser already had
 * (`previousSessionId`) is ended, never reused (session fixation).
 */
export async function startSession(userId: string, previousSessionId: string | null = null): Promise<string> {
  if (previousSessionId) await deleteSession(previousSessionId);
  return createSession({ userId, expire: new Date(Date.now() + IDLE_MS) });
}

export async function endSession(sessionId: string) {
  await deleteSession(sessionId);
}
