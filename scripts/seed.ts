// `npm run seed`: applies the seed data (benchmarks and default flow-mapping rules) to the database
// the app uses (MONGODB_URI, else the embedded engine under DATA_DIR). Inserts only what is
// missing; never changes an existing row.
import { countBenchmarks } from "~/models/email-benchmark.server";
import { countFlowRules } from "~/models/flow-rule.server";
import { connectDb, disconnectDb } from "~/services/db.server";
import { seedDatabase } from "~/services/seed/seed.server";

async function main() {
  await connectDb({ shareRunningEngine: true });
  try {
    const inserted = await seedDatabase();
    const [benchmarks, rules] = await Promise.all([countBenchmarks(), countFlowRules()]);
    console.log(`Seed applied: inserted ${inserted.benchmarks} benchmark row(s) and ${inserted.rules} flow-mapping rule(s).`);
    console.log(`The database now holds ${benchmarks} benchmark row(s) and ${rules} flow-mapping rule(s).`);
  } finally {
    await disconnectDb();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
