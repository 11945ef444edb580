import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useEnv, withEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", METRICS_TOKEN: undefined, OPENAI_API_KEY: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin, createUser } = await import("../../support/factories");
const { DOCUMENT_HEADERS, getRequest } = await import("../../support/requests");
const { sendToApp } = await import("../../support/in-process-app");
const { recordModelCall, resetModelCallStats } = await import("~/services/ai/model-calls.server");
const { metricsAccess } = await import("~/web/metrics.server");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");

await useTestDatabase({ clearBeforeEach: true });

const TOKEN = "metrics-token-0123456789abcdef";

let info: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetModelCallStats();
  info = vi.spyOn(console, "info").mockImplementation(() => undefined);
  recordModelCall({ event: "model_call", purpose: "plan", model: "m", ms: 38_000, outcome: "accepted" });
  recordModelCall({ event: "model_call", purpose: "repair", for: "plan", model: "m", ms: 10_000, outcome: "repaired" }, 42_000);
});
afterEach(() => {
  info.mockRestore();
  resetModelCallStats();
});

const metrics = (address: string, headers: Record<string, string> = {}) => sendToApp(getRequest("/metrics", { headers }), address);

describe("/metrics", () => {
  it("without METRICS_TOKEN: served to this machine in Prometheus's text format", async () => {
    const response = await metrics("127.0.0.1");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain('flowmap_model_requests_total{purpose="plan",outcome="accepted"} 1');
    expect(text).toContain('flowmap_model_requests_total{purpose="plan",outcome="repaired"} 1');
    expect(text).toContain('flowmap_model_request_typical_seconds{purpose="plan"} 40');
    expect((await metrics("::1")).status).toBe(200);
  });

  it("without METRICS_TOKEN: 403 to any other address, and to a request a proxy relayed", async () => {
    const remote = await metrics("203.0.113.9");
    expect(remote.status).toBe(403);
    expect(await remote.text()).toContain("Set METRICS_TOKEN");
    expect((await metrics("10.0.0.4")).status).toBe(403);
    expect((await metrics("127.0.0.1", { "X-Forwarded-For": "203.0.113.9" })).status).toBe(403);
    expect((await metrics("127.0.0.1", { "X-Real-IP": "203.0.113.9" })).status).toBe(403);
  });

  it("with METRICS_TOKEN: the bearer token from anywhere; without it or with another, 401 asking for it, even on loopback", async () => {
    await withEnv({ METRICS_TOKEN: TOKEN }, async () => {
      expect((await metrics("203.0.113.9", { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      const missing = await metrics("127.0.0.1");
      expect(missing.status).toBe(401);
      expect(missing.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect((await metrics("203.0.113.9", { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await metrics("203.0.113.9", { Authorization: `Basic ${TOKEN}` })).status).toBe(401);
    });
  });

  it("the access rule reads the peer only as the server sets it", () => {
    const at = (peer: string | null, headers: Record<string, string> = {}) =>
      new Request("http://localhost/metrics", { headers: { ...(peer ? { [PEER_ADDRESS_HEADER]: peer } : {}), ...headers } });
    expect(metricsAccess(at("127.0.0.1"), undefined)).toBe("allowed");
    expect(metricsAccess(at("::ffff:127.0.0.1"), undefined)).toBe("allowed");
    expect(metricsAccess(at(null), undefined)).toBe("local_only");
    expect(metricsAccess(at("127.0.0.1", { Forwarded: "for=203.0.113.9" }), undefined)).toBe("local_only");
    expect(metricsAccess(at("127.0.0.1"), TOKEN)).toBe("token_required");
    expect(metricsAccess(at("198.51.100.1", { Authorization: `bearer ${TOKEN}` }), TOKEN)).toBe("allowed");
  });
});

describe("the admin page's Model calls section", () => {
  it("shows the counts and the typical time per purpose in the page itself (no JavaScript needed)", async () => {
    const admin = await createAdmin();
    const response = await sendToApp(getRequest("/admin", { cookie: admin.cookie, headers: DOCUMENT_HEADERS }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">Model calls</h2>");
    const row = /<tr data-purpose="plan">(.*?)<\/tr>/.exec(html)?.[1] ?? "";
    const cells = [...row.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => m[1]);
    expect(cells).toEqual(["Flow plans", "1", "1", "0", "0", "40 s"]);
    expect(html).toContain("No model is configured");
  });

  it("is for admins only", async () => {
    const member = await createUser();
    const response = await sendToApp(getRequest("/admin", { cookie: member.cookie, headers: DOCUMENT_HEADERS }));
    expect(response.status).toBe(403);
  });
});
