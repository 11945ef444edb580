import { Decimal128, Double, Int32, Long, serialize } from "bson";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decode, encode } from "../../src/bson.js";
import { applyArithmetic } from "../../src/numbers.js";
import { compareNumbers, identical, keyOf, numericKind } from "../../src/values.js";

const kindAndValue = (v: unknown) => `${numericKind(v)} ${String(v)}`;

describe("stored numbers", () => {
  it("decodes each BSON numeric type to one representation and encodes it back to the same type", () => {
    const bytes = serialize({ i: new Int32(5), d: new Double(5), f: 2.5, l: Long.fromNumber(5), dec: Decimal128.fromString("5"), big: 3_000_000_000, nz: -0 });
    const doc = decode(bytes);
    expect(Object.values(doc).map(kindAndValue)).toEqual(["int 5", "double 5", "double 2.5", "long 5", "decimal 5", "double 3000000000", "double 0"]);
    expect(Buffer.compare(encode(doc), Buffer.from(bytes))).toBe(0);
  });
});

describe("compareNumbers", () => {
  it("orders int64 and doubles exactly, past 2^53 too", () => {
    const big = Long.fromString("9007199254740993");
    expect(compareNumbers(big, 2 ** 53)).toBe(1);
    expect(compareNumbers(2 ** 53, big)).toBe(-1);
    expect(compareNumbers(Long.fromString("9007199254740992"), 2 ** 53)).toBe(0);
    expect(compareNumbers(Long.fromNumber(2), 2.5)).toBe(-1);
    expect(compareNumbers(Long.fromNumber(-3), -2.5)).toBe(-1);
    expect(compareNumbers(NaN, Long.fromNumber(-5))).toBe(-1);
    expect(compareNumbers(new Double(7), 7)).toBe(0);
  });

  it("agrees with BigInt arithmetic for any int64 against any integral double", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), (l, n) => {
        const expected = l < BigInt(n) ? -1 : l > BigInt(n) ? 1 : 0;
        expect(compareNumbers(Long.fromBigInt(l), n)).toBe(expected);
      }),
    );
  });

  it("gives distinct int64 values distinct hash keys, equal values of any type the same key", () => {
    expect(keyOf(Long.fromString("9007199254740993"))).not.toBe(keyOf(Long.fromString("9007199254740992")));
    expect(keyOf(Long.fromString("9007199254740992"))).toBe(keyOf(2 ** 53));
    expect(keyOf(new Double(5))).toBe(keyOf(5));
  });
});

describe("identical (what counts as a modification)", () => {
  it("tells numeric types, binary subtypes and field order apart", () => {
    expect(identical({ a: 5 }, { a: 5 })).toBe(true);
    expect(identical({ a: 5 }, { a: Long.fromNumber(5) })).toBe(false);
    expect(identical({ a: 5 }, { a: new Double(5) })).toBe(false);
    expect(identical({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(identical([Long.fromNumber(1)], [Long.fromNumber(1)])).toBe(true);
    expect(identical(0, -0)).toBe(false);
  });
});

describe("applyArithmetic", () => {
  it("follows MongoDB's type rules for $inc and $mul", () => {
    expect(kindAndValue(applyArithmetic("$inc", 2147483647, 1))).toBe("long 2147483648");
    expect(kindAndValue(applyArithmetic("$inc", 1, 1))).toBe("int 2");
    expect(kindAndValue(applyArithmetic("$inc", new Double(1), 1))).toBe("double 2");
    expect(kindAndValue(applyArithmetic("$mul", 65536, 65536))).toBe("long 4294967296");
    expect(kindAndValue(applyArithmetic("$mul", Long.fromNumber(3), 0.5))).toBe("double 1.5");
    expect(kindAndValue(applyArithmetic("$inc", Decimal128.fromString("0.1"), Decimal128.fromString("0.2")))).toBe("decimal 0.3");
    expect(kindAndValue(applyArithmetic("$mul", Decimal128.fromString("1.5"), 2))).toBe("decimal 3.0");
    expect(applyArithmetic("$inc", Long.MAX_VALUE, 1)).toBeUndefined();
    expect(applyArithmetic("$mul", Long.MIN_VALUE, -1)).toBeUndefined();
  });

  it("keeps int64 sums exact wherever they fit", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }), fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }), (a, b) => {
        const sum = applyArithmetic("$inc", Long.fromBigInt(a), Long.fromBigInt(b)) as Long;
        expect(sum.toBigInt()).toBe(a + b);
      }),
    );
  });
});
