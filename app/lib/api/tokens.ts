import * as z from "zod/mini";

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
} as const;

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "fmp_";

export const TOKEN_NAME_REQUIRED_MESSAGE = "Token name is required";
export const TOKEN_NAME_TOO_LONG_MESSAGE = `Token name must be at most ${API_TOKEN_LIMITS.nameLength} characters`;
export const TOO_MANY_TOKENS_MESSAGE = `You have ${API_TOKEN_LIMITS.perUser} access tokens, the most an account may hold. Revoke one you no longer use, then create the new one.`;

export const apiTokenNameSchema = z
  .string({ error: TOKEN_NAME_REQUIRED_MESSAGE })
  .check(z.trim(), z.minLength(1, { error: TOKEN_NAME_REQUIRED_MESSAGE }), z.maxLength(API_TOKEN_LIMITS.nameLength, { error: TOKEN_NAME_TOO_LONG_MESSAGE }));

/** `POST /api/user/tokens` and the settings form: `{ name }`, nothing else. */
export const createApiTokenSchema = z.strictObject({ name: apiTokenNameSchema });

/** The settings form's field (the page's forms also send `intent`). */
export const apiTokenFormSchema = z.object({ name: apiTokenNameSchema });

export const CREATE_TOKEN_INTENT = "create-token";
export const REVOKE_TOKEN_INTENT = "revoke-token";
