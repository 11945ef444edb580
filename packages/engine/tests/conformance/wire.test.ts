/**
 * Engine-only: the wire protocol at the byte level (legacy OP_QUERY handshake, OP_MSG
 * checksums and document sequences, unacknowledged writes), robustness against malformed
 * input, and unsupported features answered with proper errors.
 */
import { connect, type Socket } from "node:net";
import { deserialize, serialize, type Document } from "bson";
import { MongoClient, MongoServerError } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEngine } from "../../src/index.js";
import { crc32c } from "../../src/wire.js";
import { startTestEngine } from "./harness.js";

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

let engine: RunningEngine;
let logs: string[];
let stop: () => Promise<void>;
let client: MongoClient;

beforeAll(async () => {
  ({ engine, logs, stop } = await startTestEngine());
  client = new MongoClient(engine.uri);
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await stop();
});

let requestId = 100;

function header(length: number, opCode: number): Buffer {
  const buf = Buffer.alloc(16);
  buf.writeInt32LE(length, 0);
  buf.writeInt32LE(++requestId, 4);
  buf.writeInt32LE(0, 8);
  buf.writeInt32LE(opCode, 12);
  return buf;
}

function opQuery(collection: string, query: Document): Buffer {
  const body = Buffer.concat([Buffer.alloc(4), Buffer.from(`${collection}\0`), Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), serialize(query)]);
  return Buffer.concat([header(16 + body.length, OP_QUERY), body]);
}

interface MsgOptions {
  flags?: number;
  sequences?: Array<{ id: string; docs: Document[] }>;
  checksum?: "valid" | "invalid";
}

function opMsg(body: Document, options: MsgOptions = {}): Buffer {
  const parts: Uint8Array[] = [Buffer.from([0]), serialize(body)];
  for (const { id, docs } of options.sequences ?? []) {
    const payload = Buffer.concat([Buffer.from(`${id}\0`), ...docs.map((d) => serialize(d))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + payload.length);
    parts.push(Buffer.from([1]), size, payload);
  }
  let flags = options.flags ?? 0;
  if (options.checksum) flags |= 1;
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags);
  const sections = Buffer.concat([flagBuf, ...parts]);
  const length = 16 + sections.length + (options.checksum ? 4 : 0);
  const message = Buffer.concat([header(length, OP_MSG), sections]);
  if (!options.checksum) return message;
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(options.checksum === "valid" ? crc32c(message) : (crc32c(message) ^ 1) >>> 0);
  return Buffer.concat([message, crc]);
}

/** A raw connection that collects replies and notices when the server closes it. */
class RawConnection {
  private buffered = Buffer.alloc(0);
  private waiting: Array<(reply: { opCode: number; doc: Document; flags: number }) => void> = [];
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      while (this.buffered.length >= 4 && this.buffered.length >= this.buffered.readInt32LE(0)) {
        const length = this.buffered.readInt32LE(0);
        const message = this.buffered.subarray(0, length);
        this.buffered = this.buffered.subarray(length);
        const opCode = message.readInt32LE(12);
        const reply =
          opCode === OP_REPLY
            ? { opCode, flags: message.readInt32LE(16), doc: deserialize(message.subarray(36)) }
            : { opCode, flags: message.readUInt32LE(16), doc: deserialize(message.subarray(21)) };
        this.waiting.shift()?.(reply);
      }
    });
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => undefined);
  }

  static open(): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(engine.port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  request(message: Buffer): Promise<{ opCode: number; doc: Document; flags: number }> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.socket.write(message);
    });
  }

  send(message: Buffer): void {
    this.socket.write(message);
  }

  end(): void {
    this.socket.destroy();
  }
}

async function expectClosedWithLog(connection: RawConnection, pattern: RegExp): Promise<void> {
  await connection.closed;
  expect(logs.some((line) => pattern.test(line))).toBe(true);
  // The server is still fine.
  expect(await client.db("admin").command({ ping: 1 })).toMatchObject({ ok: 1 });
}

describe("wire protocol (engine)", () => {
  it("answers the legacy OP_QUERY handshake with OP_REPLY", async () => {
    const raw = await RawConnection.open();
    const reply = await raw.request(opQuery("admin.$cmd", { isMaster: 1, helloOk: true, client: { driver: { name: "raw" } } }));
    expect(reply.opCode).toBe(OP_REPLY);
    expect(reply.doc).toMatchObject({ ismaster: true, helloOk: true, ok: 1 });
    expect(reply.doc.maxWireVersion).toBeGreaterThanOrEqual(9);
    const wrapped = await raw.request(opQuery("admin.$cmd", { $query: { ismaster: 1 }, $readPreference: { mode: "primary" } }));
    expect(wrapped.doc.ismaster).toBe(true);
    const legacyFind = await raw.request(opQuery("test.things", {}));
    expect(legacyFind.flags & 2).toBe(2); // QueryFailure
    raw.end();
  });

  it("accepts OP_MSG with a valid checksum and document sequences", async () => {
    const raw = await RawConnection.open();
    const hello = await raw.request(opMsg({ hello: 1, $db: "admin" }, { checksum: "valid" }));
    expect(hello.opCode).toBe(OP_MSG);
    expect(hello.doc.isWritablePrimary).toBe(true);
    const inserted = await raw.request(opMsg({ insert: "seq", $db: "wire", ordered: true }, { sequences: [{ id: "documents", docs: [{ _id: 1 }, { _id: 2 }, { _id: 3 }] }] }));
    expect(inserted.doc).toMatchObject({ n: 3, ok: 1 });
    const found = await raw.request(opMsg({ find: "seq", filter: {}, $db: "wire" }));
    expect(found.doc.cursor.firstBatch).toEqual([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
    raw.end();
  });

  it("executes moreToCome (w: 0) writes without replying", async () => {
    const raw = await RawConnection.open();
    raw.send(opMsg({ insert: "w0", documents: [{ _id: "fire-and-forget" }], writeConcern: { w: 0 }, $db: "wire" }, { flags: 2 }));
    const found = await raw.request(opMsg({ find: "w0", filter: {}, $db: "wire" }));
    expect(found.doc.cursor.firstBatch).toEqual([{ _id: "fire-and-forget" }]);
    raw.end();
  });

  it("answers an OP_MSG without $db with an error", async () => {
    const raw = await RawConnection.open();
    const reply = await raw.request(opMsg({ ping: 1 }));
    expect(reply.doc).toMatchObject({ ok: 0, code: 40571 });
    raw.end();
  });

  it("closes the connection on a bad checksum", async () => {
    const raw = await RawConnection.open();
    raw.send(opMsg({ ping: 1, $db: "admin" }, { checksum: "invalid" }));
    await expectClosedWithLog(raw, /checksum mismatch; closing the connection/);
  });

  it("closes the connection on an impossible message length", async () => {
    const raw = await RawConnection.open();
    raw.send(Buffer.from([8, 0, 0, 0, 1, 2, 3, 4]));
    await expectClosedWithLog(raw, /invalid message length 8/);
  });

  it("refuses a message larger than maxMessageSizeBytes without reading it", async () => {
    const raw = await RawConnection.open();
    raw.send(header(64 * 1024 * 1024, OP_MSG));
    await expectClosedWithLog(raw, /exceeds maxMessageSizeBytes/);
  });

  it("closes the connection on invalid BSON and on unknown opcodes", async () => {
    const bad = await RawConnection.open();
    const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), Buffer.from([40, 0, 0, 0, 2, 0x61, 0])]);
    bad.send(Buffer.concat([header(16 + body.length, OP_MSG), body]));
    await expectClosedWithLog(bad, /BSON|document/i);

    const legacyInsert = await RawConnection.open();
    legacyInsert.send(Buffer.concat([header(20, 2002), Buffer.alloc(4)]));
    await expectClosedWithLog(legacyInsert, /unsupported opcode 2002/);
  });

  it("computes CRC-32C checksums (RFC 3720 test vector)", () => {
    expect(crc32c(Buffer.from("123456789"))).toBe(0xe3069283);
  });
});

describe("unsupported features (engine)", () => {
  it("rejects transactions with IllegalOperation", async () => {
    const session = client.startSession();
    try {
      session.startTransaction();
      const error = await client
        .db("wire")
        .collection("tx")
        .insertOne({ a: 1 }, { session })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MongoServerError);
      // For write operations the driver wraps code 20 (as it does with MongoDB standalone
      // servers) in a "does not support retryable writes" error carrying the original.
      const original = ((error as MongoServerError).errorResponse.originalError ?? error) as MongoServerError;
      expect(original.code).toBe(20);
      expect(original.codeName).toBe("IllegalOperation");
      expect(original.message).toMatch(/transactions are not supported by the embedded engine/);
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await client.db("wire").collection("tx").countDocuments()).toBe(0);
    const commit = await client
      .db("admin")
      .command({ commitTransaction: 1 })
      .catch((e: unknown) => e as MongoServerError);
    expect((commit as MongoServerError).code).toBe(20);
  });

  it("rejects change streams with CommandNotSupported and its own message", async () => {
    const stream = client.db("wire").collection("cs").watch();
    const error = await stream.tryNext().catch((e: unknown) => e);
    await stream.close();
    expect((error as MongoServerError).code).toBe(115);
    expect((error as MongoServerError).message).toMatch(/change streams are not supported by the embedded engine/);
  });

  it("refuses collection options it cannot honour with a code the driver passes through", async () => {
    const db = client.db("wire");
    for (const [option, options] of [
      ["capped", { capped: true, size: 4096 }],
      ["validator", { validator: { a: { $type: "string" } } }],
      ["timeseries", { timeseries: { timeField: "t" } }],
      ["clusteredIndex", { clusteredIndex: { key: { _id: 1 }, unique: true } }],
      ["collation", { collation: { locale: "en" } }],
    ] as const) {
      const error = await db.createCollection(`opt_${option}`, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MongoServerError);
      expect((error as MongoServerError).code).toBe(115);
      expect((error as MongoServerError).codeName).toBe("CommandNotSupported");
      expect((error as MongoServerError).message).toBe(`collection option '${option}' is not supported by the embedded engine`);
    }
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names.filter((name) => name.startsWith("opt_"))).toEqual([]);
  });

  it("refuses collations it cannot honour instead of ignoring them", async () => {
    const c = client.db("wire").collection("collated");
    await c.insertOne({ name: "a" });
    for (const collation of [
      { locale: "en", strength: 4 },
      { locale: "fr", backwards: true },
      { locale: "en", maxVariable: "space" as const },
    ]) {
      const error = await c
        .find({ name: "a" }, { collation })
        .toArray()
        .catch((e: unknown) => e);
      expect((error as MongoServerError).code).toBe(2);
      expect((error as MongoServerError).message).toMatch(/not supported by the embedded engine/);
    }
    expect(await c.countDocuments({ name: "A" }, { collation: { locale: "en_GB", strength: 1 } })).toBe(1);
  });

  it("rejects authentication commands and unknown commands", async () => {
    const sasl = await client
      .db("admin")
      .command({ saslStart: 1, mechanism: "SCRAM-SHA-256", payload: Buffer.from("") })
      .catch((e: unknown) => e);
    expect((sasl as MongoServerError).code).toBe(115);
    const unknown = await client
      .db("admin")
      .command({ replSetGetStatus: 1 })
      .catch((e: unknown) => e);
    expect((unknown as MongoServerError).code).toBe(59);
    const out = await client
      .db("wire")
      .collection("seq")
      .aggregate([{ $out: "copy" }])
      .toArray()
      .catch((e: unknown) => e);
    expect((out as MongoServerError).code).toBe(115);
    expect((out as MongoServerError).message).toBe("$out is not supported by the embedded engine");
    expect(await client.db("admin").command({ ping: 1 })).toMatchObject({ ok: 1 });
  });
});
