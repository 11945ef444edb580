import { afterEach, describe, expect, it, vi } from "vitest";

import { SessionModel } from "~/models/session.server";
import { UserModel } from "~/models/user.server";
import { STORAGE_UNAVAILABLE_MESSAGE } from "~/services/storage-failure.server";

import { io } from "@flowmap/engine/files";
import { useEnv } from "../../support/env";
import { createUser } from "../../support/factories";
import { send } from "./harness";

/**
 * While the disk is full the database refuses every write (docs/decisions/012). Reads keep
 * working from memory, so a signed-in visitor still sees their pages and their account; every
 * write, a sign-in's new session included, answers 503 with Retry-After and a message that says
 * the service cannot save for now, never a bare 500 with a stack in the log. The full disk is
 * simulated through the engine's file layer; requests go through the request boundary and the
 * app, as the server sends them.
 */
useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });
// The harness's database (its module registers none itself): one of this file's own.
const { useTestDatabase } = await import("../../support/db");
await useTestDatabase({ clearBeforeEach: true });

const BASE = "http://127.0.0.1:3000";
const original = { ...io };
const fullDisk = () => {
  throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
};

/** The disk fills up; the next write finds out. */
function fillDisk() {
  io.writeSync = fullDisk as typeof io.writeSync;
}

/** Space is back: the engine takes writes again once it has retried the disk (every second). */
async function freeDisk() {
  Object.assign(io, original);
  await vi.waitFor(async () => SessionModel.updateOne({ _id: "no-such-session" }, { $set: { userId: "x" } }), { timeout: 20_000, interval: 100 });
}

afterEach(async () => {
  if (io.writeSync !== original.writeSync) await freeDisk();
});

function get(path: string, cookie?: string, accept = "application/json") {
  const headers = new Headers({ Host: "127.0.0.1:3000", Accept: accept });
  if (accept.startsWith("text/html")) headers.set("Sec-Fetch-Dest", "document");
  if (cookie) headers.set("Cookie", cookie);
  return send(new Request(new URL(path, BASE), { headers }));
}

function postJson(path: string, body: unknown, { cookie, method = "POST" }: { cookie?: string; method?: string } = {}) {
  const headers = new Headers({ Host: "127.0.0.1:3000", Accept: "application/json", "Content-Type": "application/json" });
  if (cookie) headers.set("Cookie", cookie);
  return send(new Request(new URL(path, BASE), { method, headers, body: JSON.stringify(body) }));
}

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({
    Host: "127.0.0.1:3000",
    Accept: "text/html",
    "Sec-Fetch-Dest": "document",
    Origin: BASE,
    "Content-Type": "application/x-www-form-urlencoded",
  });
  if (cookie) headers.set("Cookie", cookie);
  return send(new Request(new URL(path, BASE), { method: "POST", headers, body: new URLSearchParams(fields).toString() }));
}

async function expectUnavailable(response: Response) {
  const text = await response.text();
  expect(response.status, text.slice(0, 200)).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("60");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  // As written, or escaped in a page's HTML.
  expect(text.replace(/&#(x27|39);/g, "'")).toContain(STORAGE_UNAVAILABLE_MESSAGE);
  return text;
}

describe("while the disk is full", () => {
  it("reads keep working: the account, the dashboard and the sign-in page, with a session that is due for renewal", async () => {
    const { user, cookie, sessionId } = await createUser({ firstName: "Dora" });
    // A session last renewed two days ago: reading it normally renews it, which is a write.
    const expire = new Date(Date.now() + 28 * 24 * 60 * 60 * 1000);
    await SessionModel.updateOne({ _id: sessionId }, { $set: { expire } });
    const errors = vi.spyOn(console, "error");
    fillDisk();
    try {
      const account = await get("/api/auth/user", cookie);
      expect(account.status, await account.clone().text()).toBe(200);
      expect(await account.json()).toMatchObject({ id: user.id, firstName: "Dora" });
      const dashboard = await get("/dashboard", cookie, "text/html");
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain("Dora");
      const signInPage = await get("/login", undefined, "text/html");
      expect(signInPage.status).toBe(200);
      // Nothing was worth a stack in the log.
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    await freeDisk();
    // The session went on working throughout, and still does.
    expect((await get("/api/auth/user", cookie)).status).toBe(200);
    expect(await SessionModel.countDocuments({ _id: sessionId })).toBe(1);
  });

  it("writes answer 503 with Retry-After and the message: sign-in (API and page), sign-up, a profile change, a page form", async () => {
    const { user, cookie, password } = await createUser({ firstName: "Dora" });
    const errors = vi.spyOn(console, "error");
    fillDisk();
    try {
      // Signing in stores a session: it cannot succeed without the disk.
      const apiSignIn = await postJson("/api/auth/login", { email: user.email, password });
      const body = JSON.parse(await expectUnavailable(apiSignIn)) as Record<string, unknown>;
      expect(body).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE, code: "STORAGE_UNAVAILABLE" });
      expect(apiSignIn.headers.get("Set-Cookie")).toBeNull();

      const pageSignIn = await postForm("/login", { email: user.email, password, redirectTo: "" });
      const page = await expectUnavailable(pageSignIn);
      expect(page).toContain("Go back home");
      expect(pageSignIn.headers.get("Set-Cookie") ?? "").not.toContain("fm_session=");

      await expectUnavailable(await postJson("/api/auth/register", { firstName: "New", lastName: "Person", email: "new-person@example.com", password: "a long enough password" }));
      await expectUnavailable(await postJson("/api/user/profile", { firstName: "Renamed", lastName: "User" }, { cookie, method: "PUT" }));

      // A page form that answers its own errors keeps the form and says why in it.
      const rename = await postForm("/user-settings", { intent: "update-name", firstName: "Renamed", lastName: "User" }, cookie);
      await expectUnavailable(rename);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    await freeDisk();
    expect((await UserModel.findById(user.id).lean())?.firstName).toBe("Dora");
    expect(await UserModel.countDocuments({ email: "new-person@example.com" })).toBe(0);
    // Once the disk has room again, the same sign-in works.
    const again = await postJson("/api/auth/login", { email: user.email, password });
    expect(again.status).toBe(200);
  });
});
