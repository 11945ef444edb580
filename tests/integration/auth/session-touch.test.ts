import { describe, expect, it } from "vitest";

import { createSession, SessionModel } from "~/models/session.server";
import { SESSION_IDLE_DAYS } from "~/services/auth/session.server";
import { getActiveSession, sessionCookie } from "~/web/auth/session-cookie.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const DAY = 24 * 60 * 60 * 1000;
const IDLE = SESSION_IDLE_DAYS * DAY;
// A fixed clock: every read below says what time it is.
const START = new Date(Date.UTC(2026, 0, 10, 9, 0, 0));

async function requestWith(sessionId: string) {
  const cookie = (await sessionCookie().serialize(sessionId)).split(";")[0]!;
  return new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });
}

async function storedExpiry(sessionId: string) {
  return (await SessionModel.findById(sessionId, { expire: 1 }).lean())?.expire.getTime();
}

describe("a signed-in read keeps the session alive without writing on every request", () => {
  it("extends the idle expiry at most once a day: reads within the day write nothing", async () => {
    const sessionId = await createSession({ userId: "user-1", expire: new Date(START.getTime() + IDLE) });
    const request = await requestWith(sessionId);

    // Within the first day after the last extension: the session is live and stays as stored.
    for (const hoursLater of [0, 1, 12, 23]) {
      const now = new Date(START.getTime() + hoursLater * 60 * 60 * 1000);
      expect(await getActiveSession(request, now)).toEqual({ sessionId, userId: "user-1", signedInAt: expect.any(Date) });
      expect(await storedExpiry(sessionId)).toBe(START.getTime() + IDLE);
    }

    // More than a day later: one read moves the expiry to a full idle period from now.
    const dayAndAHourLater = new Date(START.getTime() + 25 * 60 * 60 * 1000);
    expect(await getActiveSession(request, dayAndAHourLater)).toEqual({ sessionId, userId: "user-1", signedInAt: expect.any(Date) });
    expect(await storedExpiry(sessionId)).toBe(dayAndAHourLater.getTime() + IDLE);

    // And the next reads that day leave it alone again.
    await getActiveSession(request, new Date(dayAndAHourLater.getTime() + 2 * 60 * 60 * 1000));
    expect(await storedExpiry(sessionId)).toBe(dayAndAHourLater.getTime() + IDLE);
  });

  it("an idle session past its expiry is not brought back by a read", async () => {
    const sessionId = await createSession({ userId: "user-1", expire: new Date(START.getTime() + IDLE) });
    const request = await requestWith(sessionId);
    const afterExpiry = new Date(START.getTime() + IDLE + 1);
    expect(await getActiveSession(request, afterExpiry)).toBeNull();
    expect(await storedExpiry(sessionId)).toBe(START.getTime() + IDLE);
  });
});
