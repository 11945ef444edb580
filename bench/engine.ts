/**
 * Embedded engine benchmark, through the real mongodb driver over the loopback interface.
 *
 *   npx tsx bench/engine.ts        (or as the "engine" section of `npm run bench`)
 *
 * Every write is acknowledged only after its journal record is fsynced, so insert figures
 * include disk flushes (shared between concurrent writers by group commit).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { MongoClient, type Collection } from "mongodb";
import { startEngine } from "@flowmap/engine";

const INSERTS = 10_000;
const CONCURRENCY = 16;
const LOOKUPS = 2_100;
const ROUNDS = 7;
const WARM_UP = 1_000;
const SMALL = 1_000;
const LARGE = 100_000;
const PAGE = 50;
const RANGE_QUERIES = 700;
const RANGE_WARM_UP = 300;

interface Item {
  _id: number;
  key: string;
  n: number;
  label: string;
}

const item = (i: number): Item => ({ _id: i, key: `k${i}`, n: i, label: "small document" });

function rate(count: number, ms: number): string {
  return `${Math.round((count / ms) * 1000).toLocaleString("en-US")} docs/s`;
}

async function fill(collection: Collection<Item>, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 5_000) {
    const end = Math.min(to, start + 5_000);
    await collection.insertMany(
      Array.from({ length: end - start }, (_, i) => item(start + i)),
      { ordered: false },
    );
  }
}

/**
 * Time of one findOne by the indexed `key` field over random existing keys: the median of
 * several rounds, so that a GC pause or a noisy neighbour does not decide the figure.
 */
async function timeLookups(collection: Collection<Item>, size: number): Promise<number> {
  const randomKey = (): string => `k${Math.floor(Math.random() * size)}`;
  for (let i = 0; i < WARM_UP; i++) await collection.findOne({ key: randomKey() }); // JIT and connection warm-up
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const keys = Array.from({ length: LOOKUPS / ROUNDS }, randomKey);
    const started = performance.now();
    for (const key of keys) {
      const found = await collection.findOne({ key });
      if (!found) throw new Error(`lookup of ${key} found nothing`);
    }
    rounds.push((performance.now() - started) / keys.length);
  }
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(ROUNDS / 2)];
}

/**
 * Time of one indexed range query with a sort and a limit of 50 (a page of an admin table):
 * the median of several rounds over random windows of the indexed `n` field.
 */
async function timeRangePages(collection: Collection<Item>, size: number): Promise<number> {
  const query = async (): Promise<void> => {
    const from = Math.floor(Math.random() * (size - 100));
    const page = await collection
      .find({ n: { $gte: from, $lt: from + 5_000 } })
      .sort({ n: -1 })
      .limit(PAGE)
      .toArray();
    if (page.length !== PAGE) throw new Error(`range page from ${from} returned ${page.length} documents`);
  };
  for (let i = 0; i < RANGE_WARM_UP; i++) await query();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < RANGE_QUERIES / ROUNDS; i++) await query();
    rounds.push((performance.now() - started) / (RANGE_QUERIES / ROUNDS));
  }
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(ROUNDS / 2)];
}

export async function runEngineBench(): Promise<string[]> {
  const dbPath = mkdtempSync(join(tmpdir(), "flowmap-engine-bench-"));
  const engine = await startEngine({ dbPath, port: 0, log: () => undefined });
  const client = new MongoClient(engine.uri, { maxPoolSize: CONCURRENCY * 2 });
  const lines: string[] = [];
  try {
    await client.connect();
    const db = client.db("bench");

    const single = db.collection<Item>("inserts");
    let next = 0;
    let started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < INSERTS) await single.insertOne(item(next++));
      }),
    );
    let ms = performance.now() - started;
    lines.push(`insertOne x ${INSERTS.toLocaleString("en-US")} small documents (${CONCURRENCY} concurrent clients, fsynced): ${ms.toFixed(0)} ms, ${rate(INSERTS, ms)}`);

    const batched = db.collection<Item>("batched");
    started = performance.now();
    for (let start = 0; start < INSERTS; start += 1_000) {
      await batched.insertMany(Array.from({ length: 1_000 }, (_, i) => item(start + i)));
    }
    ms = performance.now() - started;
    lines.push(`insertMany x ${INSERTS.toLocaleString("en-US")} small documents (batches of 1,000): ${ms.toFixed(0)} ms, ${rate(INSERTS, ms)}`);

    const lookup = db.collection<Item>("lookup");
    await lookup.createIndex({ key: 1 }, { unique: true });
    await lookup.createIndex({ n: 1 });
    await fill(lookup, 0, SMALL);
    const scannedBefore = engine.stats.documentsScanned;
    const small = await timeLookups(lookup, SMALL);
    const examinedPerLookup = (engine.stats.documentsScanned - scannedBefore) / (LOOKUPS + WARM_UP);
    const rangeScannedBefore = engine.stats.documentsScanned;
    const rangeSmall = await timeRangePages(lookup, SMALL);
    const examinedPerPage = (engine.stats.documentsScanned - rangeScannedBefore) / (RANGE_QUERIES + RANGE_WARM_UP);
    await fill(lookup, SMALL, LARGE);
    const large = await timeLookups(lookup, LARGE);
    const rangeLarge = await timeRangePages(lookup, LARGE);
    const ratio = large / small;
    lines.push(
      `findOne by indexed field at ${SMALL.toLocaleString("en-US")} documents: ${(small * 1000).toFixed(0)} µs per lookup, median of ${ROUNDS} rounds (${examinedPerLookup.toFixed(2)} documents examined per lookup)`,
    );
    lines.push(`findOne by indexed field at ${LARGE.toLocaleString("en-US")} documents: ${(large * 1000).toFixed(0)} µs per lookup, median of ${ROUNDS} rounds`);
    lines.push(
      `lookup time ratio ${LARGE.toLocaleString("en-US")} / ${SMALL.toLocaleString("en-US")}: ${ratio.toFixed(2)} (must stay <= 2)${ratio > 2 ? "  ** ABOVE LIMIT **" : ""}`,
    );
    const rangeRatio = rangeLarge / rangeSmall;
    lines.push(
      `indexed range query, sort, limit ${PAGE} at ${SMALL.toLocaleString("en-US")} documents: ${(rangeSmall * 1000).toFixed(0)} µs per page, median of ${ROUNDS} rounds (${examinedPerPage.toFixed(1)} documents examined per page)`,
    );
    lines.push(`indexed range query, sort, limit ${PAGE} at ${LARGE.toLocaleString("en-US")} documents: ${(rangeLarge * 1000).toFixed(0)} µs per page, median of ${ROUNDS} rounds`);
    lines.push(
      `range page time ratio ${LARGE.toLocaleString("en-US")} / ${SMALL.toLocaleString("en-US")}: ${rangeRatio.toFixed(2)} (target <= 2)${rangeRatio > 2 ? "  ** ABOVE LIMIT **" : ""}`,
    );
  } finally {
    await client.close();
    await engine.close();
    rmSync(dbPath, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runEngineBench().then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
