/**
 * The engine's single doorway to mingo, which implements MongoDB's query, projection, update
 * and aggregation languages. Errors mingo raises for bad user input become BadValue replies.
 */
import { Query } from "mingo";
import type { CollationSpec, Options } from "mingo/types";
import { MingoError } from "mingo/util";
import type { Document } from "./bson";
import { CommandError, ErrorCode } from "./errors";
import { isPlainObject } from "./values";

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

/** Parses a command's `collation` field. `{ locale: "simple" }` means binary comparison. */
export function parseCollation(value: unknown): CollationSpec | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value) || typeof value.locale !== "string") {
    throw new CommandError("BadValue", "collation must be a document with a string 'locale'");
  }
  if (value.locale === "simple") return undefined;
  return value as unknown as CollationSpec;
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
