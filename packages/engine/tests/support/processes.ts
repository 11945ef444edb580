/**
 * How a test starts one of the package's TypeScript entry points as a process of its own:
 * `node <bundle>` when the run's global setup has bundled it (global-setup.ts), else
 * `node --import tsx <source>` (a test file run outside the configured suite).
 *
 *   spawn(process.execPath, [...nodeArgs("src/cli/repair.ts"), "--dbpath", dir])
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { inject } from "vitest";

export const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The entry points tests run as child processes, relative to the package's root. */
export const CHILD_ENTRIES = ["src/cli/repair.ts", "tests/conformance/fixtures/engine-child.ts"] as const;

export type ChildEntry = (typeof CHILD_ENTRIES)[number];

/** The bundle's file name (without .js) for an entry: its path with the slashes and extension gone. */
export function bundleName(entry: string): string {
  return entry.replace(/\.ts$/, "").replace(/[/\\]/g, "__");
}

/** The arguments for `node` that run `entry`. */
export function nodeArgs(entry: ChildEntry): string[] {
  const dir = inject("engineChildBinDir");
  const bundle = dir ? path.join(dir, `${bundleName(entry)}.js`) : null;
  if (bundle && existsSync(bundle)) return [bundle];
  return ["--import", "tsx", path.join(PACKAGE_ROOT, entry)];
}
