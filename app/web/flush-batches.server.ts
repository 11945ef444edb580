import { Transform, type TransformCallback } from "node:stream";

/**
 * The stream a page is rendered into. React writes a page in 2 KB pieces and calls `flush()` when
 * it has written all it has for now (the convention zlib streams follow). This stream hands on
 * each such batch as one chunk: a 100 KB page reaches the socket in one write instead of fifty,
 * each of which would cross two stream adapters and make a system call of its own. A page with
 * deferred data still streams: every batch is sent as soon as React flushes it.
 */
export class FlushBatches extends Transform {
  private pending: Uint8Array[] = [];

  /** `rewrite` may change a batch before it is sent (the page's scripts deferred, in entry.server). */
  constructor(private readonly rewrite: (batch: Buffer) => Buffer = (batch) => batch) {
    super();
  }

  override _transform(chunk: Uint8Array, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** Sends what React has written since its last flush, as one chunk. */
  flush() {
    if (this.pending.length === 0) return;
    const batch = this.pending.length === 1 ? asBuffer(this.pending[0]!) : Buffer.concat(this.pending);
    this.pending = [];
    this.push(this.rewrite(batch));
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

/** The same bytes as a Buffer, without a copy. */
function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
