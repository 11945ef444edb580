/**
 * Mongoose-level conformance: the way the app uses the database (string UUID ids, unique
 * indexes, atomic single-document updates), against the engine and optionally real MongoDB.
 */
import { randomUUID } from "node:crypto";
import mongoose, { Schema, type Connection, type Model } from "mongoose";
import { beforeAll, expect, it } from "vitest";
import { describeTarget, targetKinds, useTarget } from "./harness.js";

interface User {
  _id: string;
  email: string;
  name?: string;
  visits: number;
  tags: string[];
  createdAt?: Date;
  updatedAt?: Date;
}

interface Member {
  _id: string;
  tenant: string;
  email: string;
}

interface Flow {
  _id: string;
  owner: string;
  title: string;
  versions: Array<{ n: number; body: string }>;
}

function models(connection: Connection): { User: Model<User>; Member: Model<Member>; Flow: Model<Flow> } {
  const userSchema = new Schema<User>(
    {
      _id: { type: String, default: () => randomUUID() },
      email: { type: String, required: true, unique: true },
      name: String,
      visits: { type: Number, default: 0 },
      tags: { type: [String], default: [] },
    },
    { timestamps: true },
  );
  const memberSchema = new Schema<Member>({
    _id: { type: String, default: () => randomUUID() },
    tenant: { type: String, required: true },
    email: { type: String, required: true },
  });
  memberSchema.index({ tenant: 1, email: 1 }, { unique: true });
  const flowSchema = new Schema<Flow>({
    _id: { type: String, default: () => randomUUID() },
    owner: { type: String, ref: "User", required: true, index: true },
    title: String,
    versions: [{ n: Number, body: String }],
  });
  return {
    User: connection.model<User>("User", userSchema),
    Member: connection.model<Member>("Member", memberSchema),
    Flow: connection.model<Flow>("Flow", flowSchema),
  };
}

async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected the operation to fail");
}

for (const kind of targetKinds()) {
  describeTarget(kind, `mongoose conformance (${kind})`, () => {
    const target = useTarget(kind);
    let User: Model<User>;
    let Member: Model<Member>;
    let Flow: Model<Flow>;

    beforeAll(async () => {
      ({ User, Member, Flow } = models(await target().mongoose()));
      await Promise.all([User.init(), Member.init(), Flow.init()]);
    });

    it("builds the schema's indexes", async () => {
      const userIndexes = await User.listIndexes();
      expect(userIndexes.find((i) => i.name === "email_1")).toMatchObject({ key: { email: 1 }, unique: true });
      const memberIndexes = await Member.listIndexes();
      expect(memberIndexes.find((i) => i.name === "tenant_1_email_1")).toMatchObject({ unique: true });
      expect(await Flow.listIndexes()).toEqual(expect.arrayContaining([expect.objectContaining({ name: "owner_1" })]));
    });

    it("reports duplicate keys as E11000 with keyPattern and keyValue", async () => {
      await User.create({ email: "dup@example.com" });
      const error = await rejection(User.create({ email: "dup@example.com" }));
      expect(error.name).toBe("MongoServerError");
      expect(error.code).toBe(11000);
      expect(error.keyPattern).toEqual({ email: 1 });
      expect(error.keyValue).toEqual({ email: "dup@example.com" });
      expect(error.message).toMatch(/^E11000 duplicate key error collection: \S+\.users index: email_1 dup key: \{ email: "dup@example\.com" \}$/);

      await Member.create({ tenant: "t1", email: "m@example.com" });
      await Member.create({ tenant: "t2", email: "m@example.com" });
      const compound = await rejection(Member.create({ tenant: "t1", email: "m@example.com" }));
      expect(compound.code).toBe(11000);
      expect(compound.keyValue).toEqual({ tenant: "t1", email: "m@example.com" });

      const many = await rejection(User.insertMany([{ email: "new1@example.com" }, { email: "dup@example.com" }]));
      expect(many.code).toBe(11000);
      expect(await User.countDocuments({ email: "new1@example.com" })).toBe(1);
    });

    it("keeps 50 concurrent $inc updates exact", async () => {
      const user = await User.create({ email: "counter@example.com" });
      await Promise.all(Array.from({ length: 50 }, () => User.updateOne({ _id: user._id }, { $inc: { visits: 1 } })));
      expect((await User.findById(user._id).lean())?.visits).toBe(50);

      const results = await Promise.all(Array.from({ length: 50 }, () => User.findOneAndUpdate({ _id: user._id }, { $inc: { visits: 1 } }, { returnDocument: "after" }).lean()));
      const seen = results.map((doc) => doc?.visits).sort((a, b) => (a ?? 0) - (b ?? 0));
      expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => 51 + i));
    });

    it("saves, finds, updates and deletes documents with string ids", async () => {
      const ada = await User.create({ email: "ada@example.com", name: "Ada", tags: ["math"] });
      expect(typeof ada._id).toBe("string");
      expect(ada.createdAt).toBeInstanceOf(Date);
      ada.tags.push("code");
      ada.name = "Ada L.";
      await ada.save();
      const found = await User.findOne({ email: "ada@example.com" }).lean();
      expect(found).toMatchObject({ _id: ada._id, name: "Ada L.", tags: ["math", "code"], visits: 0 });
      await User.create({ email: "babbage@example.com", name: "Charles" });
      const sorted = await User.find({ email: { $in: ["babbage@example.com", "ada@example.com"] } })
        .sort({ email: 1 })
        .select("email -_id")
        .lean();
      expect(sorted).toEqual([{ email: "ada@example.com" }, { email: "babbage@example.com" }]);
      const updated = await User.findOneAndUpdate({ _id: ada._id }, { $addToSet: { tags: "code" }, $set: { name: "Ada" } }, { returnDocument: "after" }).lean();
      expect(updated?.tags).toEqual(["math", "code"]);
      expect(updated?.updatedAt?.getTime()).toBeGreaterThanOrEqual(ada.updatedAt!.getTime());
      expect((await User.deleteOne({ _id: ada._id })).deletedCount).toBe(1);
      expect(await User.findById(ada._id)).toBeNull();
    });

    it("upserts documents whose schema gives _id a default", async () => {
      // mongoose sends the default _id in $setOnInsert; the new document must keep it.
      const created = await User.findOneAndUpdate(
        { email: "upsert@example.com" },
        { $set: { name: "Up" } },
        { upsert: true, returnDocument: "after", setDefaultsOnInsert: true },
      ).lean();
      expect(typeof created?._id).toBe("string");
      expect(created).toMatchObject({ email: "upsert@example.com", name: "Up", visits: 0 });
      const updated = await User.updateOne({ email: "upsert@example.com" }, { $inc: { visits: 1 } }, { upsert: true });
      expect(updated).toMatchObject({ matchedCount: 1, upsertedCount: 0 });
      expect((await User.findOne({ email: "upsert@example.com" }).lean())?._id).toBe(created?._id);
    });

    it("embeds versions in one document and updates them atomically", async () => {
      const owner = await User.create({ email: "owner@example.com" });
      const flow = await Flow.create({ owner: owner._id, title: "Onboarding", versions: [{ n: 1, body: "v1" }] });
      await Promise.all([2, 3, 4].map((n) => Flow.updateOne({ _id: flow._id }, { $push: { versions: { n, body: `v${n}` } } })));
      const reloaded = await Flow.findById(flow._id).lean();
      expect(reloaded?.versions.map((v) => v.n).sort()).toEqual([1, 2, 3, 4]);
      await Flow.updateOne({ _id: flow._id }, { $pull: { versions: { n: { $gt: 2 } } } });
      expect((await Flow.findById(flow._id).lean())?.versions.map((v) => v.n)).toEqual([1, 2]);
      const populated = await Flow.findById(flow._id).populate<{ owner: User }>("owner").lean();
      expect(populated?.owner.email).toBe("owner@example.com");
      const perOwner = await Flow.aggregate<{ _id: string; n: number }>([{ $match: { owner: owner._id } }, { $group: { _id: "$owner", n: { $sum: 1 } } }]);
      expect(perOwner).toEqual([{ _id: owner._id, n: 1 }]);
    });

    it("syncs indexes with the schema", async () => {
      await User.collection.createIndex({ name: 1 });
      const dropped = await User.syncIndexes();
      expect(dropped).toEqual(["name_1"]);
      expect((await User.listIndexes()).map((i) => i.name).sort()).toEqual(["_id_", "email_1"]);
    });

    it("counts with countDocuments and estimatedDocumentCount", async () => {
      const total = await User.estimatedDocumentCount();
      expect(total).toBe(await User.countDocuments());
      expect(await User.countDocuments({ email: /@example\.com$/ })).toBe(total);
      expect(mongoose.STATES[(await target().mongoose()).readyState]).toBe("connected");
    });
  });
}
