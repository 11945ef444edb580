// Compressed static files: the browser build's JavaScript and CSS, gzipped once (on first request)
// and kept in memory, served with `Content-Encoding: gzip` to clients that accept it. The build's
// files never change while the server runs (their names carry a content hash), so compressing each
// once is enough. Without this the render-blocking stylesheet travelled uncompressed (72 KB
// instead of 12 KB), which Lighthouse measured as the landing page's largest delay
// (docs/decisions/074; why not `compression`: 157). Anything else falls through to express.static.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".map": "application/json; charset=utf-8" };

/**
 * @param {string} dir  the directory the files are served from
 * @param {{ cacheControl: string, headers: Record<string, string> }} options
 */
export function compressedStatic(dir, { cacheControl, headers }) {
  const root = path.resolve(dir);
  // Only files that exist are kept: a miss is not remembered, so asking for made-up names cannot
  // grow the cache (the build's file names are fixed, so it holds at most the build's files).
  /** @type {Map<string, Buffer>} */
  const cache = new Map();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // The path below the mount point (express strips the mount path from req.url).
    const pathname = String(req.url ?? "").split("?")[0];
    const type = COMPRESSIBLE[path.extname(pathname)];
    if (!type || !/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) return next();
    let file;
    try {
      file = path.join(root, decodeURIComponent(pathname));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    let gzipped = cache.get(file);
    if (gzipped === undefined) {
      try {
        gzipped = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
      } catch {
        return next();
      }
      cache.set(file, gzipped);
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Content-Length", String(gzipped.length));
    res.end(req.method === "HEAD" ? undefined : gzipped);
  };
}
