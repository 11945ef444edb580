import { PassThrough, type Readable } from "node:stream";

import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { FlushBatches } from "~/web/flush-batches.server";

/** A page about the size of the dashboard: 1,000 rows of text, well over 100 KB of HTML. */
function BigPage() {
  return (
    <ul>
      {Array.from({ length: 1_000 }, (_, i) => (
        <li key={i} className="grid grid-cols-2 items-center gap-x-4 px-3 py-3 text-sm text-slate-800">
          Row {i}: open rate, click rate, conversion rate, revenue per recipient
        </li>
      ))}
    </ul>
  );
}

function render(element: React.ReactElement, into: PassThrough | FlushBatches) {
  const chunks: Buffer[] = [];
  into.on("data", (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise<void>((resolve, reject) => {
    into.on("end", resolve);
    into.on("error", reject);
  });
  const { pipe } = renderToPipeableStream(element, { onShellReady: () => pipe(into), onShellError: (e) => into.destroy(e as Error) });
  return { chunks, ended };
}

const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString("utf8");

describe("FlushBatches", () => {
  it("hands on a whole page as one chunk, byte for byte what React wrote", async () => {
    const plain = render(<BigPage />, new PassThrough());
    const batched = render(<BigPage />, new FlushBatches());
    await Promise.all([plain.ended, batched.ended]);
    expect(Buffer.concat(plain.chunks).length).toBeGreaterThan(100_000);
    // React's own pieces: one every 2 KB.
    expect(plain.chunks.length).toBeGreaterThan(40);
    expect(batched.chunks).toHaveLength(1);
    expect(text(batched.chunks)).toBe(text(plain.chunks));
  });

  it("still streams: the shell goes out before deferred content arrives", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let ready = false;
    void gate.then(() => (ready = true));
    function Deferred() {
      if (!ready) throw gate;
      return <p>deferred content</p>;
    }
    const stream = new FlushBatches();
    const firstChunk = new Promise<string>((resolve) => stream.once("data", (chunk: Buffer) => resolve(Buffer.from(chunk).toString("utf8"))));
    const page = render(
      <main>
        <h1>shell</h1>
        <Suspense fallback={<p>loading</p>}>
          <Deferred />
        </Suspense>
      </main>,
      stream,
    );
    const first = await firstChunk;
    expect(first).toContain("shell");
    expect(first).toContain("loading");
    expect(first).not.toContain("deferred content");
    release();
    await page.ended;
    expect(page.chunks.length).toBeGreaterThanOrEqual(2);
    expect(text(page.chunks)).toContain("deferred content");
  });

  it("ends cleanly when nothing was written", async () => {
    const stream: Readable = new FlushBatches();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    (stream as FlushBatches).end();
    await ended;
    expect(chunks).toHaveLength(0);
  });
});
