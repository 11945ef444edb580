// `npm run examples` is deterministic: the docs' examples are written under a fixed clock
// (scripts/examples.ts), so writing them on any day gives the bytes committed in docs/examples/
// (written on another day, in another process), and writing one again in the same process, on
// another database, gives its bytes again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { EXAMPLES_DIR, renderExamples } from "../../scripts/examples";
import { useTestDatabase } from "../support/db";
import { useEnv } from "../support/env";

import { seedDatabase } from "~/services/seed/seed.server";

const db = await useTestDatabase();
useEnv({ OPENAI_API_KEY: undefined });

// The examples are written under a fixed clock that replaces Date while they run. Should the test
// be stopped mid-way (a timeout), the files that run next in this process still get the real one.
const RealDate = globalThis.Date;
afterAll(() => {
  globalThis.Date = RealDate;
});

describe("npm run examples", () => {
  beforeEach(async () => {
    await db.clear();
    await seedDatabase();
  });

  it("writes the committed docs/examples, and the same bytes again", async () => {
    const first = await renderExamples(EXAMPLES_DIR);
    const answers = fs
      .readdirSync(EXAMPLES_DIR)
      .filter((file) => file.endsWith(".answers.json"))
      .sort();
    expect(answers.length).toBeGreaterThan(0);
    expect([...first.keys()].sort()).toEqual(answers.map((file) => file.replace(/\.answers\.json$/, ".md")).sort());
    for (const [file, body] of first) {
      expect(body, `docs/examples/${file} is out of date: run npm run examples`).toBe(fs.readFileSync(path.join(EXAMPLES_DIR, file), "utf8"));
    }

    // Again for the first business alone, on an emptied and reseeded database: the clock reads the
    // same instants from the start, so its five flows must come out byte for byte the same.
    const sampleDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-examples-"));
    try {
      fs.copyFileSync(path.join(EXAMPLES_DIR, answers[0]), path.join(sampleDir, answers[0]));
      await db.clear();
      await seedDatabase();
      const again = await renderExamples(sampleDir);
      const file = answers[0].replace(/\.answers\.json$/, ".md");
      expect([...again.keys()]).toEqual([file]);
      expect(again.get(file)).toBe(first.get(file));
    } finally {
      fs.rmSync(sampleDir, { recursive: true, force: true });
    }
    // Thirty flows and five more, with their content: past the default timeout on a loaded machine.
  }, 180_000);
});
