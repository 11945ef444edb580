/**
 * The safe fetch's address rules, as pure functions (no lookup, no connection): which URLs may
 * be fetched and which resolved addresses may be connected to. Research only ever reads public
 * web pages; everything that could reach the server's own network is refused.
 * See docs/decisions/042-safe-website-fetch.md.
 *
 * No Node.js module is used: the questionnaire and the dashboard check a typed website address
 * in the browser with these same rules, so an address research would refuse is refused when it
 * is entered, with the same reason.
 */

import ipaddr from "ipaddr.js";

export type Verdict = { ok: true } | { ok: false; reason: string };

const ALLOWED_PORTS = new Set(["80", "443"]);

function refuse(reason: string): Verdict {
  return { ok: false, reason };
}
const OK: Verdict = { ok: true };

/** Four decimal octets (no leading zeros), the form the URL parser and the resolver give. */
export function isIPv4(address: string) {
  return ipaddr.IPv4.isValidFourPartDecimal(address);
}

/** A valid IPv6 address; a dotted IPv4 tail must be four decimal octets, as Node.js requires. */
export function isIPv6(address: string) {
  if (!ipaddr.IPv6.isValid(address)) return false;
  const bare = address.replace(/%.*$/, "");
  const tail = bare.slice(bare.lastIndexOf(":") + 1);
  return !tail.includes(".") || isIPv4(tail);
}

/**
 * Why each of ipaddr.js's special-purpose ranges is refused. Only its `unicast` (everything not
 * special) may be connected to, so a range the library adds is refused too, as "a special-purpose address".
 */
const RANGE_REASONS: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8 or ::)",
  loopback: "a loopback address (127.0.0.0/8 or ::1)",
  private: "a private address (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16)",
  linkLocal: "a link-local address (169.254.0.0/16 or fe80::/10, where cloud metadata services live)",
  carrierGradeNat: "a shared carrier address (100.64.0.0/10)",
  multicast: "a multicast address (224.0.0.0/4 or ff00::/8)",
  broadcast: "the broadcast address (255.255.255.255)",
  benchmarking: "a benchmarking address",
  uniqueLocal: "a unique-local address (fc00::/7)",
  deprecatedSiteLocal: "a site-local address (fec0::/10)",
  discard: "a discard address (100::/64)",
  teredo: "a Teredo tunnel address (2001::/32)",
  rfc6145: "an IPv4-translated IPv6 address",
  rfc6052: "a local-use NAT64 address (64:ff9b:1::/48)",
  reserved: "a reserved or documentation address",
};

function rangeVerdict(range: string): Verdict {
  return range === "unicast" ? OK : refuse(RANGE_REASONS[range] ?? `a special-purpose address (${range})`);
}

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/** An IPv6 address that carries an IPv4 address is judged by the IPv4 address it reaches. */
function checkIPv6(address: ipaddr.IPv6): Verdict {
  const range: string = address.range();
  const inner = (v4: ipaddr.IPv4, form: string) => {
    const verdict = rangeVerdict(v4.range());
    return verdict.ok ? OK : refuse(`${form} of ${verdict.reason}`);
  };
  const [, a, b, , , , c, d] = address.parts;
  if (range === "ipv4Mapped") return inner(address.toIPv4Address(), "an IPv4-mapped IPv6 address");
  if (range === "rfc6052" && address.match(NAT64_WELL_KNOWN)) return inner(new ipaddr.IPv4([c >> 8, c & 0xff, d >> 8, d & 0xff]), "a NAT64 address");
  if (range === "6to4") return inner(new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]), "a 6to4 address");
  // IPv4-compatible (::a.b.c.d, deprecated): never public, and not one of the library's ranges.
  if (range === "unicast" && address.parts.slice(0, 6).every((part) => part === 0)) return refuse("an IPv4-compatible IPv6 address");
  return rangeVerdict(range);
}

/** May the fetch connect to this resolved address? Anything that is not an IP address is refused. */
export function checkAddress(address: string): Verdict {
  if (isIPv4(address)) return rangeVerdict(ipaddr.IPv4.parse(address).range());
  if (!isIPv6(address)) return refuse("not an IP address");
  // ipaddr.js reads '::a.b.c.d' as the IPv4-mapped '::ffff:a.b.c.d'; it is the IPv4-compatible form.
  if (/^::\d+\.\d+\.\d+\.\d+(%.*)?$/.test(address)) return refuse("an IPv4-compatible IPv6 address");
  return checkIPv6(ipaddr.IPv6.parse(address));
}

/** The URL's host without IPv6 brackets: what the resolver is asked, or the literal address. */
export function hostOf(url: URL) {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** 'host:port' with the scheme's default port filled in: the form RESEARCH_ALLOWED_HOSTS lists. */
export function hostAndPort(url: URL) {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname}:${port}`;
}

/**
 * May this URL be requested at all (before any lookup)? http or https, ports 80 and 443 only, no
 * credentials in the URL, and a literal IP host must itself pass `checkAddress`. The WHATWG URL
 * parser has already turned decimal, octal and hex IPv4 forms (http://2130706433/,
 * http://0177.0.0.1/, http://0x7f.1/) into dotted decimal, so they meet the same rules.
 * `allowed` is the test-only allow list: an exact 'host:port' on it skips the port and address
 * rules.
 */
export function checkUrl(url: URL, allowed: ReadonlySet<string> = new Set()): Verdict {
  if (url.protocol !== "http:" && url.protocol !== "https:") return refuse("only http and https addresses can be researched");
  if (url.username || url.password) return refuse("addresses with a user name or password are not fetched");
  if (allowed.has(hostAndPort(url))) return OK;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (!ALLOWED_PORTS.has(port)) return refuse("only the standard web ports 80 and 443 are fetched");
  const host = hostOf(url);
  if (isIPv4(host) || isIPv6(host)) return checkAddress(host);
  if (host === "localhost" || host.endsWith(".localhost")) return refuse("a loopback address (localhost)");
  if (!host.includes(".")) return refuse("not a public host name");
  return OK;
}

/** 'example.com' (or 'example.com:8080') as typed in the questionnaire means https://example.com. */
export function withScheme(website: string) {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(website) ? website : `https://${website}`;
}

/** What research says when it refuses an address; `reason` is a Verdict's. */
export function refusalMessage(reason: string) {
  return `This address cannot be researched: ${reason}.`;
}

/** The example a refused address is told to follow. */
export const PUBLIC_ADDRESS_EXAMPLE = "https://www.yourcompany.com";

/**
 * Why research would refuse this typed website address before fetching anything (its form and
 * the rules above), and what to enter instead; null when it may be researched. An address that
 * does not parse at all is the caller's "not a valid URL".
 */
export function websiteAddressProblem(website: string, allowed: ReadonlySet<string> = new Set()): string | null {
  let url: URL;
  try {
    url = new URL(withScheme(website.trim()));
  } catch {
    return null;
  }
  const verdict = checkUrl(url, allowed);
  if (verdict.ok) return null;
  return `${refusalMessage(verdict.reason)} Enter your website's public address, like ${PUBLIC_ADDRESS_EXAMPLE}.`;
}

/** Parses RESEARCH_ALLOWED_HOSTS ('127.0.0.1:4100,[::1]:4101') into the set checkUrl takes. */
export function parseAllowedHosts(value: string | undefined | null): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}
