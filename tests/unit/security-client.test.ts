import { afterEach, describe, expect, it, vi } from "vitest";

import { resetPlainHttpWarning, afterApp, beforeApp, markSecure } from "~/web/boundary.server";
import { parseEnv, parseTrustProxy } from "~/services/env.server";
import { arrivedOverHttps, clientAddress, CROSS_SITE_HEADER, isLoopback, normalizeAddress, PEER_ADDRESS_HEADER, PEER_TLS_HEADER } from "~/web/client.server";
import { isCrossSiteRequest } from "~/web/origin.server";

const request = (headers: Record<string, string>, url = "http://flowmap.test/login") => new Request(url, { headers });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("client address", () => {
  it("is the TCP peer without TRUST_PROXY, whatever X-Forwarded-For and X-Real-IP say", () => {
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: "198.51.100.4", "X-Forwarded-For": "1.2.3.4", "X-Real-IP": "5.6.7.8" }))).toBe("198.51.100.4");
  });

  it("is the right-most untrusted hop behind trusted proxies, never the left-most the client wrote", () => {
    vi.stubEnv("TRUST_PROXY", "loopback, 10.0.0.0/8");
    // The client typed 6.6.6.6; the edge proxy (10.0.0.2) saw 203.0.113.9 and appended it.
    const r = request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(clientAddress(r)).toBe("203.0.113.9");
  });

  it("ignores forwarding headers from an untrusted peer even when TRUST_PROXY is set", () => {
    vi.stubEnv("TRUST_PROXY", "10.0.0.1");
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: "198.51.100.4", "X-Forwarded-For": "1.2.3.4" }))).toBe("198.51.100.4");
  });

  it("uses X-Real-IP from a trusted proxy that sends no X-Forwarded-For", () => {
    vi.stubEnv("TRUST_PROXY", "loopback");
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: "::1", "X-Real-IP": "203.0.113.5" }))).toBe("203.0.113.5");
  });

  it("folds IPv4-mapped IPv6 and ports", () => {
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("192.0.2.1:5000")).toBe("192.0.2.1");
  });

  it("reads TRUST_PROXY's forms and refuses nonsense", () => {
    expect(parseTrustProxy(undefined)("127.0.0.1")).toBe(false);
    expect(parseTrustProxy("false")("127.0.0.1")).toBe(false);
    expect(parseTrustProxy("private")("172.20.1.1")).toBe(true);
    expect(parseTrustProxy("private")("172.32.1.1")).toBe(false);
    expect(parseTrustProxy("2001:db8::/32")("2001:db8::5")).toBe(true);
    expect(() => parseTrustProxy("everyone")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/TRUST_PROXY/);
  });
});

describe("client address: TRUST_PROXY as Express's trust proxy", () => {
  const xff = (peer: string, forwardedFor: string) => request({ [PEER_ADDRESS_HEADER]: peer, "X-Forwarded-For": forwardedFor });

  it("a number trusts that many hops, the TCP peer first; 0 trusts none", () => {
    const r = xff("198.51.100.4", "6.6.6.6, 203.0.113.9");
    vi.stubEnv("TRUST_PROXY", "1");
    expect(clientAddress(r)).toBe("203.0.113.9");
    vi.stubEnv("TRUST_PROXY", "2");
    expect(clientAddress(r)).toBe("6.6.6.6");
    vi.stubEnv("TRUST_PROXY", "0");
    expect(clientAddress(r)).toBe("198.51.100.4");
  });

  it("takes subnet lists in CIDR and netmask form, and stops at the first hop outside them", () => {
    vi.stubEnv("TRUST_PROXY", "10.0.0.0/255.0.0.0, 192.168.1.0/24");
    expect(clientAddress(xff("10.2.3.4", "6.6.6.6, 203.0.113.7, 192.168.1.9"))).toBe("203.0.113.7");
    // 192.168.2.9 is outside 192.168.1.0/24: it is the client, whatever it forwarded.
    expect(clientAddress(xff("10.2.3.4", "203.0.113.7, 192.168.2.9"))).toBe("192.168.2.9");
  });

  it("is the left-most address when every hop is a trusted proxy", () => {
    vi.stubEnv("TRUST_PROXY", "loopback, 10.0.0.0/8");
    expect(clientAddress(xff("127.0.0.1", "10.1.1.1, 10.0.0.2"))).toBe("10.1.1.1");
  });

  it("reads hops with ports, brackets and IPv4-mapped peers as plain addresses", () => {
    vi.stubEnv("TRUST_PROXY", "10.0.0.0/8");
    expect(clientAddress(xff("::ffff:10.0.0.5", "[2001:db8::7]:443, 10.0.0.9:8080"))).toBe("2001:db8::7");
    expect(clientAddress(xff("::ffff:10.0.0.5", "203.0.113.9:5555"))).toBe("203.0.113.9");
  });

  it("knows the names loopback, linklocal and uniquelocal (private is uniquelocal)", () => {
    expect(parseTrustProxy("uniquelocal")("fd12::1", 0)).toBe(true);
    expect(parseTrustProxy("private")("fd12::1", 0)).toBe(true);
    expect(parseTrustProxy("private")("192.168.0.5", 0)).toBe(true);
    expect(parseTrustProxy("private")("203.0.113.5", 0)).toBe(false);
    expect(parseTrustProxy("linklocal")("169.254.10.1", 0)).toBe(true);
    expect(parseTrustProxy("linklocal")("10.0.0.1", 0)).toBe(false);
    expect(parseTrustProxy("loopback")("::1", 0)).toBe(true);
    expect(isLoopback("127.8.8.8")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("10.0.0.1")).toBe(false);
  });

  it("refuses a setting it cannot read, naming the part that is wrong, and so does the start-up check", () => {
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY: .*true/);
    expect(() => parseTrustProxy("loopback, everyone")).toThrow(/TRUST_PROXY: .*everyone/);
    expect(() => parseTrustProxy("loopback, 2")).toThrow(/TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: "2" })).toMatchObject({ TRUST_PROXY: "2" });
    expect(parseEnv({ TRUST_PROXY: "uniquelocal, 203.0.113.0/24" })).toMatchObject({ TRUST_PROXY: "uniquelocal, 203.0.113.0/24" });
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY must be false, a number of proxies/);
  });
});

describe("HTTPS and Secure cookies", () => {
  it("knows TLS from the server or from a trusted proxy's X-Forwarded-Proto only", () => {
    expect(arrivedOverHttps(request({ [PEER_TLS_HEADER]: "1" }))).toBe(true);
    expect(arrivedOverHttps(request({ [PEER_ADDRESS_HEADER]: "198.51.100.4", "X-Forwarded-Proto": "https" }))).toBe(false);
    vi.stubEnv("TRUST_PROXY", "198.51.100.4");
    expect(arrivedOverHttps(request({ [PEER_ADDRESS_HEADER]: "198.51.100.4", "X-Forwarded-Proto": "https" }))).toBe(true);
    expect(arrivedOverHttps(request({ [PEER_ADDRESS_HEADER]: "198.51.100.4", "X-Forwarded-Proto": "https, http" }))).toBe(false);
  });

  it("adds or removes Secure on a Set-Cookie", () => {
    expect(markSecure("a=1; Path=/; Secure; HttpOnly", false)).toBe("a=1; Path=/; HttpOnly");
    expect(markSecure("a=1; Path=/", true)).toBe("a=1; Path=/; Secure");
  });

  it("warns once when production is served over plain HTTP to a client on another machine", () => {
    vi.stubEnv("NODE_ENV", "production");
    resetPlainHttpWarning();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fromLan = request({ [PEER_ADDRESS_HEADER]: "192.168.1.20" });
    afterApp(fromLan, new Response("x", { headers: { "Set-Cookie": "a=1; Secure" } }));
    afterApp(fromLan, new Response("x"));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("plain HTTP");
    resetPlainHttpWarning();
    afterApp(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1" }), new Response("x"));
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("cross-site page posts", () => {
  const build = { routes: {} };
  it("reach the app marked and without their body, so the page answers its 403", async () => {
    const post = new Request("http://flowmap.test/user-settings", {
      method: "POST",
      headers: { Origin: "https://evil.example", Host: "flowmap.test", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=changePassword&newPassword=owned",
    });
    const prepared = beforeApp(build, post, { address: "198.51.100.4", tls: false });
    if (!("request" in prepared)) throw new Error("expected a request");
    expect(prepared.request.headers.get(CROSS_SITE_HEADER)).toBe("1");
    expect(prepared.request.headers.get("Origin")).toBeNull();
    expect(await prepared.request.text()).toBe("");
    expect(isCrossSiteRequest(prepared.request)).toBe(true);
  });

  it("a client cannot send the internal headers itself", () => {
    const get = request({ [CROSS_SITE_HEADER]: "1", [PEER_ADDRESS_HEADER]: "10.0.0.1", [PEER_TLS_HEADER]: "1" });
    const prepared = beforeApp(build, get, { address: "198.51.100.4", tls: false });
    if (!("request" in prepared)) throw new Error("expected a request");
    expect(prepared.request.headers.get(CROSS_SITE_HEADER)).toBeNull();
    expect(prepared.request.headers.get(PEER_TLS_HEADER)).toBeNull();
    expect(prepared.request.headers.get(PEER_ADDRESS_HEADER)).toBe("198.51.100.4");
  });

  it("a same-origin post passes untouched", async () => {
    const post = new Request("http://flowmap.test/login", { method: "POST", headers: { Origin: "http://flowmap.test", Host: "flowmap.test" }, body: "a=1" });
    const prepared = beforeApp(build, post, { address: "127.0.0.1", tls: false });
    if (!("request" in prepared)) throw new Error("expected a request");
    expect(await prepared.request.text()).toBe("a=1");
  });
});
