/**
 * BSON type fidelity, written from MongoDB's documentation (BSON Types, $type, $inc, $mul,
 * Comparison/Sort Order) and checked against the embedded engine (and a real MongoDB when
 * TEST_MONGODB_URI is set): numbers keep their BSON type (int32, int64, double, Decimal128)
 * through insert, update, read, sort and restarts.
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Binary, Decimal128, Double, Int32, Long, MongoClient, type Document, type MongoClientOptions } from "mongodb";
import { Schema } from "mongoose";
import { afterAll, describe, expect, it } from "vitest";
import { announceRealMongoDb, describeTarget, rejection, startTestEngine, targetKinds, tempDir, useTarget } from "./harness.js";

announceRealMongoDb();

/** Test documents use numbers as _id. */
interface AnyDoc extends Document {
  _id?: number;
}

/** The BSON type of a value as read with `promoteValues: false` (or the JS type otherwise). */
function bsonTypeOf(value: unknown): string {
  const tag = (value as { _bsontype?: string } | null)?._bsontype;
  switch (tag) {
    case "Int32":
      return "int";
    case "Long":
      return "long";
    case "Double":
      return "double";
    case "Decimal128":
      return "decimal";
    default:
      return tag ?? typeof value;
  }
}

/** `{ field: "type value" }` for every field but _id, e.g. `{ a: "long 5" }`. */
function describeTypes(doc: Document | null): Record<string, string> {
  if (!doc) throw new Error("document not found");
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === "_id") continue;
    out[key] = value instanceof Binary ? `binData subtype ${value.sub_type} ${value.toString("hex")}` : `${bsonTypeOf(value)} ${String(value)}`;
  }
  return out;
}

const LONG_MAX = Long.fromString("9223372036854775807");
const TWO_53 = 2 ** 53;

for (const kind of targetKinds()) {
  describeTarget(kind, `BSON type fidelity (${kind})`, () => {
    const target = useTarget(kind);
    const clients = new Map<string, MongoClient>();
    /** A client reading with the given BSON options (one per option set). */
    const reader = async (options: MongoClientOptions): Promise<MongoClient> => {
      const key = JSON.stringify(options);
      let client = clients.get(key);
      if (!client) {
        client = await target().newClient(options);
        clients.set(key, client);
      }
      return client;
    };
    const typed = async (name: string, id: unknown): Promise<Record<string, string>> => {
      const client = await reader({ promoteValues: false });
      return describeTypes(
        await client
          .db(target().dbName)
          .collection(name)
          .findOne({ _id: id } as Document),
      );
    };
    const collection = (name: string) => target().db.collection<AnyDoc>(name);

    describe("insert and read", () => {
      it("keeps int32, int64, double and Decimal128 as sent, integral doubles included", async () => {
        const c = collection("types_insert");
        await c.insertOne({
          _id: 1,
          i: new Int32(5),
          l: Long.fromNumber(5),
          d: new Double(5),
          f: 2.5,
          plain: 7,
          big: LONG_MAX,
          dec: Decimal128.fromString("5.0"),
          negZero: new Double(-0),
        });
        expect(await typed("types_insert", 1)).toEqual({
          i: "int 5",
          l: "long 5",
          d: "double 5",
          f: "double 2.5",
          plain: "int 7",
          big: "long 9223372036854775807",
          dec: "decimal 5.0",
          negZero: "double 0",
        });
      });

      it("reads int64 values as the driver options ask: number, Long or bigint", async () => {
        const c = collection("types_read");
        await c.insertOne({ _id: 1, small: Long.fromNumber(42), max: LONG_MAX, i: new Int32(3), d: new Double(4) });
        const plain = await c.findOne({ _id: 1 });
        // promoteLongs (the default) gives numbers for int64 values that fit in 53 bits.
        expect(plain).toEqual({ _id: 1, small: 42, max: LONG_MAX, i: 3, d: 4 });

        const bigints = await (await reader({ useBigInt64: true })).db(target().dbName).collection<AnyDoc>("types_read").findOne({ _id: 1 });
        expect(bigints?.small).toBe(42n);
        expect(bigints?.max).toBe(9223372036854775807n);
        expect(bigints?.i).toBe(3);
        expect(bigints?.d).toBe(4);

        const longs = await (await reader({ promoteLongs: false })).db(target().dbName).collection<AnyDoc>("types_read").findOne({ _id: 1 });
        expect(bsonTypeOf(longs?.small)).toBe("long");
        expect(String(longs?.small)).toBe("42");
        expect(bsonTypeOf(longs?.max)).toBe("long");
        expect(longs?.i).toBe(3);
      });

      it("writes bigints as int64 and keeps them exact past 2^53", async () => {
        const writer = await reader({ useBigInt64: true });
        const c = writer.db(target().dbName).collection<AnyDoc>("types_bigint");
        await c.insertOne({ _id: 1, n: 9007199254740993n, small: 1n });
        const found = await c.findOne({ _id: 1 });
        expect(found?.n).toBe(9007199254740993n);
        expect(found?.small).toBe(1n);
        expect(await typed("types_bigint", 1)).toEqual({ n: "long 9007199254740993", small: "long 1" });
      });

      it("returns the types in nested documents, arrays, projections and aggregation pass-through stages", async () => {
        const c = collection("types_nested");
        await c.insertOne({ _id: 1, sub: { l: Long.fromNumber(1), d: new Double(2) }, list: [new Int32(1), Long.fromNumber(2), new Double(3)] });
        const client = await reader({ promoteValues: false });
        const raw = client.db(target().dbName).collection<AnyDoc>("types_nested");
        const found = await raw.findOne({ _id: 1 }, { projection: { sub: 1, list: 1 } });
        expect(describeTypes(found?.sub as Document)).toEqual({ l: "long 1", d: "double 2" });
        expect((found?.list as unknown[]).map(bsonTypeOf)).toEqual(["int", "long", "double"]);
        const [aggregated] = await raw.aggregate([{ $match: { _id: 1 } }, { $sort: { _id: 1 } }, { $limit: 1 }]).toArray();
        expect((aggregated.list as unknown[]).map(bsonTypeOf)).toEqual(["int", "long", "double"]);
      });
    });

    describe("$type", () => {
      it("tells int, long, double and decimal apart after storage, by name and by number", async () => {
        const c = collection("types_query");
        await c.insertMany([
          { _id: 1, v: new Int32(1) },
          { _id: 2, v: Long.fromNumber(1) },
          { _id: 3, v: new Double(1) },
          { _id: 4, v: 1.5 },
          { _id: 5, v: Decimal128.fromString("1") },
          { _id: 6, v: "1" },
          { _id: 7, v: 3_000_000_000 },
        ]);
        const ids = async (type: unknown) =>
          (
            await c
              .find({ v: { $type: type } } as Document)
              .sort({ _id: 1 })
              .toArray()
          ).map((d) => d._id);
        expect(await ids("int")).toEqual([1]);
        expect(await ids("long")).toEqual([2]);
        expect(await ids("double")).toEqual([3, 4, 7]);
        expect(await ids("decimal")).toEqual([5]);
        expect(await ids("number")).toEqual([1, 2, 3, 4, 5, 7]);
        expect(await ids(16)).toEqual([1]);
        expect(await ids(18)).toEqual([2]);
        expect(await ids(1)).toEqual([3, 4, 7]);
        expect(await ids(19)).toEqual([5]);
        expect(await ids(["int", "long"])).toEqual([1, 2]);
      });
    });

    describe("comparison and sort order", () => {
      it("compares numbers of every type by value, int64 exactly past 2^53", async () => {
        const c = collection("types_compare");
        await c.insertMany([
          { _id: 1, v: new Int32(2) },
          { _id: 2, v: Long.fromNumber(2) },
          { _id: 3, v: new Double(2) },
          { _id: 4, v: Decimal128.fromString("2.0") },
          { _id: 5, v: TWO_53 },
          { _id: 6, v: Long.fromString("9007199254740993") },
          { _id: 7, v: Long.fromString("9007199254740992") },
          { _id: 8, v: 2.5 },
        ]);
        const ids = async (filter: Document) => (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
        expect(await ids({ v: 2 })).toEqual([1, 2, 3, 4]);
        expect(await ids({ v: Long.fromNumber(2) })).toEqual([1, 2, 3, 4]);
        expect(await ids({ v: new Double(2) })).toEqual([1, 2, 3, 4]);
        expect(await ids({ v: { $in: [Long.fromNumber(2), 2.5] } })).toEqual([1, 2, 3, 4, 8]);
        expect(await ids({ v: Long.fromString("9007199254740993") })).toEqual([6]);
        expect(await ids({ v: TWO_53 })).toEqual([5, 7]);
        expect(await ids({ v: { $gt: TWO_53 } })).toEqual([6]);
        expect(await ids({ v: { $gt: Long.fromString("9007199254740992") } })).toEqual([6]);
        expect(await ids({ v: { $gte: 2, $lt: 3 } })).toEqual([1, 2, 3, 4, 8]);
        expect(await ids({ v: { $ne: 2 } })).toEqual([5, 6, 7, 8]);
        expect(await ids({ v: { $nin: [2, TWO_53] } })).toEqual([6, 8]);
        expect(await ids({ $expr: { $gt: ["$v", Long.fromString("9007199254740992")] } })).toEqual([6]);
        // 2^53 + 1 is odd; as a double it would be 2^53, even.
        expect(await ids({ v: { $mod: [2, 1] }, _id: { $gte: 5 } })).toEqual([6]);
        expect(await ids({ v: { $mod: [Long.fromNumber(2), Long.fromNumber(0)] }, _id: { $lte: 7 } })).toEqual([1, 2, 3, 4, 5, 7]);
      });

      it("sorts numbers of mixed types by value, in find and in aggregation", async () => {
        const c = collection("types_sort");
        await c.insertMany([
          { _id: 1, v: Long.fromString("9007199254740993") },
          { _id: 2, v: new Double(3) },
          { _id: 3, v: Decimal128.fromString("1.5") },
          { _id: 4, v: new Int32(-7) },
          { _id: 5, v: Long.fromNumber(2) },
          { _id: 6, v: TWO_53 },
          { _id: 7, v: 2.25 },
          { _id: 8, v: "text" },
          { _id: 9, v: null },
        ]);
        const expected = [9, 4, 3, 5, 7, 2, 6, 1, 8];
        expect((await c.find({}).sort({ v: 1, _id: 1 }).toArray()).map((d) => d._id)).toEqual(expected);
        expect((await c.find({}).sort({ v: -1, _id: 1 }).toArray()).map((d) => d._id)).toEqual([...expected].reverse());
        expect((await c.aggregate([{ $sort: { v: 1, _id: 1 } }]).toArray()).map((d) => d._id)).toEqual(expected);
        await c.createIndex({ v: 1 });
        expect(
          (
            await c
              .find({ v: { $gte: 2 } })
              .sort({ v: 1 })
              .toArray()
          ).map((d) => d._id),
        ).toEqual([5, 7, 2, 6, 1]);
      });

      it("treats equal numbers of different types as the same unique index key", async () => {
        const c = collection("types_unique");
        await c.createIndex({ v: 1 }, { unique: true });
        await c.insertOne({ _id: 1, v: new Int32(5) });
        expect((await rejection(c.insertOne({ _id: 2, v: Long.fromNumber(5) }))).code).toBe(11000);
        expect((await rejection(c.insertOne({ _id: 3, v: new Double(5) }))).code).toBe(11000);
        await c.insertOne({ _id: 4, v: Long.fromString("9007199254740993") });
        // Distinct int64 values beyond 2^53 are distinct keys (a double could not tell them apart).
        await c.insertOne({ _id: 5, v: Long.fromString("9007199254740992") });
        expect((await rejection(c.insertOne({ _id: 6, v: TWO_53 }))).code).toBe(11000);
      });
    });

    describe("updates", () => {
      it("keeps the types of the fields an update does not touch, and of what it sets", async () => {
        const c = collection("types_update");
        await c.insertOne({ _id: 1, i: new Int32(1), l: Long.fromNumber(2), d: new Double(3), name: "a" });
        await c.updateOne({ _id: 1 }, { $set: { name: "b", l2: Long.fromNumber(9), d2: new Double(10) } });
        expect(await typed("types_update", 1)).toEqual({ i: "int 1", l: "long 2", d: "double 3", name: "string b", l2: "long 9", d2: "double 10" });
        await c.replaceOne({ _id: 1 }, { l: Long.fromNumber(7), d: new Double(8) });
        expect(await typed("types_update", 1)).toEqual({ l: "long 7", d: "double 8" });
        const after = await (
          await reader({ promoteValues: false })
        )
          .db(target().dbName)
          .collection<AnyDoc>("types_update")
          .findOneAndUpdate({ _id: 1 }, { $set: { x: new Int32(1) } }, { returnDocument: "after" });
        expect(describeTypes(after)).toEqual({ l: "long 7", d: "double 8", x: "int 1" });
      });

      it("counts a change of numeric type or of binary subtype as a modification, an identical value as none", async () => {
        const c = collection("types_modified");
        await c.insertOne({ _id: 1, v: new Int32(5), bin: new Binary(Buffer.from([1, 2]), 0) });
        expect((await c.updateOne({ _id: 1 }, { $set: { v: new Int32(5) } })).modifiedCount).toBe(0);
        expect((await c.updateOne({ _id: 1 }, { $set: { v: Long.fromNumber(5) } })).modifiedCount).toBe(1);
        expect(await typed("types_modified", 1)).toMatchObject({ v: "long 5" });
        expect((await c.updateOne({ _id: 1 }, { $set: { v: new Double(5) } })).modifiedCount).toBe(1);
        expect(await typed("types_modified", 1)).toMatchObject({ v: "double 5" });
        expect((await c.updateOne({ _id: 1 }, { $set: { bin: new Binary(Buffer.from([1, 2]), 0) } })).modifiedCount).toBe(0);
        expect((await c.updateOne({ _id: 1 }, { $set: { bin: new Binary(Buffer.from([1, 2]), 5) } })).modifiedCount).toBe(1);
        expect(((await c.findOne({ _id: 1 }))?.bin as Binary).sub_type).toBe(5);
      });

      it("$inc follows MongoDB's type rules: int32 overflows into int64, doubles stay doubles", async () => {
        const c = collection("types_inc");
        await c.insertOne({
          _id: 1,
          i: new Int32(2147483647),
          neg: new Int32(-2147483648),
          small: new Int32(1),
          l: Long.fromString("9007199254740993"),
          d: new Double(5),
          mixed: new Int32(5),
          dec: Decimal128.fromString("1.1"),
        });
        await c.updateOne(
          { _id: 1 },
          {
            $inc: {
              i: new Int32(1),
              neg: new Int32(-1),
              small: new Int32(1),
              l: new Int32(1),
              d: new Int32(1),
              mixed: Long.fromNumber(1),
              dec: Decimal128.fromString("2.2"),
              missing: Long.fromNumber(3),
            },
          },
        );
        expect(await typed("types_inc", 1)).toEqual({
          i: "long 2147483648",
          neg: "long -2147483649",
          small: "int 2",
          l: "long 9007199254740994",
          d: "double 6",
          mixed: "long 6",
          dec: "decimal 3.3",
          missing: "long 3",
        });
        await c.updateOne({ _id: 1 }, { $inc: { small: 0.5, mixed: Decimal128.fromString("0.5") } });
        expect(await typed("types_inc", 1)).toMatchObject({ small: "double 2.5", mixed: "decimal 6.5" });
      });

      it("$inc refuses to overflow an int64 and leaves the document unchanged", async () => {
        const c = collection("types_inc_overflow");
        await c.insertOne({ _id: 1, l: LONG_MAX });
        const error = await rejection(c.updateOne({ _id: 1 }, { $inc: { l: new Int32(1) } }));
        expect(error.message).toMatch(/Failed to apply \$inc/);
        expect(await typed("types_inc_overflow", 1)).toEqual({ l: "long 9223372036854775807" });
      });

      it("$mul follows the same rules, and a missing field becomes zero of the multiplier's type", async () => {
        const c = collection("types_mul");
        await c.insertOne({ _id: 1, i: new Int32(65536), l: Long.fromString("4503599627370497"), d: new Double(2), small: new Int32(3) });
        await c.updateOne(
          { _id: 1 },
          { $mul: { i: new Int32(65536), l: new Int32(2), d: new Int32(3), small: new Int32(3), zl: Long.fromNumber(5), zd: new Double(5), zi: new Int32(5) } },
        );
        expect(await typed("types_mul", 1)).toEqual({
          i: "long 4294967296",
          l: "long 9007199254740994",
          d: "double 6",
          small: "int 9",
          zl: "long 0",
          zd: "double 0",
          zi: "int 0",
        });
        const error = await rejection(c.updateOne({ _id: 1 }, { $mul: { l: LONG_MAX } }));
        expect(error.message).toMatch(/Failed to apply \$mul/);
      });

      it("keeps int64 arithmetic exact through positional updates and upserts", async () => {
        const c = collection("types_positional");
        await c.insertOne({ _id: 1, items: [{ k: "a", n: Long.fromString("9007199254740993") }] });
        await c.updateOne({ _id: 1, "items.k": "a" }, { $inc: { "items.$.n": Long.fromNumber(2) } });
        const client = await reader({ promoteValues: false });
        const found = await client.db(target().dbName).collection<AnyDoc>("types_positional").findOne({ _id: 1 });
        expect(describeTypes((found?.items as Document[])[0])).toEqual({ k: "string a", n: "long 9007199254740995" });
        await c.updateOne({ _id: 2 }, { $inc: { n: Long.fromNumber(1) }, $setOnInsert: { d: new Double(1) } }, { upsert: true });
        expect(await typed("types_positional", 2)).toEqual({ n: "long 1", d: "double 1" });
      });

      it("$addToSet treats equal numbers of any type as present, documents with their fields in order", async () => {
        const c = collection("types_addtoset");
        await c.insertOne({ _id: 1, tags: [new Int32(1), { a: 1, b: 2 }] });
        expect((await c.updateOne({ _id: 1 }, { $addToSet: { tags: Long.fromNumber(1) } })).modifiedCount).toBe(0);
        await c.updateOne({ _id: 1 }, { $addToSet: { tags: { $each: [new Double(1), { b: 2, a: 1 }, { a: 1, b: 2 }, Long.fromNumber(3), 3] } } });
        const client = await reader({ promoteValues: false });
        const found = await client.db(target().dbName).collection<AnyDoc>("types_addtoset").findOne({ _id: 1 });
        const tags = found?.tags as unknown[];
        expect(tags.map((t) => (bsonTypeOf(t) === "object" ? Object.keys(t as Document).join("") : `${bsonTypeOf(t)} ${String(t)}`))).toEqual(["int 1", "ab", "ba", "long 3"]);
      });

      it("$min and $max compare across numeric types by value", async () => {
        const c = collection("types_minmax");
        await c.insertOne({ _id: 1, lo: Long.fromString("9007199254740993"), hi: new Int32(5) });
        await c.updateOne({ _id: 1 }, { $min: { lo: TWO_53 }, $max: { hi: Long.fromNumber(4) } });
        expect(await typed("types_minmax", 1)).toEqual({ lo: "double 9007199254740992", hi: "int 5" });
        await c.updateOne({ _id: 1 }, { $max: { hi: Long.fromNumber(6) } });
        expect(await typed("types_minmax", 1)).toMatchObject({ hi: "long 6" });
      });
    });

    describe("aggregation and mongoose", () => {
      it("sums int64 values exactly enough to give the right total", async () => {
        const c = collection("types_group");
        await c.insertMany([
          { _id: 1, g: "a", n: Long.fromNumber(5_000_000_000) },
          { _id: 2, g: "a", n: new Int32(7) },
          { _id: 3, g: "a", n: new Double(1) },
        ]);
        const [row] = await c.aggregate([{ $group: { _id: "$g", total: { $sum: "$n" } } }]).toArray();
        expect(Number(row.total)).toBe(5_000_000_008);
      });

      it("gives mongoose Number paths JS numbers, whatever numeric type is stored", async () => {
        const conn = await target().mongoose();
        const Counter = conn.model("TypesCounter", new Schema({ _id: Number, hits: Number, ratio: Number }), "types_mongoose");
        await collection("types_mongoose").insertOne({ _id: 1, hits: Long.fromNumber(12), ratio: new Double(3) });
        const doc = await Counter.findById(1);
        expect(doc?.hits).toBe(12);
        expect(doc?.ratio).toBe(3);
        const lean = await Counter.findById(1).lean();
        expect(typeof lean?.hits).toBe("number");
        await Counter.updateOne({ _id: 1 }, { $inc: { hits: 1 } });
        expect((await Counter.findById(1).lean())?.hits).toBe(13);
      });
    });
  });
}

describe("BSON types across restarts (engine)", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const writeTyped = async (client: MongoClient): Promise<void> => {
    const c = client.db("bson").collection<AnyDoc>("typed");
    await c.insertOne({
      _id: 1,
      i: new Int32(1),
      l: Long.fromNumber(2),
      d: new Double(3),
      max: LONG_MAX,
      dec: Decimal128.fromString("4.50"),
      bin: new Binary(Buffer.from([1]), 5),
    });
    await c.updateOne({ _id: 1 }, { $inc: { i: new Int32(2147483647) }, $set: { d2: new Double(-1) } });
  };
  const readTyped = async (uri: string): Promise<Record<string, string>> => {
    const client = new MongoClient(uri, { promoteValues: false });
    try {
      return describeTypes(await client.db("bson").collection<AnyDoc>("typed").findOne({ _id: 1 }));
    } finally {
      await client.close();
    }
  };
  const expected = {
    i: "long 2147483648",
    l: "long 2",
    d: "double 3",
    max: "long 9223372036854775807",
    dec: "decimal 4.50",
    bin: "binData subtype 5 01",
    d2: "double -1",
  };

  it("reads the same types back from the snapshot after a clean restart", async () => {
    const dbPath = tempDir("flowmap-bson-");
    dirs.push(dbPath);
    const first = await startTestEngine({ dbPath });
    const client = new MongoClient(first.engine.uri);
    await writeTyped(client);
    await client.close();
    expect(await readTyped(first.engine.uri)).toEqual(expected);
    await first.stop();

    const second = await startTestEngine({ dbPath });
    expect(await readTyped(second.engine.uri)).toEqual(expected);
    await second.stop();
  });

  it("reads the same types back by replaying the journal after a crash", async () => {
    const dbPath = tempDir("flowmap-bson-");
    dirs.push(dbPath);
    const live = await startTestEngine({ dbPath });
    const client = new MongoClient(live.engine.uri);
    await writeTyped(client);
    await client.close();
    // A copy taken while the engine runs is what a crash leaves: acknowledged writes are in
    // the journal, no snapshot has been written yet.
    const copy = tempDir("flowmap-bson-crash-");
    dirs.push(copy);
    cpSync(dbPath, copy, { recursive: true });
    rmSync(join(copy, "engine.lock"));
    await live.stop();

    const restarted = await startTestEngine({ dbPath: copy });
    expect(await readTyped(restarted.engine.uri)).toEqual(expected);
    await restarted.stop();
  });
});
