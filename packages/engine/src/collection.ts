/**
 * A collection in memory: documents keyed by the canonical key of their `_id` (which doubles as
 * the `_id_` unique index), plus secondary hash indexes kept in step with every change.
 *
 * Methods either apply a change completely or throw before touching anything, so a failed
 * write (duplicate key, parallel arrays) leaves documents and indexes unchanged.
 */
import type { Document } from "./bson.js";
import { CommandError } from "./errors.js";
import { duplicateKeyError, ID_INDEX_NAME, Index, type IndexEntries, type IndexSpec } from "./indexes.js";
import { keyOf } from "./values.js";

export const ID_INDEX_SPEC: IndexSpec = Object.freeze({ v: 2, key: Object.freeze({ _id: 1 }), name: ID_INDEX_NAME });

export class Collection {
  /** Documents in insertion order ("natural order"); updates keep a document's position. */
  readonly docs = new Map<string, Document>();
  private readonly indexes = new Map<string, Index>();
  /** Told of every document stored (insert or replace): the TTL monitor's expiry queue follows it. */
  onStore: ((key: string, doc: Document) => void) | null = null;
  /** `_id` in order, for ranges and sorts on `_id` (its uniqueness is the `docs` map's). */
  readonly idIndex: Index;

  constructor(
    readonly dbName: string,
    public name: string,
    readonly uuid: unknown,
    readonly options: Document,
  ) {
    this.idIndex = new Index(ID_INDEX_SPEC, () => this.ns);
  }

  get ns(): string {
    return `${this.dbName}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  /** All index specs, `_id_` first, as listIndexes reports them. */
  indexSpecs(): IndexSpec[] {
    return [ID_INDEX_SPEC, ...this.secondaryIndexes().map((index) => index.spec)];
  }

  secondaryIndexes(): Index[] {
    return [...this.indexes.values()];
  }

  getIndex(name: string): Index | undefined {
    return this.indexes.get(name);
  }

  getByKey(key: string): Document | undefined {
    return this.docs.get(key);
  }

  insert(doc: Document): void {
    const key = keyOf(doc._id);
    if (this.docs.has(key)) throw duplicateKeyError(this.ns, ID_INDEX_NAME, { _id: 1 }, [doc._id]);
    const entries = this.entriesOf(doc);
    this.indexes.forEach((index) => index.checkUnique(key, entries.get(index)!));
    this.indexes.forEach((index) => index.add(key, entries.get(index)!));
    this.idIndex.add(key, this.idIndex.entriesFor(doc));
    this.docs.set(key, doc);
    this.onStore?.(key, doc);
  }

  /** Replaces a stored document by a new version with the same `_id`. */
  replace(current: Document, next: Document): void {
    const key = keyOf(current._id);
    if (this.docs.get(key) !== current) throw new CommandError("InternalError", `document to replace is not current in ${this.ns}`);
    const before = this.entriesOf(current);
    const after = this.entriesOf(next);
    this.indexes.forEach((index) => index.checkUnique(key, after.get(index)!));
    this.indexes.forEach((index) => {
      index.remove(key, before.get(index)!);
      index.add(key, after.get(index)!);
    });
    this.docs.set(key, next);
    this.onStore?.(key, next);
  }

  remove(doc: Document): void {
    const key = keyOf(doc._id);
    const current = this.docs.get(key);
    if (!current) return;
    const entries = this.entriesOf(current);
    this.indexes.forEach((index) => index.remove(key, entries.get(index)!));
    this.idIndex.remove(key, this.idIndex.entriesFor(current));
    this.docs.delete(key);
  }

  /**
   * Builds an index over the existing documents. Throws (E11000, parallel arrays) without
   * registering anything if a document does not fit the index.
   */
  buildIndex(spec: IndexSpec): Index {
    const index = new Index(spec, () => this.ns);
    for (const [key, doc] of this.docs) {
      const entries = index.entriesFor(doc);
      index.checkUnique(key, entries);
      index.add(key, entries);
    }
    return index;
  }

  addIndex(index: Index): void {
    this.indexes.set(index.name, index);
  }

  dropIndex(name: string): void {
    this.indexes.delete(name);
  }

  private entriesOf(doc: Document): Map<Index, IndexEntries | null> {
    const entries = new Map<Index, IndexEntries | null>();
    this.indexes.forEach((index) => entries.set(index, index.entriesFor(doc)));
    return entries;
  }
}
