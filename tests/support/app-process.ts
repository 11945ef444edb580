/**
 * The app's server side in a process of its own, for the restart and kill -9 tests: starts the
 * way the server build does (configuration, embedded engine in its thread, seed), then calls
 * the sign-up or sign-in API route and prints one line per answer. It then waits to be stopped
 * (SIGTERM: clean shutdown; SIGKILL: a crash).
 *
 *   node --import tsx tests/support/app-process.ts register <email>...
 *   node --import tsx tests/support/app-process.ts login <email>...
 *
 * Output: "READY", then "register <email> <status>" or "login <email> <status> <email in body>".
 */
import { action as login } from "~/routes/api+/auth.login";
import { action as register } from "~/routes/api+/auth.register";
import { startServer } from "~/services/startup.server";

const PASSWORD = "durable-secret";
const [mode, ...emails] = process.argv.slice(2);

function post(path: string, body: unknown) {
  const request = new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { request, params: {}, context: {} };
}

async function answer(result: unknown) {
  if (result instanceof Response) return { status: result.status, body: (await result.json().catch(() => null)) as { email?: string } | null };
  return { status: 200, body: result as { email?: string } | null };
}

await startServer();
console.log("READY");
for (const email of emails) {
  if (mode === "register") {
    const { status } = await answer(await register(post("/api/auth/register", { firstName: "Dura", lastName: "Ble", email, password: PASSWORD })));
    console.log(`register ${email} ${status}`);
  } else {
    const { status, body } = await answer(await login(post("/api/auth/login", { email, password: PASSWORD })));
    console.log(`login ${email} ${status} ${body?.email ?? "-"}`);
  }
}
console.log("DONE");
setInterval(() => undefined, 60_000); // until stopped
