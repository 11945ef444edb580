import { safeParse } from "zod/v4/core";

import { API_TOKEN_LIMITS } from "~/lib/api/tokens";
import { deleteAccountApiSchema, PASSWORD_TO_DELETE_MESSAGE } from "~/lib/schemas/auth";
import { ADMIN_ROLE } from "~/lib/user";
import { deleteAccountRecords, DELETED_USER_LABEL } from "~/models/account-records.server";
import { LockBusyError, withLock } from "~/models/lock.server";
import { ADMIN_ROLE_LOCK, countOtherAdmins, getAdminUserRow, getPasswordHashById } from "~/models/user.server";
import { type Actor, audit } from "~/services/admin/audit.server";
import { confirmCurrentPassword } from "~/services/auth/accounts.server";
import { conflict, DomainError, fieldErrorsOf, notFound, validationError } from "~/services/domain-error";

/**
 * Deleting an account: its owner (User Settings, `DELETE /api/user`), confirmed with the password,
 * or an Admin (the Users page, `DELETE /api/admin/users/{id}`). Every record of the account goes
 * (models/account-records.server.ts); the audit trail keeps the event, without the email. The last
 * Admin cannot be deleted: the check and the deletion run under the lock every change that takes
 * the Admin role away takes (decision 093), so two Admins deleting each other cannot leave none.
 */

export const LAST_ADMIN_DELETE_SELF_MESSAGE = "You are the last Admin: make another user Admin before deleting your account.";
export const LAST_ADMIN_DELETE_OTHER_MESSAGE = "This user is the last Admin: make another user Admin before deleting this account.";
export { PASSWORD_TO_DELETE_MESSAGE };
export const ACCOUNT_DELETED_MESSAGE = "Your account and everything in it have been deleted.";
const RECENT_SIGN_IN_MINUTES = API_TOKEN_LIMITS.recentSignInMs / 60_000;
const SIGN_IN_AGAIN_MESSAGE = `Your account has no password: sign out, sign in again, then delete it within ${RECENT_SIGN_IN_MINUTES} minutes.`;

async function deleteAccount({ actor, userId, selfDeletion }: { actor: Actor; userId: string; selfDeletion: boolean }) {
  const row = await getAdminUserRow(userId);
  if (!row) throw notFound(selfDeletion ? "Your account no longer exists." : "User not found.");
  const remove = (beforeAccount?: () => Promise<void>) => deleteAccountRecords({ userId, email: row.email, beforeAccount });
  let deleted: boolean;
  if (row.role === ADMIN_ROLE) {
    try {
      deleted = await withLock(ADMIN_ROLE_LOCK, async (lock) => {
        if ((await countOtherAdmins(userId)) === 0) {
          throw conflict(selfDeletion ? LAST_ADMIN_DELETE_SELF_MESSAGE : LAST_ADMIN_DELETE_OTHER_MESSAGE, "LAST_ADMIN");
        }
        return remove(() => lock.confirm());
      });
    } catch (error) {
      if (error instanceof LockBusyError) throw conflict("Another change of Admin roles is being made right now. Please try again.", "ROLE_CHANGE_BUSY");
      throw error;
    }
  } else {
    deleted = await remove();
  }
  if (!deleted) throw notFound(selfDeletion ? "Your account no longer exists." : "User not found.");
  // The event stays in the audit trail; nothing in it names the person any more.
  const by = selfDeletion ? { id: userId, email: DELETED_USER_LABEL } : actor;
  await audit(by, { action: "delete", entity: "user", entityId: userId, label: DELETED_USER_LABEL, before: null, after: null });
  return { email: row.email };
}

/**
 * The signed-in owner deletes the account, confirmed with the password (counted like a failed
 * sign-in when wrong). An account that signs in only through a provider has no password: a sign-in
 * within the last 10 minutes confirms it instead.
 */
export async function deleteOwnAccount({
  userId,
  client,
  signedInAt,
  input,
  now = new Date(),
}: {
  userId: string;
  client: string;
  signedInAt: Date | null;
  input: unknown;
  now?: Date;
}) {
  const parsed = safeParse(deleteAccountApiSchema, input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw validationError(Object.values(errors)[0] ?? PASSWORD_TO_DELETE_MESSAGE, errors);
  }
  const account = await getPasswordHashById(userId);
  if (!account) throw notFound("Your account no longer exists.");
  if (account.passwordHash) {
    const password = parsed.data.password ?? "";
    if (!password) throw validationError(PASSWORD_TO_DELETE_MESSAGE, { password: PASSWORD_TO_DELETE_MESSAGE });
    try {
      await confirmCurrentPassword({ client, userId, currentPassword: password });
    } catch (error) {
      // The same refusal, at this form's field.
      if (error instanceof DomainError && error.kind === "validation") throw validationError(error.message, { password: error.message });
      throw error;
    }
  } else if (!signedInAt || now.getTime() - signedInAt.getTime() >= API_TOKEN_LIMITS.recentSignInMs) {
    throw new DomainError("forbidden", SIGN_IN_AGAIN_MESSAGE, { code: "REAUTH_REQUIRED", fieldErrors: { password: SIGN_IN_AGAIN_MESSAGE } });
  }
  await deleteAccount({ actor: { id: userId, email: DELETED_USER_LABEL }, userId, selfDeletion: true });
}

/** An Admin deletes another account (or their own, from the Users page: no password asked there). */
export async function deleteUserAsAdmin({ actor, id }: { actor: Actor; id: string }): Promise<{ email: string }> {
  return deleteAccount({ actor, userId: id, selfDeletion: actor.id === id });
}
