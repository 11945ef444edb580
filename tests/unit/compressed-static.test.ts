import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { compressedStatic } from "../../server/compressed-static.js";

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-static-"));
  fs.writeFileSync(path.join(dir, "app-ABC.css"), "body{color:red}".repeat(200));
  fs.writeFileSync(path.join(dir, "logo.png"), "not really a png");
  fs.writeFileSync(path.join(os.tmpdir(), "outside-secret.js"), "secret");
  const serve = compressedStatic(dir, { cacheControl: "public, max-age=31536000, immutable", headers: { "X-Content-Type-Options": "nosniff" } });
  // Mounted at /build, as express does it: the handler sees the path below the mount point.
  server = http.createServer((req, res) => {
    const fallThrough = () => res.writeHead(404).end("fell through");
    if (!req.url?.startsWith("/build/")) return fallThrough();
    req.url = req.url.slice("/build".length);
    serve(req, res, fallThrough);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(pathName: string, encoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${pathName}`, { headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("compressedStatic", () => {
  it("sends a build file gzipped, with its type, caching and security headers", async () => {
    const res = await get("/build/app-ABC.css", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(res.body).toString()).toBe("body{color:red}".repeat(200));
    expect(res.body.length).toBeLessThan(3000 / 2);
  });

  it("leaves clients without gzip, other file types, missing files and paths outside the folder to the next handler", async () => {
    expect((await get("/build/app-ABC.css", "identity")).body.toString()).toBe("fell through");
    expect((await get("/build/logo.png", "gzip")).body.toString()).toBe("fell through");
    expect((await get("/build/missing.js", "gzip")).body.toString()).toBe("fell through");
    expect((await get("/build/..%2Foutside-secret.js", "gzip")).body.toString()).toBe("fell through");
  });

  it("remembers no miss: a made-up name is not kept, and a file that appears later is served", async () => {
    for (let i = 0; i < 20; i++) expect((await get(`/build/made-up-${i}.js`, "gzip")).body.toString()).toBe("fell through");
    expect((await get("/build/late.js", "gzip")).body.toString()).toBe("fell through");
    fs.writeFileSync(path.join(dir, "late.js"), "console.log('late');".repeat(50));
    const late = await get("/build/late.js", "gzip");
    expect(late.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(late.body).toString()).toContain("console.log('late');");
  });
});
