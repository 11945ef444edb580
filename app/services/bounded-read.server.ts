/**
 * Reads a body (a request's or an answer's), counting as it goes: past `limit` bytes, reading
 * stops and the stream is cancelled, so an oversized body is never held in memory whatever
 * Content-Length claims. Null when the body was larger than the limit.
 */
export async function readStreamWithin(message: { headers: Headers; body: ReadableStream<Uint8Array> | null }, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(message.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    message.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!message.body) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned body settles only once the other is
      // cancelled too, and nobody reads past the limit either way.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
