import { z } from "zod";

import { ADMIN_ROLE, DEFAULT_ROLE } from "~/lib/user";
import { ADMIN_USER_SORTS, type AdminUserRow, type AdminUserSort, getAdminUserRow, listUsersForAdmin, removeAdminRoleKeepingAnAdmin, setUserAccess } from "~/models/user.server";
import { LockBusyError } from "~/models/lock.server";
import { type Actor, audit } from "~/services/admin/audit.server";
import { ADMIN_PAGE_SIZE, containsPattern, type ListQuery } from "~/lib/list-query";
import { conflict, fieldErrorsFromIssues, notFound, validationError } from "~/services/domain-error";

/**
 * User management: roles and premium. Premium is how a customer who e-mailed the provider gets
 * the premium flows; it is the stored `isPremium` flag, which every request reads afresh with the
 * user, so granting or revoking it applies from that user's next request.
 */
export const USER_TABLE = { sortable: ADMIN_USER_SORTS, defaultSort: "createdAt", defaultDir: "desc" } as const;

export const LAST_ADMIN_MESSAGE = "You are the last Admin: make another user Admin before removing your own Admin role.";
export const ROLE_CHANGE_BUSY_MESSAGE = "Another change of Admin roles is being made right now. Please try again.";
export const LAST_OTHER_ADMIN_MESSAGE = "This user is now the last Admin: make another user Admin before removing their Admin role.";

async function removeAdminRole(id: string, isPremium: 0 | 1 | undefined) {
  try {
    return await removeAdminRoleKeepingAnAdmin({ id, isPremium });
  } catch (error) {
    if (error instanceof LockBusyError) throw conflict(ROLE_CHANGE_BUSY_MESSAGE, "ROLE_CHANGE_BUSY");
    throw error;
  }
}

export type AdminUserView = Omit<AdminUserRow, "createdAt"> & { createdAt: string };

function toView(row: AdminUserRow): AdminUserView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** One user's row as the admin table lists it (a dialog about it, the API's read); not_found when there is no such user. */
export async function getUserAsAdmin(id: string): Promise<AdminUserView> {
  const row = await getAdminUserRow(id);
  if (!row) throw notFound("User not found.");
  return toView(row);
}

export async function listUsersAsAdmin(query: ListQuery<AdminUserSort>) {
  const { rows, total } = await listUsersForAdmin({
    search: query.search ? containsPattern(query.search) : null,
    sort: query.sort,
    dir: query.dir === "asc" ? 1 : -1,
    skip: (query.page - 1) * (query.pageSize ?? ADMIN_PAGE_SIZE),
    limit: query.pageSize ?? ADMIN_PAGE_SIZE,
  });
  return { users: rows.map(toView), total, page: query.page, pageSize: query.pageSize ?? ADMIN_PAGE_SIZE };
}

const premiumFlag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])], {
  error: "isPremium must be true or false",
});

export const userAccessSchema = z
  .object({
    role: z.enum([ADMIN_ROLE, DEFAULT_ROLE], { error: `Role must be ${ADMIN_ROLE} or ${DEFAULT_ROLE}` }).optional(),
    isPremium: premiumFlag.optional(),
  })
  .refine((value) => value.role !== undefined || value.isPremium !== undefined, { message: "Send a role or isPremium to change", path: ["_form"] })
  .transform((value) => ({
    role: value.role,
    isPremium:
      value.isPremium === undefined
        ? undefined
        : value.isPremium === true || value.isPremium === 1 || value.isPremium === "1" || value.isPremium === "true"
          ? (1 as const)
          : (0 as const),
  }));

/** Sets a user's role and/or premium. The last Admin cannot give up the Admin role. */
export async function setUserAccessAsAdmin({ actor, id, input }: { actor: Actor; id: string; input: unknown }): Promise<AdminUserView> {
  const parsed = userAccessSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsFromIssues(parsed.error.issues);
    throw validationError(Object.values(errors)[0] ?? "The change is not valid.", errors);
  }
  const { role, isPremium } = parsed.data;
  const current = await getAdminUserRow(id);
  if (!current) throw notFound("User not found.");
  const demotesAdmin = role === DEFAULT_ROLE && current.role === ADMIN_ROLE;

  // Taking the Admin role away is decided and written atomically with respect to every other such
  // change: of two Admins demoting each other at once, one succeeds and the other is refused only
  // because it would now leave no Admin.
  const result = demotesAdmin ? await removeAdminRole(id, isPremium) : await setUserAccess({ id, role, isPremium });
  if (result === "last-admin") throw conflict(actor.id === id ? LAST_ADMIN_MESSAGE : LAST_OTHER_ADMIN_MESSAGE, "LAST_ADMIN");
  if (!result) throw notFound("User not found.");

  const { before, after } = result;
  if (before.role !== after.role) {
    await audit(actor, { action: "role", entity: "user", entityId: id, label: after.email, before: { role: before.role }, after: { role: after.role } });
  }
  if (before.isPremium !== after.isPremium) {
    await audit(actor, {
      action: "premium",
      entity: "user",
      entityId: id,
      label: after.email,
      before: { isPremium: before.isPremium },
      after: { isPremium: after.isPremium },
    });
  }
  return toView(after);
}
