/**
 * On-disk layout and recovery.
 *
 *     <dbPath>/engine.lock                 pid of the process that owns the directory
 *     <dbPath>/<database>/snapshot.bson    full state as of journal sequence number `seq`
 *     <dbPath>/<database>/journal.bson     records after the snapshot, appended and fsynced
 *
 * A journal record holds the effects of one command (a list of JournalOp), so a command is
 * either entirely replayed or not at all. A snapshot names the journal that follows it (a random
 * id on the journal's first record), so a journal that goes missing or is swapped is noticed. The
 * new journal and the snapshot are written to temporary files, fsynced, and renamed into place,
 * snapshot first; a crash between the two renames is finished at the next start. Records carry a
 * sequence number, so replaying an older journal skips what the snapshot already contains.
 */
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
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
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { decode, documentLength, encode, type Document } from "./bson.js";
import { DIR_MODE, FILE_MODE, FrameReader, frame, io, Journal, writeFully } from "./journal.js";
import { isPlainObject } from "./values.js";

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
    io.fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function encodeRecord(seq: number, ops: JournalOp[]): Buffer {
  return Buffer.concat([encode({ seq, n: ops.length }), ...ops.map((op) => encode(op as unknown as Document))]);
}

/**
 * The first record of a journal started by a snapshot: no operations, the snapshot's sequence
 * number (the generation the journal continues from) and the journal's id, which the snapshot
 * names too.
 */
function encodeMarker(seq: number, journalId: string): Buffer {
  return encode({ seq, n: 0, journal: journalId });
}

export interface JournalRecord {
  seq: number;
  ops: JournalOp[];
  /** On a journal's first record (the marker a snapshot starts it with): the journal's id. */
  journalId?: string;
}

export function decodeRecord(payload: Buffer): JournalRecord {
  const docs = decodeConcatenated(payload);
  const header = docs[0];
  if (!header || typeof header.seq !== "number" || header.n !== docs.length - 1) {
    throw new StorageError("malformed journal record header");
  }
  const record: JournalRecord = { seq: header.seq, ops: docs.slice(1) as unknown as JournalOp[] };
  if (typeof header.journal === "string") record.journalId = header.journal;
  return record;
}

/**
 * The length of a journal record's payload measured by its own encoding (a header document,
 * then as many operation documents as it counts), or null when `prefix` does not hold it all.
 */
function recordLength(prefix: Buffer): number | null {
  try {
    const headerLength = documentLength(prefix, 0);
    const header = decode(prefix.subarray(0, headerLength));
    if (typeof header.n !== "number" || !Number.isInteger(header.n) || header.n < 0) return null;
    let offset = headerLength;
    for (let i = 0; i < header.n; i++) offset += documentLength(prefix, offset);
    return offset;
  } catch {
    return null;
  }
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
   * discarded bytes are kept next to it for inspection. Anything that would lose acknowledged
   * writes silently (damage with records behind it, a missing snapshot, a missing or foreign
   * journal) refuses the start instead. Returns the last sequence number.
   */
  load(handlers: LoadHandlers, log: (line: string) => void): number {
    if (!existsSync(this.dir)) return 0; // created on first write
    const tmp = join(this.dir, SNAPSHOT_FILE + ".tmp");
    if (existsSync(tmp)) unlinkSync(tmp); // an interrupted compaction; the old snapshot is intact

    const snapshotPath = join(this.dir, SNAPSHOT_FILE);
    const hasSnapshot = existsSync(snapshotPath);
    const snapshot = hasSnapshot ? this.loadSnapshot(snapshotPath, handlers) : { seq: 0, journalId: null };
    let seq = snapshot.seq;
    const expected = snapshot.journalId;
    this.finishJournalSwitch(expected, seq);

    const journalPath = join(this.dir, JOURNAL_FILE);
    if (!existsSync(journalPath)) {
      if (expected !== null) throw new StorageError(missingJournalMessage(this.name, snapshotPath, journalPath, seq, "is missing"));
    } else {
      // Checked in full before anything is applied, so a refusal leaves memory and files alone.
      const scan = scanJournal(journalPath);
      if (scan.continuesFrom !== null && scan.continuesFrom > seq) {
        throw new StorageError(missingSnapshotMessage(this.name, snapshotPath, journalPath, hasSnapshot, seq, scan.continuesFrom));
      }
      if (scan.problem !== null && !scan.tornTail) {
        throw new StorageError(
          `journal ${journalPath} is damaged in the middle: ${scan.problem}, with ${scan.fileSize - scan.validEnd} byte(s) of ` +
            `later records behind the damage. The database was not started, so nothing after the damage is dropped ` +
            `silently. To keep the ${scan.records} record(s) before the damage and set the rest aside, stop the app and run ` +
            `"npm run db:repair" (the damaged journal is kept next to it); or restore the directory ${this.dir} from a backup.`,
        );
      }
      if (expected !== null && scan.journalId !== expected) {
        if (scan.records === 0) {
          throw new StorageError(missingJournalMessage(this.name, snapshotPath, journalPath, seq, "holds no records"));
        }
        if (scan.lastSeq !== null && scan.lastSeq > seq) {
          throw new StorageError(
            `database "${this.name}": journal ${journalPath} is not the one snapshot ${snapshotPath} expects (journal ${expected}), ` +
              `and it holds records after that snapshot (up to generation ${scan.lastSeq}, the snapshot is generation ${seq}). ` +
              `The database was not started, so neither file's writes are lost silently. Put back the snapshot.bson and ` +
              `journal.bson that belong together (from a backup) and start again.`,
          );
        }
        // A journal from before the snapshot (every record in it is in the snapshot already),
        // left by a crash before the new journal was in place: start the snapshot's own.
        this.startJournal(seq, expected);
        log(`journal recovery: database "${this.name}": replaced a journal whose records were all in the snapshot already`);
      } else {
        let replayed = 0;
        forEachRecord(journalPath, scan.validEnd, (record) => {
          if (record.seq <= seq) return; // already in the snapshot
          for (const op of record.ops) handlers.op(op);
          seq = record.seq;
          replayed++;
        });
        if (scan.problem !== null) {
          const aside = setAside(journalPath, scan.validEnd, `${JOURNAL_FILE}.corrupt-${Date.now()}`);
          log(
            `journal recovery: database "${this.name}": ${scan.problem}; kept ${replayed} replayed record(s) ` +
              `(${scan.validEnd} bytes), discarded ${scan.fileSize - scan.validEnd} byte(s) of incomplete tail (saved to ${aside})`,
          );
        }
      }
    }
    this.openJournal();
    return seq;
  }

  /**
   * A compaction interrupted after its snapshot was in place but before its new journal was:
   * the new journal (complete and fsynced) is put in place now. A leftover of a compaction
   * interrupted earlier (its snapshot never replaced the old one) is deleted.
   */
  private finishJournalSwitch(expected: string | null, seq: number): void {
    const pending = join(this.dir, JOURNAL_FILE + ".tmp");
    if (!existsSync(pending)) return;
    const scan = scanJournal(pending);
    const journal = join(this.dir, JOURNAL_FILE);
    // Never over a journal holding records past the snapshot (they would be lost).
    const current = existsSync(journal) ? scanJournal(journal) : null;
    const replaceable = current === null || current.lastSeq === null || current.lastSeq <= seq;
    if (expected !== null && scan.problem === null && scan.journalId === expected && replaceable) {
      renameSync(pending, journal);
      fsyncDirectory(this.dir);
    } else unlinkSync(pending);
  }

  private loadSnapshot(path: string, handlers: LoadHandlers): SnapshotHeader {
    const reader = new FrameReader(path);
    try {
      const header = snapshotHeader(path, reader.next());
      for (const meta of header.collections) {
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
          return header;
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

  /**
   * Makes sure the directory and the journal exist before the first write. A new database
   * starts with an empty snapshot naming its journal, so from its first write on a journal that
   * goes missing is noticed at the next start.
   */
  ensureCreated(): void {
    if (this.journal) return;
    const created = this.makeDirectory();
    if (created || (!existsSync(join(this.dir, SNAPSHOT_FILE)) && !existsSync(join(this.dir, JOURNAL_FILE)))) {
      this.writeSnapshot(0, []);
      return;
    }
    this.openJournal();
  }

  /** Creates the database's directory if it is missing; true when it did. */
  private makeDirectory(): boolean {
    if (existsSync(this.dir)) return false;
    mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
    fsyncDirectory(this.root);
    return true;
  }

  private openJournal(): void {
    if (this.journal) return;
    const path = join(this.dir, JOURNAL_FILE);
    const created = !existsSync(path);
    this.journal = new Journal(path, this.onFailure);
    if (created) fsyncDirectory(this.dir);
  }

  /**
   * Replaces the journal with a new one that starts at generation `seq` under the id `journalId`
   * (written aside complete and fsynced, then renamed into place).
   */
  private startJournal(seq: number, journalId: string): void {
    this.installJournal(writeJournalStart(this.dir, seq, journalId));
  }

  /** Renames a journal written by writeJournalStart into place and opens it. */
  private installJournal(pending: string): void {
    if (this.journal) this.journal.replaceWith(pending);
    else {
      renameSync(pending, join(this.dir, JOURNAL_FILE));
      this.journal = new Journal(join(this.dir, JOURNAL_FILE), this.onFailure);
    }
    fsyncDirectory(this.dir);
  }

  append(seq: number, ops: JournalOp[]): void {
    this.ensureCreated();
    this.journal!.append(encodeRecord(seq, ops));
  }

  whenDurable(): Promise<void> {
    return this.journal ? this.journal.whenDurable() : Promise.resolve();
  }

  /**
   * Writes a complete snapshot as of `seq`, then starts a new journal. The new journal (its
   * first record naming a fresh id and generation `seq`) is written aside first; the snapshot,
   * which names that id, is renamed into place; then the journal is. A crash between the two
   * renames is finished at the next start (finishJournalSwitch).
   */
  writeSnapshot(seq: number, collections: SnapshotCollection[]): void {
    this.makeDirectory();
    const journalId = randomBytes(12).toString("hex");
    const pendingJournal = writeJournalStart(this.dir, seq, journalId);
    const tmp = join(this.dir, SNAPSHOT_FILE + ".tmp");
    const fd = openSync(tmp, "w", FILE_MODE);
    try {
      const catalog = collections.map(({ name, uuid, options, indexes }) => ({ name, uuid, options, indexes }));
      writeFully(fd, frame(encode({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seq, journal: journalId, collections: catalog })));
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
      io.fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.dir, SNAPSHOT_FILE));
    fsyncDirectory(this.dir);
    try {
      this.installJournal(pendingJournal);
    } catch (error) {
      // The snapshot in place names a journal that is not: the database takes no more writes
      // until a storage retry writes both again.
      this.onFailure(error as Error);
      throw error;
    }
  }

  /**
   * After a storage failure: drops the failed journal, writes memory as a fresh snapshot and
   * starts a new journal. Throws (and stays failed) while the disk still refuses.
   */
  rebuild(seq: number, collections: SnapshotCollection[]): void {
    this.journal?.abandon();
    this.journal = null;
    this.writeSnapshot(seq, collections);
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

export interface JournalScan {
  fileSize: number;
  /** Offset just past the last good record. */
  validEnd: number;
  /** Good records before validEnd. */
  records: number;
  /**
   * The generation the journal continues from: the sequence number of its first record when
   * that is a snapshot's marker (no operations), one less otherwise; null when it holds none.
   */
  continuesFrom: number | null;
  /** Sequence number of the last good record (null when the journal holds none). */
  lastSeq: number | null;
  /** The id on the journal's first record (null when it has none: no records, or a journal of an older format). */
  journalId: string | null;
  /** Why reading stopped before the end, if it did. */
  problem: string | null;
  /** The problem is only a torn last write (safe to cut off automatically). */
  tornTail: boolean;
}

/** Reads a journal through, checking frames, record encoding and the sequence of records. */
export function scanJournal(path: string): JournalScan {
  const reader = new FrameReader(path);
  let records = 0;
  let continuesFrom: number | null = null;
  let journalId: string | null = null;
  let previous: number | null = null;
  try {
    for (let payload = reader.next(); payload; payload = reader.next()) {
      let record: JournalRecord;
      try {
        record = decodeRecord(payload);
      } catch (error) {
        reader.reject(`undecodable record (${(error as Error).message})`);
        break;
      }
      if (previous !== null && record.seq !== previous + 1) {
        reader.reject(`record sequence jumps from ${previous} to ${record.seq}`);
        break;
      }
      if (previous === null) {
        continuesFrom = record.ops.length === 0 ? record.seq : record.seq - 1;
        journalId = record.journalId ?? null;
      }
      previous = record.seq;
      records++;
    }
    const last = previous;
    return {
      fileSize: reader.fileSize,
      validEnd: reader.validEnd,
      records,
      continuesFrom,
      lastSeq: last,
      journalId,
      problem: reader.problem,
      tornTail: reader.damageIsTornTail({
        completeLength: recordLength,
        // A record written after the damage: it decodes and continues the sequence.
        isRecord: (payload) => {
          try {
            return last === null || decodeRecord(payload).seq > last;
          } catch {
            return false;
          }
        },
      }),
    };
  } finally {
    reader.close();
  }
}

function forEachRecord(path: string, end: number, visit: (record: JournalRecord) => void): void {
  const reader = new FrameReader(path);
  try {
    for (let payload = reader.next(); payload && reader.validEnd <= end; payload = reader.next()) visit(decodeRecord(payload));
  } finally {
    reader.close();
  }
}

/** Copies the bytes of `path` from `from` on into a file beside it, then cuts `path` at `from`. */
function setAside(path: string, from: number, asideName: string): string {
  const size = statSync(path).size;
  const aside = join(dirname(path), asideName);
  writeFileSync(aside, readRange(path, from, size - from), { mode: FILE_MODE });
  truncateFile(path, from);
  fsyncDirectory(dirname(path));
  return aside;
}

/**
 * Writes the start of a new journal (its marker record) to `journal.bson.tmp` in `dir`, fsynced,
 * and returns that path. Nothing is in place until it is renamed over the journal.
 */
function writeJournalStart(dir: string, seq: number, journalId: string): string {
  const path = join(dir, JOURNAL_FILE + ".tmp");
  const fd = openSync(path, "w", FILE_MODE);
  try {
    writeFully(fd, frame(encodeMarker(seq, journalId)));
    io.fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return path;
}

interface SnapshotHeader {
  seq: number;
  /** The journal the snapshot was written with (null for a snapshot of an older format, which names none). */
  journalId: string | null;
  collections: unknown[];
}

function snapshotHeader(path: string, payload: Buffer | null): SnapshotHeader {
  const header = payload ? decodeConcatenated(payload)[0] : undefined;
  if (!header || header.format !== SNAPSHOT_FORMAT || header.version !== SNAPSHOT_VERSION || typeof header.seq !== "number") {
    throw new StorageError(`snapshot ${path} has an unknown or damaged header`);
  }
  return {
    seq: header.seq,
    journalId: typeof header.journal === "string" ? header.journal : null,
    collections: Array.isArray(header.collections) ? header.collections : [],
  };
}

/** The header of the snapshot at `path` (its generation and the journal it expects), without its documents. */
function readSnapshotHeader(path: string): SnapshotHeader {
  const reader = new FrameReader(path);
  try {
    return snapshotHeader(path, reader.next());
  } finally {
    reader.close();
  }
}

function missingJournalMessage(name: string, snapshotPath: string, journalPath: string, seq: number, what: string): string {
  return (
    `database "${name}": journal ${journalPath} ${what}, but snapshot ${snapshotPath} expects it: every write made after ` +
    `that snapshot (generation ${seq}) is in that journal. The database was not started, so those writes are not dropped ` +
    `silently. Put journal.bson back (from a backup) and start again; or, to give them up and start from the snapshot ` +
    `alone, stop the app and run "npm run db:repair".`
  );
}

function missingSnapshotMessage(name: string, snapshotPath: string, journalPath: string, hasSnapshot: boolean, seq: number, continuesFrom: number): string {
  const what = hasSnapshot
    ? `snapshot ${snapshotPath} is older (generation ${seq}) than the journal ${journalPath} expects (it continues from generation ${continuesFrom})`
    : `snapshot ${snapshotPath} is missing, but the journal ${journalPath} continues from generation ${continuesFrom}`;
  return (
    `database "${name}": ${what}. Starting would bring the database back without the documents that snapshot held, ` +
    `so the engine refuses. Put the right snapshot.bson back (from a backup) and start again.`
  );
}

export interface RepairResult {
  database: string;
  journal: string;
  /** Records kept; null when the journal needed no repair. */
  keptRecords: number | null;
  droppedBytes: number;
  /** The damaged journal, kept whole. */
  savedAs?: string;
  problem?: string;
  /**
   * Set when the journal the snapshot expects was missing or left without records: a new empty
   * one was started, so the database starts as of its snapshot (this generation).
   */
  restartedFrom?: number;
}

/**
 * `npm run db:repair`: for every database under dbPath whose journal is damaged, keeps a copy of
 * the whole damaged journal, then cuts the journal back to its last good record. A journal that
 * its snapshot expects but that is missing (or left with no record) is started anew, empty, from
 * the snapshot. The caller must hold the data directory lock (no engine may be running on it).
 */
export function repairJournals(root: string): RepairResult[] {
  const results: RepairResult[] = [];
  for (const name of listDatabaseDirectories(root)) {
    const dir = join(root, name);
    const journal = join(dir, JOURNAL_FILE);
    const snapshotPath = join(dir, SNAPSHOT_FILE);
    const snapshot = existsSync(snapshotPath) ? readSnapshotHeader(snapshotPath) : null;
    const result: RepairResult = { database: name, journal, keptRecords: null, droppedBytes: 0 };
    let remaining: JournalScan | null = null;
    if (existsSync(journal)) {
      const scan = scanJournal(journal);
      remaining = scan;
      if (scan.problem !== null) {
        const savedAs = `${journal}.damaged-${Date.now()}`;
        copyFileSync(journal, savedAs);
        chmodSync(savedAs, FILE_MODE);
        truncateFile(journal, scan.validEnd);
        fsyncDirectory(dir);
        Object.assign(result, { keptRecords: scan.records, droppedBytes: scan.fileSize - scan.validEnd, savedAs, problem: scan.problem });
      }
    } else if (snapshot?.journalId == null) continue;
    if (snapshot?.journalId != null && (remaining === null || remaining.records === 0)) {
      renameSync(writeJournalStart(dir, snapshot.seq, snapshot.journalId), journal);
      fsyncDirectory(dir);
      result.restartedFrom = snapshot.seq;
      result.keptRecords ??= 0;
    }
    results.push(result);
  }
  return results;
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
    io.fsyncSync(fd);
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
