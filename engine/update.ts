/**
 * Applying update specifications (operator documents, replacement documents and aggregation
 * pipelines) to documents, and building the document an upsert inserts.
 *
 * Stored documents are frozen; every function here works on a deep copy and returns a new,
 * sealed document.
 */
import { ObjectId } from "bson";
import { Aggregator, update as mingoUpdate } from "mingo";
import { bsonSize, MAX_BSON_OBJECT_SIZE, type Document } from "./bson";
import { CommandError } from "./errors";
import { evaluate, mingoOptions, type EvalContext } from "./mingo";
import { cloneDeep, formatValue, getPath, isPlainObject, sameValue, sealDocument, withIdFirst } from "./values";

export type UpdateSpec =
  | { kind: "operators"; modifier: Document; setOnInsert: Document | undefined; positional: boolean }
  | { kind: "replacement"; replacement: Document }
  | { kind: "pipeline"; stages: Document[] };

const PIPELINE_UPDATE_STAGES = new Set(["$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith"]);

/** Validates `u` of an update statement (or `update` of findAndModify). */
export function parseUpdateSpec(u: unknown): UpdateSpec {
  if (Array.isArray(u)) {
    for (const stage of u) {
      const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!name || Object.keys(stage as Document).length !== 1 || !PIPELINE_UPDATE_STAGES.has(name)) {
        throw new CommandError("BadValue", `Invalid stage in an update pipeline: ${name ?? "(not a document)"}`);
      }
    }
    return { kind: "pipeline", stages: u as Document[] };
  }
  if (!isPlainObject(u)) throw new CommandError("FailedToParse", "Update argument must be either an object or an array");
  const keys = Object.keys(u);
  const operators = keys.filter((k) => k.startsWith("$"));
  if (operators.length === 0) return { kind: "replacement", replacement: u };
  if (operators.length !== keys.length) {
    throw new CommandError("FailedToParse", `Unknown modifier: ${keys.find((k) => !k.startsWith("$"))}. Expected a valid update modifier or pipeline-style update specified as an array`);
  }
  const modifier: Document = {};
  let setOnInsert: Document | undefined;
  let positional = false;
  for (const op of operators) {
    const fields = u[op];
    if (!isPlainObject(fields)) throw new CommandError("FailedToParse", `Modifiers operate on fields but we found type ${typeof fields} instead for ${op}`);
    if (Object.keys(fields).some((path) => path.split(".").includes("$"))) positional = true;
    if (op === "$setOnInsert") setOnInsert = fields;
    else modifier[op] = fields;
  }
  return { kind: "operators", modifier, setOnInsert, positional };
}

export interface UpdateOptions {
  arrayFilters?: Document[];
  /** The statement's filter; needed by the positional `$` operator. */
  filter: Document;
  ctx: EvalContext;
}

function isNumeric(value: unknown): boolean {
  if (typeof value === "number") return true;
  const tag = (value as { _bsontype?: string } | null)?._bsontype;
  return tag === "Long" || tag === "Int32" || tag === "Double" || tag === "Decimal128";
}

/**
 * MongoDB refuses $inc/$mul on a non-numeric field or with a non-numeric argument; mingo
 * would silently skip them. Checked for plain dotted paths (positional paths are left to mingo).
 */
function checkArithmetic(doc: Document, modifier: Document): void {
  for (const op of ["$inc", "$mul"]) {
    const fields = modifier[op];
    if (!isPlainObject(fields)) continue;
    for (const [path, operand] of Object.entries(fields)) {
      if (!isNumeric(operand)) {
        throw new CommandError("TypeMismatch", `Cannot ${op === "$inc" ? "increment" : "multiply"} with non-numeric argument: { ${path}: ${formatValue(operand)} }`);
      }
      if (path.split(".").some((segment) => segment.startsWith("$"))) continue;
      const current = getPath(doc, path);
      if (current !== undefined && !isNumeric(current)) {
        throw new CommandError(
          "TypeMismatch",
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path}' of non-numeric type ${current === null ? "null" : Array.isArray(current) ? "array" : typeof current}`,
        );
      }
    }
  }
}

function applyOperators(doc: Document, modifier: Document, options: UpdateOptions, positional: boolean): void {
  if (Object.keys(modifier).length === 0) return;
  checkArithmetic(doc, modifier);
  evaluate(() =>
    mingoUpdate(doc, modifier, options.arrayFilters, positional ? options.filter : undefined, {
      cloneMode: "deep",
      queryOptions: mingoOptions(options.ctx),
    }),
  );
}

function applyPipeline(doc: Document, stages: Document[], ctx: EvalContext): Document {
  if (stages.length === 0) return doc;
  const [result] = evaluate(() => new Aggregator(stages, mingoOptions(ctx)).run([doc]) as Document[]);
  if (!isPlainObject(result)) throw new CommandError("BadValue", "update pipeline must produce a document");
  return result;
}

function checkSize(doc: Document): void {
  const size = bsonSize(doc);
  if (size > MAX_BSON_OBJECT_SIZE) {
    throw new CommandError("BSONObjectTooLarge", `Resulting document after update is larger than ${MAX_BSON_OBJECT_SIZE} (${size} bytes)`);
  }
}

/** The new version of `current` after the update, sealed for storage. */
export function applyUpdate(current: Document, spec: UpdateSpec, options: UpdateOptions): Document {
  let next: Document;
  switch (spec.kind) {
    case "operators":
      next = cloneDeep(current);
      applyOperators(next, spec.modifier, options, spec.positional);
      break;
    case "replacement": {
      const replacement = cloneDeep(spec.replacement);
      if ("_id" in replacement && !sameValue(replacement._id, current._id)) {
        throw new CommandError("ImmutableField", "After applying the update, the (immutable) field '_id' was found to have been altered");
      }
      delete replacement._id;
      next = { _id: current._id, ...replacement };
      break;
    }
    case "pipeline":
      next = applyPipeline(cloneDeep(current), spec.stages, options.ctx);
      if (!("_id" in next)) next = { _id: current._id, ...next };
      break;
  }
  if (!sameValue(next._id, current._id)) {
    throw new CommandError("ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  next = withIdFirst(next);
  checkSize(next);
  return sealDocument(next);
}

function setPath(doc: Document, path: string, value: unknown): void {
  const segments = path.split(".");
  let target = doc;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(target[segment])) target[segment] = {};
    target = target[segment] as Document;
  }
  target[segments[segments.length - 1]] = cloneDeep(value);
}

/** Fields an upsert copies from its filter: top-level equality conditions (and those in $and). */
function seedFromFilter(filter: Document, doc: Document = {}): Document {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === "$and" && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) seedFromFilter(clause, doc);
      continue;
    }
    if (field.startsWith("$")) continue;
    const isOperators = isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith("$"));
    if (!isOperators) setPath(doc, field, condition);
    else if ("$eq" in (condition as Document)) setPath(doc, field, (condition as Document).$eq);
  }
  return doc;
}

/** `fields` without `_id`; when the new document has no _id yet, it takes that one. */
function takeInsertIdFrom(doc: Document, fields: Document): Document {
  if (!("_id" in fields)) return fields;
  const { _id, ...rest } = fields;
  if (doc._id === undefined) doc._id = cloneDeep(_id);
  else if (!sameValue(doc._id, _id)) {
    throw new CommandError("ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return rest;
}

function takeInsertId(doc: Document, modifier: Document, operator: string): Document {
  const fields = modifier[operator];
  if (!isPlainObject(fields)) return modifier;
  return { ...modifier, [operator]: takeInsertIdFrom(doc, fields) };
}

/** The document an upsert inserts when nothing matched. */
export function buildUpsertDocument(spec: UpdateSpec, options: UpdateOptions): Document {
  const seed = seedFromFilter(options.filter);
  let doc: Document;
  switch (spec.kind) {
    case "operators": {
      doc = seed;
      // An insert may set _id through $set or $setOnInsert (mongoose puts the schema's default
      // _id in $setOnInsert); mingo's updater refuses _id outright, so it is assigned here.
      const modifier = takeInsertId(doc, spec.modifier, "$set");
      applyOperators(doc, modifier, options, false);
      if (spec.setOnInsert) applyOperators(doc, { $set: takeInsertIdFrom(doc, spec.setOnInsert) }, options, false);
      break;
    }
    case "replacement":
      doc = cloneDeep(spec.replacement);
      if (!("_id" in doc) && "_id" in seed) doc = { _id: seed._id, ...doc };
      break;
    case "pipeline":
      doc = applyPipeline(seed, spec.stages, options.ctx);
      break;
  }
  if (doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
  if (Array.isArray(doc._id)) throw new CommandError("BadValue", "can't use an array for _id");
  doc = withIdFirst(doc);
  checkSize(doc);
  return sealDocument(doc);
}
