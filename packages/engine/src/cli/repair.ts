/**
 * `npm run db:repair`: the explicit recovery for a journal damaged in the middle, or missing while
 * its snapshot expects it (the engine refuses to start on either, naming the file). For every
 * database under the data directory whose journal is damaged, keeps the whole damaged journal as
 * journal.bson.damaged-<time>, then cuts the journal back to its last good record. The records
 * after the damage are not applied. A journal that is missing (or left with no record) is started
 * anew, empty: the database comes back as of its last snapshot.
 *
 *   npm run db:repair                       # the app's data: DATA_DIR/db (DATA_DIR default ./data)
 *   npm run db:repair -- --dbpath ./data/engine
 *
 * Refuses while an app or engine is running on the directory.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { lockDataDirectory } from "../lock.js";
import { repairJournals } from "../storage.js";

function main(): number {
  const { values } = parseArgs({ options: { dbpath: { type: "string" }, help: { type: "boolean", short: "h", default: false } } });
  if (values.help) {
    console.log("usage: npm run db:repair -- [--dbpath DIR]   (default: $DATA_DIR/db, DATA_DIR default ./data)");
    return 0;
  }
  const dbPath = resolve(values.dbpath ?? resolve(process.env.DATA_DIR?.trim() || "./data", "db"));
  if (!existsSync(dbPath)) {
    console.error(`No data directory at ${dbPath}: nothing to repair.`);
    return 1;
  }
  let unlock: () => void;
  try {
    unlock = lockDataDirectory(dbPath);
  } catch (error) {
    console.error(`Cannot repair ${dbPath}: ${(error as Error).message}. Stop the app (or db:serve) using it first.`);
    return 1;
  }
  try {
    const results = repairJournals(dbPath);
    if (results.length === 0) console.log(`No database journal under ${dbPath}: nothing to repair.`);
    for (const result of results) {
      if (result.keptRecords === null) {
        console.log(`database "${result.database}": journal is intact, left as it is.`);
        continue;
      }
      if (result.problem !== undefined) {
        console.log(
          `database "${result.database}": ${result.problem}. Kept ${result.keptRecords} record(s) before the damage and ` +
            `cut ${result.droppedBytes} byte(s) after it. The damaged journal is kept whole at ${result.savedAs}.`,
        );
      }
      if (result.restartedFrom !== undefined) {
        console.log(
          `database "${result.database}": the journal its snapshot expects ${result.problem === undefined ? "was missing or empty" : "kept no record"}; ` +
            `started a new empty journal at ${result.journal}. The database starts as of its last snapshot (generation ${result.restartedFrom}).`,
        );
      }
    }
    return 0;
  } finally {
    unlock();
  }
}

process.exitCode = main();
