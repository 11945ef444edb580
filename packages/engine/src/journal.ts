/**
 * Checksummed record files and the append-only journal.
 *
 * Every record on disk (journal entries and snapshot chunks) is framed as
 *
 *     u32 payload length | u32 crc32(payload) | payload
 *
 * (little-endian). A reader stops at the first frame that is incomplete or fails its checksum;
 * `damageIsTornTail` tells whether that is only a crash's torn last write or damage with
 * records behind it.
 */
import { closeSync, fdatasync, fdatasyncSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { crc32 } from "node:zlib";

/**
 * The file operations through which every write to the data files goes. Tests replace members
 * to simulate a full disk or an I/O error (ENOSPC, EIO) without filling a real disk.
 */
export const io = { writeSync, fdatasync, fdatasyncSync, fsyncSync, ftruncateSync };

/** Data files and directories are readable by their owner only. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

const FRAME_HEADER_SIZE = 8;
/** No legitimate record comes close (a write command is at most 48 MB); larger means garbage. */
const MAX_FRAME_PAYLOAD = 256 * 1024 * 1024;

export function frame(payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER_SIZE + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload), 4);
  payload.copy(out, FRAME_HEADER_SIZE);
  return out;
}

/** Reads frames sequentially from a file, stopping at the end or at the first bad frame. */
export class FrameReader {
  readonly fileSize: number;
  /** Offset just past the last good frame. */
  validEnd = 0;
  /** Why reading stopped before the end of the file, if it did. */
  problem: string | null = null;
  /** Where the damaged frame would end by its own header (Infinity when its length is implausible). */
  damageEnd = 0;
  /** The frame that stopped reading was complete and passed its checksum (its payload was refused). */
  private damagedFrameComplete = false;
  private readonly fd: number;
  private position = 0;
  private frameStart = 0;

  constructor(path: string) {
    this.fd = openSync(path, "r");
    this.fileSize = fstatSync(this.fd).size;
  }

  next(): Buffer | null {
    if (this.problem !== null) return null;
    const remaining = this.fileSize - this.position;
    if (remaining === 0) return null;
    this.frameStart = this.position;
    this.damageEnd = this.fileSize;
    if (remaining < FRAME_HEADER_SIZE) return this.stop(`truncated record header (${remaining} bytes)`);
    const header = this.read(this.position, FRAME_HEADER_SIZE);
    const length = header.readUInt32LE(0);
    const checksum = header.readUInt32LE(4);
    this.damageEnd = length > MAX_FRAME_PAYLOAD ? Number.POSITIVE_INFINITY : this.position + FRAME_HEADER_SIZE + length;
    if (length > MAX_FRAME_PAYLOAD) return this.stop(`implausible record length ${length}`);
    if (remaining < FRAME_HEADER_SIZE + length) {
      return this.stop(`truncated record (${FRAME_HEADER_SIZE + length} bytes expected, ${remaining} present)`);
    }
    const payload = this.read(this.position + FRAME_HEADER_SIZE, length);
    if (crc32(payload) !== checksum) return this.stop("record checksum mismatch");
    this.position += FRAME_HEADER_SIZE + length;
    this.validEnd = this.position;
    return payload;
  }

  /** Marks the frame last returned as unusable (its payload does not decode): reading stops before it. */
  reject(reason: string): void {
    this.damageEnd = this.position;
    this.position = this.frameStart;
    this.validEnd = this.frameStart;
    this.problem = `${reason} at offset ${this.frameStart}`;
    this.damagedFrameComplete = true;
  }

  /**
   * After a problem: whether the damage is only a torn last write, what a crash in the middle
   * of an append leaves. A torn write is a prefix of one frame, so it is judged by what follows
   * the last good frame:
   *
   * - only zero bytes (a file extended by the crash but never written): torn;
   * - a frame that is complete and passes its checksum but was refused (undecodable, out of
   *   sequence): a finished write, not a torn one;
   * - a frame whose own length ends before the end of the file, or is implausible: more bytes
   *   follow than that one write could have left, so not torn;
   * - a frame reaching the end of the file is torn only if no complete record hides in it: not
   *   its own payload measured by its contents (`completeLength`: a damaged length field in
   *   front of an intact record), and no later frame that passes its checksum and is accepted
   *   as a record (`isRecord`: records written after the damage, which a torn write cannot have).
   *
   * Anything else is damage in the middle, with records after it that must not be dropped.
   */
  damageIsTornTail(check: TornTailCheck = {}): boolean {
    if (this.problem === null) return false;
    if (this.restIsZero()) return true;
    if (this.damagedFrameComplete) return false;
    if (this.damageEnd === Number.POSITIVE_INFINITY || this.damageEnd < this.fileSize) return false;
    const tail = this.read(this.validEnd, this.fileSize - this.validEnd);
    if (tail.length >= FRAME_HEADER_SIZE && check.completeLength) {
      const length = check.completeLength(tail.subarray(FRAME_HEADER_SIZE));
      const payload = length === null ? null : tail.subarray(FRAME_HEADER_SIZE, FRAME_HEADER_SIZE + length);
      if (payload && payload.length === length && crc32(payload) === tail.readUInt32LE(4)) return false;
    }
    return !containsFrame(tail, 1, check.isRecord ?? (() => true));
  }

  close(): void {
    closeSync(this.fd);
  }

  private restIsZero(): boolean {
    const chunk = 64 * 1024;
    for (let at = this.validEnd; at < this.fileSize; at += chunk) {
      const part = this.read(at, Math.min(chunk, this.fileSize - at));
      if (part.some((byte) => byte !== 0)) return false;
    }
    return true;
  }

  private stop(reason: string): null {
    this.problem = `${reason} at offset ${this.position}`;
    return null;
  }

  private read(position: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n === 0) throw new Error("unexpected end of file");
      done += n;
    }
    return buf;
  }
}

/** What the file's format tells a torn tail apart from damage with records behind it. */
export interface TornTailCheck {
  /** The length of the complete payload that starts `prefix` (by its own encoding), or null when it does not say. */
  completeLength?: (prefix: Buffer) => number | null;
  /** Whether a payload that passes its checksum is one of the file's records (a later record behind damage). */
  isRecord?: (payload: Buffer) => boolean;
}

/** Whether a complete frame that passes its checksum and is accepted starts anywhere in `bytes` from `from` on. */
function containsFrame(bytes: Buffer, from: number, accept: (payload: Buffer) => boolean): boolean {
  for (let at = from; at + FRAME_HEADER_SIZE < bytes.length; at++) {
    const length = bytes.readUInt32LE(at);
    if (length === 0 || at + FRAME_HEADER_SIZE + length > bytes.length) continue;
    const payload = bytes.subarray(at + FRAME_HEADER_SIZE, at + FRAME_HEADER_SIZE + length);
    if (crc32(payload) === bytes.readUInt32LE(at + 4) && accept(payload)) return true;
  }
  return false;
}

/** Writes all of `buf`, looping over short writes. */
export function writeFully(fd: number, buf: Buffer, position: number | null = null): void {
  let done = 0;
  while (done < buf.length) {
    done += io.writeSync(fd, buf, done, buf.length - done, position === null ? null : position + done);
  }
}

/** True in a worker thread (the app's engine): fdatasync runs on the engine's own thread. */
const SYNC_INLINE = !isMainThread;

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The append-only journal of one database, with group commit.
 *
 * `append` writes a framed record synchronously (so the order of records is the order in which
 * commands ran); `whenDurable` resolves once an fdatasync that started after the last append has
 * completed. Appends made while an fdatasync is in flight are covered by the next one, so
 * concurrent writers share fsyncs instead of queueing one each.
 */
export class Journal {
  private fd: number | null;
  private size: number;
  private appended = 0;
  private durable = 0;
  private syncing = false;
  private closing = false;
  private closed: Promise<void> | null = null;
  private waiters: Waiter[] = [];
  private failure: Error | null = null;
  private onClosed: (() => void) | null = null;
  /** Descriptors of replaced files, closed when the fdatasync using them is done. */
  private retired: number[] = [];

  constructor(
    readonly path: string,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.fd = openSync(path, "a", FILE_MODE);
    this.size = fstatSync(this.fd).size;
  }

  get bytes(): number {
    return this.size;
  }

  append(payload: Buffer): void {
    if (this.failure) throw this.failure;
    if (this.fd === null || this.closing) throw new Error("journal is closed");
    const record = frame(payload);
    const before = this.size;
    try {
      writeFully(this.fd, record);
    } catch (error) {
      // Never leave half a record in the middle of the file: later records would sit behind
      // garbage and be discarded by recovery.
      try {
        io.ftruncateSync(this.fd, before);
      } catch {
        /* the failure below already stops further writes */
      }
      this.fail(error as Error);
      throw this.failure ?? error;
    }
    this.size += record.length;
    this.appended++;
  }

  /** Resolves when every record appended so far is on stable storage. */
  whenDurable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durable >= this.appended) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ target: this.appended, resolve, reject });
      this.kick();
    });
  }

  /**
   * Switches to a new file (`replacement`, complete and fsynced) renamed over this journal, after
   * a snapshot made every record in this one redundant. The snapshot is already durable, so
   * pending waiters are satisfied too. The caller fsyncs the directory.
   */
  replaceWith(replacement: string): void {
    if (this.failure) throw this.failure;
    if (this.fd === null || this.closing) throw new Error("journal is closed");
    const previous = this.fd;
    try {
      renameSync(replacement, this.path);
      this.fd = openSync(this.path, "a", FILE_MODE);
    } catch (error) {
      // The file in place may no longer be the one this descriptor writes to: nothing more may
      // be appended or acknowledged through it.
      this.fail(error as Error);
      throw this.failure ?? error;
    }
    this.size = fstatSync(this.fd).size;
    // An fdatasync in flight still uses the old descriptor: it is closed once that is done.
    if (this.syncing) this.retired.push(previous);
    else closeSync(previous);
    this.durable = this.appended;
    this.settle();
  }

  /** Gives up a failed journal: closes the file without flushing and fails pending waiters. */
  abandon(): void {
    this.closing = true;
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        /* nothing more can be done with it */
      }
      this.fd = null;
    }
    this.failure ??= new Error(`journal ${this.path} abandoned after a storage failure`);
    this.settle();
  }

  /** Flushes and closes. Safe to call more than once; waits for an fdatasync in flight. */
  close(): Promise<void> {
    if (this.closed) return this.closed;
    this.closing = true;
    this.closed = new Promise<void>((resolve) => {
      const finish = (): void => {
        if (this.fd !== null) {
          try {
            if (!this.failure) io.fsyncSync(this.fd);
            this.durable = this.appended;
          } catch (error) {
            this.fail(error as Error);
          }
          closeSync(this.fd);
          this.fd = null;
        }
        this.settle();
        resolve();
      };
      if (this.syncing) this.onClosed = finish;
      else finish();
    });
    return this.closed;
  }

  private kick(): void {
    if (this.syncing || this.fd === null || this.waiters.length === 0) return;
    this.syncing = true;
    const done = (target: number, error: Error | null): void => {
      this.syncing = false;
      for (const fd of this.retired.splice(0)) closeSync(fd);
      if (error) this.fail(error);
      else if (target > this.durable) this.durable = target;
      this.settle();
      if (this.onClosed) {
        const finish = this.onClosed;
        this.onClosed = null;
        finish();
        return;
      }
      this.kick();
    };
    if (SYNC_INLINE) {
      // In the engine's own thread: flush on this thread, after the commands already received
      // have been appended (one flush covers them all), never queued behind the process's
      // shared libuv pool where password hashing can hold every slot for seconds.
      setImmediate(() => {
        if (this.fd === null) return done(this.appended, null);
        const target = this.appended;
        try {
          io.fdatasyncSync(this.fd);
          done(target, null);
        } catch (error) {
          done(target, error as Error);
        }
      });
      return;
    }
    const target = this.appended;
    io.fdatasync(this.fd, (error) => done(target, error));
  }

  private settle(): void {
    if (this.waiters.length === 0) return;
    const pending: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (this.failure) waiter.reject(this.failure);
      else if (waiter.target <= this.durable) waiter.resolve();
      else pending.push(waiter);
    }
    this.waiters = pending;
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = new Error(`journal ${this.path} failed: ${error.message}`);
    this.onFailure(this.failure);
    this.settle();
  }
}
