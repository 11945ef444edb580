/**
 * The TTL monitor: deletes documents whose TTL-indexed date is older than expireAfterSeconds.
 * Like MongoDB's, it runs periodically (every 60 s by default), so documents disappear some time
 * after they expire, not at the exact instant.
 *
 * A sweep does not scan collections. Each collection with TTL indexes has an expiry queue: a
 * min-heap of (expiry time, document key), fed by every insert and replace. A sweep pops the
 * entries that are due and deletes the documents that are still expired; an entry left behind by
 * a later update (the document now expires later, and has a newer entry) is simply dropped. The
 * queue is rebuilt from the documents when the collection's TTL indexes change, and when stale
 * entries outnumber live documents.
 */
import type { Document } from "./bson.js";
import type { Collection } from "./collection.js";
import type { Database } from "./database.js";
import type { Index } from "./indexes.js";
import { walkPath } from "./values.js";

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

/** When `doc` expires under any of `indexes` (the earliest), or undefined if never. */
export function expiryOf(doc: Document, indexes: Index[]): number | undefined {
  let at: number | undefined;
  for (const index of indexes) {
    const ttl = index.ttlSeconds;
    if (ttl === undefined || index.entriesFor(doc) === null) continue; // not in a partial index
    const date = earliestDate(doc, index.fields[0]);
    if (date === undefined) continue;
    const expires = date + ttl * 1000;
    if (at === undefined || expires < at) at = expires;
  }
  return at;
}

/** A binary min-heap of (time, key) pairs, in two parallel arrays. */
class ExpiryHeap {
  private times: number[] = [];
  private keys: string[] = [];

  get size(): number {
    return this.times.length;
  }

  peek(): number | undefined {
    return this.times[0];
  }

  push(time: number, key: string): void {
    const { times, keys } = this;
    let i = times.length;
    times.push(time);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent] <= time) break;
      times[i] = times[parent];
      keys[i] = keys[parent];
      i = parent;
    }
    times[i] = time;
    keys[i] = key;
  }

  pop(): string | undefined {
    const { times, keys } = this;
    if (times.length === 0) return undefined;
    const top = keys[0];
    const lastTime = times.pop()!;
    const lastKey = keys.pop()!;
    const n = times.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child = right < n && times[right] < times[left] ? right : left;
        if (times[child] >= lastTime) break;
        times[i] = times[child];
        keys[i] = keys[child];
        i = child;
      }
      times[i] = lastTime;
      keys[i] = lastKey;
    }
    return top;
  }
}

/** The expiry queue of one collection. */
class ExpiryQueue {
  private heap = new ExpiryHeap();
  private indexes: Index[] = [];

  constructor(private readonly collection: Collection) {
    collection.onStore = (key, doc) => this.track(key, doc);
  }

  /** Brings the queue in line with the collection's TTL indexes; false when it has none. */
  refresh(): boolean {
    const current = this.collection.secondaryIndexes().filter((index) => index.ttlSeconds !== undefined);
    const changed = current.length !== this.indexes.length || current.some((index, i) => index !== this.indexes[i]);
    if (changed || this.heap.size > 2 * this.collection.size + 1024) {
      this.indexes = current;
      this.heap = new ExpiryHeap();
      if (current.length > 0) for (const [key, doc] of this.collection.docs) this.track(key, doc);
    }
    return current.length > 0;
  }

  /** The documents due at `now`, each once. */
  due(now: number): Document[] {
    const expired = new Map<string, Document>();
    while ((this.heap.peek() ?? Number.POSITIVE_INFINITY) <= now) {
      const key = this.heap.pop()!;
      const doc = this.collection.getByKey(key);
      if (!doc || expired.has(key)) continue;
      const at = expiryOf(doc, this.indexes);
      if (at !== undefined && at <= now) expired.set(key, doc);
      // Otherwise a later version of the document has its own, later entry.
    }
    return [...expired.values()];
  }

  private track(key: string, doc: Document): void {
    if (this.indexes.length === 0) return;
    const at = expiryOf(doc, this.indexes);
    if (at !== undefined) this.heap.push(at, key);
  }
}

const queues = new WeakMap<Collection, ExpiryQueue>();

function queueOf(collection: Collection): ExpiryQueue {
  let queue = queues.get(collection);
  if (!queue) {
    queue = new ExpiryQueue(collection);
    queues.set(collection, queue);
  }
  return queue;
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
  if (db.storageFailure) return 0; // no writes until the disk accepts them again
  let deleted = 0;
  for (const collection of [...db.collections.values()]) {
    const hasTtl = collection.secondaryIndexes().some((index) => index.ttlSeconds !== undefined);
    if (!hasTtl && !queues.has(collection)) continue;
    const queue = queueOf(collection);
    if (!queue.refresh()) continue;
    const expired = queue.due(now);
    if (expired.length === 0) continue;
    db.write((w) => expired.forEach((doc) => w.remove(collection, doc)));
    deleted += expired.length;
  }
  return deleted;
}
