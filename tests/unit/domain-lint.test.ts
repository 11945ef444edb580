import path from "node:path";
import { fileURLToPath } from "node:url";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The lint rule that keeps HTTP out of the domain (eslint.config.js): the same source, linted with
 * the project's own configuration as if it lived at different paths.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const HTTP_SOURCE = `import { redirect } from "@remix-run/node";

import { apiJson } from "~/web/api.server";

export const answerJson = apiJson;

export function answer(request: Request): Response {
  if (request.method === "POST") return redirect("/");
  return new Response("ok");
}

export const isAnswer = (value: unknown) => value instanceof Response;
export const empty = () => Response.json({});
`;

const PLAIN_SOURCE = `export function total(figures: number[]) {
  return figures.reduce((sum, figure) => sum + figure, 0);
}
`;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(source: string, file: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.map((message) => ({ rule: message.ruleId, line: message.line }));
}

describe("the domain cannot speak HTTP", () => {
  it("refuses @remix-run imports, app/web imports, the Request and Response types and building or testing a Response in services", async () => {
    expect(await problems(HTTP_SOURCE, "app/services/x.server.ts")).toEqual([
      { rule: "no-restricted-imports", line: 1 },
      { rule: "no-restricted-imports", line: 3 },
      { rule: "@typescript-eslint/no-restricted-types", line: 7 },
      { rule: "@typescript-eslint/no-restricted-types", line: 7 },
      { rule: "no-restricted-syntax", line: 9 },
      { rule: "no-restricted-syntax", line: 12 },
      { rule: "no-restricted-syntax", line: 13 },
    ]);
  });

  it("holds for models and shared rules too", async () => {
    for (const file of ["app/models/x.server.ts", "app/lib/flows/x.ts"]) {
      const rules = (await problems(HTTP_SOURCE, file)).map((problem) => problem.rule);
      expect(rules, file).toHaveLength(7);
      expect(new Set(rules), file).toEqual(new Set(["no-restricted-imports", "@typescript-eslint/no-restricted-types", "no-restricted-syntax"]));
    }
  });

  it("lets the HTTP adapters and the routes do all of it", async () => {
    expect(await problems(HTTP_SOURCE, "app/web/x.server.ts")).toEqual([]);
    expect(await problems(HTTP_SOURCE, "app/routes/x.tsx")).toEqual([]);
  });

  it("lets an outbound client read the Response of its own fetch, and nothing more", async () => {
    const found = await problems(HTTP_SOURCE, "app/services/klaviyo/client.server.ts");
    expect(found).toEqual([
      { rule: "no-restricted-imports", line: 1 },
      { rule: "no-restricted-imports", line: 3 },
      { rule: "@typescript-eslint/no-restricted-types", line: 7 },
    ]);
  });

  it("says nothing about plain domain code", async () => {
    expect(await problems(PLAIN_SOURCE, "app/services/x.server.ts")).toEqual([]);
  });
});
