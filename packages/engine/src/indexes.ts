/**
 * Secondary indexes: an ordered set (skip list) of index keys per index, in the key pattern's
 * order (BSON comparison order, descending fields reversed), plus a map of unique keys.
 *
 * The ordered set answers equality, $in and ranges on any prefix of the key, in key order or
 * reversed, so the planner (query.ts) can also serve sorts and stop after skip + limit.
 */
import type { Query } from "./mingo.js";
import type { Document } from "./bson.js";
import { CommandError } from "./errors.js";
import { compileFilter } from "./mingo.js";
import { SkipList, type Entry } from "./skiplist.js";
import { compareValues, formatValue, isPlainObject, keyOf, numberParameter, walkPath } from "./values.js";

export const ID_INDEX_NAME = "_id_";

export interface IndexSpec extends Document {
  v: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
}

const UNSUPPORTED_KEY_TYPES = new Set(["text", "2d", "2dsphere", "geoHaystack"]);

export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, type]) => `${field}_${String(type)}`)
    .join("_");
}

/** Validates a spec from `createIndexes` (or a snapshot) and returns it normalized. */
export function normalizeIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw)) throw new CommandError("TypeMismatch", "each index specification must be an object");
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new CommandError("CannotCreateIndex", "Index keys cannot be an empty field");
  }
  for (const [field, type] of Object.entries(key)) {
    if (field === "" || field.startsWith("$") || field.includes("$**")) {
      throw new CommandError("CannotCreateIndex", `Index key '${field}' is not supported by the embedded engine`);
    }
    if (typeof type === "string") {
      if (UNSUPPORTED_KEY_TYPES.has(type)) {
        throw new CommandError("CannotCreateIndex", `'${type}' indexes are not supported by the embedded engine (index key ${field})`);
      }
      if (type !== "hashed") throw new CommandError("CannotCreateIndex", `Unknown index plugin '${type}'`);
    } else if (numberParameter(type) === undefined || numberParameter(type) === 0 || !Number.isFinite(numberParameter(type))) {
      throw new CommandError("CannotCreateIndex", `Values in the index key pattern can only be non-zero numbers or strings: ${field}: ${formatValue(type)}`);
    }
  }
  const name = raw.name === undefined ? defaultIndexName(key) : raw.name;
  if (typeof name !== "string" || name === "") throw new CommandError("CannotCreateIndex", "The index name must be a non-empty string");
  if (raw.collation !== undefined) {
    throw new CommandError("CannotCreateIndex", "index collations are not supported by the embedded engine");
  }
  const spec: IndexSpec = { v: 2, key, name };
  for (const [option, value] of Object.entries(raw)) {
    if (option === "v" || option === "key" || option === "name" || option === "ns") continue;
    spec[option] = value;
  }
  if (spec.unique !== undefined) spec.unique = Boolean(spec.unique);
  if (spec.sparse !== undefined) spec.sparse = Boolean(spec.sparse);
  if (spec.partialFilterExpression !== undefined) {
    if (!isPlainObject(spec.partialFilterExpression)) throw new CommandError("TypeMismatch", "partialFilterExpression must be an object");
    if (spec.sparse) throw new CommandError("CannotCreateIndex", 'cannot mix "partialFilterExpression" and "sparse" options');
    compileFilter(spec.partialFilterExpression);
  }
  if (spec.expireAfterSeconds !== undefined) {
    const ttl = numberParameter(spec.expireAfterSeconds);
    if (ttl === undefined || !Number.isFinite(ttl) || ttl < 0) {
      throw new CommandError("CannotCreateIndex", "TTL index 'expireAfterSeconds' option must be a non-negative number");
    }
    if (Object.keys(key).length !== 1) throw new CommandError("CannotCreateIndex", "TTL indexes are single-field indexes, compound indexes do not support TTL");
  }
  if (name === ID_INDEX_NAME && !(Object.keys(key).length === 1 && key._id === 1)) {
    throw new CommandError("BadValue", "The index name '_id_' is reserved for the _id index");
  }
  return spec;
}

/** Options that make two specs with the same key pattern different indexes. */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  const options = (s: IndexSpec): string =>
    keyOf({
      unique: Boolean(s.unique),
      sparse: Boolean(s.sparse),
      partial: s.partialFilterExpression ?? null,
      ttl: s.expireAfterSeconds ?? null,
    });
  return options(a) === options(b);
}

export function duplicateKeyError(ns: string, indexName: string, keyPattern: Document, values: unknown[]): CommandError {
  const fields = Object.keys(keyPattern);
  const keyValue: Document = {};
  fields.forEach((field, i) => {
    keyValue[field] = values[i] === undefined ? null : values[i];
  });
  const rendered = fields.map((field) => `${field}: ${formatValue(keyValue[field])}`).join(", ");
  return new CommandError("DuplicateKey", `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${rendered} }`, { keyPattern, keyValue });
}

/** The keys one document contributes to one index. */
export interface IndexEntries {
  /** Index keys in field order; one per element of a multikey (array) field. */
  keys: unknown[][];
  /** Whether a field of the key is an array in this document. */
  multikey: boolean;
  /** For unique indexes: one entry per combination of compound key values. */
  uniqueTuples: Array<{ key: string; values: unknown[] }>;
}

export class Index {
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial: Query | null;
  /** -1 for descending fields; hashed fields are kept in ascending value order. */
  readonly directions: Array<1 | -1>;
  readonly hashed: boolean;
  private readonly ordered: SkipList<unknown[]>;
  private multikeyDocs = 0;
  private readonly owners: Map<string, string> | null;

  constructor(
    readonly spec: IndexSpec,
    /** The collection's namespace, for error messages (a function: collections can be renamed). */
    private readonly ns: () => string,
  ) {
    this.name = spec.name;
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.partial = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : null;
    this.owners = this.unique ? new Map() : null;
    this.directions = this.fields.map((field) => ((numberParameter(spec.key[field]) ?? 1) < 0 ? -1 : 1));
    this.hashed = this.fields.some((field) => spec.key[field] === "hashed");
    this.ordered = new SkipList<unknown[]>((a, b) => this.compareKeys(a.key, b.key) || (a.docKey < b.docKey ? -1 : a.docKey > b.docKey ? 1 : 0));
  }

  /** Orders two index keys (or key prefixes, compared on their common fields) as the index does. */
  compareKeys(a: unknown[], b: unknown[]): number {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * this.directions[i];
    }
    return 0;
  }

  /** Whether some document has an array in an indexed field (bounds then cannot be combined). */
  get multikey(): boolean {
    return this.multikeyDocs > 0;
  }

  get entryCount(): number {
    return this.ordered.size;
  }

  /**
   * Document keys of the entries between two key prefixes, in index order (or reversed).
   * `low`/`high` are in index order; a bound compares on its own length only.
   */
  *scan(low: unknown[], lowInclusive: boolean, high: unknown[], highInclusive: boolean, reverse: boolean): Generator<string> {
    const afterLow = (e: Entry<unknown[]>): boolean => {
      const c = this.compareKeys(e.key, low);
      return lowInclusive ? c >= 0 : c > 0;
    };
    const beforeHigh = (e: Entry<unknown[]>): boolean => {
      const c = this.compareKeys(e.key, high);
      return highInclusive ? c <= 0 : c < 0;
    };
    const entries = reverse ? this.ordered.descending(beforeHigh, afterLow) : this.ordered.ascending(afterLow, beforeHigh);
    for (const entry of entries) yield entry.docKey;
  }

  /**
   * Whether every document is in the index, so that an equality lookup on the leading field
   * finds every match. Sparse and partial indexes leave documents out.
   */
  get complete(): boolean {
    return !this.sparse && this.partial === null;
  }

  get ttlSeconds(): number | undefined {
    return numberParameter(this.spec.expireAfterSeconds);
  }

  /** The entries of a document, or null when the document is not in this index. */
  entriesFor(doc: Document): IndexEntries | null {
    if (this.partial && !this.partial.test(doc)) return null;
    const walks = this.fields.map((field) => walkPath(doc, field));
    if (this.sparse && walks.every((w) => w.values.every((v) => v === undefined))) return null;
    const multikey = this.fields.filter((_, i) => walks[i].throughArray);
    if (multikey.length > 1) {
      throw new CommandError("CannotIndexParallelArrays", `cannot index parallel arrays [${multikey[1]}] [${multikey[0]}]`);
    }

    // Per field, the values a key takes: each element of an array (undefined for an empty one).
    const perFieldValues = walks.map((walk) => {
      const seen = new Map<string, unknown>();
      for (const value of walk.values) {
        const elements = Array.isArray(value) ? (value.length > 0 ? value : [undefined]) : [value];
        for (const element of elements) seen.set(keyOf(element), element === undefined ? null : element);
      }
      return [...seen.values()];
    });
    let keys: unknown[][] = [[]];
    for (const values of perFieldValues) keys = keys.flatMap((prefix) => values.map((value) => [...prefix, value]));

    const uniqueTuples: IndexEntries["uniqueTuples"] = [];
    if (this.unique) {
      // Per field, the distinct values an index key can take (array elements, not arrays).
      const perField = walks.map((walk) => {
        const seen = new Map<string, unknown>();
        for (const value of walk.values) {
          const elements = Array.isArray(value) && value.length > 0 ? value : [value];
          for (const element of elements) seen.set(keyOf(element), element);
        }
        return [...seen.entries()];
      });
      let tuples: Array<{ keys: string[]; values: unknown[] }> = [{ keys: [], values: [] }];
      for (const options of perField) {
        const next: typeof tuples = [];
        for (const tuple of tuples) {
          for (const [key, value] of options) next.push({ keys: [...tuple.keys, key], values: [...tuple.values, value] });
        }
        tuples = next;
      }
      for (const tuple of tuples) uniqueTuples.push({ key: tuple.keys.join("\u0000"), values: tuple.values });
    }
    return { keys, multikey: multikey.length > 0, uniqueTuples };
  }

  /** Throws E11000 if another document already holds one of these unique keys. */
  checkUnique(docKey: string, entries: IndexEntries | null): void {
    if (!this.owners || !entries) return;
    for (const tuple of entries.uniqueTuples) {
      const owner = this.owners.get(tuple.key);
      if (owner !== undefined && owner !== docKey) throw duplicateKeyError(this.ns(), this.name, this.spec.key, tuple.values);
    }
  }

  add(docKey: string, entries: IndexEntries | null): void {
    if (!entries) return;
    for (const key of entries.keys) this.ordered.insert({ key, docKey });
    if (entries.multikey) this.multikeyDocs++;
    if (this.owners) for (const tuple of entries.uniqueTuples) this.owners.set(tuple.key, docKey);
  }

  remove(docKey: string, entries: IndexEntries | null): void {
    if (!entries) return;
    for (const key of entries.keys) this.ordered.remove({ key, docKey });
    if (entries.multikey) this.multikeyDocs--;
    if (this.owners) {
      for (const tuple of entries.uniqueTuples) if (this.owners.get(tuple.key) === docKey) this.owners.delete(tuple.key);
    }
  }
}
