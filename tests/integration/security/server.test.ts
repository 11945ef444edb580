import fs from "node:fs";
import type http from "node:http";
import { get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { createAppServer } from "../../../server/app-server.js";

const boundary = await import("~/web/boundary.server");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");

const LIMIT = boundary.MAX_REQUEST_BODY_BYTES;
const PAGE_HEAD = `<!DOCTYPE html><html><head><title>Flowmap</title></head><body>${"<p>A lifecycle flow.</p>".repeat(200)}`;
const PAGE_TAIL = "<p>Deferred data.</p></body></html>";
let wantSecondChunk: () => void = () => undefined;
let secondChunkWanted = Promise.resolve();
const BIG_CHUNKS = 40;
const BIG_CHUNK_BYTES = 256 * 1024;

/** What the app behind the server saw: how many body bytes each request delivered. */
const seen: Array<{
  path: string;
  bytes: number;
  peer: string | null;
  error?: string;
}> = [];

async function handleRequest(request: Request) {
  const url = new URL(request.url);
  if (url.pathname === "/api/refuse") return refuseUnread();
  let bytes = 0;
  let error: string | undefined;
  if (request.body) {
    try {
      const reader = request.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
  }
  seen.push({
    path: url.pathname,
    bytes,
    peer: request.headers.get(PEER_ADDRESS_HEADER),
    error,
  });
  if (url.pathname === "/big") {
    // Chunks far above a socket's buffer: every write waits for "drain".
    const chunk = new Uint8Array(BIG_CHUNK_BYTES).fill(120);
    let sent = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === BIG_CHUNKS) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      }),
    );
  }
  if (url.pathname === "/page") {
    // A streamed page: the second chunk comes only after the test has read the first.
    const encoder = new TextEncoder();
    let step = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          step += 1;
          if (step === 1) controller.enqueue(encoder.encode(PAGE_HEAD));
          else if (step === 2) {
            await secondChunkWanted;
            controller.enqueue(encoder.encode(PAGE_TAIL));
          } else controller.close();
        },
      }),
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  }
  if (url.pathname === "/cookie") {
    const headers = new Headers();
    headers.append("Set-Cookie", "fm_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure");
    headers.append("Set-Cookie", "fm_toast=x; Path=/; HttpOnly");
    return new Response("ok", { headers });
  }
  return new Response(JSON.stringify({ bytes }), {
    headers: { "Content-Type": "application/json" },
  });
}

/** Refused before the body is looked at, as a route that needs sign-in does. */
function refuseUnread() {
  seen.push({ path: "/api/refuse", bytes: 0, peer: null });
  return new Response(JSON.stringify({ message: "Sign in first.", code: "UNAUTHENTICATED" }), { status: 401, headers: { "Content-Type": "application/json" } });
}

const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/api+/thing": {
      id: "routes/api+/thing",
      parentId: "root",
      path: "api/thing",
      module: {
        loader: () => null,
        action: Object.assign(() => null, { allowedMethods: ["POST", "PUT"] }),
      },
    },
    "routes/api+/refuse": {
      id: "routes/api+/refuse",
      parentId: "root",
      path: "api/refuse",
      module: { action: () => null },
    },
    "routes/api+/upload": {
      id: "routes/api+/upload",
      parentId: "root",
      path: "api/upload",
      module: { action: () => null },
    },
    "routes/$": {
      id: "routes/$",
      parentId: "root",
      path: "*",
      module: { loader: () => null },
    },
  },
};

const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-static-"));
fs.writeFileSync(path.join(publicDir, "hello.txt"), "hello");

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = createAppServer({
    handleRequest,
    boundary,
    build,
    staticDirs: [{ urlPath: "/", dir: publicDir, maxAge: "1h" }],
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(publicDir, { recursive: true, force: true });
});
afterEach(() => {
  seen.length = 0;
  vi.unstubAllEnvs();
});

interface Exchange {
  text: string;
  /** The server ended the connection with a FIN (a clean close). */
  ended: boolean;
  /** The connection was reset or failed. */
  error: string | null;
}

/**
 * A raw HTTP/1.1 conversation on one connection: writes `head`, then feeds `body` chunks while
 * the server keeps reading, and collects everything the server sends until it closes or goes quiet.
 */
function converse(head: string, { chunks = [] as Buffer[], settleAfter = (_text: string): boolean => false } = {}) {
  return new Promise<Exchange & { socket: net.Socket }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let ended = false;
    let error: string | null = null;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      resolve({ text, ended, error, socket });
    };
    socket.on("data", (data) => {
      text += data.toString("latin1");
      if (settleAfter(text)) finish();
    });
    socket.on("end", () => {
      ended = true;
      finish();
    });
    socket.on("error", (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
      finish();
    });
    socket.on("close", finish);
    socket.write(head);
    let i = 0;
    const pump = () => {
      while (i < chunks.length && !socket.destroyed && !finished) {
        const more = socket.write(chunks[i++]);
        if (!more) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

const complete = (text: string) => {
  const [head, body = ""] = text.split("\r\n\r\n");
  if (!head.includes("\r\n\r\n") && !text.includes("\r\n\r\n")) return false;
  const length = /content-length: (\d+)/i.exec(head);
  if (length) return Buffer.byteLength(body, "latin1") >= Number(length[1]);
  return /\r\n0\r\n\r\n$/.test(text);
};

describe("request bodies are limited while they arrive", () => {
  it("answers a declared oversize body (Content-Length: 60 MB) with 413 at once, and closes the connection cleanly", async () => {
    const head = `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n`;
    const result = await converse(head, {
      chunks: Array.from({ length: 8 }, () => Buffer.alloc(64 * 1024, 97)),
    });
    expect(result.error).toBeNull();
    expect(result.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.text).toMatch(/connection: close/i);
    expect(result.text).toMatch(/content-security-policy: /i);
    expect(result.ended).toBe(true);
    // The app never saw the request at all.
    expect(seen).toEqual([]);
  });

  it("stops a chunked JSON body at the limit: 413 JSON, and the app never received more than the limit", async () => {
    const piece = Buffer.alloc(32 * 1024, 32);
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
    const head = `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // 4 MB offered; the server must answer long before it has read it all.
    const result = await converse(head, {
      chunks: Array.from({ length: 128 }, () => chunk),
    });
    expect(result.error).toBeNull();
    expect(result.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.text).toContain('{"message":"The request body is too large.","code":"PAYLOAD_TOO_LARGE"}');
    expect(result.ended).toBe(true);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].bytes).toBeLessThanOrEqual(LIMIT);
    expect(seen[0].error).toBeTruthy();
  });

  it("accepts a body at the limit, chunked, and keeps the connection usable for the next request", async () => {
    const body = Buffer.alloc(LIMIT, 120);
    const head = `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
    const first = await converse(head, {
      chunks: [chunked],
      settleAfter: complete,
    });
    expect(first.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(first.text).toContain(`{"bytes":${LIMIT}}`);
    // Same socket, second request.
    const second = await new Promise<string>((resolve) => {
      let text = "";
      first.socket.on("data", (data) => {
        text += data.toString("latin1");
        if (complete(text)) resolve(text);
      });
      first.socket.write("GET /api/thing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    });
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    first.socket.destroy();
  });

  it("answers a body under the limit that the app refuses unread (a 401 before sign-in) in full, and the connection stays usable", async () => {
    // 219 KB, sent in pieces: the answer comes before the body is all there.
    const size = 219 * 1024;
    const head = `POST /api/refuse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const first = await converse(head, { chunks: Array.from({ length: size / 1024 }, () => Buffer.alloc(1024, 32)), settleAfter: complete });
    expect(first.error).toBeNull();
    expect(first.text).toMatch(/^HTTP\/1\.1 401 /);
    // The rest of the body was read and discarded: the same connection answers the next request.
    const second = await new Promise<string>((resolve) => {
      let text = "";
      first.socket.on("data", (data) => {
        text += data.toString("latin1");
        if (complete(text)) resolve(text);
      });
      first.socket.on("close", () => resolve(`closed: ${text}`));
      first.socket.write("GET /api/thing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    });
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    first.socket.destroy();
  });

  it("after a 413 on a kept-alive connection, a client's next request on a new connection works", async () => {
    const head = `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Length: ${LIMIT + 1}\r\n\r\n`;
    const refused = await converse(head, {
      chunks: [Buffer.alloc(LIMIT + 1, 1)],
    });
    expect(refused.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.error).toBeNull();
    const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(200);
  });
});

describe("the server's own facts", () => {
  it("replaces a client-sent peer address with the real TCP peer", async () => {
    await fetch(`http://127.0.0.1:${port}/api/thing`, {
      headers: { [PEER_ADDRESS_HEADER]: "203.0.113.66" },
    });
    expect(seen.at(-1)?.peer).toBe("127.0.0.1");
  });

  it("answers unknown API paths with a JSON 404, and wrong methods with 405 and the full Allow", async () => {
    const missing = await fetch(`http://127.0.0.1:${port}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found.", code: "NOT_FOUND", requestId: missing.headers.get("X-Request-Id") });
    const wrong = await fetch(`http://127.0.0.1:${port}/api/thing`, {
      method: "DELETE",
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, HEAD, POST, PUT");
    expect(await wrong.json()).toEqual({
      message: "Method not allowed. Use GET, POST or PUT.",
      code: "METHOD_NOT_ALLOWED",
      requestId: wrong.headers.get("X-Request-Id"),
    });
    const noGet = await fetch(`http://127.0.0.1:${port}/api/upload`);
    expect(noGet.status).toBe(405);
    expect(noGet.headers.get("Allow")).toBe("POST");
    expect(seen).toEqual([]);
  });

  it("gives static files the security headers and keeps them cacheable", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/hello.txt`);
    expect(await response.text()).toBe("hello");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("streams a large answer under back-pressure without piling up listeners on the response", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/big`);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(body.byteLength).toBe(BIG_CHUNKS * BIG_CHUNK_BYTES);
      expect(body.every((byte) => byte === 120)).toBe(true);
      // Warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
  });

  it("gzips pages for clients that accept it, flushing each streamed chunk as it comes", async () => {
    secondChunkWanted = new Promise((resolve) => (wantSecondChunk = resolve));
    const gunzip = zlib.createGunzip();
    let text = "";
    gunzip.on("data", (chunk: Buffer) => (text += chunk.toString()));
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      httpGet({ host: "127.0.0.1", port, path: "/page", headers: { "Accept-Encoding": "gzip, deflate, br" } }, resolve).on("error", reject),
    );
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toContain("Accept-Encoding");
    let compressedBytes = 0;
    response.on("data", (chunk: Buffer) => {
      compressedBytes += chunk.length;
      gunzip.write(chunk);
    });
    // The first chunk arrives, decompressible, while the app still holds the second.
    await vi.waitFor(() => expect(text).toBe(PAGE_HEAD), { timeout: 10_000, interval: 20 });
    wantSecondChunk();
    await new Promise((resolve) => response.on("end", resolve));
    gunzip.end();
    await new Promise((resolve) => gunzip.on("end", resolve));
    expect(text).toBe(PAGE_HEAD + PAGE_TAIL);
    expect(compressedBytes).toBeLessThan((PAGE_HEAD + PAGE_TAIL).length / 5);
  });

  it("sends pages uncompressed to clients that do not accept gzip", async () => {
    secondChunkWanted = Promise.resolve();
    const response = await fetch(`http://127.0.0.1:${port}/page`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.text()).toBe(PAGE_HEAD + PAGE_TAIL);
    const refused = await fetch(`http://127.0.0.1:${port}/page`, { headers: { "Accept-Encoding": "gzip;q=0, identity" } });
    expect(refused.headers.get("Content-Encoding")).toBeNull();
    expect(await refused.text()).toBe(PAGE_HEAD + PAGE_TAIL);
  });

  it("marks app answers private, no-store", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/thing`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("Secure cookies exactly when they can work", () => {
  const cookiesOf = async (headers: Record<string, string> = {}) => (await fetch(`http://127.0.0.1:${port}/cookie`, { headers })).headers.getSetCookie();

  it("over plain HTTP the cookies are not Secure (a browser would drop them)", async () => {
    for (const cookie of await cookiesOf()) expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("X-Forwarded-Proto: https is believed only from a trusted proxy", async () => {
    for (const cookie of await cookiesOf({ "X-Forwarded-Proto": "https" })) expect(cookie).not.toMatch(/Secure/);
    vi.stubEnv("TRUST_PROXY", "loopback");
    for (const cookie of await cookiesOf({ "X-Forwarded-Proto": "https" })) expect(cookie).toMatch(/; Secure$/);
  });

  it("COOKIE_SECURE=true always marks them Secure", async () => {
    vi.stubEnv("COOKIE_SECURE", "true");
    const cookies = await cookiesOf();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure$/);
  });
});
