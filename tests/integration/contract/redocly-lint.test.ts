/**
 * Redocly CLI lints the OpenAPI document the app serves, with the project's redocly.yaml: 0 errors
 * and 0 warnings. The CLI runs as a child process on the generated document.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

const { openApiDocument } = await import("~/web/openapi/document.server");

const root = fileURLToPath(new URL("../../..", import.meta.url));
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin", "cli.js");
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "flowmap-openapi-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

function lint(file: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [cli, "lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "json"],
      // The CLI never reaches the network here: no telemetry, no update check.
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr }),
    );
  });
}

describe("Redocly CLI on /api/openapi.json", () => {
  it("reports 0 errors and 0 warnings", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "openapi.json");
    await fs.writeFile(file, JSON.stringify(openApiDocument(), null, 2));
    const { code, stdout, stderr } = await lint(file);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(", ")})`);
    expect(problems, stderr).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code).toBe(0);
  });

  it("fails on a document with a problem, so a clean report means something", { timeout: 60_000 }, async () => {
    const broken = structuredClone(openApiDocument()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    delete broken.paths["/api/auth/user"]!.get!.operationId;
    const file = path.join(dir, "broken.json");
    await fs.writeFile(file, JSON.stringify(broken));
    const { stdout } = await lint(file);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { totals: { errors: number; warnings: number } };
    expect(report.totals.errors + report.totals.warnings).toBeGreaterThan(0);
  });
});
