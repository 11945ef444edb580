import { PASSWORD_RESET_DONE_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from "~/lib/password-reset-messages";
import crypto from "node:crypto";

import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";

import { emailSchema, NEW_PASSWORD_TOO_SHORT, newPasswordSchema } from "~/lib/schemas/auth";
import { hitRateLimit, secondsUntil } from "~/models/rate-limit.server";
import { consumePasswordReset, deletePasswordResetsOfUser, findPasswordReset, insertPasswordReset } from "~/models/password-reset.server";
import { getAdminUserRow, getUserByEmail, setPasswordHash } from "~/models/user.server";
import { type Actor, audit } from "~/services/admin/audit.server";
import { signOutEverywhere } from "~/services/auth/accounts.server";
import { hashPassword } from "~/services/auth/password.server";
import { fieldErrorsOf, notFound, rateLimited, validationError } from "~/services/domain-error";
import { publicOrigin } from "~/services/env.server";
import { mailTransportConfigured, sendMail } from "~/services/mail/mailer.server";

/**
 * Password reset: "Forgot password?" sends a link to the account's email; the link works once,
 * for an hour, and sets a new password, which signs the account out everywhere and revokes every
 * access token. The answer to a request is the same whether or not the email has an account.
 */
export const PASSWORD_RESET_LIMITS = {
  /** How long a link works. */
  linkLifetimeMs: 60 * 60_000,
  /** Requests from one address: at most `max` per `windowMs` (then 429). */
  perAddress: { windowMs: 15 * 60_000, max: 5 },
  /** Links sent to one email: at most `max` per `windowMs` (more requests get the same answer and send nothing, and no header tells the count). */
  perEmail: { windowMs: 60 * 60_000, max: 3, unreported: true },
} as const;

export { PASSWORD_RESET_DONE_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from "~/lib/password-reset-messages";
const RESET_PATH = "/reset-password";

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export const resetPasswordSchema = z.strictObject({
  token: z.string({ error: RESET_LINK_INVALID_MESSAGE }).check(z.minLength(1, { error: RESET_LINK_INVALID_MESSAGE }), z.maxLength(200, { error: RESET_LINK_INVALID_MESSAGE })),
  newPassword: newPasswordSchema(NEW_PASSWORD_TOO_SHORT),
});

function hashOf(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function parse<T>(schema: Parameters<typeof safeParse>[0], input: unknown): T {
  const parsed = safeParse(schema, input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(errors)[0] ?? "The request is not valid.", errors);
  }
  return parsed.data as T;
}

/** A new single-use link for the user, valid for an hour: the full address to open. */
async function issueLink(userId: string, now: Date) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIMITS.linkLifetimeMs);
  await insertPasswordReset({ tokenHash: hashOf(token), userId, expiresAt });
  return { url: `${publicOrigin()}${RESET_PATH}?token=${encodeURIComponent(token)}`, expiresAt };
}

function resetMail(to: string, url: string) {
  return {
    to,
    subject: "Choose a new Flowmap password",
    text: [
      "Someone (we hope you) asked to reset the password of your Flowmap account.",
      "",
      `Choose a new password here: ${url}`,
      "",
      "The link works once, for 1 hour. Setting a new password signs you out everywhere and revokes your API access tokens.",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

/** Sends a link to `email` when it has an account. Sending happens after the answer is decided, so its time tells nothing. */
async function sendLinkIfAccount(email: string, now: Date) {
  const user = await getUserByEmail(email);
  if (!user) return;
  const { url } = await issueLink(user.id, now);
  await sendMail(resetMail(user.email, url));
}

/**
 * "Forgot password?": the same answer for every well-formed email (whether or not it has an
 * account). Past the per-address limit a 429; past the per-email limit nothing more is sent.
 * Returns whether email leaves the server (false: links go to the server log) and, for tests, the
 * work that sends it.
 */
export async function requestPasswordReset({ client, input, now = new Date() }: { client: string; input: unknown; now?: Date }) {
  const { email } = parse<{ email: string }>(forgotPasswordSchema, input);
  const byAddress = await hitRateLimit(`reset:address:${client}`, PASSWORD_RESET_LIMITS.perAddress, now.getTime());
  if (!byAddress.allowed) {
    const seconds = secondsUntil(byAddress.retryAt, now.getTime());
    throw rateLimited(`Too many password reset requests from your network. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`, seconds);
  }
  // Keyed by a hash of the email: the limit's record names nobody.
  const byEmail = await hitRateLimit(`reset:email:${hashOf(email)}`, PASSWORD_RESET_LIMITS.perEmail, now.getTime());
  const sending = byEmail.allowed
    ? sendLinkIfAccount(email, now).catch((error: unknown) => {
        console.error("[mail] the password reset email could not be sent:", error instanceof Error ? error.message : error);
      })
    : Promise.resolve();
  return { message: RESET_REQUESTED_MESSAGE, mailConfigured: mailTransportConfigured(), sending };
}

/** Whether a link still works (the reset page's first view); it is not used up by looking. */
export async function resetLinkIsLive(token: string, now = new Date()) {
  return token.length > 0 && token.length <= 200 && (await findPasswordReset(hashOf(token), now)) !== null;
}

/**
 * Sets a new password from a link: the link is used up in the same write that reads it (a second
 * use, or a race with the first, is refused), every other link of the account goes, and every
 * session and access token of the account is revoked.
 */
export async function resetPassword({ client, input, now = new Date() }: { client: string; input: unknown; now?: Date }) {
  const { token, newPassword } = parse<{ token: string; newPassword: string }>(resetPasswordSchema, input);
  const link = await consumePasswordReset(hashOf(token), now);
  if (!link) throw validationError(RESET_LINK_INVALID_MESSAGE, { token: RESET_LINK_INVALID_MESSAGE });
  const passwordHash = await hashPassword(newPassword, undefined, client);
  if (!(await setPasswordHash({ id: link.userId, passwordHash }))) throw notFound("The account of this link no longer exists.");
  await deletePasswordResetsOfUser(link.userId);
  await signOutEverywhere({ userId: link.userId, keepSessionId: null });
  return { message: PASSWORD_RESET_DONE_MESSAGE };
}

/**
 * An Admin makes a reset link for a user (the Users page), to hand over another way: the link is
 * shown to the Admin, not emailed. Recorded in the audit trail.
 */
export async function createResetLinkAsAdmin({ actor, id, now = new Date() }: { actor: Actor; id: string; now?: Date }) {
  const user = await getAdminUserRow(id);
  if (!user) throw notFound("User not found.");
  const { url, expiresAt } = await issueLink(user.id, now);
  await audit(actor, { action: "reset_link", entity: "user", entityId: user.id, label: user.email, before: null, after: null });
  return { email: user.email, url, expiresAt: expiresAt.toISOString() };
}
