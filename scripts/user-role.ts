// npm run user:role -- <email> <Admin|User>: sets an account's role from the command line.
import { getUserByEmail, USER_ROLES, type UserRole } from "~/models/user.server";
import type { Actor } from "~/services/admin/audit.server";
import { setUserAccessAsAdmin } from "~/services/admin/users.server";
import { connectDb, disconnectDb } from "~/services/db.server";
import { isDomainError } from "~/services/domain-error";

/** Who the audit log names for a change made here: the server's operator, not a signed-in Admin. */
const OPERATOR: Actor = { id: "operator", email: "npm run user:role" };

function isRole(value: string | undefined): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value ?? "");
}

async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !isRole(role)) {
    console.error("Usage: npm run user:role -- <email> <Admin|User>");
    process.exitCode = 2;
    return;
  }
  await connectDb({ shareRunningEngine: true });
  try {
    const user = await getUserByEmail(email);
    if (!user) {
      console.error(`No account with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    try {
      // The same change as on /admin/users: the last Admin keeps the role, decided under the same lock.
      const changed = await setUserAccessAsAdmin({ actor: OPERATOR, id: user.id, input: { role } });
      console.log(`${changed.email} is now ${changed.role}.`);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      console.error(
        error.code === "LAST_ADMIN"
          ? `${user.email} is the last Admin, so the role stays Admin. Make another account Admin first (npm run user:role -- <their email> Admin), then run this again.`
          : error.message,
      );
      process.exitCode = 1;
    }
  } finally {
    await disconnectDb();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
