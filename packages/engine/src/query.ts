/**
 * Query execution: choosing candidate documents (the "plan"), filtering them with mingo, then
 * sort / skip / limit / projection.
 *
 * Planning is deliberately simple: equality (or $in) on `_id` reads the primary map; equality
 * (or $in) on the leading field of a complete hash index reads that index; anything else scans
 * the collection. The full filter is always re-applied to candidates, so the plan only decides
 * how many documents are examined, never which ones match.
 */
import type { Document } from "./bson.js";
import type { Collection } from "./collection.js";
import { CommandError } from "./errors.js";
import { Query, compileFilter, evaluate, mingoOptions, type EvalContext } from "./mingo.js";
import type { Index } from "./indexes.js";
import { cloneDeep, compareValues, getPath, isNumeric, isPlainObject, keyOf, numberParameter, toDouble, sortDocumentsBson, TypeBound, typeRank, withIdFirst } from "./values.js";

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

function isOperatorObject(value: unknown): value is Document {
  return isPlainObject(value) && Object.keys(value).some((k) => k.startsWith("$"));
}

/** A value whose equality match is exactly "equal index key" (no null, regex or array semantics). */
function isPointValue(value: unknown): boolean {
  if (value === null || value === undefined || value instanceof RegExp || Array.isArray(value)) return false;
  if (typeof value === "number" && Number.isNaN(value)) return false;
  if (typeof value === "object" && (value as { _bsontype?: string })._bsontype === "BSONRegExp") return false;
  if (isOperatorObject(value)) return false;
  return true;
}

/** Range bounds are used for the types whose order within the type is plain. */
function isRangeValue(value: unknown): boolean {
  if (typeof value === "number") return !Number.isNaN(value);
  if (isNumeric(value)) return !Number.isNaN(toDouble(value));
  if (typeof value === "string" || value instanceof Date) return true;
  return typeof value === "object" && value !== null && (value as { _bsontype?: string })._bsontype === "ObjectId";
}

interface Bound {
  value: unknown;
  inclusive: boolean;
}

/** What the filter says about one field, as far as an index can use it. */
interface FieldBounds {
  points?: unknown[];
  low?: Bound;
  high?: Bound;
}

/** Conditions at the top level of a filter (and of top-level $and clauses), per field. */
function collectBounds(filter: Document, out = new Map<string, FieldBounds>()): Map<string, FieldBounds> {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === "$and" && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) collectBounds(clause, out);
      continue;
    }
    if (field.startsWith("$")) continue;
    const bounds = out.get(field) ?? {};
    out.set(field, bounds);
    if (!isOperatorObject(condition)) {
      if (isPointValue(condition)) bounds.points ??= [condition];
      continue;
    }
    if ("$eq" in condition && isPointValue(condition.$eq)) bounds.points ??= [condition.$eq];
    if (Array.isArray(condition.$in) && condition.$in.every(isPointValue)) bounds.points ??= condition.$in;
    for (const op of ["$gt", "$gte"] as const) {
      if (op in condition && isRangeValue(condition[op])) {
        const bound = { value: condition[op], inclusive: op === "$gte" };
        const c = bounds.low ? compareValues(bound.value, bounds.low.value) : 1;
        if (c > 0 || (c === 0 && !bound.inclusive)) bounds.low = bound;
      }
    }
    for (const op of ["$lt", "$lte"] as const) {
      if (op in condition && isRangeValue(condition[op])) {
        const bound = { value: condition[op], inclusive: op === "$lte" };
        const c = bounds.high ? compareValues(bound.value, bounds.high.value) : -1;
        if (c < 0 || (c === 0 && !bound.inclusive)) bounds.high = bound;
      }
    }
  }
  return out;
}

/** An interval of index keys, as key prefixes in index order. */
interface Interval {
  low: unknown[];
  lowInclusive: boolean;
  high: unknown[];
  highInclusive: boolean;
}

const MAX_INTERVALS = 4096;

interface IndexChoice {
  index: Index;
  intervals: Interval[];
  /** Leading fields constrained by the intervals. */
  boundedFields: number;
  /** 1: index order gives the requested sort; -1: reversed order does; 0: neither. */
  sortDirection: 0 | 1 | -1;
}

/** The intervals of `index` that contain every document matching the filter's bounds. */
function chooseBounds(index: Index, bounds: Map<string, FieldBounds>, sort: Document | undefined): IndexChoice {
  let intervals: Interval[] = [{ low: [], lowInclusive: true, high: [], highInclusive: true }];
  let boundedFields = 0;
  const singlePoint = new Set<string>();
  for (let i = 0; i < index.fields.length; i++) {
    const b = bounds.get(index.fields[i]);
    const direction = index.directions[i];
    if (b?.points && b.points.length > 0 && intervals.length * b.points.length <= MAX_INTERVALS) {
      const unique = new Map(b.points.map((p) => [keyOf(p), p]));
      const points = [...unique.values()].sort((x, y) => compareValues(x, y) * direction);
      if (points.length === 1) singlePoint.add(index.fields[i]);
      intervals = intervals.flatMap((iv) => points.map((p) => ({ low: [...iv.low, p], lowInclusive: true, high: [...iv.high, p], highInclusive: true })));
      boundedFields++;
      continue;
    }
    const ranged = b && (b.low || b.high) && !index.hashed && !index.multikey;
    if (ranged) {
      const rank = typeRank((b.low ?? b.high)!.value);
      if (b.low && b.high && typeRank(b.high.value) !== rank) break;
      const low = b.low ?? { value: new TypeBound(rank, false), inclusive: true };
      const high = b.high ?? { value: new TypeBound(rank, true), inclusive: true };
      const [first, last] = direction === 1 ? [low, high] : [high, low];
      intervals = intervals.map((iv) => ({
        low: [...iv.low, first.value],
        lowInclusive: first.inclusive,
        high: [...iv.high, last.value],
        highInclusive: last.inclusive,
      }));
      boundedFields++;
    }
    break;
  }
  return { index, intervals, boundedFields, sortDirection: sortDirectionOf(index, sort, singlePoint) };
}

/** Whether walking `index` (forward or backward) yields documents in `sort` order. */
function sortDirectionOf(index: Index, sort: Document | undefined, singlePoint: Set<string>): 0 | 1 | -1 {
  if (!sort || index.multikey || index.hashed || "$natural" in sort) return 0;
  const wanted = Object.entries(sort).filter(([field]) => !singlePoint.has(field));
  const fields = index.fields.map((field, i) => ({ field, direction: index.directions[i] })).filter((f) => !singlePoint.has(f.field));
  if (wanted.length === 0) return 1;
  if (wanted.length > fields.length) return 0;
  let sign: 0 | 1 | -1 = 0;
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i][0] !== fields[i].field) return 0;
    const s = (wanted[i][1] as number) * fields[i].direction > 0 ? 1 : -1;
    if (sign !== 0 && s !== sign) return 0;
    sign = s;
  }
  return sign;
}

export type PlanStage = "EOF" | "IDHACK" | "IXSCAN" | "COLLSCAN";

export interface Plan {
  stage: PlanStage;
  indexName?: string;
  keyPattern?: Document;
  /** Index keys read so far (grows as the candidates are consumed). */
  keysExamined: number;
  candidates: Iterable<Document>;
  /** Whether the candidates come in the requested sort order. */
  sorted: boolean;
  direction?: 1 | -1;
}

/** Resolves a `hint` (index name or key pattern) to an index, or `_id` / natural order. */
function resolveHint(collection: Collection | undefined, hint: unknown): Index | "$natural" | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return undefined;
  if (isPlainObject(hint) && "$natural" in hint) return "$natural";
  if (typeof hint !== "string" && !isPlainObject(hint)) throw new CommandError("BadValue", "hint must be a string or an object");
  const index = [...(collection ? [collection.idIndex] : []), ...(collection?.secondaryIndexes() ?? [])].find((ix) =>
    typeof hint === "string" ? ix.name === hint : keyOf(ix.spec.key) === keyOf(hint),
  );
  if (!index) {
    throw new CommandError("BadValue", "error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index");
  }
  return index;
}

export interface PlanOptions {
  sort?: Document;
  hint?: unknown;
}

/**
 * Chooses how to find the documents matching `filter`: `_id` lookups, an index scan over the
 * intervals the filter allows (possibly in the requested sort order), or a collection scan.
 * The filter is always re-applied to candidates: the plan decides how many documents are
 * examined and in which order, never which ones match.
 */
export function planQuery(collection: Collection | undefined, filter: Document, ctx: EvalContext, options: PlanOptions = {}): Plan {
  const hinted = resolveHint(collection, options.hint);
  if (!collection) return { stage: "EOF", keysExamined: 0, candidates: [], sorted: true };
  // With a collation, strings that compare equal can have different keys: no index bounds.
  const bounds = ctx.collation ? new Map<string, FieldBounds>() : collectBounds(filter);
  if (hinted === "$natural") return collectionScan(collection, options.sort);

  const onId = bounds.get("_id")?.points;
  if (onId && !hinted) {
    const keys = [...new Set(onId.map(keyOf))];
    const docs: Document[] = [];
    for (const key of keys) {
      const doc = collection.getByKey(key);
      if (doc) docs.push(doc);
    }
    return { stage: "IDHACK", indexName: "_id_", keyPattern: { _id: 1 }, keysExamined: keys.length, candidates: docs, sorted: docs.length <= 1 };
  }

  let best: IndexChoice | undefined;
  const usable = hinted ? [hinted] : [collection.idIndex, ...collection.secondaryIndexes().filter((index) => index.complete)];
  for (const index of usable) {
    // A collation orders strings differently from the index: no sort from the index then.
    const choice = chooseBounds(index, bounds, ctx.collation ? undefined : options.sort);
    if (!best || choice.boundedFields > best.boundedFields || (choice.boundedFields === best.boundedFields && choice.sortDirection !== 0 && best.sortDirection === 0)) {
      best = choice;
    }
  }
  if (!best || (!hinted && best.boundedFields === 0 && best.sortDirection === 0)) return collectionScan(collection, options.sort);
  return indexScan(collection, best);
}

function collectionScan(collection: Collection, sort: Document | undefined): Plan {
  const natural = sort?.$natural;
  const onlyNatural = sort !== undefined && Object.keys(sort).length === 1 && natural !== undefined;
  const docs = collection.docs;
  const candidates = natural === -1 ? [...docs.values()].reverse() : docs.values();
  return { stage: "COLLSCAN", keysExamined: 0, candidates, sorted: !sort || onlyNatural, direction: natural === -1 ? -1 : 1 };
}

function indexScan(collection: Collection, choice: IndexChoice): Plan {
  const { index, intervals } = choice;
  const reverse = choice.sortDirection === -1;
  const plan: Plan = {
    stage: "IXSCAN",
    indexName: index.name,
    keyPattern: index.spec.key,
    keysExamined: 0,
    candidates: [],
    sorted: choice.sortDirection !== 0,
    direction: reverse ? -1 : 1,
  };
  const dedupe = index.multikey || intervals.length > 1;
  plan.candidates = {
    *[Symbol.iterator]() {
      const seen = dedupe ? new Set<string>() : null;
      const ordered = reverse ? [...intervals].reverse() : intervals;
      for (const iv of ordered) {
        for (const docKey of index.scan(iv.low, iv.lowInclusive, iv.high, iv.highInclusive, reverse)) {
          plan.keysExamined++;
          if (seen) {
            if (seen.has(docKey)) continue;
            seen.add(docKey);
          }
          const doc = collection.getByKey(docKey);
          if (doc) yield doc;
        }
      }
    },
  };
  return plan;
}

export interface MatchResult {
  docs: Document[];
  plan: Plan;
  examined: number;
}

/** Candidates that match the filter, lazily, counting what was examined. */
function* matching(plan: Plan, query: ReturnType<typeof compileFilter>, stats: EngineStats, counter: { examined: number }): Generator<Document> {
  for (const doc of plan.candidates) {
    counter.examined++;
    stats.documentsScanned++;
    if (evaluate(() => query.test(doc))) yield doc;
  }
}

function countPlan(plan: Plan, stats: EngineStats): void {
  if (plan.stage === "COLLSCAN") stats.collectionScans++;
  else if (plan.stage !== "EOF") stats.indexLookups++;
}

/**
 * Stored documents matching `filter`, in plan order. They are frozen and shared: callers must
 * clone before changing them. `stopAfter` ends the scan early (updateOne without sort).
 */
export function findMatching(collection: Collection | undefined, filter: Document, ctx: EvalContext, stats: EngineStats, stopAfter = Infinity, hint?: unknown): MatchResult {
  const query = compileFilter(filter, ctx);
  const plan = planQuery(collection, filter, ctx, { hint });
  countPlan(plan, stats);
  const counter = { examined: 0 };
  const docs: Document[] = [];
  if (stopAfter > 0) {
    for (const doc of matching(plan, query, stats, counter)) {
      docs.push(doc);
      if (docs.length >= stopAfter) break;
    }
  }
  return { docs, plan, examined: counter.examined };
}

export interface QueryOptions {
  sort?: Document;
  skip?: number;
  /** 0: no limit. */
  limit?: number;
  hint?: unknown;
}

export interface QueryRun {
  plan: Plan;
  /** The results, produced as they are read when the plan gives them in order. */
  results: Iterable<Document>;
  /** Documents examined so far. */
  counter: { examined: number };
}

/**
 * Filter, sort, skip and limit. When the plan yields documents in the requested order (or no
 * order is requested), nothing is materialized: reading the results drives the scan, which
 * stops after skip + limit matches. Otherwise the matches are collected and sorted first.
 */
export function runQuery(collection: Collection | undefined, filter: Document, ctx: EvalContext, stats: EngineStats, options: QueryOptions = {}): QueryRun {
  const query = compileFilter(filter, ctx);
  const skip = options.skip ?? 0;
  const limit = options.limit ?? 0;
  const plan = planQuery(collection, filter, ctx, { sort: options.sort, hint: options.hint });
  countPlan(plan, stats);
  const counter = { examined: 0 };
  const sortSpec = options.sort;
  if (plan.sorted || !sortSpec) {
    return {
      plan,
      counter,
      results: {
        *[Symbol.iterator]() {
          let skipped = 0;
          let returned = 0;
          for (const doc of matching(plan, query, stats, counter)) {
            if (skipped < skip) {
              skipped++;
              continue;
            }
            yield doc;
            returned++;
            if (limit > 0 && returned >= limit) return;
          }
        },
      },
    };
  }
  const docs = [...matching(plan, query, stats, counter)];
  return { plan, counter, results: sortSkipLimit(docs, sortSpec, skip, limit, ctx) };
}

export function parseSort(value: unknown): Document | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw new CommandError("TypeMismatch", "sort must be an object");
  for (const [field, raw] of Object.entries(value)) {
    const direction = numberParameter(raw) ?? raw;
    if (direction !== 1 && direction !== -1 && !isPlainObject(direction)) {
      throw new CommandError("BadValue", `$sort key ordering must be 1 (for ascending) or -1 (for descending): ${field}`);
    }
    if (isPlainObject(direction)) throw new CommandError("BadValue", `$meta sort on ${field} is not supported by the embedded engine`);
  }
  if (Object.keys(value).length === 0) return undefined;
  return Object.fromEntries(Object.entries(value).map(([field, raw]) => [field, numberParameter(raw) ?? raw]));
}

/** Stable sort in BSON order (or by the collation, through mingo, when there is one). */
export function sortDocuments(docs: Document[], sort: Document, ctx: EvalContext): Document[] {
  const spec = Object.entries(sort).filter(([field]) => field !== "$natural") as Array<[string, number]>;
  const result = sort.$natural === -1 ? [...docs].reverse() : docs;
  if (spec.length === 0) return result;
  if (ctx.collation) {
    return evaluate(
      () =>
        new Query({}, mingoOptions(ctx))
          .find(result)
          .sort(Object.fromEntries(spec) as Record<string, 1 | -1>)
          .all() as Document[],
    );
  }
  return sortDocumentsBson(result, spec);
}

/** Sorts (stable, BSON order), then skips and limits. */
export function sortSkipLimit(docs: Document[], sort: Document | undefined, skip: number, limit: number, ctx: EvalContext): Document[] {
  let result = sort ? sortDocuments(docs, sort, ctx) : docs;
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
  return docs.map(projector(projection, ctx, filter));
}

interface ArrayProjection {
  path: string;
  slice?: [number, number | undefined];
  elemMatch?: Query;
}

function parseSlice(path: string, raw: unknown): [number, number | undefined] {
  const value = Array.isArray(raw) ? raw.map((v) => numberParameter(v) ?? v) : (numberParameter(raw) ?? raw);
  const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
  if (isInt(value)) return value >= 0 ? [0, value] : [value, undefined];
  if (Array.isArray(value) && value.length === 2 && isInt(value[0]) && isInt(value[1])) {
    if (value[1] <= 0) throw new CommandError("BadValue", `$slice limit must be positive: ${path}`);
    return [value[0], value[1]];
  }
  throw new CommandError("BadValue", `$slice only supports numbers and [skip, limit] arrays: ${path}`);
}

function applySlice(array: unknown[], [skip, limit]: [number, number | undefined]): unknown[] {
  if (limit === undefined) return skip >= 0 ? array.slice(0, skip) : array.slice(skip);
  const start = skip >= 0 ? skip : Math.max(0, array.length + skip);
  return array.slice(start, start + limit);
}

function isInclusion(value: unknown): boolean {
  if (value === true) return true;
  const n = numberParameter(value);
  if (n !== undefined) return n !== 0;
  return isPlainObject(value) || typeof value === "string"; // computed fields
}

/** The projection as a function of one document (prepared once for a whole cursor). */
export function projector(projection: Document | undefined, ctx: EvalContext, filter: Document = {}): (doc: Document) => Document {
  if (!projection || Object.keys(projection).length === 0) return (doc) => doc;
  const simple = topLevelProjector(projection);
  if (simple) return simple;
  const positional = Object.keys(projection).filter((field) => field.endsWith(".$"));
  const spec: Document = { ...projection };
  let positionalPath: string | undefined;
  let filterQuery: Query | undefined;
  if (positional.length > 0) {
    if (positional.length > 1) throw new CommandError("BadValue", "Cannot specify more than one positional proj. per query.");
    positionalPath = positional[0].slice(0, -2);
    filterQuery = compileFilter(filter, ctx);
    delete spec[positional[0]];
    spec[positionalPath] = 1;
  }
  // $slice and $elemMatch are applied here: $slice keeps the projection's mode (alone, every
  // other field stays), $elemMatch includes its field; both take conditions as MongoDB does.
  const arrays: ArrayProjection[] = [];
  for (const [path, value] of Object.entries(spec)) {
    if (!isPlainObject(value)) continue;
    if ("$slice" in value) arrays.push({ path, slice: parseSlice(path, value.$slice) });
    else if ("$elemMatch" in value) {
      if (!isPlainObject(value.$elemMatch)) throw new CommandError("BadValue", "elemMatch: Invalid argument, object required.");
      if (path.includes(".")) throw new CommandError("BadValue", "Cannot use $elemMatch projection on a nested field.");
      arrays.push({ path, elemMatch: compileFilter({ [path]: { $elemMatch: value.$elemMatch } }, ctx) });
    } else continue;
    delete spec[path];
  }
  const inclusive = Object.entries(spec).some(([field, value]) => field !== "_id" && isInclusion(value)) || arrays.some((a) => a.elemMatch);
  if (inclusive) for (const { path } of arrays) spec[path] = 1;
  const base = Object.keys(spec).length > 0 ? evaluate(() => new Query({}, mingoOptions(ctx))) : null;
  return (doc) => {
    let copy = cloneDeep(doc);
    if (positionalPath && filterQuery) copy = keepMatchingElement(copy, positionalPath, filterQuery);
    let result = base ? evaluate(() => base.find([copy], spec).all()[0] as Document) : copy;
    for (const { path, slice, elemMatch } of arrays) {
      const value = getPath(doc, path);
      if (!Array.isArray(value)) continue;
      if (slice) {
        if (getPath(result, path) !== undefined) setPath(result, path, cloneDeep(applySlice(value, slice)));
        continue;
      }
      const element = value.find((e) => elemMatch!.test({ [path]: [e] }));
      if (element === undefined) delete result[path];
      else result = { ...result, [path]: [cloneDeep(element)] };
    }
    return withIdFirst(result);
  };
}

/**
 * The projection nearly every read sends (top-level fields, each kept or left out) as a plain
 * copy of those fields, without building a query engine per read; null for any other shape
 * (dotted paths, operators, computed fields, or a mix MongoDB refuses), which the general path
 * answers or rejects. Fields keep the document's order, `_id` first.
 */
export function topLevelProjector(projection: Document): ((doc: Document) => Document) | null {
  const include = new Set<string>();
  const exclude = new Set<string>();
  let keepId = true;
  for (const [field, value] of Object.entries(projection)) {
    if (field.includes(".") || field.startsWith("$")) return null;
    const flag = typeof value === "boolean" ? value : numberParameter(value);
    if (flag === undefined || (typeof flag === "number" && Number.isNaN(flag))) return null;
    const included = typeof flag === "boolean" ? flag : flag !== 0;
    if (field === "_id") keepId = included;
    else (included ? include : exclude).add(field);
  }
  // Mixed modes, and `_id` named as kept beside left-out fields, are for the general path to judge.
  if (include.size > 0 && exclude.size > 0) return null;
  if (exclude.size > 0 && "_id" in projection && keepId) return null;
  // `{ _id: 1 }` alone is an inclusion projection too: only the id comes back.
  if (include.size > 0 || (exclude.size === 0 && keepId)) {
    return (doc) => {
      const out: Document = {};
      if (keepId && "_id" in doc) out._id = cloneDeep(doc._id);
      for (const key of Object.keys(doc)) if (include.has(key)) out[key] = cloneDeep(doc[key]);
      return out;
    };
  }
  if (!keepId) exclude.add("_id");
  return (doc) => {
    const out: Document = {};
    for (const key of Object.keys(doc)) if (!exclude.has(key)) out[key] = cloneDeep(doc[key]);
    return withIdFirst(out);
  };
}

function setPath(doc: Document, path: string, value: unknown): void {
  const segments = path.split(".");
  let target = doc;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(target[segment])) return;
    target = target[segment] as Document;
  }
  target[segments[segments.length - 1]] = value;
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
