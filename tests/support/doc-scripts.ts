import path from "node:path";
import { fileURLToPath } from "node:url";

import ts from "typescript";
import { expect } from "vitest";

/**
 * The TypeScript script a doc page shows, compiled as an integrator would: strict, against the
 * project's Node types. Used by the contract tests that run the docs' own examples.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The page's one ```ts block. */
export function scriptOf(markdown: string, page: string): string {
  const blocks = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks, `${page} has one TypeScript block`).toHaveLength(1);
  return blocks[0]!;
}

/** The compiler's diagnostics for the files, one line each ("file: message"); none when they compile. */
export function strictDiagnostics(files: string[], extra: ts.CompilerOptions = {}): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    typeRoots: [path.join(root, "node_modules", "@types")],
    skipLibCheck: true,
    ...extra,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}
