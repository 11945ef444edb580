/**
 * Applying update specifications (operator documents, replacement documents and aggregation
 * pipelines) to documents, and building the document an upsert inserts.
 *
 * Stored documents are frozen; every function here works on a deep copy and returns a new,
 * sealed document.
 */
import { ObjectId } from "bson";
import { update as mingoUpdate } from "mingo";
import { bsonSize, MAX_BSON_OBJECT_SIZE, type Document } from "./bson.js";
import { CommandError } from "./errors.js";
import { Aggregator, compileFilter, evaluate, mingoOptions, type EvalContext } from "./mingo.js";
import { applyArithmetic, describeNumber, zeroLike } from "./numbers.js";
import { cloneDeep, compareValues, formatValue, getOwn, isNumeric, isPlainObject, keyOf, sameValue, sealDocument, setOwn, withIdFirst } from "./values.js";

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
    throw new CommandError(
      "FailedToParse",
      `Unknown modifier: ${keys.find((k) => !k.startsWith("$"))}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
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
      const current = getConcrete(doc, path);
      if (current !== undefined && !isNumeric(current)) {
        throw new CommandError(
          "TypeMismatch",
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path}' of non-numeric type ${current === null ? "null" : Array.isArray(current) ? "array" : typeof current}`,
        );
      }
    }
  }
}

const DIGITS = /^\d+$/;
const FILTERED_POSITIONAL = /^\$\[([a-z]\w*)\]$/;
/** Operators whose target must be (or become) an array. */
const ARRAY_OPERATORS = new Set(["$push", "$addToSet", "$pull", "$pullAll", "$pop"]);
/** Operators that create the path they write to (and so need every parent to be a document). */
const CREATING_OPERATORS = new Set(["$set", "$inc", "$mul", "$min", "$max", "$push", "$addToSet", "$currentDate", "$bit"]);
const LOGICAL_OPERATORS = new Set(["$and", "$or", "$nor"]);

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Date) return "date";
  if (typeof value === "object") return (value as { _bsontype?: string })._bsontype?.toLowerCase() ?? "object";
  return typeof value === "number" ? (Number.isInteger(value) ? "int" : "double") : typeof value;
}

/** The child of a document or array at one path segment. */
function child(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) return DIGITS.test(segment) ? value[Number(segment)] : undefined;
  if (isPlainObject(value)) return getOwn(value, segment);
  return undefined;
}

function getConcrete(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const segment of path.split(".")) value = child(value, segment);
  return value;
}

/**
 * For the positional `$` after `arrayPath`: the index of the first element of `array` that
 * satisfies the filter's conditions on that array, as MongoDB records it while matching.
 */
function positionalIndex(array: unknown[], arrayPath: string, filter: Document, ctx: EvalContext): number {
  const conditions: Document[] = [];
  const collect = (clause: Document): void => {
    for (const [key, condition] of Object.entries(clause)) {
      if (key === "$and" && Array.isArray(condition)) condition.forEach((c) => isPlainObject(c) && collect(c));
      else if (key === arrayPath || key.startsWith(arrayPath + ".")) conditions.push({ [key]: condition });
    }
  };
  collect(filter);
  if (conditions.length > 0) {
    const query = compileFilter(conditions.length === 1 ? conditions[0] : { $and: conditions }, ctx);
    for (let i = 0; i < array.length; i++) {
      const probe: Document = {};
      let target = probe;
      const segments = arrayPath.split(".");
      segments.slice(0, -1).forEach((segment) => {
        const next: Document = {};
        setOwn(target, segment, next);
        target = next;
      });
      setOwn(target, segments[segments.length - 1], [array[i]]);
      if (query.test(probe)) return i;
    }
  }
  throw new CommandError("BadValue", "The positional operator did not find the match needed from the query.");
}

interface ExpandContext {
  filter: Document;
  arrayFilters: Map<string, ReturnType<typeof compileFilter>>;
  usedIdentifiers: Set<string>;
  ctx: EvalContext;
}

/**
 * The concrete paths (array positions as numbers) that a path with `$`, `$[]` or
 * `$[<identifier>]` designates in this document.
 */
function expandPath(doc: Document, path: string, ex: ExpandContext): string[] {
  const segments = path.split(".");
  if (!segments.some((s) => s.startsWith("$"))) return [path];
  const out: string[] = [];
  const visit = (value: unknown, i: number, prefix: string[]): void => {
    if (i === segments.length) {
      out.push(prefix.join("."));
      return;
    }
    const segment = segments[i];
    const identifier = FILTERED_POSITIONAL.exec(segment)?.[1];
    if (segment === "$" || segment === "$[]" || identifier !== undefined) {
      if (!Array.isArray(value)) {
        if (segment === "$") throw new CommandError("BadValue", "The positional operator did not find the match needed from the query.");
        throw new CommandError("BadValue", `The path '${prefix.join(".")}' must exist in the document in order to apply array updates.`);
      }
      let indexes: number[];
      if (segment === "$") {
        indexes = [positionalIndex(value, segments.slice(0, i).join("."), ex.filter, ex.ctx)];
      } else if (segment === "$[]") {
        indexes = value.map((_, index) => index);
      } else {
        const query = ex.arrayFilters.get(identifier!);
        if (!query) throw new CommandError("BadValue", `No array filter found for identifier '${identifier}' in path '${path}'`);
        ex.usedIdentifiers.add(identifier!);
        indexes = [];
        value.forEach((element, index) => {
          if (query.test({ [identifier!]: element })) indexes.push(index);
        });
      }
      for (const index of indexes) visit(value[index], i + 1, [...prefix, String(index)]);
      return;
    }
    visit(child(value, segment), i + 1, [...prefix, segment]);
  };
  visit(doc, 0, []);
  return out;
}

function arrayFilterQueries(arrayFilters: Document[] | undefined, ctx: EvalContext): Map<string, ReturnType<typeof compileFilter>> {
  const queries = new Map<string, ReturnType<typeof compileFilter>>();
  for (const filter of arrayFilters ?? []) {
    const identifiers = new Set(Object.keys(filter).map((key) => key.split(".")[0]));
    if (identifiers.size !== 1) throw new CommandError("FailedToParse", "Each array filter must use a single top-level field name");
    const [identifier] = identifiers;
    if (queries.has(identifier)) throw new CommandError("FailedToParse", `Found multiple array filters with the same top-level field name ${identifier}`);
    queries.set(identifier, compileFilter(filter, ctx));
  }
  return queries;
}

/** Throws ConflictingUpdateOperators when one path is another or contains it. */
function checkConflicts(paths: string[]): void {
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    if (a === b || b.startsWith(a + ".")) {
      throw new CommandError("ConflictingUpdateOperators", `Updating the path '${b}' would create a conflict at '${a}'`);
    }
  }
}

/** MongoDB cannot create a field inside an array (other than by position) or inside a scalar. */
function checkViable(doc: Document, path: string): void {
  const segments = path.split(".");
  let value: unknown = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    const next = child(value, segments[i]);
    if (next === undefined) return; // the rest of the path is created
    const segment = segments[i + 1];
    const viable = isPlainObject(next) || (Array.isArray(next) && DIGITS.test(segment));
    if (!viable) {
      throw new CommandError("PathNotViable", `Cannot create field '${segment}' in element {${segments[i]}: ${formatValue(next)}}`);
    }
    value = next;
  }
}

function setConcrete(doc: Document, path: string, value: unknown): void {
  const segments = path.split(".");
  let target: unknown = doc;
  for (const segment of segments.slice(0, -1)) {
    let next = child(target, segment);
    if (next === undefined || next === null) {
      next = {};
      if (Array.isArray(target)) target[Number(segment)] = next;
      else setOwn(target as Document, segment, next);
    }
    target = next;
  }
  const last = segments[segments.length - 1];
  if (Array.isArray(target)) {
    const index = Number(last);
    while (target.length < index) target.push(null);
    target[index] = value;
  } else setOwn(target as Document, last, value);
}

function unsetConcrete(doc: Document, path: string): boolean {
  const segments = path.split(".");
  const parent = segments.length === 1 ? doc : getConcrete(doc, segments.slice(0, -1).join("."));
  const last = segments[segments.length - 1];
  if (isPlainObject(parent) && Object.prototype.hasOwnProperty.call(parent, last)) {
    delete parent[last];
    return true;
  }
  return false;
}

/** A predicate for one `$pull` condition, as MongoDB applies it to each element. */
function pullPredicate(condition: unknown, ctx: EvalContext): (element: unknown) => boolean {
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    const isFieldQuery = keys.length > 0 && keys.every((k) => !k.startsWith("$") || LOGICAL_OPERATORS.has(k));
    if (isFieldQuery) {
      // A document of conditions is a query applied to each element as if it were a document.
      const query = compileFilter(condition, ctx);
      return (element) => isPlainObject(element) && query.test(element);
    }
    if (keys.some((k) => k.startsWith("$"))) {
      const query = compileFilter({ element: condition }, ctx);
      return (element) => query.test({ element });
    }
  }
  return (element) => sameValue(element, condition);
}

type Mode = "update" | "insert";

/**
 * Applies an operator update to `doc` in place. Array positions (`$`, `$[]`, `$[<id>]`) are
 * resolved to concrete positions first, so that conflicts, path viability and the _id rule are
 * judged on the fields actually written, as MongoDB does; `$pull` and `$rename` are applied
 * here, the other operators by mingo.
 */
function applyOperators(doc: Document, modifier: Document, options: UpdateOptions, mode: Mode): void {
  if (Object.keys(modifier).length === 0) return;
  const ex: ExpandContext = {
    filter: options.filter,
    arrayFilters: arrayFilterQueries(options.arrayFilters, options.ctx),
    usedIdentifiers: new Set(),
    ctx: options.ctx,
  };
  const concrete: Document = {};
  const written: string[] = [];
  for (const [op, fields] of Object.entries(modifier)) {
    const out: Document = {};
    for (const [path, value] of Object.entries(fields as Document)) {
      if (op === "$rename") {
        if (typeof value !== "string" || value === "") throw new CommandError("BadValue", `The 'to' field for $rename must be a string: ${path}: ${formatValue(value)}`);
        if (path === value) throw new CommandError("BadValue", `The source and target field for $rename must differ: ${path}: ${formatValue(value)}`);
        written.push(path, value);
        setOwn(out, path, value);
        continue;
      }
      for (const target of expandPath(doc, path, ex)) {
        const segments = target.split(".");
        if (segments[0] === "_id" && mode === "update") {
          // Setting _id (or a part of it) to its current value is allowed; changing it is not.
          if (op === "$set" && sameValue(getConcrete(doc, target), value)) continue;
          throw new CommandError("ImmutableField", `Performing an update on the path '${target}' would modify the immutable field '_id'`);
        }
        written.push(target);
        if (CREATING_OPERATORS.has(op)) checkViable(doc, target);
        if (ARRAY_OPERATORS.has(op)) {
          const current = getConcrete(doc, target);
          if (current !== undefined && !Array.isArray(current)) {
            const name = op === "$push" || op === "$addToSet" ? "field" : "path";
            throw new CommandError("BadValue", `The ${name} '${target}' must be an array but is of type ${typeName(current)} in document {_id: ${formatValue(doc._id)}}`);
          }
        }
        // A dollar-prefixed field name is stored as it is below the top level (MongoDB 5.0 and
        // later); at the top level only when the update inserts (an upsert), as an insert does.
        if (mode === "update" && segments[0].startsWith("$")) {
          throw new CommandError("DollarPrefixedFieldName", `The dollar ($) prefixed field '${segments[0]}' in '${target}' is not valid for storage.`);
        }
        setOwn(out, target, value);
      }
    }
    if (Object.keys(out).length > 0) concrete[op] = out;
  }
  for (const identifier of ex.arrayFilters.keys()) {
    if (!ex.usedIdentifiers.has(identifier)) {
      throw new CommandError("FailedToParse", `The array filter for identifier '${identifier}' was not used in the update ${formatValue(modifier)}`);
    }
  }
  checkConflicts(written);
  checkArithmetic(doc, concrete);

  const pull = concrete.$pull as Document | undefined;
  delete concrete.$pull;
  const rename = concrete.$rename as Document | undefined;
  delete concrete.$rename;
  if (pull) {
    for (const [path, condition] of Object.entries(pull)) {
      const current = getConcrete(doc, path);
      if (!Array.isArray(current)) continue;
      const matches = pullPredicate(condition, options.ctx);
      const kept = current.filter((element) => !matches(element));
      if (kept.length !== current.length) setConcrete(doc, path, kept);
    }
  }
  if (rename) {
    for (const [from, to] of Object.entries(rename)) {
      for (const path of [from, to as string]) {
        if (path.split(".").some((segment, i, all) => i < all.length - 1 && Array.isArray(getConcrete(doc, all.slice(0, i + 1).join("."))))) {
          throw new CommandError("BadValue", `The source field cannot be an array element, '${from}' in doc with _id: ${formatValue(doc._id)} has an array field called '${path}'`);
        }
      }
      const value = getConcrete(doc, from);
      if (value === undefined) continue;
      checkViable(doc, to as string);
      unsetConcrete(doc, from);
      setConcrete(doc, to as string, value);
    }
  }
  applyNumericOperators(doc, concrete);
  for (const [op, fields] of Object.entries(concrete)) {
    for (const [path, value] of Object.entries(fields as Document)) {
      if (op === "$set") setConcrete(doc, path, cloneDeep(value));
      else if (op === "$unset") unsetField(doc, path);
      else applyToField(doc, path, op, value, options.ctx);
    }
  }
}

/**
 * `$unset` at a concrete path: removes a document's field; an array element becomes null (the
 * array keeps its length), as in MongoDB.
 */
function unsetField(doc: Document, path: string): void {
  const segments = path.split(".");
  const parent = segments.length === 1 ? doc : getConcrete(doc, segments.slice(0, -1).join("."));
  const last = segments[segments.length - 1];
  if (Array.isArray(parent)) {
    if (DIGITS.test(last) && Number(last) < parent.length) parent[Number(last)] = null;
  } else unsetConcrete(doc, path);
}

/**
 * One array or date operator (`$push`, `$pop`, `$pullAll`, `$currentDate`, `$bit`) on the field
 * at a concrete path. mingo computes the operator on a one-field document, so every field name
 * (dollar-prefixed, `__proto__`) is reached by the engine's own path handling, and values are
 * taken as they are (mingo's copies would leave out an own `__proto__` field).
 */
function applyToField(doc: Document, path: string, op: string, value: unknown, ctx: EvalContext): void {
  const field: Document = {};
  const current = getConcrete(doc, path);
  // `$push` onto a missing field pushes onto an empty array, its modifiers ($sort, $slice,
  // $position) included.
  if (current !== undefined || op === "$push") field.v = current ?? [];
  evaluate(() =>
    mingoUpdate(field, { [op]: { v: cloneDeep(value) } }, undefined, undefined, {
      cloneMode: "none",
      queryOptions: mingoOptions(ctx),
    }),
  );
  if (field.v !== undefined && field.v !== current) setConcrete(doc, path, field.v);
}

/**
 * `$inc` and `$mul` with MongoDB's numeric type rules (int32 overflowing into int64, exact
 * int64 arithmetic, see numbers.ts), `$addToSet` with MongoDB's equality (numbers by value,
 * embedded documents field by field in order), `$min` and `$max` in BSON comparison order.
 * Applied here rather than by mingo, which only computes and compares JS numbers. Takes them
 * out of `concrete`.
 */
function applyNumericOperators(doc: Document, concrete: Document): void {
  for (const op of ["$inc", "$mul"] as const) {
    const fields = concrete[op] as Document | undefined;
    if (!fields) continue;
    delete concrete[op];
    for (const [path, operand] of Object.entries(fields)) {
      const current = getConcrete(doc, path);
      if (current === undefined) {
        setConcrete(doc, path, op === "$inc" ? operand : zeroLike(operand));
        continue;
      }
      const result = applyArithmetic(op, current, operand);
      if (result === undefined) {
        throw new CommandError("BadValue", `Failed to apply ${op} operations to current value (${describeNumber(current)}) for document {_id: ${formatValue(doc._id)}}`);
      }
      setConcrete(doc, path, result);
    }
  }
  const addToSet = concrete.$addToSet as Document | undefined;
  if (addToSet) {
    delete concrete.$addToSet;
    for (const [path, spec] of Object.entries(addToSet)) {
      const values = isPlainObject(spec) && Object.keys(spec)[0] === "$each" ? spec.$each : [spec];
      if (!Array.isArray(values)) throw new CommandError("TypeMismatch", `The argument to $each in $addToSet must be an array but it was of type ${typeName(values)}`);
      const current = getConcrete(doc, path);
      const next = Array.isArray(current) ? [...(current as unknown[])] : [];
      const seen = new Set(next.map(keyOf));
      for (const value of values) {
        const key = keyOf(value);
        if (!seen.has(key)) {
          seen.add(key);
          next.push(cloneDeep(value));
        }
      }
      if (!Array.isArray(current) || next.length !== current.length) setConcrete(doc, path, next);
    }
  }
  for (const op of ["$min", "$max"] as const) {
    const fields = concrete[op] as Document | undefined;
    if (!fields) continue;
    delete concrete[op];
    for (const [path, value] of Object.entries(fields)) {
      const current = getConcrete(doc, path);
      const c = current === undefined ? 0 : compareValues(value, current);
      if (current === undefined || (op === "$min" ? c < 0 : c > 0)) setConcrete(doc, path, cloneDeep(value));
    }
  }
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
      applyOperators(next, spec.modifier, options, "update");
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
    if (!isPlainObject(getOwn(target, segment))) setOwn(target, segment, {});
    target = getOwn(target, segment) as Document;
  }
  setOwn(target, segments[segments.length - 1], cloneDeep(value));
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
      applyOperators(doc, modifier, options, "insert");
      if (spec.setOnInsert) applyOperators(doc, { $set: takeInsertIdFrom(doc, spec.setOnInsert) }, options, "insert");
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
