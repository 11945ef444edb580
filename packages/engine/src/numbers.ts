/**
 * Arithmetic of `$inc` and `$mul` with MongoDB's type rules:
 *
 * - int32 with int32 gives an int32, or an int64 when the result does not fit in 32 bits;
 * - int64 with int32 or int64 gives an int64, computed exactly; an overflow of 64 bits fails;
 * - a double with an int32, int64 or double gives a double;
 * - anything with a Decimal128 gives a Decimal128 (a double is first rounded to 15 digits).
 *
 * Results use the engine's representation of numbers (see `storedNumbers` in bson.ts).
 */
import { Decimal128, Double, Long } from "bson";
import { serializesAsInt32 } from "./bson.js";
import { numericKind, toDouble } from "./values.js";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export type ArithmeticOperator = "$inc" | "$mul";

/** The stored form of a double result. */
export function storedDouble(value: number): unknown {
  return serializesAsInt32(value) ? new Double(value) : value;
}

function toBigInt(value: unknown): bigint {
  if (typeof value === "number") return BigInt(value);
  if (typeof value === "bigint") return value;
  if ((value as { _bsontype?: string })._bsontype === "Long") return (value as Long).toBigInt();
  return BigInt(toDouble(value));
}

/** A decimal as coefficient × 10^exponent; null for NaN and the infinities. */
interface Decimal {
  coefficient: bigint;
  exponent: number;
}

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const fraction = match[3] ?? "";
  const coefficient = BigInt(match[2] + fraction) * (match[1] === "-" ? -1n : 1n);
  return { coefficient, exponent: Number(match[4] ?? 0) - fraction.length };
}

function toDecimal(value: unknown): Decimal | null {
  switch (numericKind(value)) {
    case "decimal":
      return parseDecimal((value as Decimal128).toString());
    case "double": {
      const n = toDouble(value);
      return Number.isFinite(n) ? parseDecimal(n.toPrecision(15)) : null;
    }
    default:
      return { coefficient: toBigInt(value), exponent: 0 };
  }
}

function decimalResult(op: ArithmeticOperator, a: unknown, b: unknown): Decimal128 {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (!x || !y) {
    // NaN or an infinity takes part: IEEE rules on doubles give the same special value.
    const result = op === "$inc" ? toDouble(a) + toDouble(b) : toDouble(a) * toDouble(b);
    return Decimal128.fromString(Number.isNaN(result) ? "NaN" : result > 0 ? "Infinity" : "-Infinity");
  }
  let coefficient: bigint;
  let exponent: number;
  if (op === "$mul") {
    coefficient = x.coefficient * y.coefficient;
    exponent = x.exponent + y.exponent;
  } else {
    exponent = Math.min(x.exponent, y.exponent);
    coefficient = x.coefficient * 10n ** BigInt(x.exponent - exponent) + y.coefficient * 10n ** BigInt(y.exponent - exponent);
  }
  return Decimal128.fromStringWithRounding(`${coefficient}E${exponent}`);
}

/**
 * `current op operand` for two numeric values, or `undefined` when an int64 result overflows
 * (MongoDB then refuses the update).
 */
export function applyArithmetic(op: ArithmeticOperator, current: unknown, operand: unknown): unknown {
  const kinds = [numericKind(current), numericKind(operand)];
  if (kinds.includes("decimal")) return decimalResult(op, current, operand);
  if (kinds.includes("double")) {
    const result = op === "$inc" ? toDouble(current) + toDouble(operand) : toDouble(current) * toDouble(operand);
    return storedDouble(result);
  }
  const result = op === "$inc" ? toBigInt(current) + toBigInt(operand) : toBigInt(current) * toBigInt(operand);
  if (kinds[0] === "int" && kinds[1] === "int" && result >= -(2n ** 31n) && result < 2n ** 31n) return Number(result);
  if (result < INT64_MIN || result > INT64_MAX) return undefined;
  return Long.fromBigInt(result);
}

/** What `$mul` sets a missing field to: zero of the multiplier's type. */
export function zeroLike(operand: unknown): unknown {
  switch (numericKind(operand)) {
    case "long":
      return Long.fromNumber(0);
    case "double":
      return new Double(0);
    case "decimal":
      return Decimal128.fromString("0");
    default:
      return 0;
  }
}

/** A value as MongoDB prints it in the overflow message: `(NumberLong)9223372036854775807`. */
export function describeNumber(value: unknown): string {
  switch (numericKind(value)) {
    case "long":
      return `(NumberLong)${String(value)}`;
    case "int":
      return `(NumberInt)${String(value)}`;
    case "decimal":
      return `(NumberDecimal)${String(value)}`;
    default:
      return `(NumberDouble)${toDouble(value)}`;
  }
}
