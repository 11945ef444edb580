// `npm run build` of the package (also run by the project's `npm install` / `npm ci`, through the
// root package's `prepare`): compiles src/ to dist/ as Node ESM with declarations, from scratch so
// that no output of a deleted source lingers.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
