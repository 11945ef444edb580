import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Database } from "../../src/database.js";
import { DatabaseFiles } from "../../src/storage.js";
import { normalizeIndexSpec } from "../../src/indexes.js";
import { sealDocument } from "../../src/values.js";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function open(root: string, logs: string[] = [], compactEvery = 1000): Database {
  const db: Database = new Database("app", new DatabaseFiles(root, "app", (error) => db.markFailed(error)), {
    compactEvery,
    log: (line) => logs.push(line),
  });
  db.load();
  return db;
}

function contents(db: Database): Record<string, unknown[]> {
  return Object.fromEntries([...db.collections.values()].map((c) => [c.name, [...c.docs.values()]]));
}

describe("snapshot + journal recovery", () => {
  it("skips journal records already in the snapshot (an old journal beside a newer snapshot)", async () => {
    const root = mkdtempSync(join(tmpdir(), "flowmap-storage-"));
    roots.push(root);
    const journal = join(root, "app", "journal.bson");
    const db = open(root);
    const users = () => db.getCollection("users")!;
    db.write((w) => w.addIndexes(w.collection("users"), [w.collection("users").buildIndex(normalizeIndexSpec({ key: { email: 1 }, name: "email_1", unique: true }))]));
    db.write((w) => w.insert(users(), sealDocument({ _id: 1, email: "x" })));
    db.write((w) => w.replace(users(), users().getByKey("n1")!, sealDocument({ _id: 1, email: "y" })));
    db.write((w) => w.insert(users(), sealDocument({ _id: 2, email: "x" })));
    copyFileSync(journal, `${journal}.before-compaction`);
    db.compact(); // snapshot at seq 4, a new journal...
    await db.close();
    copyFileSync(`${journal}.before-compaction`, journal); // ...but the old one is back

    // Replaying seq 1-4 again would re-insert { _id: 1, email: "x" } next to { _id: 2, email: "x" }.
    const logs: string[] = [];
    const reopened = open(root, logs);
    expect(logs).toEqual(['journal recovery: database "app": replaced a journal whose records were all in the snapshot already']);
    expect(contents(reopened)).toEqual({
      users: [
        { _id: 1, email: "y" },
        { _id: 2, email: "x" },
      ],
    });
    expect(reopened.getCollection("users")?.getIndex("email_1")?.unique).toBe(true);
    reopened.write((w) => w.insert(w.collection("more"), sealDocument({ _id: 3 })));
    await reopened.close();

    const again = open(root);
    expect(contents(again)).toEqual({
      users: [
        { _id: 1, email: "y" },
        { _id: 2, email: "x" },
      ],
      more: [{ _id: 3 }],
    });
    await again.close();
  });

  it("finishes a compaction interrupted between putting its snapshot and its new journal in place", async () => {
    const root = mkdtempSync(join(tmpdir(), "flowmap-storage-"));
    roots.push(root);
    const journal = join(root, "app", "journal.bson");
    const db = open(root);
    db.write((w) => w.insert(w.collection("users"), sealDocument({ _id: 1 })));
    copyFileSync(journal, `${journal}.old`);
    db.compact();
    await db.close();
    const fresh = readFileSync(journal);
    // As the crash left it: the new snapshot, the new journal still aside, the old one in place.
    renameSync(journal, `${journal}.tmp`);
    renameSync(`${journal}.old`, journal);

    const logs: string[] = [];
    const reopened = open(root, logs);
    expect(logs).toEqual([]);
    expect(existsSync(`${journal}.tmp`)).toBe(false);
    expect(readFileSync(journal).equals(fresh)).toBe(true);
    reopened.write((w) => w.insert(w.collection("users"), sealDocument({ _id: 2 })));
    await reopened.close();
    const again = open(root);
    expect(contents(again)).toEqual({ users: [{ _id: 1 }, { _id: 2 }] });
    await again.close();
  });
});
