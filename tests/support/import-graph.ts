import fs from "node:fs";
import path from "node:path";

import ts from "typescript";

import { PROJECT_ROOT } from "./processes";

/**
 * Which source file imports which, read the way TypeScript reads imports: `import`, `export … from`,
 * `import type` and `import()` all count, so a cycle made of types alone is a cycle too. Module
 * names resolve through the `~/` alias (tsconfig.json) and relative paths; packages are left out.
 */

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "build", "dist", ".cache"]);
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

function sourceFilesUnder(dir: string): string[] {
  const found: string[] = [];
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...sourceFilesUnder(full));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(full);
  }
  return found;
}

/** The project's file a module name in `from` points at, or null for a package or a file that is not source. */
function resolveImport(from: string, name: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (name.startsWith("~/")) base = path.join(PROJECT_ROOT, "app", name.slice(2));
  else if (name.startsWith(".")) base = path.resolve(path.dirname(from), name);
  else return null;
  for (const ending of EXTENSIONS) {
    if (files.has(base + ending)) return base + ending;
  }
  // A `.js` name written for a `.ts` file.
  const asTs = base.replace(/\.js$/, ".ts");
  return files.has(asTs) ? asTs : null;
}

/** Every source file under the given folders (relative to the project) with the project files it imports, as relative paths. */
export function importGraph(folders: readonly string[]): Map<string, string[]> {
  const files = folders.flatMap((folder) => sourceFilesUnder(path.join(PROJECT_ROOT, folder)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName, known)).filter((target): target is string => target !== null);
    graph.set(path.relative(PROJECT_ROOT, file), [...new Set(targets.map((target) => path.relative(PROJECT_ROOT, target)))]);
  }
  return graph;
}

/** The groups of files that import each other round in a circle (strongly connected components of two files or more, or a file that imports itself). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;

  function visit(file: string) {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  }

  for (const file of graph.keys()) {
    if (!index.has(file)) visit(file);
  }
  return cycles;
}
