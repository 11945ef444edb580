import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ ADMIN_EMAILS: "boss@example.com, Chief@Example.com", FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../../support/db");
const { nodeArgs } = await import("../../support/processes");
const { createAdmin, createUser } = await import("../../support/factories");
const { apiBody, args, cookiePair, formRequest, jsonRequest, setCookieOf, statusOf } = await import("../../support/requests");
const { action: registerAction } = await import("~/routes/_auth+/register");
const { action: loginAction } = await import("~/routes/_auth+/login");
const apiRegister = await import("~/routes/api+/auth.register");
const apiLogin = await import("~/routes/api+/auth.login");
const apiStats = await import("~/routes/api+/admin.stats");
const { getUserByEmail } = await import("~/models/user.server");
const { AuditLogModel } = await import("~/models/audit-log.server");
const { signInWithProvider } = await import("~/services/auth/accounts.server");

const db = await useTestDatabase({ clearBeforeEach: true });

const roleOf = async (email: string) => (await getUserByEmail(email))?.role;

describe("ADMIN_EMAILS: nobody becomes Admin by typing an address", () => {
  it.each([["Boss@Example.com"], ["  boss@example.com "], ["BOSS@EXAMPLE.COM"]])("registering %j through the page makes a User", async (email) => {
    const response = await registerAction(
      args(
        formRequest("/register", {
          firstName: "B",
          lastName: "Oss",
          email,
          password: "secret1",
          confirmPassword: "secret1",
        }),
      ),
    );
    expect(statusOf(response)).toBe(302);
    expect(await roleOf("boss@example.com")).toBe("User");
  });

  it("registering a listed address through the API makes a User, and says so", async () => {
    const response = await apiRegister.action(
      args(
        jsonRequest("/api/auth/register", {
          body: {
            firstName: "C",
            lastName: "Hief",
            email: "chief@example.com",
            password: "secret1",
          },
        }),
      ),
    );
    expect(response.status).toBe(201);
    expect(await apiBody(response)).toMatchObject({ role: "User" });
    const stats = await apiStats.loader(
      args(
        jsonRequest("/api/admin/stats", {
          method: "GET",
          cookie: cookiePair(setCookieOf(response, "fm_session")),
        }),
      ),
    );
    expect(stats.status).toBe(403);
  });

  it("signing in with a password to a listed account (page and API) leaves it a User", async () => {
    const { password } = await createUser({ email: "boss@example.com" });
    const page = await loginAction(args(formRequest("/login", { email: "boss@example.com", password })));
    expect(statusOf(page)).toBe(302);
    const api = await apiLogin.action(
      args(
        jsonRequest("/api/auth/login", {
          body: { email: "BOSS@example.com", password },
        }),
      ),
    );
    expect(await apiBody(api)).toMatchObject({ role: "User" });
    expect(await roleOf("boss@example.com")).toBe("User");
  });

  it("a provider that reports the listed address as verified makes its account Admin", async () => {
    const user = await signInWithProvider({
      provider: "idp",
      subject: "s-1",
      email: "Chief@Example.com",
      emailVerified: true,
      firstName: "C",
      lastName: "H",
    });
    expect(user.role).toBe("Admin");
    expect(await roleOf("chief@example.com")).toBe("Admin");
  });

  it("a provider that does not vouch for the address makes no Admin, even for an identity already linked", async () => {
    await expect(
      signInWithProvider({
        provider: "idp",
        subject: "s-2",
        email: "boss@example.com",
        emailVerified: false,
      }),
    ).rejects.toThrow(/not verified/);
    expect(await roleOf("boss@example.com")).toBeUndefined();
    // A password account linked earlier (verified then), now reported unverified: stays a User.
    const { user } = await createUser({ email: "boss@example.com" });
    expect(user.role).toBe("User");
    const linked = await signInWithProvider({
      provider: "idp",
      subject: "s-3",
      email: "other@example.com",
      emailVerified: true,
    });
    expect(linked.role).toBe("User");
    const again = await signInWithProvider({
      provider: "idp",
      subject: "s-3",
      email: "boss@example.com",
      emailVerified: false,
    });
    expect(again.role).toBe("User");
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
      const child = spawn(process.execPath, [...nodeArgs("scripts/user-role.ts"), ...argv], {
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
    await createAdmin({ email: "first.admin@example.com" });
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

  it("refuses to take the role from the last Admin, as the admin screen does: exit 1, what to do next, the role kept", { timeout: 120_000 }, async () => {
    const { user } = await createAdmin({ email: "only.admin@example.com" });
    const refused = await runScript("only.admin@example.com", "User");
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      "only.admin@example.com is the last Admin, so the role stays Admin. Make another account Admin first (npm run user:role -- <their email> Admin), then run this again.",
    );
    expect(refused.stdout).not.toContain("is now");
    expect(await roleOf("only.admin@example.com")).toBe("Admin");

    // With a second Admin the same command goes through, and the audit log names the operator.
    await createAdmin({ email: "second.admin@example.com" });
    const demoted = await runScript("only.admin@example.com", "User");
    expect(demoted, demoted.stderr).toMatchObject({ code: 0 });
    expect(demoted.stdout).toContain("only.admin@example.com is now User.");
    expect(await roleOf("only.admin@example.com")).toBe("User");
    expect(await AuditLogModel.find({ entityId: user.id }, { _id: 0, actorId: 1, actorEmail: 1, action: 1, before: 1, after: 1 }).lean()).toEqual([
      { actorId: "operator", actorEmail: "npm run user:role", action: "role", before: { role: "Admin" }, after: { role: "User" } },
    ]);
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
