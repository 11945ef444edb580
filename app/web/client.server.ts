import type { IncomingMessage } from "node:http";

import proxyaddr from "proxy-addr";

import { cookieSecureSetting, parseTrustProxy, type ProxyTrust } from "~/services/env.server";

/**
 * Who sent a request and over what. The project's server (server/app-server.js) knows the TCP
 * peer and whether the socket is TLS; it drops any copy of these headers a client sent and sets
 * them itself, so only the server can speak through them (docs/decisions/051).
 */
export const PEER_ADDRESS_HEADER = "x-flowmap-peer-address";
export const PEER_TLS_HEADER = "x-flowmap-peer-tls";
/** Set by the request boundary on a state-changing page request that came from another site. */
export const CROSS_SITE_HEADER = "x-flowmap-cross-site";
export const INTERNAL_HEADERS = [PEER_ADDRESS_HEADER, PEER_TLS_HEADER, CROSS_SITE_HEADER];

/** The address used when the server did not say (a loader called without the server, as in unit tests). */
export const UNKNOWN_ADDRESS = "unknown";

/** `::ffff:10.0.0.1` is 10.0.0.1; a bracketed IPv6 or an IPv4 with a port loses the decoration. */
export function normalizeAddress(raw: string) {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return address.toLowerCase();
}

const loopback = proxyaddr.compile("loopback");
export function isLoopback(address: string) {
  return loopback(normalizeAddress(address), 0);
}

let trusted: { source: string | undefined; trust: ProxyTrust } | undefined;
function trust(): ProxyTrust {
  const source = process.env.TRUST_PROXY;
  if (!trusted || trusted.source !== source) trusted = { source, trust: parseTrustProxy(source) };
  return trusted.trust;
}

function peerOf(request: Request) {
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  return peer ? normalizeAddress(peer) : null;
}

/**
 * The client's address, as Express finds it with `trust proxy` (proxy-addr). Without a trusted
 * proxy it is the TCP peer, whatever X-Forwarded-For says. Behind trusted proxies it is the
 * right-most X-Forwarded-For hop that is not itself trusted: each proxy appends the address it
 * saw, so only the right-most entries were written by someone trusted; the left-most is whatever
 * the client typed. A trusted proxy that sends no X-Forwarded-For may name the client in X-Real-IP.
 */
export function clientAddress(request: Request) {
  const peer = peerOf(request);
  if (!peer) return UNKNOWN_ADDRESS;
  const hops = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .filter((hop) => hop.trim() !== "")
    .map(normalizeAddress);
  const real = request.headers.get("X-Real-IP")?.trim();
  if (hops.length === 0 && real && trust()(peer, 0)) return normalizeAddress(real);
  // proxy-addr reads only these two parts of a node request: the socket's address and the header.
  const forwarded = { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": hops.join(", ") } };
  return proxyaddr(forwarded as unknown as IncomingMessage, trust());
}

/**
 * Whether the browser reached the app over HTTPS: the socket is TLS, or a trusted proxy says so
 * (the last X-Forwarded-Proto, the one the nearest proxy wrote). The request target's own scheme
 * (`POST https://…` sent over plain HTTP) proves nothing.
 */
export function arrivedOverHttps(request: Request) {
  if (request.headers.get(PEER_TLS_HEADER) === "1") return true;
  const peer = peerOf(request);
  if (peer && trust()(peer, 0)) {
    const proto = (request.headers.get("X-Forwarded-Proto") ?? "").split(",").pop()?.trim().toLowerCase();
    if (proto) return proto === "https";
  }
  return false;
}

/**
 * Whether this response's cookies are marked Secure (a Secure cookie set over plain HTTP is
 * dropped): COOKIE_SECURE when set; otherwise when the request arrived over HTTPS or the site's
 * configured public origin (APP_URL) is https.
 */
export function secureCookiesFor(request: Request, publicOrigin: string) {
  return cookieSecureSetting() ?? (arrivedOverHttps(request) || publicOrigin.startsWith("https:"));
}
