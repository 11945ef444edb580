import http from "node:http";
import { isIP } from "node:net";
import net from "node:net";
import dns from "node:dns/promises";
import tls from "node:tls";

import { checkAddress, checkUrl, hostAndPort, hostOf, refusalMessage } from "~/lib/research/address-rules";

/**
 * Fetches one public web page for research without letting a user point the server at its own
 * network (server-side request forgery). Each hop: the URL is checked, the host resolved once,
 * every resolved address checked, and the socket opened to the checked address itself (no second
 * lookup, so DNS cannot change its answer in between); redirects start the same checks again.
 * The resolver and the connect function are parameters so tests can prove, without any real
 * network, that a refused address is never connected to.
 */

export const RESEARCH_LIMITS = {
  /** Whole fetch, redirects included. */
  timeoutMs: 10_000,
  /** Bytes of body read; the rest is not downloaded. */
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export class FetchRefusedError extends Error {
  name = "FetchRefusedError";
}
export class FetchFailedError extends Error {
  name = "FetchFailedError";
}

export interface ConnectTarget {
  /** The checked IP address to connect to. */
  address: string;
  port: number;
  /** The URL's host name, for TLS (SNI and certificate check) only. */
  servername: string;
  tls: boolean;
}

export type Resolver = (hostname: string) => Promise<string[]>;
export type Connector = (target: ConnectTarget) => net.Socket;

export const systemResolver: Resolver = async (hostname) => (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export const systemConnector: Connector = ({ address, port, servername, tls: secure }) =>
  secure ? tls.connect({ host: address, port, servername: isIP(servername) ? undefined : servername }) : net.connect({ host: address, port });

export interface SafeFetchOptions {
  resolve?: Resolver;
  connect?: Connector;
  /** Test-only 'host:port' entries (RESEARCH_ALLOWED_HOSTS) that skip the port and address rules. */
  allowedHosts?: ReadonlySet<string>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** The final URL after redirects. */
  url: string;
  contentType: string;
  html: string;
  /** True when the page was longer than the byte limit and only its start was read. */
  truncated: boolean;
}

const HTML_TYPES = ["text/html", "application/xhtml+xml"];

interface HopResult {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const resolve = options.resolve ?? systemResolver;
  const connect = options.connect ?? systemConnector;
  const allowed = options.allowedHosts ?? new Set<string>();
  const maxBytes = options.maxBytes ?? RESEARCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? RESEARCH_LIMITS.maxRedirects;
  const timeoutMs = options.timeoutMs ?? RESEARCH_LIMITS.timeoutMs;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const target = await checkedTarget(url, resolve, allowed);
      if (controller.signal.aborted) throw timeoutError(timeoutMs);
      const hop = await requestOnce(url, target, connect, maxBytes, controller.signal, timeoutMs);
      if (hop.status >= 300 && hop.status < 400 && hop.location) {
        if (redirects >= maxRedirects) throw new FetchRefusedError(`The website redirected more than ${maxRedirects} times.`);
        url = parseUrl(new URL(hop.location, url).toString());
        continue;
      }
      if (hop.status < 200 || hop.status >= 300) throw new FetchFailedError(`The website answered with status ${hop.status}.`);
      const mediaType = hop.contentType.split(";")[0].trim().toLowerCase();
      if (!HTML_TYPES.includes(mediaType)) {
        throw new FetchRefusedError(`The website did not return a web page (it sent ${mediaType || "no content type"}), so there is nothing to read.`);
      }
      return { url: url.toString(), contentType: hop.contentType, html: decode(hop.body, hop.contentType), truncated: hop.truncated };
    }
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(raw: string) {
  try {
    return new URL(raw);
  } catch {
    throw new FetchRefusedError("The website address is not a valid URL.");
  }
}

async function checkedTarget(url: URL, resolve: Resolver, allowed: ReadonlySet<string>): Promise<ConnectTarget> {
  const verdict = checkUrl(url, allowed);
  if (!verdict.ok) throw new FetchRefusedError(refusalMessage(verdict.reason));
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new FetchFailedError(`The website ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new FetchFailedError(`The website ${host} could not be found.`);
  if (!allowed.has(hostAndPort(url))) {
    for (const address of addresses) {
      const check = checkAddress(address);
      if (!check.ok) throw new FetchRefusedError(`This address cannot be researched: ${host} points to ${check.reason}.`);
    }
  }
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return { address: addresses[0], port, servername: host, tls: url.protocol === "https:" };
}

function timeoutError(timeoutMs: number) {
  return new FetchFailedError(`The website took longer than ${Math.round(timeoutMs / 1000)} seconds to answer.`);
}

function requestOnce(url: URL, target: ConnectTarget, connect: Connector, maxBytes: number, signal: AbortSignal, timeoutMs: number) {
  return new Promise<HopResult>((resolvePromise, reject) => {
    let settled = false;
    const finish = (error: Error | null, result?: HopResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      request.destroy();
      if (error) reject(error);
      else if (result) resolvePromise(result);
    };
    const onAbort = () => finish(timeoutError(timeoutMs));
    const request = http.request({
      method: "GET",
      path: `${url.pathname}${url.search}`,
      headers: {
        Host: url.host,
        "User-Agent": "FlowmapResearch/1.0 (+website research for the account owner)",
        Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
        "Accept-Encoding": "identity",
      },
      createConnection: () => connect(target),
    });
    signal.addEventListener("abort", onAbort, { once: true });
    request.on("error", () => finish(new FetchFailedError(`The website ${url.hostname} could not be reached.`)));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const location = typeof response.headers.location === "string" ? response.headers.location : null;
      const contentType = response.headers["content-type"] ?? "";
      const isRedirect = status >= 300 && status < 400;
      const mediaType = contentType.split(";")[0].trim().toLowerCase();
      // Only a successful HTML answer is worth reading; anything else ends here.
      if (isRedirect || status < 200 || status >= 300 || !HTML_TYPES.includes(mediaType)) {
        finish(null, { status, location, contentType, body: Buffer.alloc(0), truncated: false });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        const room = maxBytes - size;
        if (chunk.length > room) {
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          finish(null, { status, location, contentType, body: Buffer.concat(chunks), truncated: true });
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on("end", () => finish(null, { status, location, contentType, body: Buffer.concat(chunks), truncated: false }));
      response.on("error", () => finish(new FetchFailedError(`The website ${url.hostname} stopped answering.`)));
    });
    request.end();
  });
}

function decode(body: Buffer, contentType: string) {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
