import { describe, expect, it } from "vitest";

import net from "node:net";

import { checkAddress, checkUrl, isIPv4, isIPv6, parseAllowedHosts, websiteAddressProblem } from "~/lib/research/address-rules";

const refused = (address: string) => checkAddress(address).ok === false;

describe("checkAddress: the resolved addresses research may connect to", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "192.168.255.255",
    "169.254.169.254",
    "169.254.0.1",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "240.0.0.1",
    "198.18.0.1",
    "::",
    "::1",
    "fe80::1",
    "febf::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "2001:db8::1",
    "fec0::1",
  ])("refuses %s", (address) => {
    expect(refused(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.15.255.255", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:93.184.216.34", "64:ff9b::5db8:d822"])(
    "allows the public address %s",
    (address) => {
      expect(checkAddress(address)).toEqual({ ok: true });
    },
  );

  it("refuses anything that is not an address", () => {
    expect(refused("example.com")).toBe(true);
    expect(refused("")).toBe(true);
    expect(refused("1.2.3")).toBe(true);
  });

  it.each([
    ["192.0.2.1", "documentation"],
    ["203.0.113.9", "documentation"],
    ["::ffff:0:7f00:1", "IPv4-translated"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["2001:2::1", "benchmarking"],
    ["2001::1", "Teredo"],
    ["100::1", "discard"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped IPv6 address of a link-local"],
    ["64:ff9b::7f00:1", "NAT64 address of a loopback"],
    ["::8.8.8.8", "IPv4-compatible"],
    ["::808:808", "IPv4-compatible"],
    ["fe80::1%eth0", "link-local"],
    ["5f00::1", "special-purpose"],
  ])("refuses %s, saying why (%s)", (address, reason) => {
    expect(checkAddress(address)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) });
  });
});

describe("checkUrl: what may be requested before any lookup", () => {
  const check = (raw: string, allowed?: Set<string>) => checkUrl(new URL(raw), allowed);

  it("allows public http and https pages on ports 80 and 443", () => {
    expect(check("https://www.example.com/about")).toEqual({ ok: true });
    expect(check("http://example.com:80/")).toEqual({ ok: true });
    expect(check("http://example.com:443/")).toEqual({ ok: true });
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "gopher://example.com/", "data:text/html,hi", "javascript:alert(1)"])("refuses the scheme of %s", (raw) => {
    expect(check(raw)).toMatchObject({ ok: false, reason: expect.stringContaining("http") });
  });

  it("refuses other ports and credentials", () => {
    expect(check("http://example.com:8080/")).toMatchObject({ ok: false, reason: expect.stringContaining("80 and 443") });
    expect(check("https://example.com:22/")).toMatchObject({ ok: false });
    expect(check("https://user:secret@example.com/")).toMatchObject({ ok: false });
  });

  it.each([
    ["http://127.0.0.1/", "loopback"],
    ["http://localhost/", "loopback"],
    ["http://app.localhost/", "loopback"],
    ["http://10.1.2.3/", "private"],
    ["http://172.16.5.4/", "private"],
    ["http://192.168.1.1/", "private"],
    ["http://169.254.169.254/latest/meta-data/", "link-local"],
    ["http://[::1]/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped"],
    ["http://[fd00::1]/", "unique-local"],
    ["http://0.0.0.0/", "unspecified"],
    // Decimal, octal and hex forms of 127.0.0.1, which the URL parser turns into dotted decimal.
    ["http://2130706433/", "loopback"],
    ["http://0177.0.0.1/", "loopback"],
    ["http://0x7f.0.0.1/", "loopback"],
    ["http://0x7f000001/", "loopback"],
    ["http://017700000001/", "loopback"],
    ["http://127.1/", "loopback"],
    ["http://0xa9.0xfe.0xa9.0xfe/", "link-local"],
    ["http://intranet/", "not a public host name"],
  ])("refuses %s (%s)", (raw, reason) => {
    expect(check(raw)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) });
  });

  it("lets only an exact host:port on the test-only allow list through", () => {
    const allowed = parseAllowedHosts(" 127.0.0.1:4100 , [::1]:4101,");
    expect([...allowed]).toEqual(["127.0.0.1:4100", "[::1]:4101"]);
    expect(check("http://127.0.0.1:4100/page", allowed)).toEqual({ ok: true });
    expect(check("http://[::1]:4101/", allowed)).toEqual({ ok: true });
    expect(check("http://127.0.0.1:4101/", allowed)).toMatchObject({ ok: false });
    expect(check("http://127.0.0.1/", allowed)).toMatchObject({ ok: false });
    expect(parseAllowedHosts(undefined).size).toBe(0);
  });
});

describe("the rules run in the browser too (no Node.js module)", () => {
  it.each([
    "127.0.0.1",
    "255.255.255.255",
    "0.0.0.0",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3",
    "1.2.3.4.5",
    "::",
    "::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "2606:4700::1111",
    "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:7:8:9",
    "::ffff:0177.0.0.1",
    "::ffff:0x7f.0.0.1",
    "1:2:3:4:5:6:1.2.3.4",
    "12345::",
    ":::",
    "g::1",
    "example.com",
    "",
  ])("tells IP addresses apart as Node does: %j", (address) => {
    expect([isIPv4(address), isIPv6(address)]).toEqual([net.isIPv4(address), net.isIPv6(address)]);
  });
});

describe("websiteAddressProblem: a typed website address, judged as research will judge it", () => {
  it("accepts public addresses, with or without a scheme", () => {
    for (const address of ["example.com", "https://www.example.com/shop", "http://example.com:80/", "https://example.com:443"]) expect(websiteAddressProblem(address)).toBeNull();
  });

  it("refuses what the fetch refuses, with the fetch's reason and what to enter instead", () => {
    expect(websiteAddressProblem("https://example.com:8080")).toBe(
      "This address cannot be researched: only the standard web ports 80 and 443 are fetched. Enter your website's public address, like https://www.yourcompany.com.",
    );
    // Typed without a scheme, a port is still a port.
    expect(websiteAddressProblem("shop.example:3000")).toMatch(/^This address cannot be researched: only the standard web ports/);
    expect(websiteAddressProblem("shop.localhost")).toMatch(/a loopback address \(localhost\)/);
    expect(websiteAddressProblem("http://169.254.169.254/")).toMatch(/link-local address/);
    expect(websiteAddressProblem("ftp://example.com")).toMatch(/only http and https/);
  });

  it("lets the test-only allow list through, as the fetch does", () => {
    expect(websiteAddressProblem("http://127.0.0.1:4100/", new Set(["127.0.0.1:4100"]))).toBeNull();
  });
});
