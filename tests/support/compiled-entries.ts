/** The entry points tests run as child processes, bundled once per run by global-setup.ts. */
export const COMPILED_ENTRIES = ["scripts/user-role.ts", "scripts/db-repair.ts", "tests/support/start-server.ts", "tests/support/app-process.ts"] as const;

export type CompiledEntry = (typeof COMPILED_ENTRIES)[number];

/** The bundle's file name (without .js) for an entry: its path with the slashes and extension gone. */
export function compiledName(entry: string) {
  return entry.replace(/\.ts$/, "").replace(/[/\\]/g, "__");
}
