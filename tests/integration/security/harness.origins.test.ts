/**
 * The fuzz harness's origin walk: every route of the app, served by the project's real HTTP server
 * (server/app-server.js) on loopback and spoken to in raw HTTP/1.1, so that what only exists on the
 * wire can be sent: `//host` and `/\host` paths, absolute-form targets (`GET http://evil/…`), a
 * foreign Host and X-Forwarded-Host. No answer may send anyone to another host, name that host, or
 * build the provider's return address from it; an https target over plain HTTP gets no Secure
 * cookie; and `GET /api/logout` signs out only for this site's own navigations.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";

import { afterAll, describe, expect, it, vi } from "vitest";

import { createAppServer } from "../../../server/app-server.js";
import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { createUser, signIn } from "../../support/factories";
import { startOAuthProvider } from "../../support/oauth-provider";
import { harness } from "./harness";

const boundary = await import("~/web/boundary.server");
const { SessionModel } = await import("~/models/session.server");

const provider = await startOAuthProvider();
const server = createAppServer({ handleRequest: harness.handle, boundary, build: harness.build });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
const SITE = `http://127.0.0.1:${port}`;
const EVIL = "evil.example";

useEnv({ ...provider.env(), APP_URL: SITE, OAUTH_REDIRECT_URI: undefined, ADMIN_EMAILS: undefined, TRUST_PROXY: undefined, COOKIE_SECURE: undefined });
await useTestDatabase();
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await provider.close();
});

interface Answer {
  status: number;
  headers: Map<string, string[]>;
  body: string;
}

let requestCount = 0;

/** One raw HTTP/1.1 exchange on its own connection: the request line is sent exactly as given. */
function raw(method: string, target: string, headers: Record<string, string> = {}, body = ""): Promise<Answer> {
  requestCount++;
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${headers.Host ?? `127.0.0.1:${port}`}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) if (name !== "Host") lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine, ...headerLines] = text.slice(0, split).split("\r\n");
      const parsed = new Map<string, string[]>();
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        parsed.set(name, [...(parsed.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers: parsed, body: text.slice(split + 4) });
    });
    // Written, not ended: the server closes the connection once it has answered (Connection: close).
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

const header = (answer: Answer, name: string) => answer.headers.get(name.toLowerCase())?.[0] ?? null;
const cookiesOf = (answer: Answer) => answer.headers.get("set-cookie") ?? [];

const problems: string[] = [];
/** What every answer must be, whatever was sent: no server error, the security headers, and no trace of the foreign host. */
function check(label: string, answer: Answer) {
  const fail = (why: string) => problems.push(`${label}: ${why} (status ${answer.status})`);
  if (!(answer.status >= 200 && answer.status < 500)) fail("no answer below 500");
  if (!header(answer, "content-security-policy")) fail("no Content-Security-Policy");
  const location = header(answer, "location");
  if (location) {
    const target = new URL(location, SITE);
    if (target.origin !== SITE && target.origin !== provider.url) fail(`redirects to another host: ${location}`);
    if (location.startsWith("//") || location.startsWith("/\\")) fail(`a Location a browser reads as another host: ${location}`);
    const returnTo = target.searchParams.get("redirect_uri");
    if (returnTo !== null && returnTo !== `${SITE}/api/login/callback`) fail(`provider return address ${returnTo}`);
  }
  if (location?.includes(EVIL) && !location.startsWith(`/${EVIL}`)) fail(`Location names ${EVIL}: ${location}`);
  if (answer.body.includes(EVIL)) fail(`the body names ${EVIL}`);
  for (const cookie of cookiesOf(answer)) if (/;\s*Secure/i.test(cookie)) fail(`a Secure cookie over plain HTTP: ${cookie}`);
}

const SPOOFS: Array<[string, (url: string) => [string, Record<string, string>]]> = [
  ["absolute-form target", (url) => [`http://${EVIL}${url}`, {}]],
  ["absolute-form https target", (url) => [`https://${EVIL}:443${url}`, {}]],
  ["foreign Host", (url) => [url, { Host: EVIL }]],
  ["untrusted X-Forwarded-Host/Proto", (url) => [url, { "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" }]],
];
const DOUBLE_SLASHES = [`//${EVIL}`, `/\\${EVIL}`, `///${EVIL}`, `/\\/${EVIL}`];

describe("every route × hostile request targets and Host headers, through the real server", () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  afterAll(() => errors.mockRestore());

  it("never sends anyone to another host, names it, builds the provider's return address from it, or sets Secure cookies over plain HTTP", async () => {
    requestCount = 0;
    const user = await createUser();
    const callers: Array<[string, Record<string, string>]> = [
      ["signed out", { Accept: "text/html" }],
      ["signed in", { Accept: "text/html", Cookie: user.cookie }],
    ];
    const getTargets = harness.targets.filter((t) => t.url !== "/api/logout");
    let spoofed = 0;
    let doubled = 0;
    for (const target of getTargets) {
      for (const [who, headers] of callers) {
        const baseline = await raw("GET", target.url, headers);
        check(`GET ${target.url} as ${who}`, baseline);
        // Signed in, the two that reach every page as its owner; signed out, all of them.
        for (const [name, spoof] of who === "signed out" ? SPOOFS : SPOOFS.slice(0, 3).filter((_, i) => i !== 1)) {
          const [requestTarget, extra] = spoof(target.url);
          const answer = await raw("GET", requestTarget, { ...headers, ...extra });
          spoofed++;
          check(`GET ${requestTarget} (${name}) as ${who}`, answer);
          // The app answers as for the plain path: the target's host and the Host header change nothing.
          if (answer.status !== baseline.status) problems.push(`GET ${requestTarget} (${name}) as ${who}: ${answer.status}, the plain path gave ${baseline.status}`);
        }
      }
      for (const prefix of DOUBLE_SLASHES) {
        const answer = await raw("GET", `${prefix}${target.url}`);
        doubled++;
        check(`GET ${prefix}${target.url}`, answer);
        if (answer.status !== 308 || header(answer, "location") !== `/${prefix.replace(/^[/\\]+/, "")}${target.url}`)
          problems.push(`GET ${prefix}${target.url}: expected 308 to the one-slash path, got ${answer.status} ${header(answer, "location")}`);
      }
    }

    // Posts too: a double-slash or absolute-form post is answered the same way, never by another host.
    for (const target of harness.targets.filter((t) => t.isResource && typeof t.module.action === "function" && t.url !== "/api/logout")) {
      for (const requestTarget of [`//${EVIL}${target.url}`, `http://${EVIL}${target.url}`]) {
        const answer = await raw("POST", requestTarget, { "Content-Type": "application/json", Cookie: user.cookie }, "{}");
        spoofed++;
        check(`POST ${requestTarget}`, answer);
      }
    }

    console.info(`[harness] origins: ${requestCount} requests over ${getTargets.length} routes (${spoofed} spoofed targets and Hosts, ${doubled} double-slash paths)`);
    expect(problems).toEqual([]);
    expect(getTargets.length).toBeGreaterThanOrEqual(30);
    expect(spoofed).toBeGreaterThanOrEqual(getTargets.length * (SPOOFS.length + 2));
    expect(errors.mock.calls).toEqual([]);
  }, 120_000);

  it("sends the provider this site's return address whatever the target or Host said", async () => {
    for (const [requestTarget, headers] of [
      [`//${EVIL}/api/login`, {}],
      [`http://${EVIL}/api/login`, {}],
      ["/api/login", { Host: EVIL }],
      ["/api/login", { Host: `${EVIL}:${port}`, "X-Forwarded-Host": EVIL }],
    ] as Array<[string, Record<string, string>]>) {
      let answer = await raw("GET", requestTarget, headers);
      if (answer.status === 308) answer = await raw("GET", header(answer, "location") ?? "", headers);
      const location = header(answer, "location") ?? "";
      if (location.startsWith(provider.url)) {
        expect(new URL(location).searchParams.get("redirect_uri")).toBe(`${SITE}/api/login/callback`);
      } else {
        // `//evil.example/api/login` became `/evil.example/api/login`: a page of this site (404), not the sign-in.
        expect(answer.status, `${requestTarget} → ${answer.status} ${location}`).toBe(404);
      }
    }
  });

  it("an https absolute-form sign-up over plain HTTP gets cookies without Secure (they would be dropped or leak)", async () => {
    const email = `abs.${Date.now().toString(36)}@example.com`;
    const answer = await raw(
      "POST",
      `https://127.0.0.1:${port}/api/auth/register`,
      { "Content-Type": "application/json", Accept: "application/json" },
      JSON.stringify({ firstName: "Abs", lastName: "Form", email, password: "secret1" }),
    );
    expect(answer.status).toBe(201);
    const session = cookiesOf(answer).find((c) => c.startsWith("fm_session="));
    expect(session).toBeTruthy();
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});

describe("GET /api/logout through the real server", () => {
  const FOREIGN: Array<[string, Record<string, string>]> = [
    ["a foreign Referer, no Sec-Fetch-Site", { Referer: `https://${EVIL}/page` }],
    ["a foreign Referer from another port of this host", { Referer: `http://127.0.0.1:${port + 1}/` }],
    ["no Referer and no Sec-Fetch-Site", {}],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site", Referer: `http://sub.127.0.0.1:${port}/` }],
    ["a look-alike Referer (this host as a subdomain of another)", { Referer: `http://127.0.0.1.${EVIL}:${port}/user-settings` }],
  ];
  const OWN: Array<[string, Record<string, string>]> = [
    ["this site's page as Referer (no Sec-Fetch-Site: an older browser, JavaScript off)", { Referer: `${SITE}/user-settings` }],
    ["Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin", Referer: `${SITE}/user-settings` }],
    ["Sec-Fetch-Site: none (typed or bookmarked)", { "Sec-Fetch-Site": "none" }],
  ];

  it.each(FOREIGN)("%s: signs nobody out", async (_name, headers) => {
    const { cookie, sessionId } = await createUser();
    const answer = await raw("GET", "/api/logout", { Accept: "text/html", Cookie: cookie, ...headers });
    const found = problems.length;
    check(`GET /api/logout (${_name})`, answer);
    expect(problems.slice(found)).toEqual([]);
    expect(answer.status).toBe(302);
    expect(cookiesOf(answer).filter((c) => c.startsWith("fm_session="))).toEqual([]);
    expect(await SessionModel.exists({ _id: sessionId })).not.toBeNull();
  });

  it.each(OWN)("%s: signs out", async (_name, headers) => {
    const { user } = await createUser();
    const { cookie, sessionId } = await signIn(user.id);
    const answer = await raw("GET", "/api/logout", { Accept: "text/html", Cookie: cookie, ...headers });
    expect(answer.status).toBe(302);
    expect(header(answer, "location")).toBe("/");
    expect(cookiesOf(answer).some((c) => /^fm_session=;/.test(c))).toBe(true);
    expect(await SessionModel.exists({ _id: sessionId })).toBeNull();
  });
});

/** Whether `text` holds one whole HTTP/1.1 answer (by its Content-Length, or chunked to its last chunk). */
function answerComplete(text: string) {
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) return false;
  const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, split));
  if (length) return Buffer.byteLength(text.slice(split + 4), "latin1") >= Number(length[1]);
  return text.endsWith("\r\n0\r\n\r\n");
}

/**
 * Two requests on one kept-alive connection: `method target` with `body`, then `GET /healthz`
 * once the first answer is complete. The second is answered only if the server read the first
 * request's body to its end; a connection left stuck is closed by the server later, unanswered.
 */
function thenHealthz(method: string, target: string, body: string): Promise<{ first: number; second: number | null; error: string | null }> {
  requestCount++;
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Content-Type: application/json",
    "Accept: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let first: number | null = null;
    let error: string | null = null;
    const statuses = () => [...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((match) => Number(match[1]));
    const done = () => {
      const [one, two] = statuses();
      socket.destroy();
      resolve({ first: one ?? 0, second: two ?? null, error });
    };
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      const seen = statuses();
      if (first === null && seen.length === 1 && answerComplete(text)) {
        first = seen[0]!;
        socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      }
      if (seen.length === 2) done();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", done);
    socket.write(`${head.join("\r\n")}\r\n\r\n${body}`);
  });
}

describe("large bodies a route refuses unread, through the real server", () => {
  it("every API write that needs sign-in answers a signed-out 219 KB body with 401 and reads it, so the connection stays usable", async () => {
    const body = JSON.stringify({ name: "x".repeat(219 * 1024) });
    const writes = harness.targets.filter((t) => t.isResource && t.access !== "public" && t.url.startsWith("/api/"));
    const found = problems.length;
    let sent = 0;
    for (const target of writes) {
      for (const method of ["POST", "PUT", "PATCH"]) {
        const { first, second, error } = await thenHealthz(method, target.url, body);
        sent++;
        if (![401, 405].includes(first)) problems.push(`${method} ${target.url} with 219 KB signed out: expected 401 or 405, got ${first} ${error ?? ""}`);
        if (second !== 200) problems.push(`${method} ${target.url} with 219 KB signed out: the next request on the connection got ${second ?? "no answer"} ${error ?? ""}`);
        // One stuck connection costs the server's keep-alive timeout: a few are enough to tell.
        if (problems.length - found >= 3) break;
      }
      if (problems.length - found >= 3) break;
    }
    console.info(`[harness] origins: ${sent} signed-out 219 KB writes over ${writes.length} routes, each followed by a request on its connection`);
    expect(problems.slice(found)).toEqual([]);
    expect(sent).toBeGreaterThan(30);
  }, 60_000);
});
