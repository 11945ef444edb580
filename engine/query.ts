/**
 * Query execution: choosing candidate documents (the "plan"), filtering them with mingo, then
 * sort / skip / limit / projection.
 *
 * Planning is deliberately simple: equality (or $in) on `_id` reads the primary map; equality
 * (or $in) on the leading field of a complete hash index reads that index; anything else scans
 * the collection. The full filter is always re-applied to candidates, so the plan only decides
 * how many documents are examined, never which ones match.
 */
import { Query } from "mingo";
import type { Document } from "./bson";
import type { Collection } from "./collection";
import { CommandError } from "./errors";
import { compileFilter, evaluate, mingoOptions, type EvalContext } from "./mingo";
import { cloneDeep, isPlainObject, keyOf, withIdFirst } from "./values";

/** Counters exposed as `engine.stats`, e.g. to check that a lookup does not scan. */
export interface EngineStats {
  commands: number;
  /** Documents tested against a filter. An indexed equality lookup examines only its matches. */
  documentsScanned: number;
  collectionScans: number;
  indexLookups: number;
}

export function newStats(): EngineStats {
  return { commands: 0, documentsScanned: 0, collectionScans: 0, indexLookups: 0 };
}

export type PlanStage = "EOF" | "IDHACK" | "IXSCAN" | "COLLSCAN";

export interface Plan {
  stage: PlanStage;
  indexName?: string;
  keyPattern?: Document;
  keysExamined: number;
  candidates: Iterable<Document>;
}

interface EqualityPredicate {
  field: string;
  values: unknown[];
}

function isOperatorObject(value: unknown): value is Document {
  return isPlainObject(value) && Object.keys(value).some((k) => k.startsWith("$"));
}

/** A value whose equality match is exactly "same canonical key" (no null/regex semantics). */
function isHashable(value: unknown): boolean {
  if (value === null || value === undefined || value instanceof RegExp) return false;
  if (typeof value === "object" && (value as { _bsontype?: string })._bsontype === "BSONRegExp") return false;
  if (isOperatorObject(value)) return false;
  return true;
}

/** Equality / $in conditions at the top level of a filter (or of a top-level $and). */
function equalityPredicates(filter: Document, out: EqualityPredicate[] = []): EqualityPredicate[] {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === "$and" && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) equalityPredicates(clause, out);
      continue;
    }
    if (field.startsWith("$")) continue;
    if (isOperatorObject(condition)) {
      if ("$eq" in condition && isHashable(condition.$eq)) out.push({ field, values: [condition.$eq] });
      else if (Array.isArray(condition.$in) && condition.$in.every(isHashable)) out.push({ field, values: condition.$in });
    } else if (isHashable(condition)) {
      out.push({ field, values: [condition] });
    }
  }
  return out;
}

function uniqueKeys(values: unknown[]): string[] {
  return [...new Set(values.map(keyOf))];
}

export function planQuery(collection: Collection | undefined, filter: Document, ctx: EvalContext): Plan {
  if (!collection) return { stage: "EOF", keysExamined: 0, candidates: [] };
  // With a collation, strings that compare equal can have different keys: scan.
  const predicates = ctx.collation ? [] : equalityPredicates(filter);

  const onId = predicates.find((p) => p.field === "_id");
  if (onId) {
    const keys = uniqueKeys(onId.values);
    const docs: Document[] = [];
    for (const key of keys) {
      const doc = collection.getByKey(key);
      if (doc) docs.push(doc);
    }
    return { stage: "IDHACK", indexName: "_id_", keyPattern: { _id: 1 }, keysExamined: keys.length, candidates: docs };
  }

  let best: { index: NonNullable<ReturnType<Collection["equalityIndexFor"]>>; keys: string[]; count: number } | undefined;
  for (const predicate of predicates) {
    const index = collection.equalityIndexFor(predicate.field);
    if (!index) continue;
    const keys = uniqueKeys(predicate.values);
    const count = keys.reduce((sum, key) => sum + (index.find(key)?.size ?? 0), 0);
    if (!best || count < best.count) best = { index, keys, count };
  }
  if (best) {
    const { index, keys } = best;
    const seen = new Set<string>();
    const docs: Document[] = [];
    for (const key of keys) {
      for (const docKey of index.find(key) ?? []) {
        if (seen.has(docKey)) continue; // a multikey document can be under several keys
        seen.add(docKey);
        const doc = collection.getByKey(docKey);
        if (doc) docs.push(doc);
      }
    }
    return { stage: "IXSCAN", indexName: index.name, keyPattern: index.spec.key, keysExamined: seen.size, candidates: docs };
  }
  return { stage: "COLLSCAN", keysExamined: 0, candidates: collection.docs.values() };
}

export interface MatchResult {
  docs: Document[];
  plan: Plan;
  examined: number;
}

/**
 * Stored documents matching `filter`, in plan order. They are frozen and shared: callers must
 * clone before changing them. `stopAfter` ends the scan early (updateOne without sort).
 */
export function findMatching(
  collection: Collection | undefined,
  filter: Document,
  ctx: EvalContext,
  stats: EngineStats,
  stopAfter = Infinity,
): MatchResult {
  const query = compileFilter(filter, ctx);
  const plan = planQuery(collection, filter, ctx);
  if (plan.stage === "COLLSCAN") stats.collectionScans++;
  else if (plan.stage !== "EOF") stats.indexLookups++;
  const docs: Document[] = [];
  let examined = 0;
  evaluate(() => {
    for (const doc of plan.candidates) {
      examined++;
      if (query.test(doc)) {
        docs.push(doc);
        if (docs.length >= stopAfter) break;
      }
    }
  });
  stats.documentsScanned += examined;
  return { docs, plan, examined };
}

export function parseSort(value: unknown): Document | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw new CommandError("TypeMismatch", "sort must be an object");
  for (const [field, direction] of Object.entries(value)) {
    if (direction !== 1 && direction !== -1 && !isPlainObject(direction)) {
      throw new CommandError("BadValue", `$sort key ordering must be 1 (for ascending) or -1 (for descending): ${field}`);
    }
    if (isPlainObject(direction)) throw new CommandError("BadValue", `$meta sort on ${field} is not supported by the embedded engine`);
  }
  return Object.keys(value).length > 0 ? value : undefined;
}

/** Sorts (stable, MongoDB's type order via mingo), then skips and limits. */
export function sortSkipLimit(docs: Document[], sort: Document | undefined, skip: number, limit: number, ctx: EvalContext): Document[] {
  let result = docs;
  if (sort) {
    const natural = sort.$natural;
    const spec = { ...sort };
    delete spec.$natural;
    if (natural === -1) result = [...result].reverse();
    if (Object.keys(spec).length > 0) {
      result = evaluate(() => new Query({}, mingoOptions(ctx)).find(result).sort(spec as Record<string, 1 | -1>).all() as Document[]);
    }
  }
  if (skip > 0 || limit > 0) result = result.slice(skip, limit > 0 ? skip + limit : undefined);
  return result;
}

/**
 * Applies a find-style projection to copies of the documents (mingo's projection can modify
 * its input in place). `_id` is moved first, where MongoDB keeps it. The positional
 * projection `"array.$": 1`, which mingo lacks, keeps the first element of the array that
 * satisfies `filter`.
 */
export function project(docs: Document[], projection: Document | undefined, ctx: EvalContext, filter: Document = {}): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const positional = Object.keys(projection).filter((field) => field.endsWith(".$"));
  let spec = projection;
  let copies = docs.map(cloneDeep);
  if (positional.length > 0) {
    if (positional.length > 1) throw new CommandError("BadValue", "Cannot specify more than one positional proj. per query.");
    const path = positional[0].slice(0, -2);
    const query = compileFilter(filter, ctx);
    copies = copies.map((doc) => keepMatchingElement(doc, path, query));
    spec = { ...projection };
    delete spec[positional[0]];
    spec[path] = 1;
  }
  return evaluate(() => {
    const projected = new Query({}, mingoOptions(ctx)).find(copies, spec).all() as Document[];
    return projected.map(withIdFirst);
  });
}

/** For `path.$`: replaces the array at `path` by its first element that makes `query` match. */
function keepMatchingElement(doc: Document, path: string, query: Query): Document {
  const segments = path.split(".");
  let parent: Document = doc;
  for (const segment of segments.slice(0, -1)) {
    const next = parent[segment];
    if (!isPlainObject(next)) return doc;
    parent = next;
  }
  const last = segments[segments.length - 1];
  const array = parent[last];
  if (!Array.isArray(array)) return doc;
  for (const element of array) {
    parent[last] = [element];
    if (query.test(doc)) return doc;
  }
  // No element matches (the filter does not constrain this array): keep it whole rather than
  // fail, since findAndModify projects after its write is done.
  parent[last] = array;
  return doc;
}
