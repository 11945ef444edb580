import type { z } from "zod";

import type { registerApiSchema } from "~/lib/schemas/auth";
import { ADMIN_ROLE } from "~/lib/user";
import {
  createUser,
  getPasswordHashById,
  getUserByEmail,
  getUserByOAuth,
  linkProviderIdentity,
  setPasswordHash,
  setUserRole,
  updateUserName,
  type UserRecord,
} from "~/models/user.server";
import { deleteOtherSessionsOfUser } from "~/models/session.server";
import { isDuplicateKeyError } from "~/models/utils.server";
import { equalizeTiming, hashPassword, verifyPassword } from "~/services/auth/password.server";
import { beginSignInAttempt } from "~/services/auth/rate-limit.server";
import { conflict, DomainError, forbidden, notFound, unauthenticated, validationError } from "~/services/domain-error";
import { getEnv } from "~/services/env.server";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Sign in instead.";
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";
export const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";
const ACCOUNT_GONE_MESSAGE = "Your account no longer exists.";

/** The email is someone else's account: a conflict reported at the email field. */
function emailTaken() {
  return new DomainError("conflict", EMAIL_TAKEN_MESSAGE, { code: "EMAIL_TAKEN", fieldErrors: { email: EMAIL_TAKEN_MESSAGE } });
}

/**
 * ADMIN_EMAILS makes an account Admin only when a third-party provider vouches for the address
 * (it reports it as verified, and it is the account's own). Typing an address proves nothing: a
 * password account becomes Admin only through `npm run user:role` or an existing Admin.
 */
async function applyAdminEmails(user: UserRecord, providerVerifiedEmail: string | null): Promise<UserRecord> {
  if (user.role === ADMIN_ROLE || !providerVerifiedEmail) return user;
  const email = providerVerifiedEmail.trim().toLowerCase();
  if (email !== user.email.trim().toLowerCase() || !getEnv().ADMIN_EMAILS.includes(email)) return user;
  await setUserRole({ id: user.id, role: ADMIN_ROLE });
  return { ...user, role: ADMIN_ROLE };
}

export async function registerAccount(input: z.infer<typeof registerApiSchema>): Promise<UserRecord> {
  const existing = await getUserByEmail(input.email);
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await createUser({ ...input, passwordHash });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isDuplicateKeyError(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Email and password sign-in. The answer to a wrong password and to an unknown email is the same
 * message after the same amount of work; failures count against the client and the account.
 */
export async function verifySignIn(request: Request, { email, password }: { email: string; password: string }): Promise<UserRecord> {
  // Counted before the password is checked, so concurrent guesses cannot slip past the limit.
  const attempt = await beginSignInAttempt(request, email);
  const user = await getUserByEmail(email);
  if (!user?.passwordHash) {
    await equalizeTiming(password);
    throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  }
  await attempt.succeeded();
  const { passwordHash: _hash, ...record } = user;
  return record;
}

export async function renameUser(userId: string, names: { firstName: string; lastName: string }) {
  const user = await updateUserName({ id: userId, ...names });
  if (!user) throw notFound(ACCOUNT_GONE_MESSAGE);
  return user;
}

/**
 * Changes the user's password and ends every other session of the user (each other device signs
 * in again with the new password), as one call. The session given by `keepSessionId` stays
 * signed in. Throws a DomainError: not_found when the account is gone, validation (at
 * currentPassword) when the current password is wrong or the account has none.
 */
export async function changePassword({
  userId,
  keepSessionId,
  input: { currentPassword, newPassword },
}: {
  userId: string;
  keepSessionId: string;
  input: { currentPassword: string; newPassword: string };
}): Promise<void> {
  const current = await getPasswordHashById(userId);
  if (!current) throw notFound(ACCOUNT_GONE_MESSAGE);
  if (!current.passwordHash) {
    const message = "This account signs in through a third-party provider and has no password to change.";
    throw validationError(message, { currentPassword: message });
  }
  if (!(await verifyPassword(currentPassword, current.passwordHash))) {
    throw validationError(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  await setPasswordHash({ id: userId, passwordHash: await hashPassword(newPassword) });
  await deleteOtherSessionsOfUser({ userId, keepSessionId });
}

export interface ProviderProfile {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Third-party sign-in: the account already linked to this identity; else the account with the
 * same verified email, now linked; else a new account. An unverified email neither links nor
 * creates an account: it could take over someone else's account, or claim an email (even an
 * ADMIN_EMAILS one) that its owner could then no longer register.
 */
export async function signInWithProvider(profile: ProviderProfile): Promise<UserRecord> {
  const verifiedEmail = profile.emailVerified ? profile.email : null;
  const linked = await getUserByOAuth({ authProvider: profile.provider, oauthSubject: profile.subject });
  if (linked) return applyAdminEmails(linked, verifiedEmail);
  if (!profile.email) throw validationError("The sign-in provider did not share an email address.");
  const existing = await getUserByEmail(profile.email);
  if (existing && !profile.emailVerified) {
    throw conflict("An account with this email already exists. Sign in with your password instead.", "EMAIL_TAKEN");
  }
  if (!profile.emailVerified) {
    throw forbidden(
      "Your sign-in provider has not verified your email address. Verify it with the provider, or create an account with your email and a password.",
    );
  }
  if (existing) {
    const user = await linkProviderIdentity({ id: existing.id, authProvider: profile.provider, oauthSubject: profile.subject });
    return applyAdminEmails(user ?? existing, verifiedEmail);
  }
  try {
    const user = await createUser({
      email: profile.email,
      firstName: profile.firstName ?? "",
      lastName: profile.lastName ?? "",
      authProvider: profile.provider,
      oauthSubject: profile.subject,
    });
    return applyAdminEmails(user, verifiedEmail);
  } catch (error) {
    if (isDuplicateKeyError(error)) return signInWithProvider(profile);
    throw error;
  }
}
