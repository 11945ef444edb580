import { afterEach, describe, expect, it, vi } from "vitest";

import { resolveTarget } from "~/web/boundary.server";
import { PEER_TLS_HEADER, secureCookiesFor } from "~/web/client.server";
import { ConfigError, parseEnv, publicOrigin } from "~/services/env.server";
import { isCrossSiteRequest, isOwnNavigation } from "~/web/origin.server";

afterEach(() => vi.unstubAllEnvs());

const PROVIDER = {
  OAUTH_AUTHORIZE_URL: "http://127.0.0.1:9/authorize",
  OAUTH_TOKEN_URL: "http://127.0.0.1:9/token",
  OAUTH_USERINFO_URL: "http://127.0.0.1:9/userinfo",
  OAUTH_CLIENT_ID: "flowmap",
};

function configError(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
}

describe("APP_URL, the site's public origin", () => {
  it("is http://localhost:<PORT> when unset, and APP_URL's origin when set", () => {
    expect(publicOrigin(parseEnv({}))).toBe("http://localhost:3000");
    expect(publicOrigin(parseEnv({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(publicOrigin(parseEnv({ APP_URL: "https://Flowmap.Example/" }))).toBe("https://flowmap.example");
    expect(publicOrigin(parseEnv({ APP_URL: "http://10.0.0.5:3000" }))).toBe("http://10.0.0.5:3000");
  });

  it.each([
    "flowmap.example",
    "ftp://flowmap.example",
    "https://flowmap.example/app",
    "https://flowmap.example/?a=1",
    "https://user:pw@flowmap.example",
    "https://flowmap.example/#x",
  ])("refuses %s with a message naming APP_URL", (value) => {
    expect(configError({ APP_URL: value })).toMatch(/APP_URL must be the address people open Flowmap at/);
  });

  it("is required in production when third-party sign-in is configured without OAUTH_REDIRECT_URI", () => {
    expect(configError({ NODE_ENV: "production", ...PROVIDER })).toMatch(/APP_URL: third-party sign-in needs the address people open Flowmap at/);
    expect(configError({ NODE_ENV: "production", ...PROVIDER, APP_URL: "https://flowmap.example" })).toBeNull();
    expect(configError({ NODE_ENV: "production", ...PROVIDER, OAUTH_REDIRECT_URI: "https://flowmap.example/api/login/callback" })).toBeNull();
    expect(configError({ NODE_ENV: "development", ...PROVIDER })).toBeNull();
    expect(configError({ NODE_ENV: "production" })).toBeNull();
  });
});

describe("request targets become URLs on the public origin", () => {
  const urlOf = (raw: string) => {
    const resolved = resolveTarget(raw);
    if ("response" in resolved) throw new Error(`answered ${resolved.response.status}`);
    return resolved.url.toString();
  };
  const answerOf = (raw: string) => {
    const resolved = resolveTarget(raw);
    if (!("response" in resolved)) throw new Error(`resolved to ${resolved.url.toString()}`);
    return resolved.response;
  };

  it("keeps only the path and query of an absolute-form target", () => {
    vi.stubEnv("APP_URL", "https://flowmap.example");
    expect(urlOf("/api/login?x=1")).toBe("https://flowmap.example/api/login?x=1");
    expect(urlOf("http://evil.example/api/login?x=1")).toBe("https://flowmap.example/api/login?x=1");
    expect(urlOf("https://evil.example:444/api/auth/register")).toBe("https://flowmap.example/api/auth/register");
    // A dot segment cannot climb to another host either.
    expect(urlOf("/.//evil.example/x")).toBe("https://flowmap.example//evil.example/x");
  });

  it.each([
    ["//evil.example/api/login", "/evil.example/api/login"],
    ["///evil.example/api/login?a=b", "/evil.example/api/login?a=b"],
    ["/\\evil.example/api/login", "/evil.example/api/login"],
    ["\\\\evil.example/api/login", null],
    ["http://evil.example//other.example/x", "/other.example/x"],
  ])("redirects %s to a one-slash path on this site (or refuses it)", (raw, location) => {
    const response = answerOf(raw);
    if (location === null) {
      expect(response.status).toBe(400);
      return;
    }
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe(location);
    expect(response.headers.get("Content-Security-Policy")).toBeTruthy();
  });

  it.each(["*", "mailto:a@b.c", "javascript:alert(1)", "evil.example/x", "http://[::1"])("answers %s with a 400 page", (raw) => {
    const response = answerOf(raw);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toContain("text/html");
  });
});

describe("Secure cookies follow the connection and the configured origin, not the request target", () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

  it("an https URL over plain HTTP is not HTTPS", () => {
    expect(secureCookiesFor(request("https://127.0.0.1:3000/api/auth/register"), "http://localhost:3000")).toBe(false);
    expect(secureCookiesFor(request("http://127.0.0.1:3000/x", { [PEER_TLS_HEADER]: "1" }), "http://localhost:3000")).toBe(true);
  });

  it("an https APP_URL marks cookies Secure; COOKIE_SECURE still decides when set", () => {
    expect(secureCookiesFor(request("http://127.0.0.1:3000/x"), "https://flowmap.example")).toBe(true);
    vi.stubEnv("COOKIE_SECURE", "false");
    expect(secureCookiesFor(request("http://127.0.0.1:3000/x"), "https://flowmap.example")).toBe(false);
  });
});

describe("GET /api/logout: whose navigation is it", () => {
  const SITE = "http://127.0.0.1:3000";
  const nav = (headers: Record<string, string>) => new Request(`${SITE}/api/logout`, { headers: { Host: "127.0.0.1:3000", ...headers } });

  it.each([
    [{ Referer: `${SITE}/user-settings` }, true],
    [{ Referer: `${SITE}/user-settings`, "Sec-Fetch-Site": "same-origin" }, true],
    [{ "Sec-Fetch-Site": "same-origin" }, true],
    [{ "Sec-Fetch-Site": "none" }, true],
    [{}, false],
    [{ Referer: "https://evil.example/page" }, false],
    [{ Referer: "http://127.0.0.1:4000/page" }, false],
    [{ Referer: "https://evil.example/page", "Sec-Fetch-Site": "same-origin" }, false],
    [{ Referer: `${SITE}/x`, "Sec-Fetch-Site": "cross-site" }, false],
    [{ "Sec-Fetch-Site": "cross-site" }, false],
    [{ "Sec-Fetch-Site": "same-site" }, false],
    [{ Referer: "not a url" }, false],
  ] as Array<[Record<string, string>, boolean]>)("%o → signs out: %s", (headers, expected) => {
    expect(isOwnNavigation(nav(headers))).toBe(expected);
  });

  it("the configured public origin counts as this site (behind a proxy that rewrites Host)", () => {
    vi.stubEnv("APP_URL", "https://flowmap.example");
    expect(isOwnNavigation(nav({ Referer: "https://flowmap.example/user-settings" }))).toBe(true);
    const post = new Request(`${SITE}/api/logout`, { method: "POST", headers: { Host: "127.0.0.1:3000", Origin: "https://flowmap.example" } });
    expect(isCrossSiteRequest(post)).toBe(false);
  });
});
