#!/usr/bin/env node
// The whole suite, in the order a reviewer would run it: typecheck, lint, the engine package's own
// typecheck and tests, a production build and its pages' JavaScript against their budgets, the
// app's unit and integration tests (which check and serve that same build), then the browser tests
// against it. Stops at the first failing stage and ends with one summary line of the tests that ran.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { buildHeldAtExit, SUITE_BUILD_ENV, writeBuildRecord } from "../tests/support/production-build.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-test-"));
const bin = (name) => path.resolve("node_modules", ".bin", name);

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    summarize();
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

/**
 * The production build, made the way tests/integration/build.test.ts checks a build (its process
 * held at the exit), its record left for the Vitest stage: the build and start-up tests then check
 * and serve this build instead of making their own, and the browser tests use it too.
 */
async function buildOnce() {
  const label = "Production build (npm run build: app and engine worker)";
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = await buildHeldAtExit(process.cwd(), { echo: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const record = path.join(reportDir, "build.json");
  writeBuildRecord(record, { ...result, root: process.cwd() });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    summarize();
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
  return record;
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Chromium is missing at ${chromium}: installing Debian's chromium package…`);
    const apt = spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"], {
      stdio: "inherit",
    });
    if (apt.status === 0 && fs.existsSync(chromium)) return;
  }
  console.error(`Chromium is needed for the browser tests: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH), then 'npm test' again.`);
  process.exit(1);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function summarize() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const units = ["engine-vitest.json", "vitest.json"].map((name) => readJson(path.join(reportDir, name))).filter(Boolean);
  for (const unit of units) {
    passed += unit.numPassedTests ?? 0;
    failed += unit.numFailedTests ?? 0;
    skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  }
  const e2e = readJson(path.join(reportDir, "playwright.json"));
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
    skipped += e2e.stats.skipped ?? 0;
  }
  if (units.length > 0 || e2e) console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
}

const only = process.argv[2];
if (!only || only === "static") {
  run("Typecheck (tsc)", bin("tsc"), ["--noEmit"]);
  run("Lint (eslint)", bin("eslint"), ["--max-warnings", "0", "."]);
  run("Format (prettier --check)", bin("prettier"), ["--check", "--log-level", "warn", "."]);
}
if (!only || only === "engine") {
  // The engine is a workspace package (packages/engine) with its own tsconfig and tests; the app's
  // typecheck and vitest read only its compiled dist/, so they run here, once.
  const engine = path.join("packages", "engine");
  run("Engine package typecheck (@flowmap/engine)", bin("tsc"), ["-p", path.join(engine, "tsconfig.json")]);
  run("Engine package unit and conformance tests (@flowmap/engine, vitest)", bin("vitest"), [
    "run",
    "--root",
    engine,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(reportDir, "engine-vitest.json")}`,
  ]);
}
// One build for the rest of the suite (`npm test -- unit` leaves the build and start-up tests to make their own).
let buildRecord = null;
if (!only || only === "e2e") {
  buildRecord = await buildOnce();
  run("Client JavaScript budgets (bench/bundles.ts, budgets in bench/targets.ts)", bin("tsx"), ["bench/bundles.ts"]);
}
if (!only || only === "unit") {
  run(
    "Unit and integration tests (vitest)",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reportDir, "vitest.json")}`],
    buildRecord ? { [SUITE_BUILD_ENV]: buildRecord } : {},
  );
}
if (!only || only === "e2e") {
  ensureChromium();
  run("Browser tests (Playwright on Debian's Chromium)", bin("playwright"), ["test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, "playwright.json"),
    CHROMIUM_PATH: chromium,
    // Every run starts from an empty database, whatever earlier runs left behind.
    E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-e2e-data-")),
  });
}
summarize();
