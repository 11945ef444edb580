import fs from "node:fs";
import path from "node:path";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

import { PROJECT_ROOT } from "../support/processes";

/**
 * docs/architecture.md's table of layers says which folders of app/ each folder may not import
 * from, and which may import no `.server` module at all; eslint.config.js refuses those imports.
 * Both are read here: the table from the page, the rule by linting one import of every folder from
 * every folder (and of a `.server` module, and type-only imports) with the project's configuration.
 */

const LAYERS = ["routes", "web", "components", "services", "models", "lib"];

interface Row {
  /** The folders of app/ it may not import from, sorted. */
  folders: string[];
  /** Whether it may import no `.server` module, wherever it lives. */
  serverModules: boolean;
}

/** The rows of the table under "## The layers": folder to what it may not import. */
function documentedRows(): Map<string, Row> {
  const page = fs.readFileSync(path.join(PROJECT_ROOT, "docs/architecture.md"), "utf8");
  const section = page.split(/^## /m).find((part) => part.startsWith("The layers\n"));
  if (!section) throw new Error('docs/architecture.md has no "## The layers" section');
  const rows = new Map<string, Row>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const folder = /^`app\/([a-z-]+)\/`$/.exec(cells[1] ?? "")?.[1];
    if (!folder) continue;
    const refused = [...(cells[3] ?? "").matchAll(/`app\/([a-z-]+)\/`/g)].map((match) => match[1]);
    rows.set(folder, { folders: refused.sort(), serverModules: (cells[3] ?? "").includes("any `.server` module") });
  }
  return rows;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: PROJECT_ROOT });
});

/** The lines of `source`, as a file of `layer`, on which the lint rule refuses an import. */
async function refusedLines(layer: string, source: string): Promise<Set<number>> {
  const [result] = await eslint.lintText(source, { filePath: path.join(PROJECT_ROOT, "app", layer, "probe.tsx") });
  return new Set(result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.line));
}

/** The folders whose import the lint rule refuses in a file of `layer`. */
async function lintedRefusals(layer: string): Promise<string[]> {
  const source = LAYERS.map((target, index) => `import { value${index} } from "~/${target}/probe";\nexport const use${index} = value${index};\n`).join("");
  const refused = await refusedLines(layer, source);
  return LAYERS.filter((_, index) => refused.has(index * 2 + 1)).sort();
}

/**
 * Whether the lint rule refuses, in a file of `layer`, a `.server` module of app/lib/ (a folder
 * every layer may import) by its alias and by a relative path.
 */
async function refusesServerModules(layer: string): Promise<boolean> {
  const source = `import { aliased } from "~/lib/probe.server";\nimport { relative } from "./probe.server";\nexport const used = [aliased, relative];\n`;
  const refused = await refusedLines(layer, source);
  expect(refused.has(1), `app/${layer}/: the alias and the relative path agree`).toBe(refused.has(2));
  return refused.has(1);
}

describe("the layers in docs/architecture.md are the lint rule's", () => {
  it("the table has one row for each folder of app/ that holds code", () => {
    const folders = fs
      .readdirSync(path.join(PROJECT_ROOT, "app"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "styles")
      .map((entry) => entry.name)
      .sort();
    expect([...documentedRows().keys()].sort()).toEqual(folders);
    expect(folders).toEqual([...LAYERS].sort());
  });

  it("every folder refuses exactly the imports the table says", async () => {
    const documented = documentedRows();
    for (const layer of LAYERS) {
      expect(await lintedRefusals(layer), `app/${layer}/`).toEqual(documented.get(layer)?.folders);
    }
  });

  it("exactly the folders the table says may import no .server module are refused one", async () => {
    const documented = documentedRows();
    for (const layer of LAYERS) {
      expect(await refusesServerModules(layer), `app/${layer}/`).toBe(documented.get(layer)?.serverModules);
    }
  });

  it("a type-only import is refused like any other", async () => {
    const documented = documentedRows();
    for (const layer of LAYERS) {
      const refusedFolders = documented.get(layer)?.folders ?? [];
      const source = refusedFolders.map((target) => `import type { Shape } from "~/${target}/probe.ts";\n`).join("");
      const refused = await refusedLines(layer, `${source}export {};\n`);
      expect(refused.size, `app/${layer}/: ${refusedFolders.join(", ")}`).toBe(refusedFolders.length);
    }
  });

  it("app/lib refuses every other layer, and components refuse all but components and app/lib", () => {
    const documented = documentedRows();
    expect(documented.get("lib")?.folders).toEqual(LAYERS.filter((layer) => layer !== "lib").sort());
    expect(documented.get("components")?.folders).toEqual(LAYERS.filter((layer) => layer !== "components" && layer !== "lib").sort());
    expect(documented.get("models")?.folders).toContain("services");
  });
});
