/**
 * The planner against a full scan: on random documents, random indexes and random filters,
 * sorts, skips and limits, the indexed answer must be the one a scan and a sort give.
 */
import fc from "fast-check";
import { Query } from "mingo";
import { describe, expect, it } from "vitest";
import type { Document } from "../../src/bson.js";
import { Collection } from "../../src/collection.js";
import { normalizeIndexSpec } from "../../src/indexes.js";
import { newStats, runQuery } from "../../src/query.js";
import { sealDocument } from "../../src/values.js";

const FIELDS = ["a", "b", "c"] as const;

/** Values of a few types: missing, null, numbers, strings, dates, and (for `c`) arrays. */
const scalar = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(0.5, -2.5, 3.25),
  fc.constantFrom("a", "b", "ba", "c", ""),
  fc.constantFrom(new Date(0), new Date(1000), new Date(5000)),
  fc.constant(null),
);
const docArb = fc.record({ a: scalar, b: scalar, c: fc.oneof(scalar, fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 3 })) }, { requiredKeys: [] });
const rangeValue = fc.oneof(fc.integer({ min: -6, max: 6 }), fc.constantFrom("a", "b", "c"), fc.constantFrom(new Date(500), new Date(2000)));
const condition = fc.oneof(
  scalar.filter((v) => v !== null),
  fc.record({
    $in: fc.array(
      scalar.filter((v) => v !== null),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ $gt: rangeValue }),
  fc.record({ $gte: rangeValue, $lt: rangeValue }),
  fc.record({ $lte: rangeValue }),
  fc.record({ $gt: rangeValue, $lte: rangeValue }),
);
const filterArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS, "_id"), condition, { maxKeys: 2 }),
  fc.record({ $and: fc.array(fc.dictionary(fc.constantFrom(...FIELDS), condition, { minKeys: 1, maxKeys: 1 }), { minLength: 1, maxLength: 2 }) }),
);
const sortArb = fc.option(fc.uniqueArray(fc.tuple(fc.constantFrom(...FIELDS, "_id"), fc.constantFrom(1, -1)), { minLength: 1, maxLength: 2, selector: ([field]) => field }), {
  nil: undefined,
});
const indexArb = fc.subarray([{ a: 1 }, { a: 1, b: -1 }, { b: 1, c: 1 }, { c: -1 }, { b: -1, a: 1 }], { minLength: 0, maxLength: 3 });

/** The test's own notion of MongoDB's order over the types used here. */
/** An empty array sorts before null and missing fields. */
const EMPTY = Symbol("empty array");
function rank(value: unknown): number {
  if (value === EMPTY) return 0;
  if (value === undefined || value === null) return 1;
  if (typeof value === "number") return 2;
  if (typeof value === "string") return 3;
  return 4; // Date
}
function compareOracle(x: unknown, y: unknown): number {
  const r = rank(x) - rank(y);
  if (r !== 0) return r;
  if (x instanceof Date && y instanceof Date) return x.getTime() - y.getTime();
  if (typeof x === "number" && typeof y === "number") return x - y;
  if (typeof x === "string" && typeof y === "string") return x < y ? -1 : x > y ? 1 : 0;
  return 0;
}
/** Sort key of a field: arrays sort by their smallest (ascending) or largest (descending) element. */
function keyOfField(doc: Document, field: string, direction: number): unknown {
  const value = doc[field];
  if (!Array.isArray(value)) return value;
  if (value.length === 0) return EMPTY;
  return [...value].sort(compareOracle)[direction > 0 ? 0 : value.length - 1];
}
function sortKeys(doc: Document, sort: Array<[string, number]>): unknown[] {
  // null and a missing field are the same key.
  return sort.map(([field, direction]) => keyOfField(doc, field, direction) ?? null);
}
function compareByKeys(sort: Array<[string, number]>) {
  return (x: Document, y: Document): number => {
    for (const [field, direction] of sort) {
      const c = compareOracle(keyOfField(x, field, direction), keyOfField(y, field, direction)) * direction;
      if (c !== 0) return c;
    }
    return 0;
  };
}

function build(docs: Document[], indexes: Document[]): Collection {
  const collection = new Collection("test", "items", null, {});
  docs.forEach((doc, i) => collection.insert(sealDocument({ _id: i, ...doc })));
  for (const key of indexes) collection.addIndex(collection.buildIndex(normalizeIndexSpec({ key })));
  return collection;
}

describe("query planner", () => {
  it("answers like a full scan and sort on random data, indexes, filters, sorts, skips and limits", () => {
    fc.assert(
      fc.property(fc.array(docArb, { maxLength: 60 }), indexArb, filterArb, sortArb, fc.nat(5), fc.nat(8), (docs, indexes, filter, sortSpec, skip, limit) => {
        const collection = build(docs, indexes);
        const sort = sortSpec ? Object.fromEntries(sortSpec) : undefined;
        const got = [...runQuery(collection, filter, {}, newStats(), { sort, skip, limit }).results];

        const query = new Query(filter);
        const all = [...collection.docs.values()].filter((doc) => query.test(doc));
        const expected = sortSpec ? [...all].sort(compareByKeys(sortSpec)) : all;
        const page = expected.slice(skip, limit > 0 ? skip + limit : undefined);

        expect(got).toHaveLength(page.length);
        expect(new Set(got.map((doc) => doc._id)).size).toBe(got.length);
        for (const doc of got) expect(query.test(doc)).toBe(true);
        if (sortSpec) {
          // Documents with equal sort keys may come in any order; the keys may not.
          expect(got.map((doc) => sortKeys(doc, sortSpec))).toEqual(page.map((doc) => sortKeys(doc, sortSpec)));
        }
        if (skip === 0 && limit === 0) {
          expect(got.map((doc) => doc._id).sort()).toEqual(all.map((doc) => doc._id).sort());
        }
      }),
      { numRuns: 400 },
    );
  });

  it("serves a range, a sort and a limit from a compound index without reading past the page", () => {
    const docs = Array.from({ length: 5000 }, (_, i) => ({ team: `t${i % 5}`, score: i, createdAt: new Date(1_700_000_000_000 + i * 1000) }));
    const collection = build(docs, [{ team: 1, createdAt: -1 }, { score: 1 }]);
    const stats = newStats();
    const run = runQuery(collection, { team: "t2", createdAt: { $gte: new Date(1_700_000_000_000) } }, {}, stats, {
      sort: { createdAt: -1 },
      skip: 10,
      limit: 50,
    });
    const results = [...run.results];
    expect(run.plan).toMatchObject({ stage: "IXSCAN", indexName: "team_1_createdAt_-1", sorted: true });
    expect(results).toHaveLength(50);
    expect(results[0].score).toBe(4997 - 10 * 5);
    expect(run.counter.examined).toBe(60);

    const backwards = runQuery(collection, { score: { $gt: 100, $lte: 4000 } }, {}, newStats(), { sort: { score: -1 }, limit: 3 });
    expect([...backwards.results].map((d) => d.score)).toEqual([4000, 3999, 3998]);
    expect(backwards.plan).toMatchObject({ indexName: "score_1", direction: -1 });
    expect(backwards.counter.examined).toBe(3);
  });

  it("keeps an index scan going over documents changed while a cursor is open", () => {
    const collection = build(
      Array.from({ length: 10 }, (_, i) => ({ n: i })),
      [{ n: 1 }],
    );
    const iterator = runQuery(collection, { n: { $gte: 0 } }, {}, newStats(), { sort: { n: 1 } }).results[Symbol.iterator]();
    expect(iterator.next().value).toMatchObject({ n: 0 });
    expect(iterator.next().value).toMatchObject({ n: 1 });
    const two = collection.getByKey("n2")!;
    collection.remove(two); // the next entry goes away under the iterator
    collection.insert(sealDocument({ _id: 100, n: 7.5 }));
    const rest = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) rest.push(next.value.n);
    expect(rest).toEqual([3, 4, 5, 6, 7, 7.5, 8, 9]);
  });
});
