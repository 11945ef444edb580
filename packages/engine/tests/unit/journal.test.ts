import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FrameReader, frame, Journal } from "../../src/journal.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function file(): string {
  const dir = mkdtempSync(join(tmpdir(), "flowmap-journal-"));
  dirs.push(dir);
  return join(dir, "records.bin");
}

function readAll(path: string): { payloads: string[]; reader: FrameReader } {
  const reader = new FrameReader(path);
  const payloads: string[] = [];
  for (let p = reader.next(); p; p = reader.next()) payloads.push(p.toString());
  reader.close();
  return { payloads, reader };
}

describe("record framing", () => {
  it("reads back every complete record", () => {
    const path = file();
    writeFileSync(path, Buffer.concat(["one", "two", "three"].map((s) => frame(Buffer.from(s)))));
    const { payloads, reader } = readAll(path);
    expect(payloads).toEqual(["one", "two", "three"]);
    expect(reader.problem).toBeNull();
  });

  it("stops at a truncated or corrupted last record and reports where", () => {
    const path = file();
    writeFileSync(path, Buffer.concat([frame(Buffer.from("kept")), frame(Buffer.from("cut short"))]));
    truncateSync(path, 8 + 4 + 8 + 3);
    let { payloads, reader } = readAll(path);
    expect(payloads).toEqual(["kept"]);
    expect(reader.validEnd).toBe(12);
    expect(reader.problem).toMatch(/truncated record .* at offset 12/);

    const corrupt = frame(Buffer.from("flipped"));
    corrupt[corrupt.length - 1] ^= 0xff;
    writeFileSync(path, Buffer.concat([frame(Buffer.from("kept")), corrupt]));
    ({ payloads, reader } = readAll(path));
    expect(payloads).toEqual(["kept"]);
    expect(reader.problem).toMatch(/checksum mismatch/);
  });
});

describe("Journal", () => {
  it("appends and resolves durability for concurrent waiters with shared fsyncs", async () => {
    const path = file();
    const journal = new Journal(path, (error) => {
      throw error;
    });
    const waits: Array<Promise<void>> = [];
    for (let i = 0; i < 20; i++) {
      journal.append(Buffer.from(`record ${i}`));
      waits.push(journal.whenDurable());
    }
    await Promise.all(waits);
    await journal.close();
    expect(readAll(path).payloads).toHaveLength(20);
  });
});

describe("Journal.replaceWith", () => {
  it("switches to the new file, satisfying waiters, and stops taking appends when the switch fails", async () => {
    const path = file();
    const failures: Error[] = [];
    const journal = new Journal(path, (error) => failures.push(error));
    journal.append(Buffer.from("old"));
    const waiting = journal.whenDurable();
    writeFileSync(`${path}.next`, frame(Buffer.from("first of the new file")));
    journal.replaceWith(`${path}.next`);
    await waiting;
    journal.append(Buffer.from("after"));
    await journal.whenDurable();
    expect(readAll(path).payloads).toEqual(["first of the new file", "after"]);

    expect(() => journal.replaceWith(`${path}.missing`)).toThrow(/ENOENT/);
    expect(failures).toHaveLength(1);
    expect(() => journal.append(Buffer.from("lost"))).toThrow(/failed/);
    await journal.close();
    expect(readAll(path).payloads).toEqual(["first of the new file", "after"]);
  });
});
