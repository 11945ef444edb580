import { describe, expect, it } from "vitest";

import { importCycles, importGraph } from "../support/import-graph";

/** Every folder of the project's own code (tests aside); a folder that does not exist adds nothing. */
const CODE_FOLDERS = ["app", "server", "scripts", "bench", "engine", "packages"];

describe("imports go one way", () => {
  const graph = importGraph(CODE_FOLDERS);

  it("reads the project's imports, the ~/ alias and type-only imports included", () => {
    expect(graph.get("app/lib/timing.ts")).toEqual(expect.arrayContaining(["app/lib/timing-schema.ts", "app/lib/timing-rules.ts"]));
    expect(graph.get("app/web/dashboard-action.server.ts")).toContain("app/lib/dashboard-forms.ts");
  });

  it("no file imports, however indirectly, a file that imports it", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("app/lib imports nothing but app/lib", () => {
    const outside = [...graph].flatMap(([file, targets]) =>
      file.startsWith("app/lib/") ? targets.filter((target) => !target.startsWith("app/lib/")).map((target) => `${file} -> ${target}`) : [],
    );
    expect(outside).toEqual([]);
  });
});

describe("the cycle finder", () => {
  it("finds a cycle through types and re-exports alike, and each cycle once", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
      ["f.ts", ["d.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  });

  it("finds none in imports that only go down", () => {
    expect(
      importCycles(
        new Map([
          ["a.ts", ["b.ts", "c.ts"]],
          ["b.ts", ["c.ts"]],
          ["c.ts", []],
        ]),
      ),
    ).toEqual([]);
  });
});
