/**
 * docs/api-client.md holds a typed client script. Its types are generated from the OpenAPI
 * document with openapi-typescript, exactly as the page says, and the script is compiled with
 * TypeScript (strict): a change to the API that breaks the example fails here.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { scriptOf, strictDiagnostics } from "../../support/doc-scripts";

const { openApiDocument } = await import("~/web/openapi/document.server");

const root = fileURLToPath(new URL("../../..", import.meta.url));
// Inside node_modules, so the script's `openapi-fetch` import resolves to the project's copy.
const dir = await fs.mkdtemp(path.join(root, "node_modules", ".cache", "flowmap-api-client-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));
beforeAll(async () => {
  const types = astToString(await openapiTS(openApiDocument() as never));
  await fs.writeFile(path.join(dir, "flowmap-api.d.ts"), types);
});

describe("the typed client in docs/api-client.md", () => {
  it("compiles against types generated from /api/openapi.json", { timeout: 60_000 }, async () => {
    const script = scriptOf(await fs.readFile(path.join(root, "docs", "api-client.md"), "utf8"), "docs/api-client.md");
    await fs.writeFile(path.join(dir, "flowmap-client.ts"), script);
    expect(strictDiagnostics([path.join(dir, "flowmap-client.ts")])).toEqual([]);
  });

  it("would catch a script the API does not fit", { timeout: 60_000 }, async () => {
    const broken = `import createClient from "openapi-fetch";\nimport type { paths } from "./flowmap-api";\nconst c = createClient<paths>({ baseUrl: "http://localhost:3000" });\nawait c.POST("/api/ai-flows/generate", { body: { flowType: "winback" } });\nexport {};\n`;
    await fs.writeFile(path.join(dir, "broken.ts"), broken);
    expect(strictDiagnostics([path.join(dir, "broken.ts")])).toEqual([expect.stringMatching(/"winback"/)]);
  });
});
