/**
 * The TTL monitor: deletes documents whose TTL-indexed date is older than expireAfterSeconds.
 * Like MongoDB's, it runs periodically (here every second by default, MongoDB every 60 s), so
 * documents disappear some time after they expire, not at the exact instant.
 */
import type { Document } from "./bson";
import type { Database } from "./database";
import type { Index } from "./indexes";
import { walkPath } from "./values";

/** The earliest date at the indexed path (MongoDB uses the earliest date of an array). */
function earliestDate(doc: Document, field: string): number | undefined {
  let earliest: number | undefined;
  for (const value of walkPath(doc, field).values) {
    const candidates = Array.isArray(value) ? value : [value];
    for (const candidate of candidates) {
      if (candidate instanceof Date && !Number.isNaN(candidate.getTime())) {
        const time = candidate.getTime();
        if (earliest === undefined || time < earliest) earliest = time;
      }
    }
  }
  return earliest;
}

function isExpired(doc: Document, index: Index, now: number): boolean {
  const ttl = index.ttlSeconds;
  if (ttl === undefined || index.entriesFor(doc) === null) return false; // not in a partial index
  const date = earliestDate(doc, index.fields[0]);
  return date !== undefined && date + ttl * 1000 <= now;
}

/** One pass over every collection with a TTL index. Returns how many documents were deleted. */
export function sweepExpired(databases: Database[], log: (line: string) => void, now = Date.now()): number {
  let deleted = 0;
  for (const db of databases) {
    try {
      deleted += sweepDatabase(db, now);
    } catch (error) {
      log(`ttl monitor: database "${db.name}": ${(error as Error).message}`);
    }
  }
  return deleted;
}

function sweepDatabase(db: Database, now: number): number {
  let deleted = 0;
  for (const collection of [...db.collections.values()]) {
    const ttlIndexes = collection.secondaryIndexes().filter((index) => index.ttlSeconds !== undefined);
    if (ttlIndexes.length === 0) continue;
    const expired: Document[] = [];
    for (const doc of collection.docs.values()) {
      if (ttlIndexes.some((index) => isExpired(doc, index, now))) expired.push(doc);
    }
    if (expired.length === 0) continue;
    db.write((w) => expired.forEach((doc) => w.remove(collection, doc)));
    deleted += expired.length;
  }
  return deleted;
}
