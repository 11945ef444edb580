/**
 * The engine's single doorway to mingo, which implements MongoDB's query, projection, update
 * and aggregation languages. Errors mingo raises for bad user input become BadValue replies.
 */
import { Aggregator as AggregatorBase } from "mingo/aggregator";
import { Context, evalExpr } from "mingo/core";
import * as accumulatorOperators from "mingo/operators/accumulator";
import * as expressionOperators from "mingo/operators/expression";
import * as pipelineOperators from "mingo/operators/pipeline";
import * as projectionOperators from "mingo/operators/projection";
import * as queryOperators from "mingo/operators/query";
import * as windowOperators from "mingo/operators/window";
import { Lazy, type Iterator as LazyIterator } from "mingo/lazy";
import { Query as QueryBase } from "mingo/query";
import type { CollationSpec, Options } from "mingo/types";
import { flatten, MingoError, resolve } from "mingo/util";
import type { Document } from "./bson.js";
import { CommandError, ErrorCode } from "./errors.js";
import { compareNumbers, compareValues, isNumeric, isPlainObject, keyOf, numberParameter, numericKind, sortDocumentsBson, typeRank } from "./values.js";

type QueryOp = (selector: string, value: unknown, options: Options) => (obj: Document) => boolean;
const base = queryOperators as unknown as Record<string, QueryOp>;

function bsonTag(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? (value as { _bsontype?: string })._bsontype : undefined;
}

/** Values at a path, with arrays contributing themselves and their elements. */
function valuesAt(obj: Document, selector: string): unknown[] {
  const found = resolve(obj, selector, { unwrapArray: true }) as unknown;
  if (found === undefined) return [];
  return Array.isArray(found) ? [found, ...found] : [found];
}

/** MongoDB's $type names and numbers for the types mingo does not recognise from JS values. */
const TYPE_TESTS: Record<string, (v: unknown) => boolean> = {
  objectId: (v) => bsonTag(v) === "ObjectId",
  binData: (v) => bsonTag(v) === "Binary" || v instanceof Uint8Array,
  decimal: (v) => numericKind(v) === "decimal",
  // Numbers keep their BSON type in storage (bson.ts), so each is exactly one of these.
  long: (v) => numericKind(v) === "long",
  int: (v) => numericKind(v) === "int",
  double: (v) => numericKind(v) === "double",
  timestamp: (v) => bsonTag(v) === "Timestamp",
  minKey: (v) => bsonTag(v) === "MinKey",
  maxKey: (v) => bsonTag(v) === "MaxKey",
  javascript: (v) => bsonTag(v) === "Code",
  symbol: (v) => bsonTag(v) === "BSONSymbol",
  dbPointer: (v) => bsonTag(v) === "DBPointer",
};
const TYPE_NUMBERS: Record<number, string> = {
  1: "double",
  5: "binData",
  7: "objectId",
  13: "javascript",
  14: "symbol",
  16: "int",
  17: "timestamp",
  18: "long",
  19: "decimal",
  [-1]: "minKey",
  127: "maxKey",
};
const NUMBER_TYPES = ["int", "long", "double", "decimal"];

const $type: QueryOp = (selector, value, options) => {
  const wanted = (Array.isArray(value) ? value : [value]).map((t) => (typeof t === "number" ? (TYPE_NUMBERS[t] ?? t) : t));
  const ours = wanted.filter((t): t is string => typeof t === "string" && (t in TYPE_TESTS || t === "number"));
  const rest = wanted.filter((t) => !ours.includes(t as string));
  const fallback = rest.length > 0 ? base.$type(selector, rest.length === 1 ? rest[0] : rest, options) : null;
  const tests = ours.flatMap((t) => (t === "number" ? NUMBER_TYPES : [t])).map((t) => TYPE_TESTS[t]);
  return (obj) => valuesAt(obj, selector).some((v) => tests.some((test) => test(v))) || (fallback?.(obj) ?? false);
};

/**
 * The values a condition on `selector` is tested against: the value at the path and, for
 * arrays, their elements (through as many levels of arrays as the path crossed), as MongoDB
 * and mingo's own operators do.
 */
function candidates(obj: Document, selector: string): unknown[] {
  const found = resolve(obj, selector, { unwrapArray: true }) as unknown;
  if (!Array.isArray(found)) return [found];
  let depth = 0;
  for (let i = selector.indexOf("."); i !== -1; i = selector.indexOf(".", i + 1)) depth++;
  return [found, ...(flatten(found, depth) as unknown[])];
}

const ACCEPT = {
  $eq: (c: number) => c === 0,
  $gt: (c: number) => c > 0,
  $gte: (c: number) => c >= 0,
  $lt: (c: number) => c < 0,
  $lte: (c: number) => c <= 0,
};

/**
 * A comparison with a numeric operand, by value across the numeric types (an int32 5, an int64
 * 5, a double 5.0 and a Decimal128 5 are equal), exactly for int64 values. mingo's operators
 * would only see JS numbers.
 */
function numericCondition(op: keyof typeof ACCEPT, operand: unknown): (obj: Document, selector: string) => boolean {
  const accept = ACCEPT[op];
  if (typeof operand === "number") {
    return (obj, selector) => {
      const found = resolve(obj, selector, { unwrapArray: true }) as unknown;
      if (typeof found === "number") return accept(compareNumbers(found, operand));
      if (found === undefined || found === null || (typeof found === "object" && !Array.isArray(found) && !isNumeric(found))) return false;
      return candidates(obj, selector).some((v) => isNumeric(v) && accept(compareNumbers(v, operand)));
    };
  }
  return (obj, selector) => candidates(obj, selector).some((v) => isNumeric(v) && accept(compareNumbers(v, operand)));
}

/** Equality with an array or embedded document, also when their numbers differ in type only. */
function sameAsAny(obj: Document, selector: string, operand: unknown): boolean {
  const key = keyOf(operand);
  return candidates(obj, selector).some((v) => v !== null && typeof v === "object" && Array.isArray(v) === Array.isArray(operand) && keyOf(v) === key);
}

const isComposite = (v: unknown): boolean => Array.isArray(v) || isPlainObject(v);
const isNumericOperand = (v: unknown): boolean => isNumeric(v) && !(typeof v === "number" && Number.isNaN(v));

const numericEq: QueryOp = (selector, value, options) => {
  if (isNumericOperand(value)) {
    const test = numericCondition("$eq", value);
    return (obj) => test(obj, selector);
  }
  const next = base.$eq(selector, value, options);
  if (!isComposite(value)) return next;
  return (obj) => next(obj) || sameAsAny(obj, selector, value);
};

const numericIn: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value)) return base.$in(selector, value, options);
  const numbers = value.filter(isNumericOperand).map((v) => numericCondition("$eq", v));
  const composite = value.filter(isComposite);
  const others = value.filter((v) => !isNumericOperand(v));
  if (numbers.length === 0 && composite.length === 0) return base.$in(selector, value, options);
  const rest = others.length > 0 ? base.$in(selector, others, options) : null;
  return (obj) => numbers.some((test) => test(obj, selector)) || (rest?.(obj) ?? false) || composite.some((v) => sameAsAny(obj, selector, v));
};

const numericRange = (op: "$gt" | "$gte" | "$lt" | "$lte"): QueryOp => {
  return (selector, value, options) => {
    if (!isNumericOperand(value)) return base[op](selector, value, options);
    const test = numericCondition(op, value);
    return (obj) => test(obj, selector);
  };
};

const negate =
  (positive: QueryOp): QueryOp =>
  (selector, value, options) => {
    const test = positive(selector, value, options);
    return (obj) => !test(obj);
  };

/** An integer part for `$mod`: numbers of any type truncated toward zero, exactly for int64. */
function truncated(value: unknown): bigint | null {
  if (numericKind(value) === "long") return (value as { toBigInt(): bigint }).toBigInt();
  const n = numberParameter(value);
  return n === undefined || !Number.isFinite(n) ? null : BigInt(Math.trunc(n));
}

/** `$mod: [divisor, remainder]` on numbers of every type, as MongoDB: operands truncated to integers. */
const $mod: QueryOp = (selector, value) => {
  if (!Array.isArray(value) || value.length !== 2) throw new MingoError("malformed mod, needs to be an array of two numbers");
  const divisor = truncated(value[0]);
  const remainder = truncated(value[1]);
  if (divisor === null || remainder === null) throw new MingoError("malformed mod, divisor and remainder must be numbers");
  if (divisor === 0n) throw new MingoError("divisor cannot be 0");
  return (obj) =>
    candidates(obj, selector).some((v) => {
      if (!isNumeric(v)) return false;
      const n = truncated(v);
      return n !== null && n % divisor === remainder;
    });
};

/** `$size` accepts a size of any numeric type. */
const $size: QueryOp = (selector, value, options) => base.$size(selector, numberParameter(value) ?? value, options);

/** Range operators on binary data compare in BSON order (length, subtype, bytes). */
function binaryAware(op: "$gt" | "$gte" | "$lt" | "$lte"): QueryOp {
  const accept = { $gt: (c: number) => c > 0, $gte: (c: number) => c >= 0, $lt: (c: number) => c < 0, $lte: (c: number) => c <= 0 }[op];
  return (selector, value, options) => {
    if (typeRank(value) !== 7) return numericRange(op)(selector, value, options);
    return (obj) => valuesAt(obj, selector).some((v) => typeRank(v) === 7 && accept(compareValues(v, value)));
  };
}

const DBREF_FIELDS: Record<string, string> = { $ref: "\u0000ref", $id: "\u0000id", $db: "\u0000db" };

/** `$elemMatch` on DBRefs can name their `$ref`, `$id` and `$db` fields. */
const $elemMatch: QueryOp = (selector, value, options) => {
  if (!isPlainObject(value) || !Object.keys(value).some((k) => k in DBREF_FIELDS)) return base.$elemMatch(selector, value, options);
  const renamed = Object.fromEntries(Object.entries(value).map(([k, v]) => [DBREF_FIELDS[k] ?? k, v]));
  const query = new QueryBase(renamed, options);
  const asDocument = (ref: unknown): Document | null => {
    if (bsonTag(ref) === "DBRef") {
      const r = ref as { collection: string; oid: unknown; db?: string; fields?: Document };
      return { ...(r.fields ?? {}), [DBREF_FIELDS.$ref]: r.collection, [DBREF_FIELDS.$id]: r.oid, ...(r.db ? { [DBREF_FIELDS.$db]: r.db } : {}) };
    }
    return null;
  };
  return (obj) => {
    const found = resolve(obj, selector) as unknown;
    if (!Array.isArray(found)) return false;
    return found.some((element) => {
      const doc = asDocument(element);
      return doc !== null && query.test(doc);
    });
  };
};

const collators = new Map<string, Intl.Collator>();

/** The collator for a parsed collation (strength, case level, case first, numeric ordering). */
export function collatorFor(collation: CollationSpec): Intl.Collator {
  const key = JSON.stringify(collation);
  let collator = collators.get(key);
  if (!collator) {
    const strength = collation.strength ?? 3;
    const sensitivity = strength === 1 ? (collation.caseLevel ? "case" : "base") : strength === 2 ? (collation.caseLevel ? "variant" : "accent") : "variant";
    collator = new Intl.Collator(collation.locale, {
      sensitivity,
      numeric: collation.numericOrdering === true,
      ...(collation.caseFirst && collation.caseFirst !== "off" ? { caseFirst: collation.caseFirst } : {}),
      ignorePunctuation: collation.alternate === "shifted",
    });
    collators.set(key, collator);
  }
  return collator;
}

/** Comparison operators that compare strings with the command's collation, when it has one. */
function collationAware(op: "$eq" | "$ne" | "$in" | "$nin" | "$gt" | "$gte" | "$lt" | "$lte", next: QueryOp): QueryOp {
  return (selector, value, options) => {
    const collation = (options as { collation?: CollationSpec }).collation;
    const operands = op === "$in" || op === "$nin" ? (Array.isArray(value) ? value : []) : [value];
    if (!collation || !operands.some((v) => typeof v === "string")) return next(selector, value, options);
    const collator = collatorFor(collation);
    if (op === "$ne" || op === "$nin") {
      const positive = collationAware(op === "$ne" ? "$eq" : "$in", op === "$ne" ? numericEq : numericIn)(selector, value, options);
      return (obj) => !positive(obj);
    }
    if (op === "$eq" || op === "$in") {
      const others = operands.filter((v) => typeof v !== "string");
      const strings = operands.filter((v): v is string => typeof v === "string");
      const rest = others.length > 0 ? numericIn(selector, others, options) : null;
      return (obj) => valuesAt(obj, selector).some((v) => typeof v === "string" && strings.some((s) => collator.compare(v, s) === 0)) || (rest?.(obj) ?? false);
    }
    const accept = { $gt: (c: number) => c > 0, $gte: (c: number) => c >= 0, $lt: (c: number) => c < 0, $lte: (c: number) => c <= 0 }[op];
    return (obj) => valuesAt(obj, selector).some((v) => typeof v === "string" && accept(collator.compare(v, value as string)));
  };
}

/**
 * `$all`: every listed value matches as `{ field: value }` would (an array field through its
 * elements, a regular expression as a pattern, numbers by value, strings by the collation), or
 * each `$elemMatch` matches, whether the field is an array or a scalar.
 */
const $all: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value)) throw new MingoError("$all needs an array");
  const equal = collationAware("$eq", numericEq);
  const clauses = value.map((v) => {
    if (isPlainObject(v) && "$elemMatch" in v) return base.$elemMatch(selector, v.$elemMatch, options);
    if (v instanceof RegExp) return base.$regex(selector, v, options);
    return equal(selector, v, options);
  });
  return (obj) => clauses.length > 0 && clauses.every((clause) => clause(obj));
};

type PipelineOp = (collection: LazyIterator, expr: unknown, options: Options) => LazyIterator;
const pipelineBase = pipelineOperators as unknown as Record<string, PipelineOp>;

/** `$sort` in BSON comparison order (numbers of every type by value), like find's sort. */
const $sortStage: PipelineOp = (collection, expr, options) => {
  if ((options as { collation?: unknown }).collation || !isPlainObject(expr)) return pipelineBase.$sort(collection, expr, options);
  const spec = Object.entries(expr) as Array<[string, number]>;
  if (spec.length === 0 || spec.some(([, direction]) => direction !== 1 && direction !== -1)) return pipelineBase.$sort(collection, expr, options);
  return collection.transform((docs) => Lazy(sortDocumentsBson(docs as Document[], spec)));
};

type ExpressionOp = (obj: Document, expr: unknown, options: Options) => unknown;
const expressionBase = expressionOperators as unknown as Record<string, ExpressionOp>;

/**
 * Comparison expressions ($eq, $gt, $cmp, ...) compare int64, integral doubles and Decimal128
 * by value, in BSON order; other values as mingo does.
 */
function comparisonExpression(name: "$eq" | "$ne" | "$gt" | "$gte" | "$lt" | "$lte" | "$cmp"): ExpressionOp {
  return (obj, expr, options) => {
    const args = evalExpr(obj, expr, options) as unknown;
    if (!Array.isArray(args) || args.length !== 2 || !args.some((v) => isNumeric(v) && typeof v !== "number")) {
      return expressionBase[name](obj, Array.isArray(args) ? args.map((v) => ({ $literal: v })) : expr, options);
    }
    const c = compareValues(args[0], args[1]);
    return name === "$cmp" ? c : name === "$ne" ? c !== 0 : ACCEPT[name](c);
  };
}

/** mingo's operators with the engine's corrections, used by every query and pipeline. */
const CONTEXT = Context.init({
  accumulator: accumulatorOperators as never,
  expression: {
    ...expressionOperators,
    $eq: comparisonExpression("$eq"),
    $ne: comparisonExpression("$ne"),
    $gt: comparisonExpression("$gt"),
    $gte: comparisonExpression("$gte"),
    $lt: comparisonExpression("$lt"),
    $lte: comparisonExpression("$lte"),
    $cmp: comparisonExpression("$cmp"),
  } as never,
  pipeline: { ...pipelineOperators, $sort: $sortStage } as never,
  projection: projectionOperators as never,
  query: {
    ...base,
    $type,
    $all,
    $mod,
    $size,
    $elemMatch,
    $eq: collationAware("$eq", numericEq),
    $ne: collationAware("$ne", negate(numericEq)),
    $in: collationAware("$in", numericIn),
    $nin: collationAware("$nin", negate(numericIn)),
    $gt: collationAware("$gt", binaryAware("$gt")),
    $gte: collationAware("$gte", binaryAware("$gte")),
    $lt: collationAware("$lt", binaryAware("$lt")),
    $lte: collationAware("$lte", binaryAware("$lte")),
  } as never,
  window: windowOperators as never,
});

/** A compiled filter (mingo's Query with the engine's operators). */
export class Query extends QueryBase {
  constructor(condition: Document, options?: Partial<Options>) {
    super(condition, { ...options, context: CONTEXT });
  }
}

export class Aggregator extends AggregatorBase {
  constructor(pipeline: Document[], options?: Partial<Options>) {
    super(pipeline, { ...options, context: CONTEXT });
  }
}

export interface EvalContext {
  collation?: CollationSpec;
  /** `let` variables of the command. */
  variables?: Document;
  /** Resolves another collection of the same database, for $lookup / $graphLookup / $unionWith. */
  resolveCollection?: (name: string) => Document[];
}

export function mingoOptions(ctx: EvalContext = {}): Partial<Options> {
  return {
    idKey: "_id",
    // Scripts ($where, $function, $accumulator) would run client-supplied JavaScript in the
    // server process.
    scriptEnabled: false,
    useStrictMode: true,
    ...(ctx.collation ? { collation: ctx.collation } : {}),
    ...(ctx.variables ? { variables: ctx.variables } : {}),
    ...(ctx.resolveCollection ? { collectionResolver: ctx.resolveCollection } : {}),
  };
}

const COLLATION_FIELDS = new Set(["locale", "caseLevel", "caseFirst", "strength", "numericOrdering", "alternate", "maxVariable", "backwards", "normalization", "version"]);

/**
 * Parses a command's `collation` field. `{ locale: "simple" }` means binary comparison. ICU
 * locale names (`en_US`) are accepted as MongoDB accepts them; a locale or an option the
 * engine cannot honour is refused rather than ignored.
 */
export function parseCollation(value: unknown): CollationSpec | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value) || typeof value.locale !== "string") {
    throw new CommandError("BadValue", "collation must be a document with a string 'locale'");
  }
  for (const field of Object.keys(value)) {
    if (!COLLATION_FIELDS.has(field)) throw new CommandError("BadValue", `unknown collation field: '${field}'`);
  }
  if (value.locale === "simple") return undefined;
  const locale = value.locale.replace(/_/g, "-").replace(/@.*$/, "");
  let supported: string[] = [];
  try {
    supported = Intl.Collator.supportedLocalesOf(locale);
  } catch {
    supported = [];
  }
  if (supported.length === 0) throw new CommandError("BadValue", `Field 'locale' is invalid in: { locale: "${value.locale}" }`);
  const strength = value.strength ?? 3;
  if (typeof strength !== "number" || ![1, 2, 3].includes(strength)) {
    throw new CommandError("BadValue", `collation strength ${String(strength)} is not supported by the embedded engine (1, 2 and 3 are)`);
  }
  if (value.backwards === true) throw new CommandError("BadValue", "collation 'backwards' is not supported by the embedded engine");
  if (value.alternate !== undefined && value.alternate !== "non-ignorable" && value.alternate !== "shifted") {
    throw new CommandError("BadValue", `Field 'alternate' is invalid in collation: ${String(value.alternate)}`);
  }
  if (value.maxVariable !== undefined && value.maxVariable !== "punct") {
    throw new CommandError("BadValue", "collation 'maxVariable: space' is not supported by the embedded engine");
  }
  if (value.caseFirst !== undefined && !["upper", "lower", "off"].includes(value.caseFirst as string)) {
    throw new CommandError("BadValue", `Field 'caseFirst' is invalid in collation: ${String(value.caseFirst)}`);
  }
  return { ...(value as unknown as CollationSpec), locale };
}

/** Wraps an exception thrown while evaluating user-supplied query/update/pipeline code. */
export function evaluationError(error: unknown): CommandError {
  if (error instanceof CommandError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MingoError) {
    if (/immutable field/i.test(message)) return new CommandError("ImmutableField", message.replace(/\.$/, ""));
    if (/conflict/i.test(message)) return new CommandError("ConflictingUpdateOperators", message);
    if (/unknown update operator/i.test(message)) return new CommandError("FailedToParse", message);
    if (/unregistered pipeline operator|unknown pipeline operator/i.test(message)) {
      const stage = /\$\w+/.exec(message)?.[0] ?? "?";
      return new CommandError(ErrorCode.UnrecognizedPipelineStage, `Unrecognized pipeline stage name: '${stage}'`);
    }
  }
  return new CommandError("BadValue", message);
}

/** Runs `fn`, turning evaluation errors into CommandErrors. */
export function evaluate<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw evaluationError(error);
  }
}

export function compileFilter(filter: Document, ctx: EvalContext = {}): Query {
  return evaluate(() => new Query(filter, mingoOptions(ctx)));
}
