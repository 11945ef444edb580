import type { z } from "zod";

import type { registerApiSchema } from "~/lib/schemas/auth";
import { ADMIN_ROLE } from "~/lib/user";
import {
  createUser,
  getPasswordHashById,
  getProviderAccount,
  getProviderLinkById,
  getUserByEmail,
  getUserByOAuth,
  linkProviderIdentity,
  setPasswordHash,
  setUserRole,
  updateUserName,
  type UserRecord,
} from "~/models/user.server";
import { deleteApiTokensOfUser } from "~/models/api-token.server";
import { deleteOtherSessionsOfUser, deleteSessionsOfUser } from "~/models/session.server";
import { isDuplicateKeyError } from "~/models/utils.server";
import { providerDisplayName, type ProviderProfile } from "~/services/auth/oauth.server";
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
 * ADMIN_EMAILS makes an account Admin only for an identity the provider authenticated: the
 * provider reports the address as verified, it is the account's own, and the provider answers for
 * the account (it created it, or the account's signed-in owner connected it). Typing an address
 * proves nothing: a password account becomes Admin only through `npm run user:role`, an existing
 * Admin, or its owner connecting the provider that verifies the address.
 */
async function applyAdminEmails(user: UserRecord, providerVerifiedEmail: string | null): Promise<UserRecord> {
  if (user.role === ADMIN_ROLE || !providerVerifiedEmail) return user;
  const email = providerVerifiedEmail.trim().toLowerCase();
  if (email !== user.email.trim().toLowerCase() || !getEnv().ADMIN_EMAILS.includes(email)) return user;
  await setUserRole({ id: user.id, role: ADMIN_ROLE });
  return { ...user, role: ADMIN_ROLE };
}

/** `client`: the address the sign-up came from, whose turn the password hash takes in the hashing queue. */
export async function registerAccount(input: z.infer<typeof registerApiSchema>, client?: string): Promise<UserRecord> {
  const existing = await getUserByEmail(input.email);
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password, undefined, client);
  try {
    return await createUser({ ...input, passwordHash });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isDuplicateKeyError(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Email and password sign-in from the address `client`. The answer to a wrong password and to an
 * unknown email is the same message after the same amount of work; failures count against the
 * client and the account.
 */
export async function verifySignIn(client: string, { email, password }: { email: string; password: string }): Promise<UserRecord> {
  // Counted before the password is checked, so concurrent guesses cannot slip past the limit.
  const attempt = await beginSignInAttempt(client, email);
  const user = await getUserByEmail(email);
  if (!user?.passwordHash) {
    await equalizeTiming(password, client);
    throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(password, user.passwordHash, client))) {
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
 * signed in. A wrong current password is a failed password check like a failed sign-in: it is
 * counted against the same limits (per account and address, per address, per account), so a
 * stolen session cannot be used to guess the password. Throws a DomainError: not_found when the
 * account is gone, validation (at currentPassword) when the current password is wrong or the
 * account has none, rate_limited (429 with Retry-After) past a limit.
 */
export const NO_PASSWORD_MESSAGE = "This account signs in through a third-party provider and has no password to change.";

/**
 * Checks the signed-in user's current password, as a failed sign-in would be counted: against the
 * same limits (per account and address, per address, per account), so a stolen session or token
 * cannot be used to guess it. Throws not_found when the account is gone, validation (at
 * currentPassword) when it is wrong or the account has none, rate_limited past a limit.
 */
export async function confirmCurrentPassword({
  client,
  userId,
  currentPassword,
  noPasswordMessage = NO_PASSWORD_MESSAGE,
}: {
  client: string;
  userId: string;
  currentPassword: string;
  noPasswordMessage?: string;
}): Promise<void> {
  const current = await getPasswordHashById(userId);
  if (!current) throw notFound(ACCOUNT_GONE_MESSAGE);
  if (!current.passwordHash) throw validationError(noPasswordMessage, { currentPassword: noPasswordMessage });
  const attempt = await beginSignInAttempt(client, current.email, Date.now(), "current-password");
  if (!(await verifyPassword(currentPassword, current.passwordHash, client))) {
    throw validationError(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  await attempt.succeeded();
}

/**
 * Ends every session and revokes every access token of the user but the session `keepSessionId`
 * (none when null): what a password change, "sign out everywhere" and a password reset do, so a
 * session or token an intruder made dies with the password. Returns how many of each went.
 */
export async function signOutEverywhere({ userId, keepSessionId }: { userId: string; keepSessionId: string | null }) {
  const sessions = keepSessionId ? await deleteOtherSessionsOfUser({ userId, keepSessionId }) : await deleteSessionsOfUser(userId);
  const tokens = await deleteApiTokensOfUser(userId);
  return { sessions, tokens };
}

/**
 * Changes the user's password, then ends every other session of the user and revokes every
 * access token (each other device and script signs in again), as one call. The session given by
 * `keepSessionId` stays signed in (null, for a change made with a token: every session ends). A
 * wrong current password is counted like a failed sign-in (see confirmCurrentPassword).
 */
export async function changePassword({
  client,
  userId,
  keepSessionId,
  input: { currentPassword, newPassword },
}: {
  /** The client's address: the limits and the hashing queue count by it. */
  client: string;
  userId: string;
  keepSessionId: string | null;
  input: { currentPassword: string; newPassword: string };
}): Promise<void> {
  await confirmCurrentPassword({ client, userId, currentPassword });
  await setPasswordHash({ id: userId, passwordHash: await hashPassword(newPassword, undefined, client) });
  await signOutEverywhere({ userId, keepSessionId });
}

export type { ProviderProfile };

/** The refusal when a provider sign-in meets an account it did not create. */
export function accountExistsMessage(hasPassword: boolean) {
  const provider = providerDisplayName();
  return hasPassword
    ? `An account with this email exists: sign in with your password, then connect ${provider} in settings.`
    : `An account with this email exists and signs in another way: sign in the way you did before, then connect ${provider} in settings.`;
}

/**
 * Third-party sign-in: the account already linked to this identity; else a new account. A
 * provider sign-in never takes over an account it did not create: when an account with the same
 * email exists, it is refused (its owner signs in and connects the provider in settings), unless
 * the request comes from a session already signed in to that very account, which is its owner
 * connecting it. An unverified email neither links nor creates an account: it could claim an
 * email (even an ADMIN_EMAILS one) that its owner could then no longer register.
 */
export async function signInWithProvider(profile: ProviderProfile, { signedInUserId = null }: { signedInUserId?: string | null } = {}): Promise<UserRecord> {
  const verifiedEmail = profile.emailVerified ? profile.email : null;
  const linked = await getProviderAccount({ authProvider: profile.provider, oauthSubject: profile.subject });
  if (linked) return applyAdminEmails(linked.user, linked.providerVouches ? verifiedEmail : null);
  if (!profile.email) throw validationError("The sign-in provider did not share an email address.");
  const existing = await getUserByEmail(profile.email);
  if (existing && !profile.emailVerified) {
    throw conflict("An account with this email already exists. Sign in with your password instead.", "EMAIL_TAKEN");
  }
  if (!profile.emailVerified) {
    throw forbidden("Your sign-in provider has not verified your email address. Verify it with the provider, or create an account with your email and a password.");
  }
  if (existing) {
    if (existing.id === signedInUserId) return connectProvider(existing.id, profile);
    throw conflict(accountExistsMessage(Boolean(existing.passwordHash)));
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
    if (isDuplicateKeyError(error)) return signInWithProvider(profile, { signedInUserId });
    throw error;
  }
}

/**
 * Connects a provider identity to the signed-in user's account (the caller has checked that the
 * request comes from that user's session). Refused when the identity belongs to another account or
 * the account already has another identity. ADMIN_EMAILS applies from now on, for the address the
 * provider verifies.
 */
export async function connectProvider(userId: string, profile: ProviderProfile): Promise<UserRecord> {
  const provider = providerDisplayName();
  const owner = await getUserByOAuth({ authProvider: profile.provider, oauthSubject: profile.subject });
  if (owner && owner.id !== userId) {
    throw conflict(`This ${provider} account is already connected to another Flowmap account. Connect a different ${provider} account, or sign in with it.`);
  }
  const current = await getProviderLinkById(userId);
  if (!current) throw notFound(ACCOUNT_GONE_MESSAGE);
  if (current.oauthSubject && (current.authProvider !== profile.provider || current.oauthSubject !== profile.subject)) {
    throw conflict(`Your account is already connected to another ${provider} account.`);
  }
  let user: UserRecord | null;
  try {
    user = await linkProviderIdentity({ id: userId, authProvider: profile.provider, oauthSubject: profile.subject });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw conflict(`This ${provider} account is already connected to another Flowmap account.`);
    throw error;
  }
  if (!user) throw conflict(`Your account is already connected to another ${provider} account.`);
  return applyAdminEmails(user, profile.emailVerified ? profile.email : null);
}
