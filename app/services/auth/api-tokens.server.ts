import crypto from "node:crypto";

import { safeParse } from "zod/v4/core";

import { API_TOKEN_LIMITS, API_TOKEN_PREFIX, createApiTokenSchema, REAUTH_REQUIRED_MESSAGE, TOO_MANY_TOKENS_MESSAGE } from "~/lib/api/tokens";
import {
  deleteApiToken,
  deleteApiTokenOfUser,
  findApiTokenByHash,
  insertApiTokenWithinLimit,
  listApiTokensOfUser,
  touchApiToken,
  type ApiTokenRecord,
} from "~/models/api-token.server";
import { LockBusyError } from "~/models/lock.server";
import { getUserById, type UserRecord } from "~/models/user.server";
import { confirmCurrentPassword } from "~/services/auth/accounts.server";
import { conflict, DomainError, fieldErrorsOf, notFound, validationError } from "~/services/domain-error";
import { isStorageFailure } from "~/services/storage-failure.server";

/**
 * Personal access tokens: an API client sends `Authorization: Bearer <token>` and is treated as
 * the token's owner, exactly as if it carried the owner's session cookie. The secret is shown once,
 * when it is made; only its SHA-256 is kept.
 */

export const INVALID_TOKEN_CODE = "INVALID_TOKEN";
export const INVALID_TOKEN_MESSAGE =
  "The access token is not valid, has expired or has been revoked. Create a new one on User Settings (API access tokens) and send it as Authorization: Bearer <token>.";

export const TOKEN_CREATION_BUSY_MESSAGE = "Another access token is being created for your account right now. Please try again in a moment.";

/** The longest token text looked up at all; anything longer is refused without a database read. */
const MAX_TOKEN_LENGTH = 200;

export function hashApiToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as the API and the settings page list it. */
export function toApiToken(token: ApiTokenRecord) {
  return {
    id: token.id,
    name: token.name,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
    scope: token.scope,
    expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null,
  };
}

export type ApiTokenView = ReturnType<typeof toApiToken>;

export async function listApiTokens(userId: string): Promise<ApiTokenView[]> {
  return (await listApiTokensOfUser(userId)).map(toApiToken);
}

/** How the request making a token was signed in: the session's sign-in time, or null for a token. */
export interface TokenCreator {
  userId: string;
  /** The client's address: a password check counts against its sign-in limits. */
  client: string;
  signedInAt: Date | null;
}

const NO_PASSWORD_TO_CONFIRM = `Your account has no password to confirm: sign out and sign in again, then create the token within ${API_TOKEN_LIMITS.recentSignInMs / 60_000} minutes.`;

/**
 * Creating a token needs proof of the owner beyond a session that may have been taken: a sign-in
 * within the last 10 minutes, or the current password. A request signed with a token always needs
 * the password, so a stolen token cannot mint more.
 */
async function confirmOwner({ userId, client, signedInAt }: TokenCreator, currentPassword: string | undefined, now: Date) {
  if (currentPassword) {
    await confirmCurrentPassword({ client, userId, currentPassword, noPasswordMessage: NO_PASSWORD_TO_CONFIRM });
    return;
  }
  if (signedInAt && now.getTime() - signedInAt.getTime() < API_TOKEN_LIMITS.recentSignInMs) return;
  throw new DomainError("forbidden", REAUTH_REQUIRED_MESSAGE, { code: "REAUTH_REQUIRED", fieldErrors: { currentPassword: REAUTH_REQUIRED_MESSAGE } });
}

/**
 * Makes a token named `input.name` for the user, lasting `expiresInDays` (or until revoked), with
 * `scope` full (the default) or read: the answer is the only time the secret is seen.
 */
/** The owner's proof for a token request (a replayed creation is held to it too): a 403 REAUTH_REQUIRED without it. */
export async function confirmTokenCreator(creator: TokenCreator, input: unknown, now = new Date()) {
  const parsed = safeParse(createApiTokenSchema, input);
  await confirmOwner(creator, parsed.success ? parsed.data.currentPassword : undefined, now);
}

export async function createApiToken({
  creator,
  input,
  now = new Date(),
  ownerConfirmed = false,
}: {
  creator: TokenCreator;
  input: unknown;
  now?: Date;
  /** confirmTokenCreator already ran for this request. */
  ownerConfirmed?: boolean;
}) {
  const parsed = safeParse(createApiTokenSchema, input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(errors)[0] ?? "The token name is not valid.", errors);
  }
  const { name, expiresInDays, scope = "full", currentPassword } = parsed.data;
  if (!ownerConfirmed) await confirmOwner(creator, currentPassword, now);
  const token = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const expiresAt = expiresInDays ? new Date(now.getTime() + expiresInDays * 24 * 60 * 60 * 1000) : null;
  // Counted and inserted as one step: creations racing at one below the limit cannot all get in.
  const stored = await insertApiTokenWithinLimit({ userId: creator.userId, name, tokenHash: hashApiToken(token), scope, expiresAt }).catch((error: unknown) => {
    if (error instanceof LockBusyError) throw conflict(TOKEN_CREATION_BUSY_MESSAGE, "TOKEN_CREATION_BUSY");
    throw error;
  });
  if (stored === "limit") throw new DomainError("conflict", TOO_MANY_TOKENS_MESSAGE, { code: "TOO_MANY_TOKENS" });
  return { id: stored.id, name: stored.name, token, createdAt: stored.createdAt.toISOString(), scope: stored.scope, expiresAt: stored.expiresAt?.toISOString() ?? null };
}

/** Revokes one of the user's tokens at once; 404 for a token that is not theirs. */
export async function revokeApiToken({ userId, id }: { userId: string; id: string }) {
  if (!(await deleteApiTokenOfUser({ userId, id }))) throw notFound("Access token not found.");
}

export function invalidToken() {
  return new DomainError("unauthenticated", INVALID_TOKEN_MESSAGE, { code: INVALID_TOKEN_CODE });
}

export const READ_ONLY_TOKEN_MESSAGE = "This access token is read-only: it can read (GET) but not change anything. Create a token with full access for this call.";

/** A read-only token used for anything but reading: 403 `READ_ONLY_TOKEN`. */
export function readOnlyToken() {
  return new DomainError("forbidden", READ_ONLY_TOKEN_MESSAGE, { code: "READ_ONLY_TOKEN" });
}

/**
 * The owner of a token, the token's id and scope, or null for a token that does not exist (never
 * did, or was revoked), has expired (it is then deleted) or whose owner is gone. Records the use,
 * at most once per `touchEveryMs`.
 */
export async function userForApiToken(token: string, now = new Date()): Promise<{ user: UserRecord; tokenId: string; scope: ApiTokenRecord["scope"] } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH) return null;
  const found = await findApiTokenByHash(hashApiToken(token));
  if (!found) return null;
  if (found.expiresAt && found.expiresAt.getTime() <= now.getTime()) {
    await deleteApiToken(found.id).catch((error: unknown) => {
      if (!isStorageFailure(error)) throw error;
    });
    return null;
  }
  const user = await getUserById(found.userId);
  if (!user) return null;
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= API_TOKEN_LIMITS.touchEveryMs) {
    // While the database cannot save (disk full) the token still reads: only the note of its use waits.
    await touchApiToken(found.id, now).catch((error: unknown) => {
      if (!isStorageFailure(error)) throw error;
    });
  }
  return { user, tokenId: found.id, scope: found.scope };
}
