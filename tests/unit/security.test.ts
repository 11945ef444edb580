import { describe, expect, it } from "vitest";

import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "~/web/security.server";

describe("security headers", () => {
  it("makes a fresh nonce every time", () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(20);
  });

  it("builds an enforced policy around the nonce", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy("n", { development: true })).toContain("ws://localhost:*");
  });

  it("adds the baseline headers and HSTS only in production", () => {
    const dev = applySecurityHeaders(new Headers(), { production: false });
    expect(dev.get("X-Content-Type-Options")).toBe("nosniff");
    expect(dev.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(dev.get("Strict-Transport-Security")).toBeNull();
    expect(dev.get("Content-Security-Policy")).toContain("default-src 'none'");

    const prod = applySecurityHeaders(new Headers(), { production: true });
    expect(prod.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });

  it("keeps a document's own policy", () => {
    const headers = new Headers({ "Content-Security-Policy": "default-src 'self'" });
    applySecurityHeaders(headers, { production: false });
    expect(headers.get("Content-Security-Policy")).toBe("default-src 'self'");
  });
});
