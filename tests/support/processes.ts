/**
 * How a test starts one of the project's TypeScript entry points as a process of its own:
 * `node <bundle>` when the run's global setup has bundled it (tests/support/global-setup.ts),
 * else `node --import tsx <source>` (a test file run outside the configured suite).
 *
 *   spawn(process.execPath, [...nodeArgs("scripts/user-role.ts"), email, role], { cwd: PROJECT_ROOT })
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { inject } from "vitest";

import { compiledName, type CompiledEntry } from "./compiled-entries";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The arguments for `node` that run `entry` (a path relative to the project root). */
export function nodeArgs(entry: CompiledEntry): string[] {
  const dir = inject("compiledEntriesDir");
  const bundle = dir ? path.join(dir, `${compiledName(entry)}.js`) : null;
  if (bundle && existsSync(bundle)) return [bundle];
  return ["--import", "tsx", path.join(PROJECT_ROOT, entry)];
}
