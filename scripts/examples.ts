// `npm run examples`: writes docs/examples/<business>.md, what a premium user gets from the app for
// the questionnaire answers in docs/examples/<business>.answers.json: every flow the offline
// generator plans and the content the offline writer writes for it, exported as the Markdown
// export. It runs the app's own services against a throwaway embedded database, so the files are
// exactly what a user downloads. The app's clock is fixed while they are written (every date in
// them, the export's and each flow's "updated", reads EXAMPLES_CLOCK), so the files change only
// when the copy does: tests/integration/examples.test.ts writes them twice and compares.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";

import { FLOW_TYPES } from "~/lib/flow-types";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { upsertResponseForUser } from "~/models/questionnaire-response.server";
import { createUser } from "~/models/user.server";
import { connectDb, disconnectDb } from "~/services/db.server";
import { writeFlowContent } from "~/services/flows/content.server";
import { exportAllFlows } from "~/services/flows/export.server";
import { generateFlow } from "~/services/flows/flows.server";
import { seedDatabase } from "~/services/seed/seed.server";

export const EXAMPLES_DIR = path.resolve("docs/examples");
/** The instant the examples are written at, whatever the day they are run. */
export const EXAMPLES_CLOCK = new Date("2026-11-26T09:00:00Z");

/**
 * Runs `work` with `Date` reading a clock that starts at `start` and moves on by one millisecond
 * at each reading, then puts the real clock back. Every run reads the same sequence of instants,
 * whatever the real time and however fast the machine, and two records made one after the other
 * are still in order. Timers are untouched.
 */
export async function withFixedClock<T>(start: Date, work: () => Promise<T>): Promise<T> {
  const RealDate = globalThis.Date;
  let ticks = 0;
  const read = () => start.getTime() + ticks++;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(read());
      else super(...(args as [string | number | Date]));
    }
    static now() {
      return read();
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await work();
  } finally {
    globalThis.Date = RealDate;
  }
}

/**
 * Every example's Markdown export, by file name (`<business>.md`), for the answers files in `dir`,
 * written under the fixed clock. The database must be connected and seeded, with no example user
 * in it yet.
 */
export async function renderExamples(dir: string): Promise<Map<string, string>> {
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".answers.json"))
    .sort();
  const rendered = new Map<string, string>();
  await withFixedClock(EXAMPLES_CLOCK, async () => {
    for (const file of files) {
      const answers: QuestionnaireAnswers = { ...emptyAnswers(), ...(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Partial<QuestionnaireAnswers>) };
      const slug = file.replace(/\.answers\.json$/, "");
      const user = await createUser({ email: `${slug}@examples.flowmap.test`, firstName: "Example", companyName: answers.companyName, isPremium: 1 });
      await upsertResponseForUser(user.id, answers);
      const flowUser = { id: user.id, isPremium: true };
      for (const flowType of FLOW_TYPES) {
        const flow = await generateFlow({ user: flowUser, input: { flowType } });
        await writeFlowContent({ user: flowUser, flowId: flow.id });
      }
      const exported = await exportAllFlows({ user: flowUser, format: "md" }, { now: new Date() });
      rendered.set(`${slug}.md`, exported.body);
    }
  });
  return rendered;
}

async function main() {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-examples-"));
  delete process.env.MONGODB_URI;
  delete process.env.OPENAI_API_KEY;
  await connectDb({});
  try {
    await seedDatabase();
    for (const [file, body] of await renderExamples(EXAMPLES_DIR)) {
      fs.writeFileSync(path.join(EXAMPLES_DIR, file), body);
      console.log(`Wrote docs/examples/${file} (${FLOW_TYPES.length} flows with their content)`);
    }
  } finally {
    await disconnectDb();
  }
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
