/**
 * On-disk layout and recovery.
 *
 *     <dbPath>/engine.lock                 pid of the process that owns the directory
 *     <dbPath>/<database>/snapshot.bson    full state as of journal sequence number `seq`
 *     <dbPath>/<database>/journal.bson     records after the snapshot, appended and fsynced
 *
 * A journal record holds the effects of one command (a list of JournalOp), so a command is
 * either entirely replayed or not at all. A snapshot is written to a temporary file, fsynced
 * and renamed over the previous one; only then is the journal emptied. Records carry a
 * sequence number so that, if the process dies between the rename and the truncation,
 * replaying the journal skips what the snapshot already contains.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { decode, documentLength, encode, type Document } from "./bson";
import { FrameReader, frame, Journal, writeFully } from "./journal";
import { isPlainObject } from "./values";

export type JournalOp =
  | { op: "put"; c: string; d: Document }
  | { op: "del"; c: string; id: unknown }
  | { op: "createCollection"; c: string; uuid: unknown; options: Document }
  | { op: "dropCollection"; c: string }
  | { op: "createIndex"; c: string; spec: Document }
  | { op: "dropIndex"; c: string; name: string }
  | { op: "renameCollection"; c: string; to: string };

/** What a snapshot stores about a collection besides its documents. */
export interface CollectionMeta {
  name: string;
  uuid: unknown;
  options: Document;
  /** Index specs, without the implicit `_id_` index. */
  indexes: Document[];
}

export interface SnapshotCollection extends CollectionMeta {
  docs: Iterable<Document>;
}

export interface LoadHandlers {
  collection(meta: CollectionMeta): void;
  document(collection: string, doc: Document): void;
  op(op: JournalOp): void;
}

const SNAPSHOT_FILE = "snapshot.bson";
const JOURNAL_FILE = "journal.bson";
const SNAPSHOT_FORMAT = "flowmap-engine-snapshot";
const SNAPSHOT_VERSION = 1;
/** Documents are grouped into snapshot frames of about this many bytes. */
const SNAPSHOT_CHUNK_BYTES = 1024 * 1024;
const TRASH_PREFIX = ".trash-";

export class StorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageError";
  }
}

export function fsyncDirectory(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function encodeRecord(seq: number, ops: JournalOp[]): Buffer {
  return Buffer.concat([encode({ seq, n: ops.length }), ...ops.map((op) => encode(op as unknown as Document))]);
}

export function decodeRecord(payload: Buffer): { seq: number; ops: JournalOp[] } {
  const docs = decodeConcatenated(payload);
  const header = docs[0];
  if (!header || typeof header.seq !== "number" || header.n !== docs.length - 1) {
    throw new StorageError("malformed journal record header");
  }
  return { seq: header.seq, ops: docs.slice(1) as unknown as JournalOp[] };
}

function decodeConcatenated(payload: Buffer): Document[] {
  const docs: Document[] = [];
  let offset = 0;
  while (offset < payload.length) {
    const length = documentLength(payload, offset);
    docs.push(decode(payload.subarray(offset, offset + length)));
    offset += length;
  }
  return docs;
}

/** The files of one database. Created lazily: a database that was only read has no directory. */
export class DatabaseFiles {
  readonly dir: string;
  private journal: Journal | null = null;

  constructor(
    private readonly root: string,
    readonly name: string,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.dir = join(root, name);
  }

  get journalBytes(): number {
    return this.journal?.bytes ?? 0;
  }

  get exists(): boolean {
    return existsSync(this.dir);
  }

  /**
   * Loads the snapshot, then replays the journal. A journal whose tail is truncated or corrupt
   * (the process died in the middle of a write) is cut back to its last complete record; the
   * discarded bytes are kept next to it for inspection. Returns the last sequence number.
   */
  load(handlers: LoadHandlers, log: (line: string) => void): number {
    if (!existsSync(this.dir)) return 0; // created on first write
    const tmp = join(this.dir, SNAPSHOT_FILE + ".tmp");
    if (existsSync(tmp)) unlinkSync(tmp); // an interrupted compaction; the old snapshot is intact

    let seq = 0;
    const snapshotPath = join(this.dir, SNAPSHOT_FILE);
    if (existsSync(snapshotPath)) seq = this.loadSnapshot(snapshotPath, handlers);

    const journalPath = join(this.dir, JOURNAL_FILE);
    if (existsSync(journalPath)) {
      const reader = new FrameReader(journalPath);
      let replayed = 0;
      try {
        for (let payload = reader.next(); payload; payload = reader.next()) {
          let record: { seq: number; ops: JournalOp[] };
          try {
            record = decodeRecord(payload);
          } catch (error) {
            reader.reject(`undecodable record (${(error as Error).message})`);
            break;
          }
          if (record.seq <= seq) continue; // already in the snapshot
          for (const op of record.ops) handlers.op(op);
          seq = record.seq;
          replayed++;
        }
      } finally {
        reader.close();
      }
      if (reader.problem !== null) {
        const kept = reader.validEnd;
        const dropped = reader.fileSize - kept;
        const aside = `${journalPath}.corrupt-${Date.now()}`;
        writeFileSync(aside, readRange(journalPath, kept, dropped));
        truncateFile(journalPath, kept);
        fsyncDirectory(this.dir);
        log(
          `journal recovery: database "${this.name}": ${reader.problem}; kept ${replayed} replayed record(s) ` +
            `(${kept} bytes), discarded ${dropped} byte(s) of incomplete tail (saved to ${aside})`,
        );
      }
    }
    this.openJournal();
    return seq;
  }

  private loadSnapshot(path: string, handlers: LoadHandlers): number {
    const reader = new FrameReader(path);
    try {
      const headerPayload = reader.next();
      const header = headerPayload ? decodeConcatenated(headerPayload)[0] : undefined;
      if (!header || header.format !== SNAPSHOT_FORMAT || header.version !== SNAPSHOT_VERSION || typeof header.seq !== "number") {
        throw new StorageError(`snapshot ${path} has an unknown or damaged header`);
      }
      const collections = Array.isArray(header.collections) ? header.collections : [];
      for (const meta of collections) {
        if (!isPlainObject(meta) || typeof meta.name !== "string") throw new StorageError(`snapshot ${path} has a damaged catalog`);
        handlers.collection({
          name: meta.name,
          uuid: meta.uuid,
          options: isPlainObject(meta.options) ? meta.options : {},
          indexes: Array.isArray(meta.indexes) ? (meta.indexes as Document[]) : [],
        });
      }
      let count = 0;
      for (let payload = reader.next(); payload; payload = reader.next()) {
        const docs = decodeConcatenated(payload);
        const head = docs[0];
        if (head?.end === true) {
          if (head.docs !== count) throw new StorageError(`snapshot ${path} is incomplete`);
          return header.seq;
        }
        if (typeof head?.c !== "string") throw new StorageError(`snapshot ${path} has a damaged chunk`);
        for (let i = 1; i < docs.length; i++) handlers.document(head.c, docs[i]);
        count += docs.length - 1;
      }
      // Snapshots are renamed into place only once complete and fsynced, so this is damage
      // to the file, not an interrupted write. Refuse to start rather than lose data silently.
      throw new StorageError(`snapshot ${path} is damaged: ${reader.problem ?? "missing end marker"}`);
    } finally {
      reader.close();
    }
  }

  /** Makes sure the directory and the journal exist before the first write. */
  ensureCreated(): void {
    if (this.journal) return;
    if (!existsSync(this.dir)) {
      mkdirSync(this.dir, { recursive: true });
      fsyncDirectory(this.root);
    }
    this.openJournal();
  }

  private openJournal(): void {
    if (this.journal) return;
    const path = join(this.dir, JOURNAL_FILE);
    const created = !existsSync(path);
    this.journal = new Journal(path, this.onFailure);
    if (created) fsyncDirectory(this.dir);
  }

  append(seq: number, ops: JournalOp[]): void {
    this.ensureCreated();
    this.journal!.append(encodeRecord(seq, ops));
  }

  whenDurable(): Promise<void> {
    return this.journal ? this.journal.whenDurable() : Promise.resolve();
  }

  /** Writes a complete snapshot as of `seq`, then empties the journal. */
  writeSnapshot(seq: number, collections: SnapshotCollection[]): void {
    this.ensureCreated();
    const tmp = join(this.dir, SNAPSHOT_FILE + ".tmp");
    const fd = openSync(tmp, "w");
    try {
      const catalog = collections.map(({ name, uuid, options, indexes }) => ({ name, uuid, options, indexes }));
      writeFully(fd, frame(encode({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seq, collections: catalog })));
      let total = 0;
      for (const collection of collections) {
        let parts: Buffer[] = [];
        let bytes = 0;
        const flush = (): void => {
          if (parts.length === 0) return;
          writeFully(fd, frame(Buffer.concat([encode({ c: collection.name }), ...parts])));
          parts = [];
          bytes = 0;
        };
        for (const doc of collection.docs) {
          const encoded = encode(doc);
          parts.push(encoded);
          bytes += encoded.length;
          total++;
          if (bytes >= SNAPSHOT_CHUNK_BYTES) flush();
        }
        flush();
      }
      writeFully(fd, frame(encode({ end: true, docs: total })));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.dir, SNAPSHOT_FILE));
    fsyncDirectory(this.dir);
    this.journal!.reset();
  }

  close(): Promise<void> {
    const journal = this.journal;
    this.journal = null;
    return journal ? journal.close() : Promise.resolve();
  }

  /**
   * Deletes the database's files. The directory is first renamed aside (atomic, then fsynced),
   * so a crash never leaves a half-deleted database that would come back partially.
   */
  remove(): void {
    void this.close();
    if (!existsSync(this.dir)) return;
    const trash = join(this.root, `${TRASH_PREFIX}${this.name}-${Date.now()}`);
    renameSync(this.dir, trash);
    fsyncDirectory(this.root);
    rmSync(trash, { recursive: true, force: true });
  }

  sizeOnDisk(): number {
    let total = 0;
    for (const file of [SNAPSHOT_FILE, JOURNAL_FILE]) {
      const path = join(this.dir, file);
      if (existsSync(path)) total += statSync(path).size;
    }
    return total;
  }
}

function readRange(path: string, position: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  const fd = openSync(path, "r");
  try {
    let done = 0;
    while (done < length) {
      const n = readSync(fd, buf, done, length - done, position + done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

/** Cuts a file back to `length` bytes so new records are not appended behind garbage. */
function truncateFile(path: string, length: number): void {
  const fd = openSync(path, "r+");
  try {
    ftruncateSync(fd, length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Names of the database directories present under dbPath; removes leftovers of drops. */
export function listDatabaseDirectories(root: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith(TRASH_PREFIX)) {
      rmSync(join(root, entry.name), { recursive: true, force: true });
      continue;
    }
    if (existsSync(join(root, entry.name, SNAPSHOT_FILE)) || existsSync(join(root, entry.name, JOURNAL_FILE))) {
      names.push(entry.name);
    }
  }
  return names;
}
