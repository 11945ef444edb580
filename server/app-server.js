// The project's HTTP server: static files, then every other request through the app's request
// boundary (app/web/boundary.server.ts) into Remix. It exists because remix-serve hands the
// app no socket: the body limit must be enforced while the body arrives, and the client's
// address and TLS come from the socket (docs/decisions/051). Why the bridge and the gzip below are
// not `@remix-run/express` and `compression`, with figures: docs/decisions/158 and 157.
import http from "node:http";
import zlib from "node:zlib";

import express from "express";

import { compressedStatic } from "./compressed-static.js";

/**
 * @param {object} options
 * @param {(request: Request) => Promise<Response>} options.handleRequest  Remix's request handler
 * @param {object} options.boundary  `resolveTarget`, `beforeApp`, `afterApp`, `bodyLimitFor`, `tooLargeResponse`, `staticFileHeaders`, `unsupportedMethodResponse`
 * @param {object} options.build  the server build (its routes answer the API's 404/405)
 * @param {Array<{ urlPath: string, dir: string, immutable?: boolean, maxAge: string }>} [options.staticDirs]
 * @param {Array<import("express").RequestHandler>} [options.middlewares]  run first (development: Vite's)
 */
export function createAppServer({ handleRequest, boundary, build, staticDirs = [], middlewares = [] }) {
  const app = express();
  app.disable("x-powered-by");
  for (const middleware of middlewares) app.use(middleware);
  const securityHeaders = boundary.staticFileHeaders();
  for (const { urlPath, dir, immutable = false, maxAge } of staticDirs) {
    // The hashed build files (immutable) are sent gzipped when the client accepts it.
    if (immutable) app.use(urlPath, compressedStatic(dir, { cacheControl: "public, max-age=31536000, immutable", headers: securityHeaders }));
    app.use(
      urlPath,
      express.static(dir, {
        immutable,
        maxAge,
        setHeaders(res) {
          for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
        },
      }),
    );
  }
  // Mounted without a path pattern, so express never decodes the path itself (it would answer an
  // undecodable one with its own HTML 400): the boundary judges the address.
  app.use((req, res) => {
    serveApp({ req, res, handleRequest, boundary, build }).catch((error) => {
      console.error(error);
      if (!res.headersSent) {
        for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
        res.status(500).type("text/plain").end("Something went wrong on our side.");
      } else res.destroy();
    });
  });
  const server = http.createServer(app);
  // Methods node's parser knows but express never sees (CONNECT), and ones it does not know at
  // all (an HTTP parse error): the boundary's 405 all the same, then the connection is closed.
  server.on("connect", (req, socket) => {
    writeRaw(socket, boundary.unsupportedMethodResponse(build, req.method ?? "CONNECT", req.url ?? "/"));
  });
  server.on("clientError", (error, socket) => {
    // As node does: an answer only on a socket that has not started one.
    if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
    if (error.code === "HPE_INVALID_METHOD") {
      const [method = "", target = "/"] = String(error.rawPacket?.toString("latin1") ?? "").split(/[ \r\n]/, 2);
      return writeRaw(socket, boundary.unsupportedMethodResponse(build, method || "UNKNOWN", target.startsWith("/") ? target : "/"));
    }
    // What node would answer by itself.
    const status =
      error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });
  return server;
}

/** Writes a whole answer straight to a socket that has no HTTP response object, then closes it. */
function writeRaw(socket, response) {
  const answer = response ?? new Response(null, { status: 400 });
  answer.text().then(
    (body) => {
      const bytes = Buffer.from(body, "utf8");
      const lines = [`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status] ?? ""}`];
      for (const [name, value] of answer.headers) if (name !== "content-length" && name !== "connection") lines.push(`${name}: ${value}`);
      lines.push(`content-length: ${bytes.length}`, "connection: close", "", "");
      socket.end(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), bytes]));
    },
    () => socket.destroy(),
  );
}

const BODYLESS = new Set(["GET", "HEAD"]);

async function serveApp({ req, res, handleRequest, boundary, build }) {
  // A method the app does not answer is refused before a Request is made of it (the Fetch API
  // refuses to make one of TRACE at all).
  const unsupported = boundary.unsupportedMethodResponse(build, req.method, req.originalUrl ?? req.url ?? "/");
  if (unsupported) return writeResponse(res, unsupported);

  // The app's URL is built on its configured public origin, never on Host or an absolute target.
  const target = boundary.resolveTarget(req.originalUrl ?? req.url);
  if ("response" in target) return writeResponse(res, target.response);
  const { url } = target;
  const limit = boundary.bodyLimitFor(url.pathname);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });

  const tooLarge = () => {
    if (res.headersSent) return res.destroy();
    controller.abort();
    const response = boundary.tooLargeResponse(url.pathname);
    // The rest of the body is never read: the connection is closed once the answer is out, and
    // what the client still sends until then is discarded, not stored.
    response.headers.set("Connection", "close");
    req.on("data", () => undefined);
    writeResponse(res, response).then(
      () => req.socket.end(),
      () => req.destroy(),
    );
  };

  const declared = Number(req.headers["content-length"] ?? "");
  if (Number.isFinite(declared) && declared > limit) return tooLarge();

  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);

  let overLimit = false;
  // Set once the app cancels the body, or answers without reading all of it (a 401 before the
  // body is looked at): the rest is read and discarded, so the client can finish sending and read
  // the answer instead of having its connection reset.
  let cancelled = false;
  /** @type {ReadableStream<Uint8Array> | undefined} */
  let body;
  if (!BODYLESS.has(req.method)) {
    let size = 0;
    body = new ReadableStream(
      {
        start(stream) {
          req.on("data", (chunk) => {
            if (overLimit) return;
            size += chunk.length;
            if (size > limit) {
              overLimit = true;
              stream.error(new Error("The request body is over the limit."));
              tooLarge();
              return;
            }
            if (cancelled) return;
            stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((stream.desiredSize ?? 1) <= 0) req.pause();
          });
          req.on("end", () => {
            if (!overLimit && !cancelled) stream.close();
          });
          req.on("error", (error) => {
            if (!overLimit && !cancelled) stream.error(error);
          });
        },
        pull() {
          req.resume();
        },
        cancel() {
          cancelled = true;
          req.resume();
        },
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    );
  }

  const request = new Request(url, {
    method: req.method,
    headers,
    body,
    signal: controller.signal,
    duplex: "half",
  });
  const prepared = boundary.beforeApp(build, request, {
    address: req.socket.remoteAddress ?? null,
    tls: Boolean(req.socket.encrypted),
  });
  const response = "response" in prepared ? prepared.response : boundary.afterApp(prepared.request, await handleRequest(prepared.request));
  if (body && !req.complete && !overLimit) {
    cancelled = true;
    req.resume();
  }
  if (overLimit || res.headersSent) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  await writeResponse(res, response);
}

async function writeResponse(res, response) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body || res.req.method === "HEAD") {
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  const gzip = shouldGzip(res.req, response);
  if (gzip) {
    res.setHeader("Content-Encoding", "gzip");
    res.removeHeader("Content-Length");
  }
  if (COMPRESSIBLE_TYPES.test(response.headers.get("content-type") ?? "")) res.setHeader("Vary", varyWithAcceptEncoding(res.getHeader("Vary")));
  res.flushHeaders();
  if (gzip) await writeGzipped(res, response.body);
  else await writeChunks(res, response.body);
  if (!res.destroyed) res.end();
}

// Pages, data and exports are text that shrinks 5-10 times; a page's HTML then reaches a slow
// phone in one round trip instead of several (docs/decisions/086).
const COMPRESSIBLE_TYPES = /^(text\/|application\/(json|javascript|xml|[a-z.+-]*\+json))/i;
const MIN_GZIP_BYTES = 1024;

function shouldGzip(req, response) {
  if (!/\bgzip\b/i.test(String(req.headers["accept-encoding"] ?? ""))) return false;
  if (/\bgzip\s*;\s*q=0(\.0+)?\b/i.test(String(req.headers["accept-encoding"]))) return false;
  if (response.headers.has("content-encoding")) return false;
  if (!COMPRESSIBLE_TYPES.test(response.headers.get("content-type") ?? "")) return false;
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) return false;
  const length = Number(response.headers.get("content-length"));
  return !(Number.isFinite(length) && response.headers.has("content-length") && length < MIN_GZIP_BYTES);
}

function varyWithAcceptEncoding(vary) {
  const current = Array.isArray(vary) ? vary.join(", ") : String(vary ?? "");
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : "Accept-Encoding";
}

async function writeChunks(res, body) {
  for await (const chunk of body) {
    if (res.destroyed) break;
    if (!res.write(chunk)) await drained(res);
  }
}

/**
 * Gzips a streamed body chunk by chunk: every chunk the app sends is flushed through at once, so
 * a streamed page (deferred data) reaches the browser as early as it would uncompressed.
 */
async function writeGzipped(res, body) {
  const gz = zlib.createGzip();
  const feeding = (async () => {
    try {
      for await (const chunk of body) {
        if (res.destroyed || gz.destroyed) break;
        gz.write(chunk);
        await new Promise((resolve) => gz.flush(zlib.constants.Z_SYNC_FLUSH, resolve));
      }
    } finally {
      if (!gz.destroyed) gz.end();
    }
  })();
  try {
    await writeChunks(res, gz);
  } finally {
    gz.destroy();
  }
  await feeding.catch(() => undefined);
}

/** Resolves when `res` can take more data or has closed, leaving no listener behind either way. */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
