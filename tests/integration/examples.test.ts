// `npm run examples` is deterministic: the docs' examples are written under a fixed clock
// (scripts/examples.ts), so writing them twice, on any day, gives the same bytes, and those bytes
// are the files committed in docs/examples/.
import fs from "node:fs";
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

  it("writes the same bytes twice, and they are the committed docs/examples", async () => {
    const first = await renderExamples(EXAMPLES_DIR);
    await db.clear();
    await seedDatabase();
    const second = await renderExamples(EXAMPLES_DIR);

    const answers = fs.readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith(".answers.json"));
    expect(answers.length).toBeGreaterThan(0);
    expect([...first.keys()].sort()).toEqual(answers.map((file) => file.replace(/\.answers\.json$/, ".md")).sort());
    for (const [file, body] of first) {
      expect(second.get(file), file).toBe(body);
      expect(body, `docs/examples/${file} is out of date: run npm run examples`).toBe(fs.readFileSync(path.join(EXAMPLES_DIR, file), "utf8"));
    }
    // Thirty flows written twice, with their content: well past the default timeout on a loaded machine.
  }, 180_000);
});
