import fs from "node:fs";
import path from "node:path";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

import { PROJECT_ROOT } from "../support/processes";

/**
 * docs/architecture.md's table of layers says which folders of app/ each folder may not import
 * from; eslint.config.js refuses those imports. Both are read here: the table from the page, the
 * rule by linting one import of every folder from every folder with the project's configuration.
 */

const LAYERS = ["routes", "web", "components", "services", "models", "lib"];

/** The rows of the table under "## The layers": folder to the folders it may not import from. */
function documentedRefusals(): Map<string, string[]> {
  const page = fs.readFileSync(path.join(PROJECT_ROOT, "docs/architecture.md"), "utf8");
  const section = page.split(/^## /m).find((part) => part.startsWith("The layers\n"));
  if (!section) throw new Error('docs/architecture.md has no "## The layers" section');
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const folder = /^`app\/([a-z-]+)\/`$/.exec(cells[1] ?? "")?.[1];
    if (!folder) continue;
    const refused = [...(cells[3] ?? "").matchAll(/`app\/([a-z-]+)\/`/g)].map((match) => match[1]);
    rows.set(folder, refused.sort());
  }
  return rows;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: PROJECT_ROOT });
});

/** The folders whose import the lint rule refuses in a file of `layer`. */
async function lintedRefusals(layer: string): Promise<string[]> {
  const source = LAYERS.map((target, index) => `import { value${index} } from "~/${target}/probe";\nexport const use${index} = value${index};\n`).join("");
  const [result] = await eslint.lintText(source, { filePath: path.join(PROJECT_ROOT, "app", layer, "probe.ts") });
  const refusedLines = new Set(result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.line));
  return LAYERS.filter((_, index) => refusedLines.has(index * 2 + 1)).sort();
}

describe("the layers in docs/architecture.md are the lint rule's", () => {
  it("the table has one row for each folder of app/ that holds code", () => {
    const folders = fs
      .readdirSync(path.join(PROJECT_ROOT, "app"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "styles")
      .map((entry) => entry.name)
      .sort();
    expect([...documentedRefusals().keys()].sort()).toEqual(folders);
    expect(folders).toEqual([...LAYERS].sort());
  });

  it("every folder refuses exactly the imports the table says", async () => {
    const documented = documentedRefusals();
    for (const layer of LAYERS) {
      expect(await lintedRefusals(layer), `app/${layer}/`).toEqual(documented.get(layer));
    }
  });

  it("app/lib refuses every other layer", () => {
    expect(documentedRefusals().get("lib")).toEqual(LAYERS.filter((layer) => layer !== "lib").sort());
  });
});
