/**
 * BSON encoding helpers shared by the wire protocol and the storage layer.
 *
 * Everything the engine reads (commands, journal records, snapshots) is decoded with the same
 * options, so a document looks the same whether it just arrived over the wire or was replayed
 * from disk.
 */
import { calculateObjectSize, deserialize, serialize, setInternalBufferSize, type BSONSymbol, type DeserializeOptions, type Double, type Int32 } from "bson";

/** A BSON document as decoded by the `bson` package (a plain object). */
export type Document = Record<string, unknown>;

/** MongoDB's limit for a single document. */
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
/** MongoDB's limit for a wire message; also what the engine advertises in `hello`. */
export const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;

/**
 * Numbers keep their BSON type (see `storedNumbers`): values are decoded without promotion and
 * then brought to the engine's representation in one pass.
 */
const DECODE_OPTIONS: DeserializeOptions = {
  promoteLongs: false,
  promoteValues: false,
  promoteBuffers: false,
  bsonRegExp: false,
};

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Whether `bson.serialize` writes this JS number as an int32 (otherwise as a double). */
export function serializesAsInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0);
}

/**
 * The engine's representation of BSON numbers, chosen so that encoding a stored document gives
 * back the types it arrived with while nearly every number stays a plain JS number (what mingo
 * computes with):
 *
 * - int32: a JS number (always integral and within int32 range);
 * - double: a JS number when `bson.serialize` would write it as a double anyway (a fraction,
 *   outside int32 range, -0, NaN, infinities); a `Double` when its value is integral within
 *   int32 range, which a plain number would turn into an int32;
 * - int64: always a `Long`, whatever its value;
 * - Decimal128: a `Decimal128`.
 *
 * Symbols (deprecated) are read as strings, as before. Works in place on freshly decoded values.
 */
export function storedNumbers<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v !== null && typeof v === "object") value[i] = storedValue(v);
    }
    return value;
  }
  const doc = value as Record<string, unknown>;
  for (const key of Object.keys(doc)) {
    const v = doc[key];
    if (v === null || typeof v !== "object") continue;
    const next = storedValue(v);
    if (next !== v) doc[key] = next; // an own field, so `__proto__` is assigned as data
  }
  return value;
}

function storedValue(v: object): unknown {
  switch ((v as { _bsontype?: string })._bsontype) {
    case undefined:
      return storedNumbers(v);
    case "Int32":
      return (v as Int32).value;
    case "Double": {
      const n = (v as Double).value;
      return serializesAsInt32(n) ? v : n;
    }
    case "BSONSymbol":
      return (v as BSONSymbol).value;
    default:
      return v;
  }
}

let internalBufferSize = 17 * 1024 * 1024;

/**
 * Serializes a document. `bson.serialize` writes into a fixed 17 MiB scratch buffer and
 * silently produces a truncated document when the input is larger, so the buffer is grown
 * first whenever the document needs it.
 */
export function encode(doc: Document): Buffer {
  const size = calculateObjectSize(doc, { ignoreUndefined: true });
  if (size + 1024 > internalBufferSize) {
    internalBufferSize = size + 1024 * 1024;
    setInternalBufferSize(internalBufferSize);
  }
  const bytes = serialize(doc, { ignoreUndefined: true, checkKeys: false });
  if (bytes.length !== size) {
    throw new Error(`BSON serialization produced ${bytes.length} bytes, expected ${size}`);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Decodes the BSON document starting at `offset` (its first 4 bytes are its length). */
export function decode(buf: Uint8Array, offset = 0): Document {
  if (offset === 0 && documentLength(buf, 0) === buf.length) return storedNumbers(deserialize(buf, DECODE_OPTIONS));
  const length = documentLength(buf, offset);
  return storedNumbers(deserialize(buf.subarray(offset, offset + length), DECODE_OPTIONS));
}

/** Reads the int32 length prefix of the BSON document at `offset`, validating it fits. */
export function documentLength(buf: Uint8Array, offset: number): number {
  if (offset + 5 > buf.length) throw new RangeError("BSON document truncated");
  const length = buf[offset] | (buf[offset + 1] << 8) | (buf[offset + 2] << 16) | (buf[offset + 3] << 24);
  if (length < 5 || offset + length > buf.length) throw new RangeError(`invalid BSON document length ${length}`);
  if (buf[offset + length - 1] !== 0) throw new RangeError("BSON document is not NUL-terminated");
  return length;
}

/** Size of a document once encoded, as MongoDB measures it against the 16 MiB limit. */
export function bsonSize(doc: Document): number {
  return calculateObjectSize(doc, { ignoreUndefined: true });
}
