import { Decimal128, Long, ObjectId } from "bson";
import { describe, expect, it } from "vitest";
import { cloneDeep, keyOf, sealDocument, walkPath } from "../../src/values.js";

describe("keyOf (hash index keys)", () => {
  it("gives equal numbers of any BSON numeric type the same key", () => {
    expect(keyOf(1)).toBe(keyOf(1.0));
    expect(keyOf(1)).toBe(keyOf(Long.fromNumber(1)));
    expect(keyOf(1)).toBe(keyOf(Decimal128.fromString("1.0")));
    expect(keyOf(0)).toBe(keyOf(-0));
    expect(keyOf(1)).not.toBe(keyOf(2));
  });

  it("keeps kinds apart: a string is never a number, null equals missing", () => {
    expect(keyOf("1")).not.toBe(keyOf(1));
    expect(keyOf(true)).not.toBe(keyOf(1));
    expect(keyOf(null)).toBe(keyOf(undefined));
    expect(keyOf([1, 2])).not.toBe(keyOf("[1,2]"));
  });

  it("compares ObjectIds, dates and embedded documents by value, fields in order", () => {
    const id = new ObjectId();
    expect(keyOf(id)).toBe(keyOf(new ObjectId(id.toHexString())));
    expect(keyOf(new Date(5))).toBe(keyOf(new Date(5)));
    expect(keyOf({ a: 1, b: 2 })).toBe(keyOf({ a: 1.0, b: 2 }));
    expect(keyOf({ a: 1, b: 2 })).not.toBe(keyOf({ b: 2, a: 1 }));
  });
});

describe("walkPath", () => {
  it("follows dotted paths through arrays of embedded documents", () => {
    const doc = { a: [{ b: 1 }, { b: [2, 3] }, { c: 4 }], d: { e: 5 } };
    expect(walkPath(doc, "a.b").values).toEqual([1, [2, 3], undefined]);
    expect(walkPath(doc, "a.b").throughArray).toBe(true);
    expect(walkPath(doc, "a.0.b").values).toContain(1);
    expect(walkPath(doc, "d.e")).toEqual({ values: [5], throughArray: false });
    expect(walkPath(doc, "missing").values).toEqual([undefined]);
  });
});

describe("sealDocument", () => {
  it("freezes documents deeply and drops undefined fields; clones are mutable", () => {
    const doc = sealDocument({ a: { b: [1, undefined] }, gone: undefined } as Record<string, unknown>);
    expect(doc).toEqual({ a: { b: [1, null] } });
    expect(Object.isFrozen(doc.a)).toBe(true);
    const copy = cloneDeep(doc);
    (copy.a as { b: unknown[] }).b.push(2);
    expect((doc.a as { b: unknown[] }).b).toHaveLength(2);
  });
});
