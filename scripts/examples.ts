// `npm run examples`: writes docs/examples/<business>.md, what a premium user gets from the app for
// the questionnaire answers in docs/examples/<business>.answers.json: every flow the offline
// generator plans and the content the offline writer writes for it, exported as the Markdown
// export. It runs the app's own services against a throwaway embedded database, so the files are
// exactly what a user downloads (with the export date fixed so the files only change with the copy).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { FLOW_TYPES } from "~/lib/flow-types";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { upsertResponseForUser } from "~/models/questionnaire-response.server";
import { createUser } from "~/models/user.server";
import { connectDb, disconnectDb } from "~/services/db.server";
import { writeFlowContent } from "~/services/flows/content.server";
import { exportAllFlows } from "~/services/flows/export.server";
import { generateFlow } from "~/services/flows/flows.server";
import { seedDatabase } from "~/services/seed/seed.server";

const EXAMPLES_DIR = path.resolve("docs/examples");
const EXPORTED_AT = new Date("2026-11-26T09:00:00Z");

async function main() {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-examples-"));
  delete process.env.MONGODB_URI;
  delete process.env.OPENAI_API_KEY;
  await connectDb({});
  try {
    await seedDatabase();
    const files = fs.readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith(".answers.json"));
    for (const file of files) {
      const answers: QuestionnaireAnswers = { ...emptyAnswers(), ...(JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), "utf8")) as Partial<QuestionnaireAnswers>) };
      const slug = file.replace(/\.answers\.json$/, "");
      const user = await createUser({ email: `${slug}@examples.flowmap.test`, firstName: "Example", companyName: answers.companyName, isPremium: 1 });
      await upsertResponseForUser(user.id, answers);
      const flowUser = { id: user.id, isPremium: true };
      for (const flowType of FLOW_TYPES) {
        const flow = await generateFlow({ user: flowUser, input: { flowType } });
        await writeFlowContent({ user: flowUser, flowId: flow.id });
      }
      const exported = await exportAllFlows({ user: flowUser, format: "md" }, { now: EXPORTED_AT });
      fs.writeFileSync(path.join(EXAMPLES_DIR, `${slug}.md`), exported.body);
      console.log(`Wrote docs/examples/${slug}.md (${FLOW_TYPES.length} flows with their content)`);
    }
  } finally {
    await disconnectDb();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
