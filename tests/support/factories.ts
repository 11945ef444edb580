import crypto from "node:crypto";

import { createUser as insertUser, type UserRecord, type UserRole } from "~/models/user.server";
import { hashPassword } from "~/services/auth/password.server";
import { startUserSession } from "~/web/auth/session-cookie.server";

import { CookieJar, cookiePair } from "./requests";

export interface UserOverrides {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  role?: UserRole;
}

export interface TestUser {
  user: UserRecord;
  /** The plain-text password the stored hash was made from. */
  password: string;
  /** `fm_session=<signed id>`, ready for a Cookie header. */
  cookie: string;
  sessionId: string;
  /** A jar holding the session cookie. */
  jar: CookieJar;
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${crypto.randomBytes(4).toString("hex")}@example.com`;
}

/**
 * An account with a real (scrypt) password hash, stored through the model, and a signed-in
 * session made by the app's own `startUserSession`, exactly as a sign-in would.
 */
export async function createUser(overrides: UserOverrides = {}): Promise<TestUser> {
  const password = overrides.password ?? `pw-${crypto.randomBytes(6).toString("hex")}`;
  const user = await insertUser({
    email: overrides.email ?? uniqueEmail(),
    firstName: overrides.firstName ?? "Test",
    lastName: overrides.lastName ?? "User",
    companyName: overrides.companyName ?? "",
    passwordHash: await hashPassword(password),
    role: overrides.role,
  });
  const session = await signIn(user.id);
  return { user, password, ...session };
}

export function createAdmin(overrides: UserOverrides = {}) {
  return createUser({ ...overrides, role: "Admin" });
}

/** Another session for an existing user (a second device). */
export async function signIn(userId: string) {
  const { sessionId, setCookie } = await startUserSession(userId);
  const cookie = cookiePair(setCookie);
  return { sessionId, cookie, jar: new CookieJar(setCookie) };
}
