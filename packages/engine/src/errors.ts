/**
 * MongoDB server errors. Codes and code names follow MongoDB's error_codes.yml so that the
 * driver and mongoose classify them exactly as they would a real server's.
 */
import type { Document } from "./bson.js";

export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  AuthenticationFailed: 18,
  PathNotViable: 28,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  DollarPrefixedFieldName: 52,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  CommandNotSupported: 115,
  NotImplemented: 238,
  IndexKeySpecsConflict: 86,
  CannotIndexParallelArrays: 171,
  DuplicateKey: 11000,
  BSONObjectTooLarge: 10334,
  UnrecognizedPipelineStage: 40324,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

const NAMES = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

export function codeName(code: number): string {
  if (code === ErrorCode.UnrecognizedPipelineStage) return "Location40324";
  return NAMES.get(code) ?? `Location${code}`;
}

/** An error reported to the client as `{ ok: 0, errmsg, code, codeName, ...extra }`. */
export class CommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra reply fields, e.g. keyPattern/keyValue for duplicate keys. */
  readonly extra: Document;

  constructor(code: ErrorCodeName | number, message: string, extra: Document = {}) {
    super(message);
    this.name = "CommandError";
    this.code = typeof code === "number" ? code : ErrorCode[code];
    this.codeName = codeName(this.code);
    this.extra = extra;
  }

  /** Shape of an element of `writeErrors` in insert/update/delete replies. */
  toWriteError(index: number): Document {
    return { index, code: this.code, ...this.extra, errmsg: this.message };
  }

  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

export function badValue(message: string): CommandError {
  return new CommandError("BadValue", message);
}

export function typeMismatch(field: string, expected: string): CommandError {
  return new CommandError("TypeMismatch", `BSON field '${field}' is the wrong type, expected type '${expected}'`);
}
