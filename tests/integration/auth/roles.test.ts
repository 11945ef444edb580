import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

// ADMIN_EMAILS is read once per process by getEnv(): set it before any app module loads.
process.env.ADMIN_EMAILS = "boss@example.com, Chief@Example.com";
process.env.FLOWMAP_SCRYPT_LOG_N = "12";

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, cookiePair, formRequest, jsonRequest, setCookieOf, statusOf } = await import("../../support/requests");
const { action: registerAction } = await import("~/routes/_auth+/register");
const { action: loginAction } = await import("~/routes/_auth+/login");
const apiRegister = await import("~/routes/api+/auth.register");
const apiLogin = await import("~/routes/api+/auth.login");
const apiUser = await import("~/routes/api+/auth.user");
const apiStats = await import("~/routes/api+/admin.stats");
const { getUserByEmail } = await import("~/models/user.server");

const db = await useTestDatabase({ clearBeforeEach: true });

const roleOf = async (email: string) => (await getUserByEmail(email))?.role;

describe("ADMIN_EMAILS", () => {
  it("makes a listed account Admin when it registers through the page", async () => {
    const response = await registerAction(
      args(formRequest("/register", { firstName: "B", lastName: "Oss", email: "Boss@Example.com", password: "secret1", confirmPassword: "secret1" })),
    );
    expect(statusOf(response)).toBe(302);
    expect(await roleOf("boss@example.com")).toBe("Admin");
  });

  it("makes a listed account Admin when it registers through the API, and says so at once", async () => {
    const response = await apiRegister.action(
      args(jsonRequest("/api/auth/register", { body: { firstName: "C", lastName: "Hief", email: "chief@example.com", password: "secret1" } })),
    );
    expect(response.status).toBe(201);
    expect(await apiBody(response)).toMatchObject({ role: "Admin" });
    const me = await apiUser.loader(args(jsonRequest("/api/auth/user", { method: "GET", cookie: cookiePair(setCookieOf(response, "fm_session")) })));
    expect(await apiBody(me)).toMatchObject({ email: "chief@example.com", role: "Admin" });
  });

  it("leaves everyone else a User", async () => {
    const response = await apiRegister.action(
      args(jsonRequest("/api/auth/register", { body: { firstName: "N", lastName: "O", email: "boss@example.org", password: "secret1" } })),
    );
    expect(await apiBody(response)).toMatchObject({ role: "User" });
    expect(await roleOf("boss@example.org")).toBe("User");
  });

  it("promotes a listed account that already exists when it signs in through the page", async () => {
    // Created directly, as before the address was added to ADMIN_EMAILS.
    const { password } = await createUser({ email: "boss@example.com" });
    expect(await roleOf("boss@example.com")).toBe("User");
    const response = await loginAction(args(formRequest("/login", { email: "boss@example.com", password })));
    expect(statusOf(response)).toBe(302);
    expect(await roleOf("boss@example.com")).toBe("Admin");
  });

  it("promotes a listed account that already exists when it signs in through the API", async () => {
    const { password } = await createUser({ email: "chief@example.com" });
    const response = await apiLogin.action(args(jsonRequest("/api/auth/login", { body: { email: "chief@example.com", password } })));
    expect(await apiBody(response)).toMatchObject({ role: "Admin" });
    expect(await roleOf("chief@example.com")).toBe("Admin");
    const stats = await apiStats.loader(args(jsonRequest("/api/admin/stats", { method: "GET", cookie: cookiePair(setCookieOf(response, "fm_session")) })));
    expect(stats.status).toBe(200);
    await apiBody(stats);
  });
});

describe("npm run user:role (scripts/user-role.ts)", () => {
  const root = fileURLToPath(new URL("../../..", import.meta.url));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-user-role-"));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  /** The test database's URI with its database name, keeping any options of TEST_MONGODB_URI. */
  function databaseUri() {
    const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(db.uri);
    if (!match) throw new Error(`cannot add a database name to ${db.uri}`);
    return `${match[1]}/${db.dbName}${match[2] ?? ""}`;
  }

  function runScript(...argv: string[]) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/user-role.ts", ...argv], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: "test",
          MONGODB_URI: databaseUri(),
          // Never the working copy's ./data, whatever the script does.
          DATA_DIR: scratch,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`user-role did not finish in time.\nstdout: ${stdout}\nstderr: ${stderr}`));
      }, 45_000);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  }

  it("makes an account Admin and back, and the change applies to its live session", { timeout: 120_000 }, async () => {
    const { cookie } = await createUser({ email: "promote.me@example.com" });
    const statsStatus = async () => (await apiStats.loader(args(jsonRequest("/api/admin/stats", { method: "GET", cookie })))).status;
    expect(await statsStatus()).toBe(403);

    const promoted = await runScript("Promote.Me@example.com", "Admin");
    expect(promoted, promoted.stderr).toMatchObject({ code: 0 });
    expect(promoted.stdout).toContain("promote.me@example.com is now Admin.");
    expect(await roleOf("promote.me@example.com")).toBe("Admin");
    expect(await statsStatus()).toBe(200);

    const demoted = await runScript("promote.me@example.com", "User");
    expect(demoted.code).toBe(0);
    expect(await roleOf("promote.me@example.com")).toBe("User");
    expect(await statsStatus()).toBe(403);
  });

  it("exits 1 for an unknown account", { timeout: 60_000 }, async () => {
    const result = await runScript("nobody@example.com", "Admin");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No account with the email nobody@example.com.");
  });

  it.each([[[]], [["someone@example.com"]], [["someone@example.com", "Root"]], [["someone@example.com", "admin"]]])(
    "exits 2 with the usage for the arguments %j",
    { timeout: 60_000 },
    async (argv) => {
      await createUser({ email: "someone@example.com" });
      const result = await runScript(...argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Usage: npm run user:role -- <email> <Admin|User>");
      expect(await roleOf("someone@example.com")).toBe("User");
    },
  );
});
