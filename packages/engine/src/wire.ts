/**
 * MongoDB wire protocol: message framing, OP_MSG and legacy OP_QUERY parsing, OP_MSG and
 * OP_REPLY encoding. See https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
 */
import { decode, documentLength, encode, MAX_MESSAGE_SIZE_BYTES, type Document } from "./bson.js";

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

const HEADER_SIZE = 16;

const MSG_CHECKSUM_PRESENT = 1 << 0;
const MSG_MORE_TO_COME = 1 << 1;
/**
 * Bits 0-15 are "required": a parser must reject flags it does not know among them. Bits
 * 16-31 are optional; exhaustAllowed (bit 16) is ignored, replies never stream.
 */
const MSG_KNOWN_REQUIRED_BITS = MSG_CHECKSUM_PRESENT | MSG_MORE_TO_COME;

/** OP_REPLY responseFlags bit 1: the query failed and the single document is the error. */
export const REPLY_QUERY_FAILURE = 1 << 1;

/** A malformed message. The connection that sent it is closed. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProtocolError";
  }
}

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface OpMsgRequest {
  kind: "msg";
  header: MessageHeader;
  /** The body with document sequences (section kind 1) merged in as array fields. */
  body: Document;
  /** The client expects no reply (unacknowledged write). */
  moreToCome: boolean;
}

export interface OpQueryRequest {
  kind: "query";
  header: MessageHeader;
  fullCollectionName: string;
  query: Document;
}

export interface UnsupportedRequest {
  kind: "unsupported";
  header: MessageHeader;
}

export type Request = OpMsgRequest | OpQueryRequest | UnsupportedRequest;

export function readHeader(buf: Buffer): MessageHeader {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

/**
 * Splits a TCP byte stream into whole messages. Throws a ProtocolError for a length that is
 * impossible or above maxMessageSizeBytes, before buffering the oversized body.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: Buffer[] = [];
    while (this.buffered >= 4) {
      const head = this.peek(4);
      const length = head.readInt32LE(0);
      if (length < HEADER_SIZE) throw new ProtocolError(`invalid message length ${length}`);
      if (length > MAX_MESSAGE_SIZE_BYTES) {
        throw new ProtocolError(`message of ${length} bytes exceeds maxMessageSizeBytes (${MAX_MESSAGE_SIZE_BYTES})`);
      }
      if (this.buffered < length) break;
      messages.push(this.take(length));
    }
    return messages;
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length >= n) return this.chunks[0].subarray(0, n);
    const all = Buffer.concat(this.chunks);
    this.chunks = [all];
    return all.subarray(0, n);
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const message = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return message;
  }
}

function readCString(buf: Buffer, offset: number, end: number): { value: string; next: number } {
  const zero = buf.indexOf(0, offset);
  if (zero < 0 || zero >= end) throw new ProtocolError("unterminated C string");
  return { value: buf.toString("utf8", offset, zero), next: zero + 1 };
}

function readDocument(buf: Buffer, offset: number, end: number): { doc: Document; next: number } {
  let length: number;
  try {
    length = documentLength(buf.subarray(0, end), offset);
  } catch (error) {
    throw new ProtocolError((error as Error).message);
  }
  try {
    return { doc: decode(buf.subarray(offset, offset + length)), next: offset + length };
  } catch (error) {
    throw new ProtocolError(`invalid BSON: ${(error as Error).message}`);
  }
}

/** Parses one whole message (header included). */
export function parseMessage(buf: Buffer): Request {
  const header = readHeader(buf);
  if (header.length !== buf.length) throw new ProtocolError("message length mismatch");
  switch (header.opCode) {
    case OP_MSG:
      return parseOpMsg(buf, header);
    case OP_QUERY:
      return parseOpQuery(buf, header);
    default:
      return { kind: "unsupported", header };
  }
}

function parseOpMsg(buf: Buffer, header: MessageHeader): OpMsgRequest {
  if (buf.length < HEADER_SIZE + 5) throw new ProtocolError("OP_MSG too short");
  const flags = buf.readUInt32LE(HEADER_SIZE);
  const unknownRequired = flags & 0xffff & ~MSG_KNOWN_REQUIRED_BITS;
  if (unknownRequired !== 0) throw new ProtocolError(`OP_MSG has unknown required flag bits 0x${unknownRequired.toString(16)}`);
  let end = buf.length;
  if (flags & MSG_CHECKSUM_PRESENT) {
    end -= 4;
    if (end < HEADER_SIZE + 4) throw new ProtocolError("OP_MSG too short for its checksum");
    const expected = buf.readUInt32LE(end);
    const actual = crc32c(buf.subarray(0, end));
    if (expected !== actual) throw new ProtocolError("OP_MSG checksum mismatch");
  }
  let body: Document | undefined;
  const sequences: Array<{ identifier: string; docs: Document[] }> = [];
  let offset = HEADER_SIZE + 4;
  while (offset < end) {
    const kind = buf[offset++];
    if (kind === 0) {
      if (body) throw new ProtocolError("OP_MSG has more than one body section");
      const read = readDocument(buf, offset, end);
      body = read.doc;
      offset = read.next;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError("truncated document sequence");
      const size = buf.readInt32LE(offset);
      const sectionEnd = offset + size;
      if (size < 5 || sectionEnd > end) throw new ProtocolError("invalid document sequence size");
      const id = readCString(buf, offset + 4, sectionEnd);
      const docs: Document[] = [];
      let at = id.next;
      while (at < sectionEnd) {
        const read = readDocument(buf, at, sectionEnd);
        docs.push(read.doc);
        at = read.next;
      }
      sequences.push({ identifier: id.value, docs });
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError("OP_MSG has no body section");
  for (const { identifier, docs } of sequences) {
    if (identifier in body) throw new ProtocolError(`OP_MSG document sequence '${identifier}' duplicates a body field`);
    body[identifier] = docs;
  }
  return { kind: "msg", header, body, moreToCome: (flags & MSG_MORE_TO_COME) !== 0 };
}

function parseOpQuery(buf: Buffer, header: MessageHeader): OpQueryRequest {
  let offset = HEADER_SIZE + 4; // skip flags
  const name = readCString(buf, offset, buf.length);
  offset = name.next + 8; // numberToSkip, numberToReturn
  if (offset > buf.length) throw new ProtocolError("OP_QUERY truncated");
  const { doc } = readDocument(buf, offset, buf.length);
  // Old drivers wrap the command as { $query: {...}, $readPreference: {...} }.
  const query = doc.$query !== null && typeof doc.$query === "object" && !Array.isArray(doc.$query) ? (doc.$query as Document) : doc;
  return { kind: "query", header, fullCollectionName: name.value, query };
}

let nextRequestId = 1;
function requestId(): number {
  nextRequestId = (nextRequestId + 1) & 0x7fffffff;
  return nextRequestId;
}

function writeHeader(buf: Buffer, responseTo: number, opCode: number): void {
  buf.writeInt32LE(buf.length, 0);
  buf.writeInt32LE(requestId(), 4);
  buf.writeInt32LE(responseTo, 8);
  buf.writeInt32LE(opCode, 12);
}

export function encodeOpMsg(responseTo: number, body: Document): Buffer {
  const doc = encode(body);
  const buf = Buffer.allocUnsafe(HEADER_SIZE + 5 + doc.length);
  writeHeader(buf, responseTo, OP_MSG);
  buf.writeUInt32LE(0, HEADER_SIZE);
  buf[HEADER_SIZE + 4] = 0;
  doc.copy(buf, HEADER_SIZE + 5);
  return buf;
}

export function encodeOpReply(responseTo: number, doc: Document, responseFlags = 0): Buffer {
  const bytes = encode(doc);
  const buf = Buffer.allocUnsafe(HEADER_SIZE + 20 + bytes.length);
  writeHeader(buf, responseTo, OP_REPLY);
  buf.writeInt32LE(responseFlags, HEADER_SIZE);
  buf.writeBigInt64LE(0n, HEADER_SIZE + 4); // cursorID
  buf.writeInt32LE(0, HEADER_SIZE + 12); // startingFrom
  buf.writeInt32LE(1, HEADER_SIZE + 16); // numberReturned
  bytes.copy(buf, HEADER_SIZE + 20);
  return buf;
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32C (Castagnoli), the checksum OP_MSG uses (zlib's crc32 is a different polynomial). */
export function crc32c(buf: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < buf.length; i++) crc = CRC32C_TABLE[(crc ^ buf[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
