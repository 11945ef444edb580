/**
 * Query, update and projection semantics that mongoose and the flows depend on, each written
 * from MongoDB's documented behaviour and checked against the embedded engine (and a real
 * MongoDB when TEST_MONGODB_URI is set).
 */
import { Binary, DBRef, Decimal128, ObjectId, type Document, type UpdateFilter } from "mongodb";
import mongoose from "mongoose";
import { describe, expect, it } from "vitest";
import { announceRealMongoDb, describeTarget, rejection, targetKinds, useTarget } from "./harness.js";

announceRealMongoDb();

/** An update document written as MongoDB's documentation writes it, beyond the driver's types. */
const loose = (update: Document) => update as UpdateFilter<AnyDoc>;

/** Test documents use all kinds of _id values, not only ObjectIds. */
interface AnyDoc extends Document {
  _id?: string | number | ObjectId;
}

for (const kind of targetKinds()) {
  describeTarget(kind, `query and update semantics (${kind})`, () => {
    const target = useTarget(kind);
    const collection = (name: string) => target().db.collection<AnyDoc>(name);

    describe("several positional updates of one array element", () => {
      it("sets sibling fields of the element matched by $ in one update", async () => {
        const c = collection("pos_dollar");
        await c.insertOne({
          _id: 1,
          children: [
            { _id: "a", name: "A" },
            { _id: "b", name: "B" },
          ],
        });
        const at = new Date("2026-01-02T03:04:05Z");
        const result = await c.updateOne({ _id: 1, "children._id": "b" }, { $set: { "children.$.name": "Bee", "children.$.updatedAt": at } });
        expect(result.modifiedCount).toBe(1);
        expect(await c.findOne({ _id: 1 })).toEqual({
          _id: 1,
          children: [
            { _id: "a", name: "A" },
            { _id: "b", name: "Bee", updatedAt: at },
          ],
        });
      });

      it("sets sibling fields through $[] and $[<id>] array filters", async () => {
        const c = collection("pos_all");
        await c.insertOne({ _id: 1, items: [{ k: 1 }, { k: 2 }] });
        await c.updateOne({ _id: 1 }, { $set: { "items.$[].a": 1, "items.$[].b": 2 } });
        await c.updateOne({ _id: 1 }, { $set: { "items.$[el].c": 3, "items.$[el].d": 4 } }, { arrayFilters: [{ "el.k": 2 }] });
        expect((await c.findOne({ _id: 1 }))?.items).toEqual([
          { k: 1, a: 1, b: 2 },
          { k: 2, a: 1, b: 2, c: 3, d: 4 },
        ]);
      });

      it("combines $set and $addToSet on different fields of the same element", async () => {
        const c = collection("pos_mixed");
        await c.insertOne({ _id: 1, comments: [{ id: 7, title: "t", tags: ["x"] }] });
        await c.updateOne({ "comments.id": 7 }, { $set: { "comments.$.title": "T" }, $addToSet: { "comments.$.tags": "y" } });
        expect((await c.findOne({ _id: 1 }))?.comments).toEqual([{ id: 7, title: "T", tags: ["x", "y"] }]);
      });

      it("still refuses paths that overlap, with code 40", async () => {
        const c = collection("pos_conflict");
        await c.insertOne({ _id: 1, list: [{ a: 1 }] });
        const error = await rejection(c.updateOne({ "list.a": 1 }, { $set: { "list.$": { a: 2 }, "list.$.a": 3 } }));
        expect(error.code).toBe(40);
        const error2 = await rejection(c.updateOne({ _id: 1 }, { $set: { "x.y": 1 }, $inc: { x: 1 } }));
        expect(error2.code).toBe(40);
      });

      it("saves mongoose subdocuments with timestamps after a change of one child", async () => {
        const conn = await target().mongoose();
        const Child = new mongoose.Schema({ name: String }, { timestamps: true });
        const Parent = conn.model("PositionalParent", new mongoose.Schema({ children: [Child] }, { timestamps: true }));
        const parent = await Parent.create({ children: [{ name: "one" }, { name: "two" }] });
        const childId = parent.children[1]._id;
        await Parent.updateOne({ _id: parent._id, "children._id": childId }, { $set: { "children.$.name": "deux" } });
        const reloaded = await Parent.findById(parent._id).lean();
        expect(reloaded?.children.map((c) => c.name)).toEqual(["one", "deux"]);
        expect(reloaded?.children[1].updatedAt).toBeInstanceOf(Date);
      });
    });

    describe("_id in $set", () => {
      it("accepts $set of _id to its current value and refuses a change with code 66", async () => {
        const c = collection("id_set");
        const id = new ObjectId();
        await c.insertOne({ _id: id, a: 1 });
        const same = await c.updateOne({ _id: id }, { $set: { _id: id, a: 2 } });
        expect(same.matchedCount).toBe(1);
        const found = await c.findOneAndUpdate({ _id: id }, { $set: { _id: id, a: 3 } }, { returnDocument: "after" });
        expect(found).toEqual({ _id: id, a: 3 });
        const bulk = await c.bulkWrite([{ updateOne: { filter: { _id: id }, update: { $set: { _id: id, a: 4 } } } }]);
        expect(bulk.modifiedCount).toBe(1);
        const changed = await rejection(c.updateOne({ _id: id }, { $set: { _id: new ObjectId() } }));
        expect(changed.code).toBe(66);
        expect(await c.findOne({ _id: id })).toEqual({ _id: id, a: 4 });
      });

      it("saves a mongoose document copied from another with its own _id", async () => {
        const conn = await target().mongoose();
        const Note = conn.model("CopiedNote", new mongoose.Schema({ text: String }));
        const original = await Note.create({ text: "a" });
        const copy = Note.hydrate(original.toObject());
        copy.text = "b";
        await copy.save();
        await Note.findOneAndUpdate({ _id: original._id }, original.toObject(), { new: true });
        expect((await Note.findById(original._id).lean())?.text).toBe("a");
      });
    });

    describe("projections", () => {
      it("$slice keeps every other field and combines with exclusions", async () => {
        const c = collection("proj_slice");
        await c.insertOne({ _id: 1, title: "t", other: "o", arr: [1, 2, 3, 4, 5] });
        expect(await c.findOne({ _id: 1 }, { projection: { arr: { $slice: 2 } } })).toEqual({ _id: 1, title: "t", other: "o", arr: [1, 2] });
        expect(await c.findOne({ _id: 1 }, { projection: { arr: { $slice: -2 } } })).toEqual({ _id: 1, title: "t", other: "o", arr: [4, 5] });
        expect(await c.findOne({ _id: 1 }, { projection: { arr: { $slice: [1, 2] } } })).toEqual({ _id: 1, title: "t", other: "o", arr: [2, 3] });
        expect(await c.findOne({ _id: 1 }, { projection: { arr: { $slice: 1 }, other: 0 } })).toEqual({ _id: 1, title: "t", arr: [1] });
        expect(await c.findOne({ _id: 1 }, { projection: { arr: { $slice: 1 }, title: 1 } })).toEqual({ _id: 1, title: "t", arr: [1] });
      });

      it("$elemMatch accepts operator-only conditions", async () => {
        const c = collection("proj_elem");
        await c.insertOne({ _id: 1, name: "n", ids: [3, 8, 12], scores: [40, 75, 90] });
        expect(await c.findOne({ _id: 1 }, { projection: { ids: { $elemMatch: { $in: [8, 12] } } } })).toEqual({ _id: 1, ids: [8] });
        expect(await c.findOne({ _id: 1 }, { projection: { scores: { $elemMatch: { $gte: 70 } }, name: 1 } })).toEqual({ _id: 1, name: "n", scores: [75] });
        expect(await c.findOne({ _id: 1 }, { projection: { scores: { $elemMatch: { $gt: 100 } } } })).toEqual({ _id: 1 });
      });
    });

    describe("updates on arrays", () => {
      it("$pull removes subdocuments matching a logical condition", async () => {
        const c = collection("pull_or");
        await c.insertOne({
          _id: 1,
          items: [
            { a: 1, b: 1 },
            { a: 2, b: 2 },
            { a: 3, b: 3 },
          ],
        });
        const result = await c.updateOne({ _id: 1 }, loose({ $pull: { items: { $or: [{ a: 1 }, { b: 3 }] } } }));
        expect(result.modifiedCount).toBe(1);
        expect((await c.findOne({ _id: 1 }))?.items).toEqual([{ a: 2, b: 2 }]);
        await c.updateOne({ _id: 1 }, loose({ $pull: { items: { $and: [{ a: { $gte: 2 } }, { b: { $lt: 3 } }] } } }));
        expect((await c.findOne({ _id: 1 }))?.items).toEqual([]);
      });

      it("$pull removes subdocuments without _id that match a partial document", async () => {
        const c = collection("pull_sub");
        await c.insertOne({
          _id: 1,
          tags: [
            { name: "x", n: 1 },
            { name: "y", n: 2 },
            { name: "x", n: 3 },
          ],
        });
        await c.updateOne({ _id: 1 }, loose({ $pull: { tags: { name: "x" } } }));
        expect((await c.findOne({ _id: 1 }))?.tags).toEqual([{ name: "y", n: 2 }]);
      });

      it("refuses $push onto a field that is not an array", async () => {
        const c = collection("push_scalar");
        await c.insertOne({ _id: 1, tags: "x" });
        const error = await rejection(c.updateOne({ _id: 1 }, loose({ $push: { tags: "y" } })));
        expect(error.code).toBe(2);
        expect(error.message).toContain("must be an array");
        expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, tags: "x" });
      });

      it("refuses $set of a.b when a is an array of documents", async () => {
        const c = collection("set_through_array");
        await c.insertOne({ _id: 1, a: [{ b: 1 }, { b: 2 }] });
        const error = await rejection(c.updateOne({ _id: 1 }, { $set: { "a.b": 5 } }));
        expect(error.code).toBe(28);
        expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: [{ b: 1 }, { b: 2 }] });
      });
    });

    describe("query operators", () => {
      it("$all against a scalar field matches when every listed value equals it", async () => {
        const c = collection("all_scalar");
        await c.insertMany([
          { _id: 1, tag: "x" },
          { _id: 2, tag: ["x", "y"] },
          { _id: 3, tag: "y" },
        ]);
        const ids = async (filter: Document) => (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id as number);
        expect(await ids({ tag: { $all: ["x"] } })).toEqual([1, 2]);
        expect(await ids({ tag: { $all: ["x", "y"] } })).toEqual([2]);
        expect(await ids({ tag: { $all: [] } })).toEqual([]);
      });

      it("$all with string values and regular expressions matches arrays holding them all, and scalars", async () => {
        const c = collection("all_strings");
        await c.insertMany([
          { _id: 1, title: "Aristocats", tags: ["onex", "twox", "threex"] },
          { _id: 2, title: "Other", tags: ["onex", "threex"] },
          { _id: 3, title: "Third", tags: "twox" },
        ]);
        const ids = async (filter: Document) => (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id as number);
        expect(await ids({ tags: { $all: ["onex", "twox", "threex"] } })).toEqual([1]);
        expect(await ids({ tags: { $all: ["threex", "onex"] } })).toEqual([1, 2]);
        expect(await ids({ title: { $all: ["Aristocats"] } })).toEqual([1]);
        expect(await ids({ title: { $all: [/^Aristocats/] } })).toEqual([1]);
        expect(await ids({ tags: { $all: [/^onex/i] } })).toEqual([1, 2]);
        expect(await ids({ tags: { $all: [/^two/] } })).toEqual([1, 3]);
        expect(await ids({ tags: { $all: [/^two/, "onex"] } })).toEqual([1]);
        expect((await c.find({ tags: { $all: ["ONEX", "TWOX"] } }, { collation: { locale: "en", strength: 2 } }).toArray()).map((d) => d._id)).toEqual([1]);
      });

      it("$all finds mongoose documents by string arrays, as mongoose's own test does", async () => {
        const conn = await target().mongoose();
        const Post = conn.model("AllStringsPost", new mongoose.Schema({ title: String, tags: [String] }));
        const post = await Post.create({ title: "Aristocats", tags: ["onex", "twox", "threex"] });
        expect(await Post.countDocuments({ tags: { $all: ["onex", "twox", "threex"] } })).toBe(1);
        expect(await Post.countDocuments({ tags: { $all: [/^onex/i] } })).toBe(1);
        // mongoose makes an array of a lone value, as its own test relies on.
        expect((await Post.findOne({ tags: { $all: /^two/ } } as never))?.id).toBe(post.id);
      });

      it("$type matches objectId, binData and decimal", async () => {
        const c = collection("type_names");
        await c.insertMany([
          { _id: 1, v: new ObjectId() },
          { _id: 2, v: new Binary(Buffer.from([1, 2])) },
          { _id: 3, v: Decimal128.fromString("1.5") },
          { _id: 4, v: "s" },
        ]);
        const ids = async (type: string) =>
          (
            await c
              .find({ v: { $type: type } })
              .sort({ _id: 1 })
              .toArray()
          ).map((d) => d._id as number);
        expect(await ids("objectId")).toEqual([1]);
        expect(await ids("binData")).toEqual([2]);
        expect(await ids("decimal")).toEqual([3]);
        expect(await ids("string")).toEqual([4]);
        expect((await c.find({ v: { $type: 7 } }).toArray()).map((d) => d._id)).toEqual([1]);
      });

      it("compares and sorts Binary values in BSON order (length, then subtype, then bytes)", async () => {
        const c = collection("binary_order");
        await c.insertMany([
          { _id: 1, v: new Binary(Buffer.from([9, 9, 9])) },
          { _id: 2, v: new Binary(Buffer.from([1])) },
          { _id: 3, v: new Binary(Buffer.from([5, 0])) },
          { _id: 4, v: new Binary(Buffer.from([1, 1]), 5) },
        ]);
        expect((await c.find({}).sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual([2, 3, 4, 1]);
        expect(
          (
            await c
              .find({ v: { $gt: new Binary(Buffer.from([7])) } })
              .sort({ _id: 1 })
              .toArray()
          ).map((d) => d._id),
        ).toEqual([1, 3, 4]);
        expect(
          (
            await c
              .find({ v: { $lt: new Binary(Buffer.from([5, 1])) } })
              .sort({ _id: 1 })
              .toArray()
          ).map((d) => d._id),
        ).toEqual([2, 3]);
      });

      it("$elemMatch reaches a DBRef's $id", async () => {
        const c = collection("dbref_match");
        const a = new ObjectId();
        const b = new ObjectId();
        await c.insertMany([
          { _id: 1, refs: [new DBRef("users", a)] },
          { _id: 2, refs: [new DBRef("users", b)] },
        ]);
        const found = await c.find({ refs: { $elemMatch: { $id: a } } }).toArray();
        expect(found.map((d) => d._id)).toEqual([1]);
      });
    });

    describe("BSON values", () => {
      it("treats a $set that only changes a binary value's subtype as a modification", async () => {
        const c = collection("binary_subtype");
        await c.insertOne({ _id: 1, data: new Binary(Buffer.from([1, 2]), 0) });
        const result = await c.updateOne({ _id: 1 }, { $set: { data: new Binary(Buffer.from([1, 2]), 128) } });
        expect(result.modifiedCount).toBe(1);
        expect(((await c.findOne({ _id: 1 }))?.data as Binary).sub_type).toBe(128);
      });
    });

    describe("field names", () => {
      it("keeps a __proto__ key as data, never as a prototype", async () => {
        const c = collection("proto_keys");
        const doc = JSON.parse('{"_id": 1, "__proto__": {"polluted": true}, "a": 1}') as Document;
        await c.insertOne(doc);
        const found = await c.findOne({ _id: 1 });
        expect(found && Object.prototype.hasOwnProperty.call(found, "__proto__")).toBe(true);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        await c.updateOne({ _id: 1 }, { $rename: { a: "__proto__.x" } });
        const renamed = await c.findOne({ _id: 1 });
        expect(({} as Record<string, unknown>).x).toBeUndefined();
        expect(renamed && Object.getOwnPropertyDescriptor(renamed, "__proto__")?.value).toEqual({ polluted: true, x: 1 });
      });

      it("stores an update's own __proto__ keys as fields, in paths and in values, with no prototype pollution", async () => {
        const c = collection("proto_updates");
        await c.insertOne({ _id: 1, obj: { a: 1 }, list: [] });
        const update = JSON.parse(
          '{"$set": {"__proto__": {"polluted": true}, "obj.__proto__": {"nested": true}, "value": {"__proto__": {"inValue": true}, "k": 1}},' +
            ' "$push": {"list": {"__proto__": {"inPush": true}, "k": 2}}}',
        ) as Document;
        expect((await c.updateOne({ _id: 1 }, loose(update))).modifiedCount).toBe(1);
        const found = await c.findOne({ _id: 1 });
        const own = (value: unknown) => Object.getOwnPropertyDescriptor(value, "__proto__")?.value as unknown;
        expect(own(found)).toEqual({ polluted: true });
        expect(own(found?.obj)).toEqual({ nested: true });
        expect(found?.obj).toMatchObject({ a: 1 });
        expect(own(found?.value)).toEqual({ inValue: true });
        expect(own((found?.list as unknown[])[0])).toEqual({ inPush: true });
        const plain = {} as Record<string, unknown>;
        expect([plain.polluted, plain.nested, plain.inValue, plain.inPush]).toEqual([undefined, undefined, undefined, undefined]);

        await c.updateOne({ _id: 2 }, loose(JSON.parse('{"$set": {"value": {"__proto__": {"upserted": true}}}}') as Document), { upsert: true });
        expect(own((await c.findOne({ _id: 2 }))?.value)).toEqual({ upserted: true });
        expect(plain.upserted).toBeUndefined();
      });

      it("applies updates to dollar-prefixed field names below the top level of an existing document", async () => {
        const c = collection("dollar_nested");
        await c.insertOne({ _id: 1, part: "AB305", pricing: { sale: true, $discount: 60 }, preferences: {} });
        // MongoDB's documented examples, and the paths mongoose sends for $each and map values ($*).
        await c.updateOne({ _id: 1 }, { $inc: { "pricing.$discount": 10 } });
        await c.updateOne({ _id: 1 }, { $set: { "address.$street": "Elm Ave", "preferences.$each": ["a", "b"], "nested.data.$*._id": 7 } });
        await c.updateOne({ _id: 1 }, loose({ $push: { "lists.$names": "x" }, $unset: { "pricing.sale": "" } }));
        expect(await c.findOne({ _id: 1 })).toEqual({
          _id: 1,
          part: "AB305",
          pricing: { $discount: 70 },
          preferences: { $each: ["a", "b"] },
          address: { $street: "Elm Ave" },
          nested: { data: { "$*": { _id: 7 } } },
          lists: { $names: ["x"] },
        });
        const error = await rejection(c.updateOne({ _id: 1 }, { $set: { $rooms: 2 } }));
        expect(error.code).toBe(52);
        expect(error.message).toContain("The dollar ($) prefixed field '$rooms' in '$rooms' is not valid for storage.");
      });

      it("accepts dollar-prefixed field names in inserts and upserts, and refuses them when $set reaches an existing document", async () => {
        const c = collection("dollar_fields");
        await c.insertOne({ _id: 1, $price: 50, location: { $db: "novels", $inc: true } });
        expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, $price: 50, location: { $db: "novels", $inc: true } });
        await c.updateOne({ date: "2021-07-07" }, { $set: { phone: 25.17, $hotel: 320.1 } }, { upsert: true });
        expect(await c.findOne({ date: "2021-07-07" }, { projection: { _id: 0 } })).toEqual({ date: "2021-07-07", phone: 25.17, $hotel: 320.1 });
        await rejection(c.updateOne({ date: "2021-07-07" }, { $set: { phone: 1, $hotel: 1 } }, { upsert: true }));
        expect(await c.findOne({ date: "2021-07-07" }, { projection: { _id: 0 } })).toEqual({ date: "2021-07-07", phone: 25.17, $hotel: 320.1 });
      });
    });

    describe("collation", () => {
      it("accepts ICU locale forms such as en_US and honours them in filters and sorts", async () => {
        const c = collection("collation_locale");
        await c.insertMany([
          { _id: 1, name: "b" },
          { _id: 2, name: "B" },
          { _id: 3, name: "a" },
        ]);
        const strength2 = (locale: string) => ({ locale, strength: 2 });
        for (const locale of ["en", "en_US"]) {
          const matched = await c
            .find({ name: "b" }, { collation: strength2(locale) })
            .sort({ _id: 1 })
            .toArray();
          expect(matched.map((d) => d._id)).toEqual([1, 2]);
          const sorted = await c
            .find({}, { collation: strength2(locale) })
            .sort({ name: 1, _id: 1 })
            .toArray();
          expect(sorted.map((d) => d._id)).toEqual([3, 1, 2]);
        }
      });

      it("refuses a locale it does not know", async () => {
        const c = collection("collation_bad");
        await c.insertOne({ _id: 1, name: "x" });
        const error = await rejection(c.find({ name: "x" }, { collation: { locale: "xx_NOT_A_LOCALE" } }).toArray());
        expect(error.code).toBe(2);
      });
    });

    describe("hint", () => {
      it("returns documents in the hinted index's order and refuses an unknown index", async () => {
        const c = collection("hinted");
        await c.createIndex({ rank: 1 }, { name: "by_rank" });
        await c.createIndex({ rank: -1, _id: 1 }, { name: "by_rank_desc" });
        await c.insertMany([
          { _id: 1, rank: 30 },
          { _id: 2, rank: 10 },
          { _id: 3, rank: 20 },
        ]);
        expect((await c.find({}).hint("by_rank").toArray()).map((d) => d._id)).toEqual([2, 3, 1]);
        expect((await c.find({}).hint({ rank: -1, _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 3, 2]);
        expect(
          (
            await c
              .find({ rank: { $gte: 20 } })
              .hint("by_rank")
              .toArray()
          ).map((d) => d._id),
        ).toEqual([3, 1]);
        const aggregated = await c.aggregate([{ $match: {} }], { hint: "by_rank" }).toArray();
        expect(aggregated.map((d) => d._id)).toEqual([2, 3, 1]);
        const error = await rejection(c.find({}).hint("no_such_index").toArray());
        expect(error.code).toBe(2);
        const aggError = await rejection(c.aggregate([], { hint: "no_such_index" }).toArray());
        expect(aggError.code).toBe(2);
      });
    });
  });
}
