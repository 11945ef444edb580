/**
 * Reads and writes: insert, find, getMore, killCursors, update, delete, findAndModify, count,
 * distinct, aggregate, explain.
 */
import { ObjectId } from "bson";
import { compare } from "mingo/util";
import { bsonSize, MAX_BSON_OBJECT_SIZE, MAX_WRITE_BATCH_SIZE, type Document } from "../bson.js";
import type { Collection } from "../collection.js";
import { parseBatchSize } from "../cursors.js";
import type { Writer } from "../database.js";
import { CommandError } from "../errors.js";
import { Aggregator, evaluate, mingoOptions, type EvalContext } from "../mingo.js";
import { findMatching, parseSort, project, projector, runQuery, type MatchResult, type Plan } from "../query.js";
import { applyUpdate, buildUpsertDocument, parseUpdateSpec, type UpdateSpec } from "../update.js";
import { cloneDeep, identical, isPlainObject, keyOf, promoteNumbers, sealDocument, walkPath, withIdFirst } from "../values.js";
import { collectionName, evalContext, getArray, getBoolean, getDocument, getInteger, type CommandContext, type CommandHandler } from "./context.js";

function writeBatch(ctx: CommandContext, field: string): unknown[] {
  const items = getArray(ctx.body, field);
  if (!items) throw new CommandError("FailedToParse", `BSON field '${ctx.name}.${field}' is missing but a required field`);
  if (items.length === 0 || items.length > MAX_WRITE_BATCH_SIZE) {
    throw new CommandError("InvalidLength", `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${items.length} operations.`);
  }
  return items;
}

function statement(value: unknown, kind: string): Document {
  if (!isPlainObject(value)) throw new CommandError("TypeMismatch", `each ${kind} statement must be an object`);
  return value;
}

/** Validates a document to insert, generating `_id` (first, as MongoDB stores it) if missing. */
function prepareInsert(raw: unknown): Document {
  if (!isPlainObject(raw)) throw new CommandError("TypeMismatch", "each document to insert must be an object");
  const doc = raw._id === undefined ? { _id: new ObjectId(), ...raw } : withIdFirst(raw);
  const id = doc._id;
  if (Array.isArray(id)) throw new CommandError("BadValue", "can't use an array for _id");
  if (id instanceof RegExp) throw new CommandError("BadValue", "can't use a regex for _id");
  if (isPlainObject(id) && Object.keys(id).some((k) => k.startsWith("$"))) {
    throw new CommandError("BadValue", "_id fields may not contain '$'-prefixed fields");
  }
  const size = bsonSize(doc);
  if (size > MAX_BSON_OBJECT_SIZE) throw new CommandError("BSONObjectTooLarge", `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_OBJECT_SIZE}`);
  return sealDocument(doc);
}

/** Runs statements with MongoDB's ordered/unordered semantics, collecting writeErrors. */
function runStatements(items: unknown[], ordered: boolean, run: (item: unknown, index: number) => void): Document[] {
  const writeErrors: Document[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      run(items[i], i);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      writeErrors.push(error.toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors;
}

export const insert: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const documents = writeBatch(ctx, "documents");
  const ordered = getBoolean(ctx.body, "ordered", true);
  let n = 0;
  const writeErrors = ctx.db.write((w) => {
    const collection = w.collection(name);
    return runStatements(documents, ordered, (raw) => {
      w.insert(collection, prepareInsert(raw));
      n++;
    });
  });
  return { n, ...(writeErrors.length > 0 ? { writeErrors } : {}), ok: 1 };
};

export const find: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const filter = getDocument(ctx.body, "filter") ?? {};
  const sort = parseSort(ctx.body.sort);
  const projection = getDocument(ctx.body, "projection");
  const skip = getInteger(ctx.body, "skip", 0);
  let limit = getInteger(ctx.body, "limit", 0);
  let singleBatch = getBoolean(ctx.body, "singleBatch", false);
  if (skip < 0) throw new CommandError("BadValue", "skip value must be non-negative");
  if (limit < 0) {
    // Legacy negative limit: return that many documents in a single batch.
    limit = -limit;
    singleBatch = true;
  }
  const batchSize = parseBatchSize(ctx.body.batchSize);
  if (getBoolean(ctx.body, "tailable", false)) throw new CommandError("BadValue", "tailable cursors are not supported by the embedded engine");
  const ectx = evalContext(ctx);
  const shape = projector(projection, ectx, filter);
  const run = runQuery(ctx.db.getCollection(name), filter, ectx, ctx.engine.stats, { sort, skip, limit, hint: ctx.body.hint });
  const results = mapIterable(run.results, shape);
  return { cursor: ctx.engine.cursors.open(`${ctx.db.name}.${name}`, results, batchSize, singleBatch), ok: 1 };
};

function mapIterable<T, U>(source: Iterable<T>, fn: (value: T) => U): Iterable<U> {
  return {
    *[Symbol.iterator]() {
      for (const value of source) yield fn(value);
    },
  };
}

export const getMore: CommandHandler = (ctx) => {
  const collection = ctx.body.collection;
  if (typeof collection !== "string") throw new CommandError("TypeMismatch", "getMore requires a 'collection' string");
  const cursor = ctx.engine.cursors.getMore(ctx.body.getMore, collection, ctx.db.name, parseBatchSize(ctx.body.batchSize));
  return { cursor, ok: 1 };
};

export const killCursors: CommandHandler = (ctx) => {
  // Not validated as a collection name: cursors of listIndexes/listCollections live in
  // "$cmd.*" namespaces.
  if (typeof ctx.body.killCursors !== "string") throw new CommandError("TypeMismatch", "killCursors requires a collection name");
  const ids = getArray(ctx.body, "cursors") ?? [];
  const { killed, notFound } = ctx.engine.cursors.kill(ids);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

interface UpdateRun {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  before?: Document;
  after?: Document;
}

interface UpdateRequest {
  filter: Document;
  spec: UpdateSpec;
  multi: boolean;
  upsert: boolean;
  sort?: Document;
  arrayFilters?: Document[];
  ectx: EvalContext;
}

/** The shared core of `update` statements and findAndModify. */
function runUpdate(ctx: CommandContext, w: Writer, name: string, request: UpdateRequest): UpdateRun {
  const { filter, spec, multi, upsert, sort, arrayFilters, ectx } = request;
  const collection = ctx.db.getCollection(name);
  const targets = multi ? findMatching(collection, filter, ectx, ctx.engine.stats).docs : [...runQuery(collection, filter, ectx, ctx.engine.stats, { sort, limit: 1 }).results];
  const options = { arrayFilters, filter, ctx: ectx };

  if (targets.length === 0) {
    if (!upsert) return { matched: 0, modified: 0 };
    const doc = buildUpsertDocument(spec, options);
    w.insert(w.collection(name), doc);
    return { matched: 0, modified: 0, upsertedId: doc._id, after: doc };
  }
  let modified = 0;
  let first: Document | undefined;
  for (const current of targets) {
    const next = applyUpdate(current, spec, options);
    // Modified means different BSON: a change of numeric type or binary subtype counts.
    if (!identical(next, current)) {
      w.replace(collection!, current, next);
      modified++;
      first ??= next;
    } else {
      first ??= current;
    }
  }
  return { matched: targets.length, modified, before: targets[0], after: first };
}

function arrayFiltersOf(source: Document): Document[] | undefined {
  const filters = getArray(source, "arrayFilters");
  if (!filters) return undefined;
  for (const f of filters) if (!isPlainObject(f)) throw new CommandError("TypeMismatch", "arrayFilters must be objects");
  return filters as Document[];
}

export const update: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const updates = writeBatch(ctx, "updates");
  const ordered = getBoolean(ctx.body, "ordered", true);
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors = ctx.db.write((w) =>
    runStatements(updates, ordered, (raw, index) => {
      const stmt = statement(raw, "update");
      const filter = getDocument(stmt, "q") ?? {};
      if (stmt.u === undefined) throw new CommandError("FailedToParse", "BSON field 'update.updates.u' is missing but a required field");
      const spec = parseUpdateSpec(stmt.u);
      const multi = getBoolean(stmt, "multi", false);
      if (multi && spec.kind === "replacement") {
        throw new CommandError("FailedToParse", "multi update is not supported for replacement-style update");
      }
      const result = runUpdate(ctx, w, name, {
        filter,
        spec,
        multi,
        upsert: getBoolean(stmt, "upsert", false),
        sort: parseSort(stmt.sort),
        arrayFilters: arrayFiltersOf(stmt),
        ectx: evalContext(ctx, { collation: stmt.collation, let: stmt.c ?? ctx.body.let }),
      });
      if (result.upsertedId !== undefined) {
        n += 1;
        upserted.push({ index, _id: result.upsertedId });
      } else {
        n += result.matched;
        nModified += result.modified;
      }
    }),
  );
  return {
    n,
    nModified,
    ...(upserted.length > 0 ? { upserted } : {}),
    ...(writeErrors.length > 0 ? { writeErrors } : {}),
    ok: 1,
  };
};

export const deleteCommand: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const deletes = writeBatch(ctx, "deletes");
  const ordered = getBoolean(ctx.body, "ordered", true);
  let n = 0;
  const writeErrors = ctx.db.write((w) =>
    runStatements(deletes, ordered, (raw) => {
      const stmt = statement(raw, "delete");
      const filter = getDocument(stmt, "q") ?? {};
      const limit = getInteger(stmt, "limit", 0);
      if (limit !== 0 && limit !== 1) throw new CommandError("FailedToParse", "The limit field in delete objects must be 0 or 1");
      const ectx = evalContext(ctx, { collation: stmt.collation, let: ctx.body.let });
      const collection = ctx.db.getCollection(name);
      const { docs } = findMatching(collection, filter, ectx, ctx.engine.stats, limit === 1 ? 1 : Infinity);
      for (const doc of docs) {
        w.remove(collection!, doc);
        n++;
      }
    }),
  );
  return { n, ...(writeErrors.length > 0 ? { writeErrors } : {}), ok: 1 };
};

export const findAndModify: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const body = ctx.body;
  const filter = getDocument(body, "query") ?? {};
  const sort = parseSort(body.sort);
  const remove = getBoolean(body, "remove", false);
  const returnNew = getBoolean(body, "new", false);
  const upsert = getBoolean(body, "upsert", false);
  const fields = getDocument(body, "fields");
  if (remove && body.update !== undefined) throw new CommandError("FailedToParse", "Cannot specify both an update and remove=true");
  if (!remove && body.update === undefined) throw new CommandError("FailedToParse", "Either an update or remove=true must be specified");
  if (remove && upsert) throw new CommandError("FailedToParse", "Cannot specify both upsert=true and remove=true");
  if (remove && returnNew) {
    throw new CommandError("FailedToParse", "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");
  }
  const ectx = evalContext(ctx);
  const shape = (doc: Document | undefined): Document | null => (doc ? project([doc], fields, ectx, filter)[0] : null);

  return ctx.db.write((w) => {
    if (remove) {
      const collection = ctx.db.getCollection(name);
      const [target] = runQuery(collection, filter, ectx, ctx.engine.stats, { sort, limit: 1 }).results;
      if (target) w.remove(collection!, target);
      return { lastErrorObject: { n: target ? 1 : 0 }, value: shape(target), ok: 1 };
    }
    const result = runUpdate(ctx, w, name, {
      filter,
      spec: parseUpdateSpec(body.update),
      multi: false,
      upsert,
      sort,
      arrayFilters: arrayFiltersOf(body),
      ectx,
    });
    if (result.upsertedId !== undefined) {
      return {
        lastErrorObject: { n: 1, updatedExisting: false, upserted: result.upsertedId },
        value: returnNew ? shape(result.after) : null,
        ok: 1,
      };
    }
    return {
      lastErrorObject: { n: result.matched, updatedExisting: result.matched > 0 },
      value: shape(returnNew ? result.after : result.before),
      ok: 1,
    };
  });
};

export const count: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const filter = getDocument(ctx.body, "query") ?? {};
  const skip = Math.max(0, getInteger(ctx.body, "skip", 0));
  const limit = Math.abs(getInteger(ctx.body, "limit", 0));
  const collection = ctx.db.getCollection(name);
  let n: number;
  if (Object.keys(filter).length === 0) {
    // estimatedDocumentCount: answered from the collection's size, no scan.
    n = collection?.size ?? 0;
  } else {
    n = findMatching(collection, filter, evalContext(ctx), ctx.engine.stats, limit > 0 ? skip + limit : Infinity).docs.length;
  }
  n = Math.max(0, n - skip);
  if (limit > 0) n = Math.min(n, limit);
  return { n, ok: 1 };
};

export const distinct: CommandHandler = (ctx) => {
  const name = collectionName(ctx);
  const key = ctx.body.key;
  if (typeof key !== "string" || key === "") throw new CommandError("TypeMismatch", "distinct requires a 'key' string");
  const filter = getDocument(ctx.body, "query") ?? {};
  const { docs } = findMatching(ctx.db.getCollection(name), filter, evalContext(ctx), ctx.engine.stats);
  const values = new Map<string, unknown>();
  const add = (value: unknown): void => {
    if (value === undefined) return;
    const k = keyOf(value);
    if (!values.has(k)) values.set(k, value);
  };
  for (const doc of docs) {
    for (const value of walkPath(doc, key).values) {
      if (Array.isArray(value)) value.forEach(add);
      else add(value);
    }
  }
  return { values: [...values.values()].sort(compare), ok: 1 };
};

/** Stages that never modify their input documents, so aggregation can skip copying them. */
const READ_ONLY_STAGES = new Set(["$match", "$sort", "$skip", "$limit", "$count", "$group", "$sortByCount"]);
/** Stages that pass documents through unchanged, so the documents keep their numeric types. */
const TYPE_KEEPING_STAGES = new Set(["$match", "$sort", "$skip", "$limit", "$count", "$unwind", "$sample"]);
const REJECTED_STAGES: Record<string, string> = {
  $changeStream: "The $changeStream stage is only supported on replica sets; change streams are not supported by the embedded engine",
  $out: "$out is not supported by the embedded engine",
  $merge: "$merge is not supported by the embedded engine",
};

function parsePipeline(body: Document): Document[] {
  const pipeline = getArray(body, "pipeline");
  if (!pipeline) throw new CommandError("FailedToParse", "BSON field 'aggregate.pipeline' is missing but a required field");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new CommandError("BadValue", "A pipeline stage specification object must contain exactly one field.");
    }
    const stageName = Object.keys(stage)[0];
    if (stageName in REJECTED_STAGES) throw new CommandError("CommandNotSupported", REJECTED_STAGES[stageName]);
  }
  return pipeline as Document[];
}

interface AggregateRun {
  results: Document[];
  match: MatchResult | null;
  scanned: number;
}

function runAggregate(ctx: CommandContext, collection: Collection | undefined, pipeline: Document[], ectx: EvalContext): AggregateRun {
  let input: Document[];
  let rest = pipeline;
  let match: MatchResult | null = null;
  if (pipeline.length > 0 && isPlainObject(pipeline[0].$match)) {
    // A leading $match uses the same planner as find, so it can use indexes.
    match = findMatching(collection, pipeline[0].$match, ectx, ctx.engine.stats, Infinity, ctx.body.hint);
    input = match.docs;
    rest = pipeline.slice(1);
  } else if (ctx.body.hint !== undefined) {
    // A hint gives the pipeline its input in that index's order.
    match = findMatching(collection, {}, ectx, ctx.engine.stats, Infinity, ctx.body.hint);
    input = match.docs;
  } else {
    input = collection ? [...collection.docs.values()] : [];
    ctx.engine.stats.documentsScanned += input.length;
    ctx.engine.stats.collectionScans++;
  }
  if (rest.length === 0) return { results: input, match, scanned: input.length };
  const readOnly = rest.every((stage) => READ_ONLY_STAGES.has(Object.keys(stage)[0]));
  // Stages that compute see int64 and integral doubles as JS numbers, as mingo computes.
  const computing = !rest.every((stage) => TYPE_KEEPING_STAGES.has(Object.keys(stage)[0]));
  const typed = computing ? input.map(promoteNumbers) : input;
  const source = readOnly ? typed : typed.map(cloneDeep);
  let results = evaluate(() => new Aggregator(rest, mingoOptions(ectx)).run(source) as Document[]);
  // mingo's $project emits _id last; MongoDB keeps it first.
  if (rest.some((stage) => "$project" in stage)) results = results.map(withIdFirst);
  return { results, match, scanned: match ? match.examined : input.length };
}

export const aggregate: CommandHandler = (ctx) => {
  const target = ctx.body.aggregate;
  if (typeof target !== "string") {
    throw new CommandError("CommandNotSupported", "database-level aggregation ({ aggregate: 1 }) is not supported by the embedded engine");
  }
  const name = collectionName(ctx);
  const pipeline = parsePipeline(ctx.body);
  const cursorOptions = getDocument(ctx.body, "cursor");
  const explain = getBoolean(ctx.body, "explain", false);
  if (!cursorOptions && !explain) {
    throw new CommandError("FailedToParse", "The 'cursor' option is required, except for aggregate with the explain argument");
  }
  const collection = ctx.db.getCollection(name);
  const ectx = evalContext(ctx);
  const started = Date.now();
  const run = runAggregate(ctx, collection, pipeline, ectx);
  if (explain) return explainReply(ctx, name, run.match?.plan, run.results.length, run.scanned, started);
  const batchSize = cursorOptions ? parseBatchSize(cursorOptions.batchSize, "cursor.batchSize") : undefined;
  return { cursor: ctx.engine.cursors.open(`${ctx.db.name}.${name}`, run.results, batchSize), ok: 1 };
};

function describePlan(plan: Plan | undefined): Document {
  if (!plan || plan.stage === "COLLSCAN") return { stage: "COLLSCAN", direction: "forward" };
  if (plan.stage === "EOF") return { stage: "EOF" };
  if (plan.stage === "IDHACK") return { stage: "IDHACK" };
  const fetch = {
    stage: "FETCH",
    inputStage: {
      stage: "IXSCAN",
      keyPattern: plan.keyPattern,
      indexName: plan.indexName,
      isMultiKey: false,
      direction: plan.direction === -1 ? "backward" : "forward",
    },
  };
  return plan.sorted ? fetch : { stage: "SORT", inputStage: fetch };
}

function explainReply(ctx: CommandContext, name: string, plan: Plan | undefined, nReturned: number, examined: number, started: number): Document {
  const winningPlan = describePlan(plan);
  return {
    explainVersion: "1",
    queryPlanner: { namespace: `${ctx.db.name}.${name}`, indexFilterSet: false, winningPlan, rejectedPlans: [] },
    executionStats: {
      executionSuccess: true,
      nReturned,
      executionTimeMillis: Date.now() - started,
      totalKeysExamined: plan?.keysExamined ?? 0,
      totalDocsExamined: examined,
      executionStages: { ...winningPlan, nReturned, docsExamined: examined },
    },
    serverInfo: { host: "127.0.0.1", port: ctx.engine.port, version: "7.0.0-flowmap" },
    ok: 1,
  };
}

/** `explain` for find, count, distinct and aggregate: the plan and how many documents it examined. */
export const explain: CommandHandler = (ctx) => {
  const inner = getDocument(ctx.body, "explain");
  if (!inner || Object.keys(inner).length === 0) throw new CommandError("FailedToParse", "explain requires a command document");
  const innerName = Object.keys(inner)[0];
  const innerCtx: CommandContext = { ...ctx, body: inner, name: innerName };
  const name = collectionName(innerCtx);
  const collection = ctx.db.getCollection(name);
  const ectx = evalContext(innerCtx);
  const started = Date.now();
  switch (innerName) {
    case "find":
    case "count":
    case "distinct": {
      const filter = getDocument(inner, innerName === "find" ? "filter" : "query") ?? {};
      const run = runQuery(collection, filter, ectx, ctx.engine.stats, {
        sort: innerName === "find" ? parseSort(inner.sort) : undefined,
        skip: Math.max(0, getInteger(inner, "skip", 0)),
        limit: Math.abs(getInteger(inner, "limit", 0)),
        hint: inner.hint,
      });
      const nReturned = [...run.results].length;
      return explainReply(ctx, name, run.plan, nReturned, run.counter.examined, started);
    }
    case "aggregate": {
      const run = runAggregate(innerCtx, collection, parsePipeline(inner), ectx);
      return explainReply(ctx, name, run.match?.plan, run.results.length, run.scanned, started);
    }
    default:
      throw new CommandError("CommandNotSupported", `explain of '${innerName}' is not supported by the embedded engine`);
  }
};
