/**
 * The admin user table with 10,000 accounts on the embedded engine: one page of 50 (first, last),
 * a sorted page, and a search, through the same service the page and the API call.
 *
 *   npx tsx bench/admin-users.ts        (or the "admin" section of `npm run bench`)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

import mongoose from "mongoose";

import { UserModel } from "../app/models/user.server";
import { parseListQuery } from "../app/lib/list-query";
import { listUsersAsAdmin, USER_TABLE } from "../app/services/admin/users.server";
import { startEngine } from "@flowmap/engine";

const USERS = 10_000;
const ROUNDS = 7;

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)];
}

export async function runAdminBench(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "flowmap-bench-admin-"));
  const engine = await startEngine({ dbPath: dir, port: 0 });
  try {
    await mongoose.connect(engine.uri, { dbName: "bench" });
    await UserModel.init();
    const base = Date.UTC(2026, 0, 1);
    for (let start = 0; start < USERS; start += 2_000) {
      await UserModel.insertMany(
        Array.from({ length: 2_000 }, (_, k) => {
          const i = start + k;
          return { email: `member${i}@example.com`, firstName: i % 100 === 0 ? "Zelda" : "Member", lastName: `N${i}`, createdAt: new Date(base + i * 60_000) };
        }),
        { ordered: false },
      );
    }
    const page = (search: string) => () => listUsersAsAdmin(parseListQuery(new URLSearchParams(search), USER_TABLE));
    const cases: Array<[string, string]> = [
      ["first page (newest first)", "page=1"],
      ["last page (200)", "page=200"],
      ["page 100 sorted by email", "page=100&sort=email&dir=asc"],
      ["search 'zelda' (100 matches)", "q=zelda"],
    ];
    const lines = [`Admin user table, ${USERS.toLocaleString("en-US")} users, 50 a page (median of ${ROUNDS}):`];
    for (const [label, search] of cases) lines.push(`  ${label}: ${(await median(page(search))).toFixed(0)} ms`);
    return lines;
  } finally {
    await mongoose.disconnect();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runAdminBench()
    .then((lines) => console.log(lines.join("\n")))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
