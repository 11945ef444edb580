/**
 * BSON encoding helpers shared by the wire protocol and the storage layer.
 *
 * Everything the engine reads (commands, journal records, snapshots) is decoded with the same
 * options, so a document looks the same whether it just arrived over the wire or was replayed
 * from disk.
 */
import { calculateObjectSize, deserialize, serialize, setInternalBufferSize, type DeserializeOptions } from "bson";

/** A BSON document as decoded by the `bson` package (a plain object). */
export type Document = Record<string, unknown>;

/** MongoDB's limit for a single document. */
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
/** MongoDB's limit for a wire message; also what the engine advertises in `hello`. */
export const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;

/**
 * int32 and double both become JS numbers; int64 becomes a number when it fits in 53 bits
 * (the mongodb driver does the same), so queries compare numbers the way clients expect.
 */
const DECODE_OPTIONS: DeserializeOptions = {
  promoteLongs: true,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
};

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
  if (offset === 0 && documentLength(buf, 0) === buf.length) return deserialize(buf, DECODE_OPTIONS);
  const length = documentLength(buf, offset);
  return deserialize(buf.subarray(offset, offset + length), DECODE_OPTIONS);
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
