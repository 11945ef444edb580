import net from "node:net";

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

type AddressTest = (address: string) => boolean;

/** `::ffff:10.0.0.1` is 10.0.0.1; a bracketed IPv6 or an IPv4 with a port loses the decoration. */
export function normalizeAddress(raw: string) {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return address.toLowerCase();
}

export function isLoopback(address: string) {
  const a = normalizeAddress(address);
  return a === "::1" || (net.isIPv4(a) && a.startsWith("127."));
}

const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"];

function subnetTest(entry: string): AddressTest {
  const [base, bitsText] = entry.split("/");
  const family = net.isIPv4(base) ? "ipv4" : net.isIPv6(base) ? "ipv6" : null;
  const bits = bitsText === undefined ? (family === "ipv4" ? 32 : 128) : Number(bitsText);
  if (!family || !Number.isInteger(bits) || bits < 0 || bits > (family === "ipv4" ? 32 : 128)) {
    throw new Error(`TRUST_PROXY: "${entry}" is not an address, a subnet (10.0.0.0/8), "loopback" or "private"`);
  }
  const list = new net.BlockList();
  list.addSubnet(base, bits, family);
  return (address) => {
    const a = normalizeAddress(address);
    if (net.isIPv4(a)) return list.check(a, "ipv4");
    if (net.isIPv6(a)) return list.check(a, "ipv6");
    return false;
  };
}

/**
 * TRUST_PROXY: empty, `false` or `0` (the default) trusts no proxy: the client is the TCP peer and
 * X-Forwarded-* headers are ignored. Otherwise a comma-separated list of `loopback`, `private`,
 * addresses and subnets: the proxies whose forwarding headers are believed.
 */
export function parseTrustProxy(value: string | undefined): AddressTest {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "0" || text === "off") return () => false;
  const tests: AddressTest[] = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      if (entry === "loopback") return [isLoopback];
      if (entry === "private") return PRIVATE_RANGES.map(subnetTest);
      return [subnetTest(entry)];
    });
  return (address) => tests.some((test) => test(address));
}

let trusted: { source: string | undefined; test: AddressTest } | undefined;
function isTrustedProxy(address: string) {
  const source = process.env.TRUST_PROXY;
  if (!trusted || trusted.source !== source) trusted = { source, test: parseTrustProxy(source) };
  return trusted.test(address);
}

function peerOf(request: Request) {
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  return peer ? normalizeAddress(peer) : null;
}

/**
 * The client's address. Without a trusted proxy it is the TCP peer, whatever X-Forwarded-For
 * says. Behind trusted proxies it is the right-most X-Forwarded-For hop that is not itself a
 * trusted proxy: each proxy appends the address it saw, so only the right-most entries were
 * written by someone trusted; the left-most is whatever the client typed.
 */
export function clientAddress(request: Request) {
  const peer = peerOf(request);
  if (!peer) return UNKNOWN_ADDRESS;
  if (!isTrustedProxy(peer)) return peer;
  const hops = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
    .map(normalizeAddress);
  if (hops.length === 0) {
    const real = request.headers.get("X-Real-IP")?.trim();
    return real ? normalizeAddress(real) : peer;
  }
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrustedProxy(hops[i])) return hops[i];
  }
  return hops[0];
}

/** COOKIE_SECURE: `true` always marks cookies Secure, `false` never; unset decides per request. */
export function cookieSecureSetting(value = process.env.COOKIE_SECURE): boolean | null {
  const text = (value ?? "").trim().toLowerCase();
  if (["true", "1", "yes"].includes(text)) return true;
  if (["false", "0", "no"].includes(text)) return false;
  return null;
}

/**
 * Whether the browser reached the app over HTTPS: the socket is TLS, or a trusted proxy says so.
 * The request target's own scheme (`POST https://…` sent over plain HTTP) proves nothing.
 */
export function arrivedOverHttps(request: Request) {
  if (request.headers.get(PEER_TLS_HEADER) === "1") return true;
  const peer = peerOf(request);
  if (peer && isTrustedProxy(peer)) {
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
