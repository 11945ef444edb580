/**
 * Helpers over decoded BSON values: canonical keys for hash indexes, cloning, freezing and
 * dotted-path traversal.
 */
import { serializesAsInt32, type Document } from "./bson.js";

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** BSON values (ObjectId, Long, Binary, ...) carry a `_bsontype` tag. */
function bsonType(value: object): string | undefined {
  const tag = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === "string" ? tag : undefined;
}

function numberKey(n: number): string {
  // -0 and 0 are the same index key in MongoDB.
  return "n" + String(n === 0 ? 0 : n);
}

/**
 * Canonical string for a value, used as a hash-index key.
 *
 * Two values MongoDB considers equal get the same key: all numeric types collapse to their
 * numeric value (1, 1.0, Int32(1) and Long(1) are equal), null and missing share a key. Each
 * kind of value gets its own prefix so that, say, the string "1" never collides with the
 * number 1. Object keys keep their order, because MongoDB compares embedded documents
 * field by field in order.
 */
export function keyOf(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return "N";
    case "number":
      return numberKey(value);
    case "bigint":
      return "n" + value.toString();
    case "string":
      return "s" + JSON.stringify(value);
    case "boolean":
      return value ? "b1" : "b0";
    case "object":
      break;
    default:
      return "?" + JSON.stringify(String(value));
  }
  if (value === null) return "N";
  if (Array.isArray(value)) return "[" + value.map(keyOf).join(",") + "]";
  if (value instanceof Date) return "d" + String(value.getTime());
  if (value instanceof RegExp) return "r" + JSON.stringify(`${value.source}/${value.flags}`);
  if (isPlainObject(value)) {
    let out = "{";
    let first = true;
    for (const k of Object.keys(value)) {
      const v = value[k];
      if (v === undefined) continue;
      out += (first ? "" : ",") + JSON.stringify(k) + ":" + keyOf(v);
      first = false;
    }
    return out + "}";
  }
  if (value instanceof Uint8Array) return "x0:" + Buffer.from(value).toString("base64");
  const v = value as Record<string, unknown> & { toString(): string };
  switch (bsonType(value)) {
    case "ObjectId":
      return "o" + (v as unknown as { toHexString(): string }).toHexString();
    case "Long":
      // Exact: String() of an integral double below 1e21 prints all its digits, as a Long does.
      return "n" + v.toString();
    case "Int32":
    case "Double":
      return numberKey((v as unknown as { value: number }).value);
    case "Decimal128":
      return numberKey(Number(v.toString()));
    case "Timestamp":
      return "t" + v.toString();
    case "Binary": {
      const bin = v as unknown as { sub_type: number; buffer: Uint8Array; position: number };
      return `x${bin.sub_type}:` + Buffer.from(bin.buffer.subarray(0, bin.position)).toString("base64");
    }
    case "MinKey":
      return "m-";
    case "MaxKey":
      return "m+";
    case "BSONRegExp":
      return "r" + JSON.stringify(`${String(v.pattern)}/${String(v.options)}`);
    case "BSONSymbol":
      return "s" + JSON.stringify(String(v.value));
    case "Code":
      return "c" + JSON.stringify(String(v.code)) + keyOf(v.scope ?? null);
    case "DBRef":
      return "R" + JSON.stringify(String(v.collection)) + keyOf(v.oid) + JSON.stringify(String(v.db ?? ""));
    default:
      return "?" + JSON.stringify(v.toString());
  }
}

/** Deep copy of plain objects, arrays and dates; other BSON values are immutable and shared. */
export function cloneDeep<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v: unknown) => cloneDeep(v)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const k of Object.keys(value)) setOwn(out, k, cloneDeep(value[k]));
    return out as T;
  }
  return value;
}

/**
 * Assigns a field as data. A field named `__proto__` is a legal BSON field name: plain
 * assignment would change the object's prototype instead of storing it.
 */
export function setOwn(target: Document, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** An own field's value (never one inherited from the prototype). */
export function getOwn(target: Document, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
}

/**
 * Prepares a document for storage, in place: drops fields whose value is `undefined` (mingo
 * uses it for "missing", and BSON would not store it), turns `undefined` array slots into null,
 * and deep-freezes plain objects and arrays. Stored documents are never mutated afterwards:
 * updates build a new document, which lets cursors and the journal share references safely.
 * Objects that are already frozen were sealed before (structural sharing with a previous
 * version of the document) and are left alone.
 */
export function sealDocument<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) value[i] = null;
      else sealDocument(value[i]);
    }
    Object.freeze(value);
  } else if (isPlainObject(value)) {
    for (const k of Object.keys(value)) {
      if (value[k] === undefined) delete value[k];
      else sealDocument(value[k]);
    }
    Object.freeze(value);
  }
  return value;
}

/** Equality as stored data: same fields in the same order with equal values. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || keyOf(a) === keyOf(b);
}

/** The document with `_id` as its first field, where MongoDB always keeps it. */
export function withIdFirst(doc: Document): Document {
  if (!("_id" in doc) || Object.keys(doc)[0] === "_id") return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** A value found while walking a dotted path; `undefined` means the path is missing there. */
export interface PathWalk {
  values: unknown[];
  /** Whether an array was traversed or found at the end of the path (a "multikey" path). */
  throughArray: boolean;
}

const DIGITS = /^\d+$/;

/**
 * Values reachable at a dotted path, following MongoDB's rules: a path segment applied to an
 * array applies to each of its (embedded document) elements; a numeric segment also selects
 * that position. Arrays found at the end of the path are returned whole; callers decide
 * whether to expand them. Missing branches yield `undefined`.
 */
export function walkPath(doc: unknown, path: string): PathWalk {
  const segments = path.split(".");
  const result: PathWalk = { values: [], throughArray: false };
  walk(doc, segments, 0, result);
  return result;
}

function walk(value: unknown, segments: string[], i: number, out: PathWalk): void {
  if (i === segments.length) {
    if (Array.isArray(value)) out.throughArray = true;
    out.values.push(value);
    return;
  }
  const segment = segments[i];
  if (Array.isArray(value)) {
    out.throughArray = true;
    let found = false;
    if (DIGITS.test(segment) && Number(segment) < value.length) {
      walk(value[Number(segment)], segments, i + 1, out);
      found = true;
    }
    for (const element of value) {
      if (isPlainObject(element)) {
        walk(element, segments, i, out);
        found = true;
      }
    }
    if (!found) out.values.push(undefined);
    return;
  }
  if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
    walk(value[segment], segments, i + 1, out);
    return;
  }
  out.values.push(undefined);
}

/** The value at a dotted path when no arrays are involved (used for `_id`-like lookups). */
export function getPath(doc: Document, path: string): unknown {
  let current: unknown = doc;
  for (const segment of path.split(".")) {
    if (!isPlainObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Renders a value the way MongoDB prints it in error messages (`{ email: "a@b.c" }`). */
export function formatValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "[]" : "[ " + value.map(formatValue).join(", ") + " ]";
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof RegExp) return String(value);
  if (isPlainObject(value)) {
    const entries = Object.keys(value).map((k) => `${k}: ${formatValue(value[k])}`);
    return entries.length === 0 ? "{}" : "{ " + entries.join(", ") + " }";
  }
  const type = bsonType(value as object);
  if (type === "ObjectId") return `ObjectId('${(value as { toHexString(): string }).toHexString()}')`;
  if (type === "Binary" && (value as { sub_type?: number }).sub_type === 4) return `UUID("${String(value)}")`;
  return String(value);
}

/** Bound markers used by index scans: the lowest / highest value of one BSON type, or of all. */
export class TypeBound {
  constructor(
    readonly rank: number,
    readonly high: boolean,
  ) {}
}
export const MIN_BOUND = new TypeBound(-1, false);
export const MAX_BOUND = new TypeBound(100, true);

/** BSON comparison order of types (MongoDB's "comparison/sort order"). */
export function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 2;
  switch (typeof value) {
    case "number":
    case "bigint":
      return 3;
    case "string":
      return 4;
    case "boolean":
      return 9;
    case "object":
      break;
    default:
      return 13;
  }
  if (value instanceof TypeBound) return value.rank;
  if (Array.isArray(value)) return 6;
  if (value instanceof Date) return 10;
  if (value instanceof RegExp) return 12;
  if (isPlainObject(value)) return 5;
  if (value instanceof Uint8Array) return 7;
  switch (bsonType(value)) {
    case "MinKey":
      return 1;
    case "Long":
    case "Int32":
    case "Double":
    case "Decimal128":
      return 3;
    case "BSONSymbol":
      return 4;
    case "DBRef":
      return 5;
    case "Binary":
      return 7;
    case "ObjectId":
      return 8;
    case "Timestamp":
      return 11;
    case "BSONRegExp":
      return 12;
    case "MaxKey":
      return 14;
    default:
      return 13;
  }
}

/** The BSON numeric types, as MongoDB names them in `$type`. */
export type NumericKind = "int" | "long" | "double" | "decimal";

/** The BSON type a numeric value is stored and sent as (see `storedNumbers` in bson.ts). */
export function numericKind(value: unknown): NumericKind | undefined {
  if (typeof value === "number") return serializesAsInt32(value) ? "int" : "double";
  if (typeof value === "bigint") return "long";
  if (value === null || typeof value !== "object") return undefined;
  switch ((value as { _bsontype?: string })._bsontype) {
    case "Int32":
      return "int";
    case "Double":
      return "double";
    case "Long":
      return "long";
    case "Decimal128":
      return "decimal";
    default:
      return undefined;
  }
}

export function isNumeric(value: unknown): boolean {
  return typeof value === "number" || numericKind(value) !== undefined;
}

/**
 * A command parameter (limit, batchSize, index direction, ...) as a JS number, whatever its
 * numeric type; undefined when it is not a number.
 */
export function numberParameter(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  return isNumeric(value) ? toDouble(value) : undefined;
}

/**
 * The value with int64 values within ±2^53 and doubles held as `Double` turned into JS numbers
 * (what aggregation expressions and accumulators compute with); the same reference when there
 * is nothing to change.
 */
export function promoteNumbers<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = promoteNumbers(value[i] as unknown);
      if (next !== value[i]) (out ??= value.slice())[i] = next;
    }
    return (out ?? value) as T;
  }
  if (isPlainObject(value)) {
    let out: Document | null = null;
    for (const key of Object.keys(value)) {
      const next = promoteNumbers(value[key]);
      if (next !== value[key]) setOwn((out ??= { ...value }), key, next);
    }
    return (out ?? value) as T;
  }
  const kind = numericKind(value);
  if (kind === "double" || kind === "int") return toDouble(value) as T;
  if (kind === "long") {
    const n = (value as unknown as { toBigInt(): bigint }).toBigInt();
    return (n >= -(2n ** 53n) && n <= 2n ** 53n ? Number(n) : value) as T;
  }
  return value;
}

/** A numeric value as a JS number (int64 beyond 2^53 and Decimal128 rounded). */
export function toDouble(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  const tag = (value as { _bsontype?: string })._bsontype;
  if (tag === "Double" || tag === "Int32") return (value as { value: number }).value;
  return Number((value as { toString(): string }).toString());
}

/** An integer value exactly (int32, int64), or a double (double, Decimal128 approximated). */
function exactNumber(value: unknown): number | bigint {
  if (typeof value === "bigint") return value;
  if ((value as { _bsontype?: string })._bsontype === "Long") return (value as { toBigInt(): bigint }).toBigInt();
  return toDouble(value);
}

function compareDoubles(x: number, y: number): number {
  // NaN sorts before every other number and equals itself.
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A double against an int64, exactly (no rounding of the int64 to a double). */
function compareDoubleToLong(x: number, y: bigint): number {
  if (Number.isNaN(x) || x === -Infinity) return -1;
  if (x === Infinity) return 1;
  const floor = Math.floor(x);
  const f = BigInt(floor);
  if (f !== y) return f < y ? -1 : 1;
  return x === floor ? 0 : 1;
}

/**
 * Numbers of any BSON type compared by their mathematical value, as MongoDB compares them:
 * int64 values exactly, also against doubles (Decimal128 values are compared as doubles).
 */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return compareDoubles(a, b);
  const x = exactNumber(a);
  const y = exactNumber(b);
  if (typeof x === "number" && typeof y === "number") return compareDoubles(x, y);
  if (typeof x === "bigint" && typeof y === "bigint") return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === "number") return compareDoubleToLong(x, y as bigint);
  const c = compareDoubleToLong(y as number, x);
  return c === 0 ? 0 : -c;
}

/**
 * Whether two values would be encoded as the same BSON bytes: same types (an int32 5 is not an
 * int64 5 nor a double 5.0), same field order, same binary subtype. This is how MongoDB tells
 * whether an update modified a document (`nModified`).
 */
export function identical(a: unknown, b: unknown): boolean {
  if (typeof a === "number" || typeof b === "number") return Object.is(a, b);
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!identical(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || !identical(a[ka[i]], b[kb[i]])) return false;
    return true;
  }
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  const ta = bsonType(a);
  if (ta !== bsonType(b)) return false;
  switch (ta) {
    case "Double":
      return Object.is((a as { value: number }).value, (b as { value: number }).value);
    case "Long":
      return (a as { toBigInt(): bigint }).toBigInt() === (b as { toBigInt(): bigint }).toBigInt();
    case "Decimal128":
      return Buffer.compare((a as { bytes: Uint8Array }).bytes, (b as { bytes: Uint8Array }).bytes) === 0;
    case "Binary": {
      const x = binaryParts(a);
      const y = binaryParts(b);
      return x.subtype === y.subtype && Buffer.compare(x.bytes, y.bytes) === 0;
    }
    default:
      return keyOf(a) === keyOf(b);
  }
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : String((value as { value?: unknown }).value ?? value);
}

/** Binary comparison of UTF-8 strings is code point order. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function binaryParts(value: unknown): { subtype: number; bytes: Uint8Array } {
  if (value instanceof Uint8Array) return { subtype: 0, bytes: value };
  const bin = value as { sub_type: number; buffer: Uint8Array; position: number };
  return { subtype: bin.sub_type, bytes: bin.buffer.subarray(0, bin.position) };
}

/**
 * Total order of BSON values as MongoDB compares them for sorting and index keys: by type
 * (MinKey < null < numbers < strings < documents < arrays < binary < ObjectId < booleans <
 * dates < timestamps < regexes < MaxKey), then by value. Numbers of all types compare by value;
 * binary data by length, then subtype, then bytes.
 */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (a instanceof TypeBound || b instanceof TypeBound) {
    if (ra !== rb) return ra < rb ? -1 : 1;
    const ha = a instanceof TypeBound ? (a.high ? 1 : -1) : 0;
    const hb = b instanceof TypeBound ? (b.high ? 1 : -1) : 0;
    return ha === hb ? 0 : ha < hb ? -1 : 1;
  }
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 2:
    case 1:
    case 14:
      return 0;
    case 3:
      return compareNumbers(a, b);
    case 4:
      return compareStrings(stringOf(a), stringOf(b));
    case 5: {
      const x = a as Document;
      const y = b as Document;
      const kx = Object.keys(x).filter((k) => x[k] !== undefined);
      const ky = Object.keys(y).filter((k) => y[k] !== undefined);
      for (let i = 0; i < Math.min(kx.length, ky.length); i++) {
        const byType = typeRank(x[kx[i]]) - typeRank(y[ky[i]]);
        if (byType !== 0) return byType < 0 ? -1 : 1;
        const byName = compareStrings(kx[i], ky[i]);
        if (byName !== 0) return byName;
        const byValue = compareValues(x[kx[i]], y[ky[i]]);
        if (byValue !== 0) return byValue;
      }
      return kx.length - ky.length === 0 ? 0 : kx.length < ky.length ? -1 : 1;
    }
    case 6: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
    }
    case 7: {
      const x = binaryParts(a);
      const y = binaryParts(b);
      if (x.bytes.length !== y.bytes.length) return x.bytes.length < y.bytes.length ? -1 : 1;
      if (x.subtype !== y.subtype) return x.subtype < y.subtype ? -1 : 1;
      const c = Buffer.compare(Buffer.from(x.bytes.buffer, x.bytes.byteOffset, x.bytes.length), Buffer.from(y.bytes.buffer, y.bytes.byteOffset, y.bytes.length));
      return c;
    }
    case 8: {
      const x = (a as { toHexString(): string }).toHexString();
      const y = (b as { toHexString(): string }).toHexString();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 9:
      return a === b ? 0 : a ? 1 : -1;
    case 10: {
      const x = (a as Date).getTime();
      const y = (b as Date).getTime();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 11: {
      const x = a as { compare?(other: unknown): number; toString(): string };
      return typeof x.compare === "function" ? Math.sign(x.compare(b)) : compareStrings(String(a), String(b));
    }
    default: {
      const x = a instanceof RegExp ? `${a.source}/${a.flags}` : String(a);
      const y = b instanceof RegExp ? `${b.source}/${b.flags}` : String(b);
      return compareStrings(x, y);
    }
  }
}

/**
 * A document's sort key for one field: for arrays, the smallest element when ascending and
 * the largest when descending, as MongoDB sorts.
 */
function sortKey(doc: Document, path: string, direction: number): unknown {
  const values: unknown[] = [];
  let emptyArray = false;
  for (const value of walkPath(doc, path).values) {
    if (Array.isArray(value)) {
      if (value.length === 0) emptyArray = true;
      values.push(...value);
    } else values.push(value);
  }
  if (values.length === 0) return emptyArray ? EMPTY_ARRAY_KEY : undefined;
  let best = values[0];
  for (const value of values.slice(1)) {
    const c = compareValues(value, best);
    if (direction > 0 ? c < 0 : c > 0) best = value;
  }
  return best;
}

/** An empty array sorts before null and missing fields. */
const EMPTY_ARRAY_KEY = new TypeBound(1.5, false);

/** Stable sort of documents in BSON order by `[field, direction]` pairs (no collation). */
export function sortDocumentsBson(docs: Document[], spec: Array<[string, number]>): Document[] {
  const decorated = docs.map((doc, position) => ({ doc, position, keys: spec.map(([field, direction]) => sortKey(doc, field, direction)) }));
  decorated.sort((a, b) => {
    for (let i = 0; i < spec.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i]);
      if (c !== 0) return c * spec[i][1];
    }
    return a.position - b.position;
  });
  return decorated.map((d) => d.doc);
}
