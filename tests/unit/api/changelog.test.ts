/** docs/api-changelog.md records each change of the API, and info.version follows its newest entry. */
import fs from "node:fs/promises";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { API_VERSION } from "~/lib/api/version";

const changelog = await fs.readFile(fileURLToPath(new URL("../../../docs/api-changelog.md", import.meta.url)), "utf8");
const versions = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map((match) => match[1]!);

describe("the API changelog", () => {
  it("has the document's version as its newest entry", () => {
    expect(versions[0]).toBe(API_VERSION);
  });

  it("lists its versions newest first, each once", () => {
    const numeric = versions.map((version) => version.split(".").map(Number));
    for (let i = 1; i < numeric.length; i++) {
      const [a, b] = [numeric[i - 1]!, numeric[i]!];
      const newer = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
      expect(newer, `${versions[i - 1]} before ${versions[i]}`).toBeGreaterThan(0);
    }
  });
});
