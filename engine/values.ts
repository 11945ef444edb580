/**
 * Helpers over decoded BSON values: canonical keys for hash indexes, cloning, freezing and
 * dotted-path traversal.
 */
import type { Document } from "./bson";

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
      return numberKey(Number(value));
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
    case "Int32":
    case "Double":
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

function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return Number((value as { toString(): string }).toString());
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
    case 3: {
      const x = toNumber(a);
      const y = toNumber(b);
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
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
