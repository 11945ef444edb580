import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FetchFailedError, FetchRefusedError, RESEARCH_LIMITS, safeFetch } from "~/services/research/safe-fetch.server";

import { hang, html, loopbackOnlyConnector, redirect, startFixtureSite, tableResolver, type FixtureSite } from "../../support/fixture-site";

import { EMPTY_PAGE, RICH_PAGE } from "./pages";

/**
 * The safe fetch against loopback fixture sites only. Every test passes a resolver from a fixed
 * table (no DNS) and a connect function that throws for anything but 127.0.0.0/8 and ::1, so no
 * test can reach another machine even if the guard under test were broken.
 */

let site: FixtureSite;
const FIVE_MB = 5 * 1024 * 1024;

beforeAll(async () => {
  site = await startFixtureSite({
    "/": html(RICH_PAGE),
    "/empty": html(EMPTY_PAGE),
    "/r1": redirect("/r2"),
    "/r2": redirect("/r3", 301),
    "/r3": redirect("/"),
    "/loop": redirect("/loop"),
    "/to-private": redirect("http://10.0.0.5/admin"),
    "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
    "/to-name": redirect("http://intranet.corp.example/"),
    "/big": (_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.write("<html><head><title>Big page</title></head><body>");
      const chunk = "<p>filler</p>".repeat(8192);
      let sent = 0;
      const pump = () => {
        while (sent < FIVE_MB) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end("</body></html>");
      };
      pump();
    },
    "/slow": hang,
    "/file.pdf": (_request, response) => void response.writeHead(200, { "Content-Type": "application/pdf" }).end("%PDF-1.4"),
    "/json": (_request, response) => void response.writeHead(200, { "Content-Type": "application/json" }).end("{}"),
    "/gone": html("<h1>Gone</h1>", 500),
  });
});

afterAll(async () => {
  await site.close();
});

function options(extra: Parameters<typeof safeFetch>[1] = {}) {
  const guard = loopbackOnlyConnector();
  const resolver = tableResolver({});
  return { guard, resolver, options: { connect: guard.connect, resolve: resolver.resolve, allowedHosts: new Set([site.host]), ...extra } };
}

describe("fetching allowed pages", () => {
  it("reads a rich HTML page", async () => {
    const { guard, options: opts } = options();
    const page = await safeFetch(`${site.origin}/`, opts);
    expect(page.html).toContain("Harbor Goods");
    expect(page.truncated).toBe(false);
    expect(guard.calls).toEqual([{ address: "127.0.0.1", port: site.port, servername: "127.0.0.1" }]);
    expect(guard.refused).toEqual([]);
  });

  it("follows up to five redirects, checking each", async () => {
    const { guard, options: opts } = options();
    const page = await safeFetch(`${site.origin}/r1`, opts);
    expect(page.url).toBe(`${site.origin}/`);
    expect(guard.calls).toHaveLength(4);
  });

  it("refuses a sixth redirect", async () => {
    const { options: opts } = options();
    await expect(safeFetch(`${site.origin}/loop`, opts)).rejects.toThrow(FetchRefusedError);
  });

  it("reads at most 2 MB of a 5 MB page", async () => {
    expect(RESEARCH_LIMITS.maxBytes).toBe(2 * 1024 * 1024);
    const { options: opts } = options();
    const page = await safeFetch(`${site.origin}/big`, opts);
    expect(page.truncated).toBe(true);
    expect(Buffer.byteLength(page.html)).toBeLessThanOrEqual(RESEARCH_LIMITS.maxBytes);
    expect(page.html).toContain("<title>Big page</title>");
  });

  it("gives up on a page that never answers when the time limit passes", async () => {
    expect(RESEARCH_LIMITS.timeoutMs).toBe(10_000);
    const { options: opts } = options({ timeoutMs: 50 });
    await expect(safeFetch(`${site.origin}/slow`, opts)).rejects.toThrow(/took longer than/);
  });

  it("parses only HTML", async () => {
    const { options: opts } = options();
    await expect(safeFetch(`${site.origin}/file.pdf`, opts)).rejects.toThrow(/did not return a web page \(it sent application\/pdf\)/);
    await expect(safeFetch(`${site.origin}/json`, opts)).rejects.toThrow(FetchRefusedError);
  });

  it("reports an error status and an empty page plainly", async () => {
    const { options: opts } = options();
    await expect(safeFetch(`${site.origin}/gone`, opts)).rejects.toThrow(FetchFailedError);
    expect((await safeFetch(`${site.origin}/empty`, opts)).html).toBe(EMPTY_PAGE);
  });
});

describe("refusals: no connection is ever attempted", () => {
  it.each([
    "http://127.0.0.1/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f.0.0.1/",
    "http://localhost/",
    "ftp://example.com/",
    "http://example.com:8080/",
  ])("%s", async (url) => {
    const { guard, resolver, options: opts } = options();
    await expect(safeFetch(url, opts)).rejects.toThrow(FetchRefusedError);
    expect(guard.calls).toEqual([]);
    expect(resolver.lookups).toEqual([]);
  });

  it("refuses a host name that resolves to a private address", async () => {
    const resolver = tableResolver({ "intranet.example.com": ["192.168.1.10"], "mixed.example.com": ["93.184.216.34", "10.0.0.7"], "v6.example.com": ["fd12::1"] });
    const guard = loopbackOnlyConnector();
    for (const host of ["intranet.example.com", "mixed.example.com", "v6.example.com"]) {
      await expect(safeFetch(`https://${host}/`, { resolve: resolver.resolve, connect: guard.connect })).rejects.toThrow(/cannot be researched/);
    }
    expect(guard.calls).toEqual([]);
  });

  it.each(["/to-private", "/to-metadata"])("refuses a redirect to a private address (%s)", async (path) => {
    const { guard, options: opts } = options();
    await expect(safeFetch(`${site.origin}${path}`, opts)).rejects.toThrow(FetchRefusedError);
    expect(guard.calls.map((call) => call.address)).toEqual(["127.0.0.1"]);
  });

  it("re-resolves and re-checks a redirect to a host name", async () => {
    const resolver = tableResolver({ "intranet.corp.example": ["10.1.1.1"] });
    const guard = loopbackOnlyConnector();
    await expect(safeFetch(`${site.origin}/to-name`, { resolve: resolver.resolve, connect: guard.connect, allowedHosts: new Set([site.host]) })).rejects.toThrow(/private address/);
    expect(resolver.lookups).toEqual(["intranet.corp.example"]);
    expect(guard.calls.map((call) => call.address)).toEqual(["127.0.0.1"]);
  });

  it("connects to the address it checked, looking the name up once", async () => {
    const resolver = tableResolver({ "shop.example.com": ["93.184.216.34", "93.184.216.35"] });
    const guard = loopbackOnlyConnector();
    // The guard refuses the public address, so nothing leaves the machine; what matters is where it was sent.
    await expect(safeFetch("https://shop.example.com/", { resolve: resolver.resolve, connect: guard.connect })).rejects.toThrow(FetchFailedError);
    expect(resolver.lookups).toEqual(["shop.example.com"]);
    expect(guard.calls).toEqual([{ address: "93.184.216.34", port: 443, servername: "shop.example.com" }]);
  });

  it("sends the host name in the Host header while connecting to the checked address", async () => {
    const host = `shop.example.com:${site.port}`;
    const resolver = tableResolver({ "shop.example.com": ["127.0.0.1"] });
    const guard = loopbackOnlyConnector();
    const page = await safeFetch(`http://${host}/`, { resolve: resolver.resolve, connect: guard.connect, allowedHosts: new Set([host]) });
    expect(page.html).toContain("Harbor Goods");
    expect(site.requests.at(-1)).toEqual({ path: "/", host });
    expect(guard.calls).toEqual([{ address: "127.0.0.1", port: site.port, servername: "shop.example.com" }]);
  });
});
