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
