/**
 * Checksummed record files and the append-only journal.
 *
 * Every record on disk (journal entries and snapshot chunks) is framed as
 *
 *     u32 payload length | u32 crc32(payload) | payload
 *
 * (little-endian). A reader stops at the first frame that is incomplete or fails its checksum;
 * for the journal that is where a crash cut the last write short.
 */
import {
  closeSync,
  fdatasync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  writeSync,
} from "node:fs";
import { crc32 } from "node:zlib";

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
    if (remaining < FRAME_HEADER_SIZE) return this.stop(`truncated record header (${remaining} bytes)`);
    const header = this.read(this.position, FRAME_HEADER_SIZE);
    const length = header.readUInt32LE(0);
    const checksum = header.readUInt32LE(4);
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
    this.position = this.frameStart;
    this.validEnd = this.frameStart;
    this.problem = `${reason} at offset ${this.frameStart}`;
  }

  close(): void {
    closeSync(this.fd);
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

/** Writes all of `buf`, looping over short writes. */
export function writeFully(fd: number, buf: Buffer, position: number | null = null): void {
  let done = 0;
  while (done < buf.length) {
    done += writeSync(fd, buf, done, buf.length - done, position === null ? null : position + done);
  }
}

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

  constructor(
    readonly path: string,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.fd = openSync(path, "a");
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
        ftruncateSync(this.fd, before);
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
   * Empties the journal after a snapshot made every record in it redundant. The snapshot is
   * already durable, so pending waiters are satisfied too.
   */
  reset(): void {
    if (this.fd === null) return;
    ftruncateSync(this.fd, 0);
    fsyncSync(this.fd);
    this.size = 0;
    this.durable = this.appended;
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
            if (!this.failure) fsyncSync(this.fd);
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
    const target = this.appended;
    fdatasync(this.fd, (error) => {
      this.syncing = false;
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
    });
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
