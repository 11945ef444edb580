/**
 * docs/api-client.md holds a typed client script. Its types are generated from the OpenAPI
 * document with openapi-typescript, exactly as the page says, and the script is compiled with
 * TypeScript (strict): a change to the API that breaks the example fails here.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const { openApiDocument } = await import("~/web/openapi/document.server");

const root = fileURLToPath(new URL("../../..", import.meta.url));
// Inside node_modules, so the script's `openapi-fetch` import resolves to the project's copy.
const dir = await fs.mkdtemp(path.join(root, "node_modules", ".cache", "flowmap-api-client-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));
beforeAll(async () => {
  const types = astToString(await openapiTS(openApiDocument() as never));
  await fs.writeFile(path.join(dir, "flowmap-api.d.ts"), types);
});

function scriptOf(markdown: string) {
  const blocks = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks, "docs/api-client.md has one TypeScript block").toHaveLength(1);
  return blocks[0]!;
}

function compile(files: string[], extra: ts.CompilerOptions = {}) {
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

describe("the typed client in docs/api-client.md", () => {
  it("compiles against types generated from /api/openapi.json", { timeout: 60_000 }, async () => {
    const script = scriptOf(await fs.readFile(path.join(root, "docs", "api-client.md"), "utf8"));
    await fs.writeFile(path.join(dir, "flowmap-client.ts"), script);
    expect(compile([path.join(dir, "flowmap-client.ts")])).toEqual([]);
  });

  it("would catch a script the API does not fit", { timeout: 60_000 }, async () => {
    const broken = `import createClient from "openapi-fetch";\nimport type { paths } from "./flowmap-api";\nconst c = createClient<paths>({ baseUrl: "http://localhost:3000" });\nawait c.POST("/api/ai-flows/generate", { body: { flowType: "winback" } });\nexport {};\n`;
    await fs.writeFile(path.join(dir, "broken.ts"), broken);
    expect(compile([path.join(dir, "broken.ts")])).toEqual([expect.stringMatching(/"winback"/)]);
  });
});
