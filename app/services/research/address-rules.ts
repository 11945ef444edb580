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

export type Verdict = { ok: true } | { ok: false; reason: string };

const ALLOWED_PORTS = new Set(["80", "443"]);

function refuse(reason: string): Verdict {
  return { ok: false, reason };
}
const OK: Verdict = { ok: true };

const IPV4_OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

/** Four decimal octets (no leading zeros), the form the URL parser and the resolver give. */
export function isIPv4(address: string) {
  return IPV4.test(address);
}

/** A valid IPv6 address (without brackets or zone): the URL parser is the judge. */
export function isIPv6(address: string) {
  if (!address.includes(":") || /[^0-9a-f:.]/i.test(address)) return false;
  try {
    new URL(`http://[${address}]/`);
    return true;
  } catch {
    return false;
  }
}

/** An IPv4 address in dotted decimal, as the URL parser and the resolver give it. */
function ipv4Octets(address: string): number[] | null {
  if (!isIPv4(address)) return null;
  return address.split(".").map(Number);
}

function checkIPv4(octets: number[]): Verdict {
  const [a, b, c] = octets;
  if (a === 0) return refuse("an unspecified address (0.0.0.0/8)");
  if (a === 127) return refuse("a loopback address (127.0.0.0/8)");
  if (a === 10) return refuse("a private address (10.0.0.0/8)");
  if (a === 172 && b >= 16 && b <= 31) return refuse("a private address (172.16.0.0/12)");
  if (a === 192 && b === 168) return refuse("a private address (192.168.0.0/16)");
  if (a === 169 && b === 254) return refuse("a link-local address (169.254.0.0/16, where cloud metadata services live)");
  if (a === 100 && b >= 64 && b <= 127) return refuse("a shared carrier address (100.64.0.0/10)");
  if (a === 192 && b === 0 && c === 0) return refuse("a reserved address (192.0.0.0/24)");
  if (a === 198 && (b === 18 || b === 19)) return refuse("a benchmarking address (198.18.0.0/15)");
  if (a >= 224 && a <= 239) return refuse("a multicast address (224.0.0.0/4)");
  if (a >= 240) return refuse("a reserved or broadcast address (240.0.0.0/4)");
  return OK;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and a trailing dotted IPv4 expanded). */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const octets = ipv4Octets(tail);
    if (!octets) return null;
    text = `${text.slice(0, lastColon + 1)}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, null];
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest === null ? [] : rest ? rest.split(":") : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === null ? 0 : missing).fill("0"), ...restGroups].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function embeddedIPv4(groups: number[]) {
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff];
}

function checkIPv6(groups: number[]): Verdict {
  const zeroPrefix = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroPrefix(8)) return refuse("the unspecified address (::)");
  if (zeroPrefix(7) && groups[7] === 1) return refuse("the loopback address (::1)");
  if (zeroPrefix(5) && groups[5] === 0xffff) {
    const inner = checkIPv4(embeddedIPv4(groups));
    return inner.ok ? OK : refuse(`an IPv4-mapped IPv6 address of ${inner.reason}`);
  }
  // IPv4-compatible (::a.b.c.d, deprecated) and the IPv4-translated ::ffff:0:a.b.c.d: never public.
  if (zeroPrefix(6) || (zeroPrefix(4) && groups[4] === 0xffff && groups[5] === 0)) return refuse("an IPv4-compatible IPv6 address");
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    const inner = checkIPv4(embeddedIPv4(groups));
    return inner.ok ? OK : refuse(`a NAT64 address of ${inner.reason}`);
  }
  if (groups[0] === 0x2002) {
    const inner = checkIPv4([groups[1] >> 8, groups[1] & 0xff, groups[2] >> 8, groups[2] & 0xff]);
    return inner.ok ? OK : refuse(`a 6to4 address of ${inner.reason}`);
  }
  if ((groups[0] & 0xffc0) === 0xfe80) return refuse("a link-local address (fe80::/10)");
  if ((groups[0] & 0xffc0) === 0xfec0) return refuse("a site-local address (fec0::/10)");
  if ((groups[0] & 0xfe00) === 0xfc00) return refuse("a unique-local address (fc00::/7)");
  if ((groups[0] & 0xff00) === 0xff00) return refuse("a multicast address (ff00::/8)");
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return refuse("a documentation address (2001:db8::/32)");
  if (groups[0] === 0x0100 && groups.slice(1, 4).every((g) => g === 0)) return refuse("a discard address (100::/64)");
  if (groups[0] === 0x2001 && groups[1] === 0) return refuse("a Teredo tunnel address (2001::/32)");
  return OK;
}

/** May the fetch connect to this resolved address? Anything that is not an IP address is refused. */
export function checkAddress(address: string): Verdict {
  const v4 = ipv4Octets(address);
  if (v4) return checkIPv4(v4);
  const v6 = ipv6Groups(address);
  if (v6) return checkIPv6(v6);
  return refuse("not an IP address");
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
