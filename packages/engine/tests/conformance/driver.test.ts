/**
 * Driver-level conformance: what the mongodb package sends in normal use, checked against the
 * embedded engine (and a real MongoDB when TEST_MONGODB_URI is set).
 */
import { MongoBulkWriteError, type CommandStartedEvent, type Document, type ObjectId } from "mongodb";
import { describe, expect, it } from "vitest";
import { announceRealMongoDb, describeTarget, rejection, targetKinds, useTarget } from "./harness.js";

announceRealMongoDb();

/** Test documents use all kinds of _id values, not only ObjectIds. */
interface AnyDoc extends Document {
  _id?: string | number | ObjectId;
}

for (const kind of targetKinds()) {
  describeTarget(kind, `driver conformance (${kind})`, () => {
    const target = useTarget(kind);
    const collection = (name: string) => target().db.collection<AnyDoc>(name);
    /** The 1,000 documents the cursor tests read ({ _id: 0…999, payload }), inserted by whichever runs first. */
    let batchesInserted: Promise<unknown> | undefined;
    const batches = async () => {
      batchesInserted ??= collection("batches").insertMany(Array.from({ length: 1000 }, (_, i) => ({ _id: i, payload: `doc-${i}` })));
      await batchesInserted;
      return collection("batches");
    };

    describe("handshake and server commands", () => {
      it("answers hello, isMaster, ping and buildInfo like a writable standalone", async () => {
        const admin = target().client.db("admin");
        const hello = await admin.command({ hello: 1 });
        expect(hello.isWritablePrimary).toBe(true);
        expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
        expect(typeof hello.logicalSessionTimeoutMinutes).toBe("number");
        expect(hello.maxBsonObjectSize).toBe(16 * 1024 * 1024);
        const legacy = await admin.command({ isMaster: 1 });
        expect(legacy.ismaster).toBe(true);
        expect(await admin.command({ ping: 1 })).toMatchObject({ ok: 1 });
        const info = await admin.command({ buildInfo: 1 });
        expect(info.version).toMatch(/^\d+\.\d+/);
        if (target().engine) {
          expect(hello.setName).toBeUndefined();
          expect(hello.maxWireVersion).toBeLessThanOrEqual(29);
        }
      });

      it("lists databases and collections, creates and drops collections", async () => {
        const db = target().db;
        await db.createCollection("catalog_a");
        const exists = await rejection(db.createCollection("catalog_a"));
        expect(exists.code).toBe(48);
        expect(exists.codeName).toBe("NamespaceExists");
        await collection("catalog_b").insertOne({ x: 1 });
        const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
        expect(names).toEqual(expect.arrayContaining(["catalog_a", "catalog_b"]));
        const filtered = await db.listCollections({ name: "catalog_b" }).toArray();
        expect(filtered).toHaveLength(1);
        expect(filtered[0]).toMatchObject({ name: "catalog_b", type: "collection" });
        const dbs = await target().client.db("admin").admin().listDatabases();
        expect(dbs.databases.map((d) => d.name)).toContain(target().dbName);
        expect(await db.collection("catalog_a").drop()).toBe(true);
        await db.renameCollection("catalog_b", "catalog_c");
        const after = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
        expect(after).toContain("catalog_c");
        expect(after).not.toContain("catalog_a");
        expect(after).not.toContain("catalog_b");
        expect(await collection("catalog_c").findOne({}, { projection: { _id: 0 } })).toEqual({ x: 1 });
      });

      it("answers an unknown command with CommandNotFound and keeps the connection usable", async () => {
        const error = await rejection(target().db.command({ noSuchCommandHere: 1 }));
        expect(error.code).toBe(59);
        expect(error.codeName).toBe("CommandNotFound");
        expect(await target().db.command({ ping: 1 })).toMatchObject({ ok: 1 });
      });
    });

    describe("reads", () => {
      it("filters, projects, sorts, skips and limits", async () => {
        const c = collection("people");
        await c.insertMany([
          { _id: 1, name: "Ada", age: 36, city: "London", tags: ["math", "code"] },
          { _id: 2, name: "Grace", age: 85, city: "New York", tags: ["navy", "code"] },
          { _id: 3, name: "Alan", age: 41, city: "London", tags: ["math"] },
          { _id: 4, name: "Linus", age: 54, city: "Portland", tags: [] },
        ]);
        expect(
          await c
            .find({ city: "London" }, { projection: { name: 1 } })
            .sort({ age: -1 })
            .toArray(),
        ).toEqual([
          { _id: 3, name: "Alan" },
          { _id: 1, name: "Ada" },
        ]);
        expect(
          await c
            .find({}, { projection: { _id: 0, name: 1 } })
            .sort({ name: 1 })
            .skip(1)
            .limit(2)
            .toArray(),
        ).toEqual([{ name: "Alan" }, { name: "Grace" }]);
        expect(
          await c
            .find({ tags: "code" })
            .sort({ _id: 1 })
            .map((d) => d._id)
            .toArray(),
        ).toEqual([1, 2]);
        expect(
          await c
            .find({ age: { $gte: 40, $lt: 60 } }, { projection: { tags: 0, city: 0 } })
            .sort({ _id: 1 })
            .toArray(),
        ).toEqual([
          { _id: 3, name: "Alan", age: 41 },
          { _id: 4, name: "Linus", age: 54 },
        ]);
        expect(await c.findOne({ name: { $regex: "^gr", $options: "i" } }, { projection: { _id: 1 } })).toEqual({ _id: 2 });
        expect(
          await c
            .find({ $or: [{ age: { $lt: 40 } }, { city: "Portland" }] })
            .sort({ _id: 1 })
            .map((d) => d._id)
            .toArray(),
        ).toEqual([1, 4]);
      });

      it("counts and lists distinct values", async () => {
        const c = collection("counting");
        await c.insertMany(Array.from({ length: 25 }, (_, i) => ({ i, parity: i % 2 === 0 ? "even" : "odd", tags: [`t${i % 3}`] })));
        expect(await c.countDocuments()).toBe(25);
        expect(await c.countDocuments({ parity: "even" })).toBe(13);
        expect(await c.countDocuments({ parity: "odd" }, { skip: 2, limit: 5 })).toBe(5);
        expect(await c.estimatedDocumentCount()).toBe(25);
        expect((await c.distinct("parity")).sort()).toEqual(["even", "odd"]);
        expect((await c.distinct("tags", { i: { $lt: 2 } })).sort()).toEqual(["t0", "t1"]);
        expect((await c.distinct("tags")).sort()).toEqual(["t0", "t1", "t2"]);
        expect(await collection("no_such_collection").countDocuments()).toBe(0);
      });

      it("returns 1,000 documents over several batches with getMore, ending with cursor id 0", async () => {
        await batches();
        const client = await target().newClient({ monitorCommands: true });
        const events: CommandStartedEvent[] = [];
        client.on("commandStarted", (event) => events.push(event));
        const replies: Document[] = [];
        client.on("commandSucceeded", (event) => {
          if (event.commandName === "find" || event.commandName === "getMore") replies.push(event.reply as Document);
        });
        const docs = await client.db(target().dbName).collection("batches").find({}, { batchSize: 100 }).sort({ _id: 1 }).toArray();
        expect(docs).toHaveLength(1000);
        expect(docs[999]).toEqual({ _id: 999, payload: "doc-999" });
        const getMores = events.filter((e) => e.commandName === "getMore");
        // 100 in the first batch, 900 in getMores; a server may need one more to report exhaustion.
        expect(getMores.length).toBeGreaterThanOrEqual(9);
        expect(getMores.length).toBeLessThanOrEqual(10);
        if (target().engine) expect(getMores).toHaveLength(9);
        for (const reply of replies) {
          const batch = (reply.cursor.firstBatch ?? reply.cursor.nextBatch) as Document[];
          expect(batch.length).toBeLessThanOrEqual(100);
        }
        expect(String(replies[replies.length - 1].cursor.id)).toBe("0");
        expect(events.filter((e) => e.commandName === "killCursors")).toHaveLength(0);
      });

      it("kills a cursor that is closed early", async () => {
        const c = await batches();
        const client = await target().newClient({ monitorCommands: true });
        const killed: Document[] = [];
        client.on("commandSucceeded", (event) => {
          if (event.commandName === "killCursors") killed.push(event.reply as Document);
        });
        const cursor = client.db(target().dbName).collection("batches").find({}, { batchSize: 10 });
        expect(await cursor.next()).not.toBeNull();
        await cursor.close();
        expect(killed).toHaveLength(1);
        expect(killed[0].cursorsKilled).toHaveLength(1);
        expect(await c.countDocuments()).toBe(1000);
      });

      it("aggregates with $match, $group, $sort, $lookup, $unwind and $project", async () => {
        const orders = collection("orders");
        const customers = collection("customers");
        await customers.insertMany([
          { _id: "c1", name: "Ann" },
          { _id: "c2", name: "Bob" },
        ]);
        await orders.insertMany([
          { customer: "c1", total: 10, items: ["a", "b"] },
          { customer: "c1", total: 5, items: ["c"] },
          { customer: "c2", total: 7, items: ["a"] },
          { customer: "c3", total: 1, items: [] },
        ]);
        const totals = await orders
          .aggregate([
            { $match: { total: { $gt: 1 } } },
            { $group: { _id: "$customer", sum: { $sum: "$total" }, n: { $sum: 1 } } },
            { $sort: { sum: -1 } },
            { $lookup: { from: "customers", localField: "_id", foreignField: "_id", as: "customer" } },
            { $unwind: "$customer" },
            { $project: { _id: 0, name: "$customer.name", sum: 1, n: 1 } },
          ])
          .toArray();
        expect(totals).toEqual([
          { sum: 15, n: 2, name: "Ann" },
          { sum: 7, n: 1, name: "Bob" },
        ]);
        const items = await orders.aggregate([{ $unwind: "$items" }, { $group: { _id: "$items", n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
        expect(items).toEqual([
          { _id: "a", n: 2 },
          { _id: "b", n: 1 },
          { _id: "c", n: 1 },
        ]);
        // The stored documents are unchanged by the pipeline stages above.
        expect(await orders.countDocuments({ items: "a" })).toBe(2);
      });

      it("returns aggregation results through a cursor with batchSize", async () => {
        await batches();
        const client = await target().newClient({ monitorCommands: true });
        const getMores: CommandStartedEvent[] = [];
        client.on("commandStarted", (event) => {
          if (event.commandName === "getMore") getMores.push(event);
        });
        const results = await client
          .db(target().dbName)
          .collection("batches")
          .aggregate([{ $match: { _id: { $lt: 250 } } }, { $sort: { _id: -1 } }], { batchSize: 50 })
          .toArray();
        expect(results).toHaveLength(250);
        expect(results[0]._id).toBe(249);
        expect(getMores.length).toBeGreaterThanOrEqual(4);
      });

      it("answers _id and indexed equality lookups without scanning the collection", async () => {
        const c = collection("lookups");
        await c.insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: `id-${i}`, email: `u${i}@x.io`, team: `team-${i % 10}`, n: i })));
        await c.createIndex({ email: 1 }, { unique: true });
        await c.createIndex({ team: 1, n: 1 });

        const examined = async (filter: Document): Promise<number> => {
          const plan = await c.find(filter).explain("executionStats");
          return plan.executionStats.totalDocsExamined as number;
        };
        expect(await examined({ _id: "id-42" })).toBe(1);
        expect(await examined({ email: "u7@x.io" })).toBe(1);
        expect(await examined({ email: { $in: ["u1@x.io", "u2@x.io"] } })).toBe(2);
        expect(await examined({ team: "team-3" })).toBe(50); // leading field of a compound index
        expect(await examined({ n: 3 })).toBe(500); // not indexed: a scan

        const engine = target().engine;
        if (engine) {
          const before = engine.stats.documentsScanned;
          expect(await c.findOne({ _id: "id-499" })).toMatchObject({ n: 499 });
          expect(await c.findOne({ email: "u250@x.io" })).toMatchObject({ n: 250 });
          expect(await c.countDocuments({ team: "team-1", n: 1 })).toBe(1);
          await c.updateOne({ email: "u5@x.io" }, { $set: { seen: true } });
          await c.deleteOne({ _id: "id-6" });
          // The count binds both fields of the compound index, so it examines its one match.
          expect(engine.stats.documentsScanned - before).toBe(1 + 1 + 1 + 1 + 1);
        }
      });
    });

    describe("ordered indexes", () => {
      it("answers ranges and sorts from an index, page by page, reading only what it returns", async () => {
        const c = collection("pages");
        await c.createIndex({ team: 1, createdAt: -1 });
        const start = Date.UTC(2026, 0, 1);
        await c.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: i, team: i % 2 === 0 ? "a" : "b", createdAt: new Date(start + i * 60_000) })));

        const filter = { team: "a", createdAt: { $gte: new Date(start + 100 * 60_000) } };
        const page = await c.find(filter).sort({ createdAt: -1 }).skip(20).limit(50).toArray();
        expect(page.map((d) => d._id)).toEqual(Array.from({ length: 50 }, (_, i) => 1998 - 2 * (20 + i)));
        const plan = await c.find(filter).sort({ createdAt: -1 }).skip(20).limit(50).explain("executionStats");
        expect(plan.executionStats.nReturned).toBe(50);
        expect(plan.executionStats.totalDocsExamined).toBeLessThanOrEqual(70);

        const ascending = await c
          .find({ team: "b", createdAt: { $lt: new Date(start + 10 * 60_000) } })
          .sort({ createdAt: 1 })
          .toArray();
        expect(ascending.map((d) => d._id)).toEqual([1, 3, 5, 7, 9]);
        const byId = await c
          .find({ _id: { $gt: 1990 } })
          .sort({ _id: -1 })
          .limit(3)
          .toArray();
        expect(byId.map((d) => d._id)).toEqual([1999, 1998, 1997]);

        const engine = target().engine;
        if (engine) {
          // The cursor reads documents as batches are asked for, not all at once.
          const before = engine.stats.documentsScanned;
          const cursor = c.find({ team: "a" }).sort({ createdAt: 1 }).batchSize(10);
          expect(await cursor.next()).toMatchObject({ _id: 0 });
          expect(engine.stats.documentsScanned - before).toBeLessThanOrEqual(11);
          const rest = await cursor.toArray();
          expect(rest).toHaveLength(999);
          expect(rest[998]).toMatchObject({ _id: 1998 });
        }
      });
    });

    describe("writes", () => {
      it("reports ordered and unordered insertMany failures with writeErrors", async () => {
        const c = collection("bulk");
        const ordered = await rejection(c.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }]));
        expect(ordered).toBeInstanceOf(MongoBulkWriteError);
        const bulk = ordered as MongoBulkWriteError;
        expect(bulk.code).toBe(11000);
        expect(bulk.insertedCount).toBe(1);
        expect(bulk.writeErrors).toMatchObject([{ index: 1, code: 11000 }]);
        expect(await c.countDocuments()).toBe(1);

        const unordered = (await rejection(c.insertMany([{ _id: 1 }, { _id: 3 }, { _id: 3 }, { _id: 4 }] as Document[], { ordered: false }))) as MongoBulkWriteError;
        expect(unordered.insertedCount).toBe(2);
        expect([unordered.writeErrors].flat().map((e) => e.index)).toEqual([0, 2]);
        expect(await c.countDocuments()).toBe(3);
      });

      it("enforces unique indexes with E11000, keyPattern and keyValue", async () => {
        const c = collection("users");
        await c.createIndex({ email: 1 }, { unique: true });
        await c.insertOne({ email: "a@b.c" });
        const error = await rejection(c.insertOne({ email: "a@b.c" }));
        expect(error.code).toBe(11000);
        expect(error.keyPattern).toEqual({ email: 1 });
        expect(error.keyValue).toEqual({ email: "a@b.c" });
        expect(error.message).toBe(`E11000 duplicate key error collection: ${target().dbName}.users index: email_1 dup key: { email: "a@b.c" }`);

        const idError = await rejection(c.insertOne({ _id: (await c.findOne({}))!._id, email: "other@b.c" }));
        expect(idError.code).toBe(11000);
        expect(idError.keyPattern).toEqual({ _id: 1 });

        await c.insertOne({ email: "b@b.c" });
        const updateError = await rejection(c.updateOne({ email: "b@b.c" }, { $set: { email: "a@b.c" } }));
        expect(updateError.code).toBe(11000);
        expect(await c.countDocuments({ email: "b@b.c" })).toBe(1);
      });

      it("enforces compound unique indexes on the combination of fields", async () => {
        const c = collection("members");
        await c.createIndex({ tenant: 1, email: 1 }, { unique: true, name: "tenant_email" });
        await c.insertOne({ tenant: "t1", email: "x@y.z" });
        await c.insertOne({ tenant: "t2", email: "x@y.z" });
        await c.insertOne({ tenant: "t1", email: "w@y.z" });
        const error = await rejection(c.insertOne({ tenant: "t1", email: "x@y.z" }));
        expect(error.code).toBe(11000);
        expect(error.keyPattern).toEqual({ tenant: 1, email: 1 });
        expect(error.keyValue).toEqual({ tenant: "t1", email: "x@y.z" });
        expect(error.message).toContain('index: tenant_email dup key: { tenant: "t1", email: "x@y.z" }');
      });

      it("refuses to build a unique index over existing duplicates", async () => {
        const c = collection("dupes");
        await c.insertMany([{ k: 1 }, { k: 2 }, { k: 1 }]);
        const error = await rejection(c.createIndex({ k: 1 }, { unique: true }));
        expect(error.code).toBe(11000);
        expect((await c.indexes()).map((i) => i.name)).toEqual(["_id_"]);
        await c.insertOne({ k: 1 }); // still no unique constraint
      });

      it("upserts with $setOnInsert and reports the upserted _id", async () => {
        const c = collection("upserts");
        const first = await c.updateOne({ slug: "home" }, { $set: { title: "Home" }, $setOnInsert: { created: 1 } }, { upsert: true });
        expect(first.upsertedCount).toBe(1);
        expect(first.matchedCount).toBe(0);
        const second = await c.updateOne({ slug: "home" }, { $set: { title: "Start" }, $setOnInsert: { created: 2 } }, { upsert: true });
        expect(second).toMatchObject({ upsertedCount: 0, matchedCount: 1, modifiedCount: 1 });
        expect(await c.findOne({ slug: "home" }, { projection: { _id: 0 } })).toEqual({ slug: "home", title: "Start", created: 1 });
        expect((await c.findOne({ _id: first.upsertedId! }))?.slug).toBe("home");
        const replaced = await c.replaceOne({ _id: "fixed" }, { value: 1 }, { upsert: true });
        expect(replaced.upsertedId).toBe("fixed");
        const noop = await c.updateOne({ slug: "home" }, { $set: { title: "Start" } });
        expect(noop).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      });

      it("lets an upsert choose the new document's _id through $setOnInsert or $set", async () => {
        const c = collection("upsert_ids");
        const viaSetOnInsert = await c.updateOne({ email: "a@example.com" }, { $set: { name: "A" }, $setOnInsert: { _id: "uuid-1", email: "a@example.com" } }, { upsert: true });
        expect(viaSetOnInsert.upsertedId).toBe("uuid-1");
        // On the next match $setOnInsert (and its _id) is ignored: the document keeps its id.
        const again = await c.updateOne({ email: "a@example.com" }, { $set: { name: "B" }, $setOnInsert: { _id: "uuid-2" } }, { upsert: true });
        expect(again).toMatchObject({ matchedCount: 1, upsertedCount: 0 });
        expect(await c.findOne({ email: "a@example.com" })).toEqual({ _id: "uuid-1", email: "a@example.com", name: "B" });

        const viaSet = await c.updateOne({ email: "b@example.com" }, { $set: { _id: "uuid-3" } }, { upsert: true });
        expect(viaSet.upsertedId).toBe("uuid-3");
        expect(await c.findOne({ _id: "uuid-3" })).toEqual({ _id: "uuid-3", email: "b@example.com" });

        const conflicting = await rejection(c.updateOne({ _id: "uuid-4" }, { $setOnInsert: { _id: "other" } }, { upsert: true }));
        expect(conflicting.code).toBe(66);
      });

      it("updates many, replaces, uses arrayFilters and the positional operator", async () => {
        interface Row {
          _id: number;
          kind?: string;
          n?: number;
          grades?: Array<{ g: number; ok: boolean }>;
          list?: number[];
          extra?: string[];
          doubled?: number;
        }
        const c = target().db.collection<Row>("updates");
        await c.insertMany([
          {
            _id: 1,
            kind: "a",
            n: 1,
            grades: [
              { g: 50, ok: false },
              { g: 90, ok: false },
            ],
            list: [1, 2, 3],
          },
          { _id: 2, kind: "a", n: 2, grades: [{ g: 70, ok: false }], list: [2] },
          { _id: 3, kind: "b", n: 3, grades: [], list: [] },
        ]);
        expect(await c.updateMany({ kind: "a" }, { $inc: { n: 10 } })).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
        await c.updateMany({}, { $set: { "grades.$[high].ok": true } }, { arrayFilters: [{ "high.g": { $gte: 70 } }] });
        expect((await c.findOne({ _id: 1 }))!.grades).toEqual([
          { g: 50, ok: false },
          { g: 90, ok: true },
        ]);
        expect((await c.findOne({ _id: 2 }))!.grades).toEqual([{ g: 70, ok: true }]);
        await c.updateOne({ _id: 1, list: 2 }, { $set: { "list.$": 20 } });
        await c.updateOne({ _id: 1 }, { $push: { list: { $each: [4, 5] } }, $unset: { kind: "" } });
        await c.updateOne({ _id: 2 }, { $pull: { list: 2 }, $addToSet: { extra: "x" } });
        expect(await c.findOne({ _id: 1 }, { projection: { list: 1, kind: 1 } })).toEqual({ _id: 1, list: [1, 20, 3, 4, 5] });
        expect(await c.findOne({ _id: 2 }, { projection: { list: 1, extra: 1 } })).toEqual({ _id: 2, list: [], extra: ["x"] });
        await c.replaceOne({ _id: 3 }, { kind: "c" });
        expect(await c.findOne({ _id: 3 })).toEqual({ _id: 3, kind: "c" });
        await c.updateOne({ _id: 3 }, [{ $set: { doubled: { $multiply: [2, 21] } } }]);
        expect((await c.findOne({ _id: 3 }))!.doubled).toBe(42);
        const immutable = await rejection(c.updateOne({ _id: 3 }, { $set: { _id: 4 } }));
        expect(immutable.code).toBe(66);
        // Untyped handle: the typed one would (rightly) refuse $inc on a string field.
        const notNumeric = await rejection(
          target()
            .db.collection<AnyDoc>("updates")
            .updateOne({ _id: 3 }, { $inc: { kind: 1 } }),
        );
        expect(notNumeric.code).toBe(14);
        expect(await c.findOne({ "grades.g": 90 }, { projection: { "grades.$": 1 } })).toEqual({ _id: 1, grades: [{ g: 90, ok: true }] });
      });

      it("deletes one or many", async () => {
        const c = collection("deletes");
        await c.insertMany(Array.from({ length: 10 }, (_, i) => ({ i, even: i % 2 === 0 })));
        expect((await c.deleteOne({ even: true })).deletedCount).toBe(1);
        expect((await c.deleteMany({ even: true })).deletedCount).toBe(4);
        expect((await c.deleteMany({ nothing: 1 })).deletedCount).toBe(0);
        expect(await c.countDocuments()).toBe(5);
      });

      it("supports findAndModify variants", async () => {
        const c = collection("fam");
        await c.insertMany([
          { _id: 1, q: "x", v: 1 },
          { _id: 2, q: "x", v: 2 },
        ]);
        expect(await c.findOneAndUpdate({ q: "x" }, { $inc: { v: 10 } }, { sort: { v: -1 }, returnDocument: "before" })).toEqual({ _id: 2, q: "x", v: 2 });
        expect(await c.findOneAndUpdate({ q: "x" }, { $inc: { v: 1 } }, { sort: { v: 1 }, returnDocument: "after", projection: { v: 1, _id: 0 } })).toEqual({ v: 2 });
        expect(await c.findOneAndUpdate({ q: "nope" }, { $set: { v: 0 } })).toBeNull();
        const upserted = await c.findOneAndUpdate({ _id: 3 }, { $set: { q: "y" } }, { upsert: true, returnDocument: "after", includeResultMetadata: true });
        expect(upserted.value).toEqual({ _id: 3, q: "y" });
        expect(upserted.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: 3 });
        expect(await c.findOneAndReplace({ _id: 3 }, { q: "z" }, { returnDocument: "after" })).toEqual({ _id: 3, q: "z" });
        expect(await c.findOneAndDelete({ q: "x" }, { sort: { v: -1 } })).toEqual({ _id: 2, q: "x", v: 12 });
        expect(await c.countDocuments()).toBe(2);
      });
    });

    describe("indexes", () => {
      it("lists and drops indexes by name, by key and with '*'", async () => {
        const c = collection("ix");
        await c.insertOne({ a: 1, b: 2, c: 3 });
        await c.createIndex({ a: 1 });
        await c.createIndex({ b: -1 }, { name: "b_desc", sparse: true });
        await c.createIndex({ c: 1, a: 1 }, { unique: true });
        const indexes = await c.listIndexes().toArray();
        expect(indexes.map((i) => i.name)).toEqual(["_id_", "a_1", "b_desc", "c_1_a_1"]);
        expect(indexes[2]).toMatchObject({ key: { b: -1 }, sparse: true });
        expect(indexes[3]).toMatchObject({ key: { c: 1, a: 1 }, unique: true });
        expect(await c.createIndex({ a: 1 })).toBe("a_1"); // already exists: no-op
        await c.dropIndex("a_1");
        await target().db.command({ dropIndexes: "ix", index: { b: -1 } });
        expect((await c.indexes()).map((i) => i.name)).toEqual(["_id_", "c_1_a_1"]);
        expect((await rejection(c.dropIndex("nope"))).code).toBe(27);
        expect((await rejection(c.dropIndex("_id_"))).code).toBe(72);
        await c.dropIndexes();
        expect((await c.indexes()).map((i) => i.name)).toEqual(["_id_"]);
        expect((await rejection(collection("ix_missing").indexes())).code).toBe(26);
      });

      it("creates TTL indexes with expireAfterSeconds", async () => {
        const c = collection("ttl_spec");
        await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
        const ttl = (await c.indexes()).find((i) => i.name === "expiresAt_1");
        expect(ttl?.expireAfterSeconds).toBe(3600);
      });
    });
  });
}
