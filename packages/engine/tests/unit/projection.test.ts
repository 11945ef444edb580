/**
 * The top-level projection fast path against mingo's general projection, on random documents
 * and random projections of top-level fields.
 */
import fc from "fast-check";
import { Query } from "mingo";
import { describe, expect, it } from "vitest";

import type { Document } from "../../src/bson.js";
import { topLevelProjector } from "../../src/query.js";

const FIELDS = ["_id", "a", "b", "c", "d"] as const;
const value = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.record({ x: fc.integer() }));
const docArb = fc.record({ _id: fc.integer(), a: value, b: value, c: value, d: value }, { requiredKeys: ["_id"] });
const flag = fc.constantFrom<unknown>(0, 1, true, false, 2, -1, 0.5);
const projectionArb = fc.dictionary(fc.constantFrom(...FIELDS), flag, { minKeys: 1, maxKeys: 5 });

const included = (v: unknown) => (typeof v === "boolean" ? v : v !== 0);

describe("top-level projection", () => {
  it("keeps and leaves out the same fields as the general projection", () => {
    fc.assert(
      fc.property(docArb, projectionArb, (doc, projection) => {
        const fields = Object.entries(projection).filter(([field]) => field !== "_id");
        const excludes = fields.some(([, v]) => !included(v));
        const mixed = excludes && (fields.some(([, v]) => included(v)) || ("_id" in projection && included(projection._id)));
        const fast = topLevelProjector(projection);
        if (mixed) {
          // The general path judges these (it refuses the mix as MongoDB does).
          expect(fast).toBeNull();
          return;
        }
        expect(fast).not.toBeNull();
        const expected = new Query({}).find([structuredClone(doc)], projection).all()[0] as Document;
        const got = fast!(doc);
        expect(got).toEqual(expected);
        expect(Object.keys(got)).toEqual(Object.keys(doc).filter((key) => key in expected));
      }),
      { numRuns: 500 },
    );
  });

  it("copies what it returns, so a later write to the stored document cannot change it", () => {
    const stored: Document = { _id: 1, tags: ["a"], profile: { name: "Ada" } };
    const out = topLevelProjector({ tags: 1, profile: 1 })!(stored);
    (stored.tags as string[]).push("b");
    (stored.profile as Document).name = "Grace";
    expect(out).toEqual({ _id: 1, tags: ["a"], profile: { name: "Ada" } });
  });

  it("returns only the id for { _id: 1 } and everything else for { _id: 0 }", () => {
    const doc = { b: 2, _id: 7, a: 1 };
    expect(topLevelProjector({ _id: 1 })!(doc)).toEqual({ _id: 7 });
    expect(topLevelProjector({ _id: 0 })!(doc)).toEqual({ b: 2, a: 1 });
    expect(Object.keys(topLevelProjector({ a: 0 })!(doc))).toEqual(["_id", "b"]);
  });

  it("leaves every other shape to the general path", () => {
    for (const projection of [{ "a.b": 1 }, { a: { $slice: 2 } }, { a: { $elemMatch: { x: 1 } } }, { a: "$b" }, { "a.$": 1 }, { a: null }, { $a: 1 }]) {
      expect(topLevelProjector(projection as Document)).toBeNull();
    }
  });
});
