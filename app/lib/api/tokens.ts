import * as z from "zod/mini";

import { FIELD_LIMITS } from "~/lib/limits";

/**
 * Personal access tokens, the rules shared by the settings page and the API (client-safe).
 */
export const API_TOKEN_LIMITS = {
  /** The longest name a token may have. */
  nameLength: 100,
  /** How many tokens one user may hold at once; revoke one to make another. */
  perUser: 20,
  /** lastUsedAt is written at most once per this many milliseconds of use (one write a minute, not one per call). */
  touchEveryMs: 60_000,
  /** The longest a token may be made to last, in days (unset: until revoked). */
  maxExpiryDays: 365,
  /** A session signed in within this many milliseconds may make a token without typing the password again. */
  recentSignInMs: 10 * 60_000,
} as const;

/** What a token may do: `full` acts as its owner everywhere; `read` only reads (GET and HEAD). */
export const API_TOKEN_SCOPES = ["full", "read"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "fmp_";

export const TOKEN_NAME_REQUIRED_MESSAGE = "Token name is required";
export const TOKEN_NAME_TOO_LONG_MESSAGE = `Token name must be at most ${API_TOKEN_LIMITS.nameLength} characters`;
export const TOO_MANY_TOKENS_MESSAGE = `You have ${API_TOKEN_LIMITS.perUser} access tokens, the most an account may hold. Revoke one you no longer use, then create the new one.`;

export const apiTokenNameSchema = z
  .string({ error: TOKEN_NAME_REQUIRED_MESSAGE })
  .check(z.trim(), z.minLength(1, { error: TOKEN_NAME_REQUIRED_MESSAGE }), z.maxLength(API_TOKEN_LIMITS.nameLength, { error: TOKEN_NAME_TOO_LONG_MESSAGE }));

export const TOKEN_EXPIRY_MESSAGE = `Expiry must be a whole number of days from 1 to ${API_TOKEN_LIMITS.maxExpiryDays}, or left empty for a token that lasts until revoked`;
export const TOKEN_SCOPE_MESSAGE = "Access must be full or read";
export const REAUTH_REQUIRED_MESSAGE = `Type your current password to create an access token (you signed in more than ${API_TOKEN_LIMITS.recentSignInMs / 60_000} minutes ago).`;

const expiresInDaysSchema = z.nullable(
  z.optional(
    z
      .number({ error: TOKEN_EXPIRY_MESSAGE })
      .check(z.int({ error: TOKEN_EXPIRY_MESSAGE }), z.minimum(1, { error: TOKEN_EXPIRY_MESSAGE }), z.maximum(API_TOKEN_LIMITS.maxExpiryDays, { error: TOKEN_EXPIRY_MESSAGE })),
  ),
);
const scopeSchema = z.optional(z.enum(API_TOKEN_SCOPES, { error: TOKEN_SCOPE_MESSAGE }));
const currentPasswordSchema = z.optional(z.string({ error: "Current password must be text" }).check(z.maxLength(FIELD_LIMITS.password, { error: "Current password is too long" })));

const tokenFields = { name: apiTokenNameSchema, expiresInDays: expiresInDaysSchema, scope: scopeSchema, currentPassword: currentPasswordSchema };

/**
 * `POST /api/user/tokens` and the settings form: a name, and optionally the days it lasts, its
 * scope, and the current password (needed unless the session signed in within the last 10 minutes).
 */
export const createApiTokenSchema = z.strictObject(tokenFields);

/** The settings form's fields (the page's forms also send `intent`); an empty expiry is no expiry. */
export const apiTokenFormSchema = z.object(tokenFields);

export const CREATE_TOKEN_INTENT = "create-token";
export const REVOKE_TOKEN_INTENT = "revoke-token";
