import { describe, expect, it } from "vitest";

import { createSession, deleteOtherSessionsOfUser, deleteSession, deleteSessionsOfUser, getSession, SessionModel, touchSession } from "~/models/session.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const inOneHour = () => new Date(Date.now() + 60 * 60 * 1000);

describe("sessions", () => {
  it("creates sessions with long random ids and reads them back", async () => {
    const id = await createSession({ userId: "user-1", sess: { flash: "hi" }, expire: inOneHour() });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await createSession({ userId: "user-1", expire: inOneHour() });
    expect(other).not.toBe(id);
    const session = await getSession(id);
    expect(session).toMatchObject({ id, userId: "user-1", sess: { flash: "hi" } });
    expect(session?.expire).toBeInstanceOf(Date);
  });

  it("does not return an expired session, even before the TTL monitor removes it", async () => {
    const id = await createSession({ userId: "user-1", expire: new Date(Date.now() - 1000) });
    expect(await getSession(id)).toBeNull();
    expect(await getSession("no-such-session")).toBeNull();
  });

  it("extends a live session but never brings back a deleted or expired one", async () => {
    const id = await createSession({ userId: "user-1", expire: inOneHour() });
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await touchSession(id, { expire: later, sess: { step: 2 } })).toBe(true);
    const session = await getSession(id);
    expect(session?.expire.getTime()).toBe(later.getTime());
    expect(session?.sess).toEqual({ step: 2 });

    expect(await deleteSession(id)).toBe(true);
    expect(await deleteSession(id)).toBe(false);
    expect(await touchSession(id, { expire: later })).toBe(false);
    expect(await SessionModel.countDocuments({ _id: id })).toBe(0);

    const expired = await createSession({ userId: "user-1", expire: new Date(Date.now() - 1000) });
    expect(await touchSession(expired, { expire: later })).toBe(false);
  });

  it("revokes the other sessions of a user, or all of them", async () => {
    const keep = await createSession({ userId: "user-1", expire: inOneHour() });
    await createSession({ userId: "user-1", expire: inOneHour() });
    await createSession({ userId: "user-1", expire: inOneHour() });
    const someoneElse = await createSession({ userId: "user-2", expire: inOneHour() });

    expect(await deleteOtherSessionsOfUser({ userId: "user-1", keepSessionId: keep })).toBe(2);
    expect(await getSession(keep)).not.toBeNull();
    expect(await getSession(someoneElse)).not.toBeNull();

    expect(await deleteSessionsOfUser("user-1")).toBe(1);
    expect(await getSession(keep)).toBeNull();
    expect(await getSession(someoneElse)).not.toBeNull();
  });

  it("rejects a session without an expiry", async () => {
    // @ts-expect-error: expire is required
    await expect(createSession({ userId: "user-1" })).rejects.toThrow(/expire/);
  });

  it("has a TTL index on expire and an index on userId", async () => {
    const indexes = await SessionModel.collection.indexes();
    const ttl = indexes.find((index) => index.key.expire === 1);
    expect(ttl?.expireAfterSeconds).toBe(0);
    expect(indexes.some((index) => index.key.userId === 1)).toBe(true);
  });
});
