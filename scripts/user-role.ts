// npm run user:role -- <email> <Admin|User>: sets an account's role from the command line.
import { USER_ROLES, setUserRoleByEmail, type UserRole } from "~/models/user.server";
import { connectDb, disconnectDb } from "~/services/db.server";

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
    const user = await setUserRoleByEmail({ email, role });
    if (!user) {
      console.error(`No account with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${user.email} is now ${user.role}.`);
  } finally {
    await disconnectDb();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
