/**
 * The fuzz harness's walk of the request boundary itself (tests/integration/security/harness.ts
 * walks every route with every role and hostile bodies; this file adds what reaches the boundary
 * before any route): methods the app does not answer, NUL and undecodable input in paths and
 * queries, on every route and as every kind of caller; the same through the real server, raw
 * over a socket; and a model whose answer stalls, drips or never ends. Every answer must be below
 * 500, carry the security headers, be JSON under /api and a page elsewhere, and leave no stack in
 * the log.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import { inspect } from "node:util";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import { AiFlowMessageModel, AiFlowVersionModel } from "~/models/ai-flow-history.server";
import { FlowGenerationModel } from "~/models/flow-generation.server";
import * as boundary from "~/web/boundary.server";
import { generateFlow } from "~/services/flows/flows.server";
import { offlineProvider } from "~/services/ai/offline.server";

import { createAppServer } from "../../../server/app-server.js";
import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { createAdmin } from "../../support/factories";
import { startOpenAiStub, type OpenAiStub, type StubAnswer } from "../../support/openai-stub";
import { onboardedUser } from "../flows/helpers";
import { build, handle, send, STACK, targets } from "./harness";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });
await useTestDatabase();

const BASE = "http://127.0.0.1:3000";
const SECURITY_HEADERS = ["X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Content-Security-Policy"];
/** Methods a client may send that the app answers nowhere: known to HTTP parsers, or not at all. */
const UNSUPPORTED_METHODS = ["TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL", "LOCK", "PURGE", "FOO", "M-SEARCH"];
/** An id segment the harness puts in place of a route's parameter. */
const PARAM = /^[0-9a-f]{24}$/;

const problems: string[] = [];
let counted = 0;
const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
afterAll(() => errors.mockRestore());

function isApi(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

/** Whether an address answers JSON: the API (its reference page aside) and every other resource route. */
function answersJson(path: string) {
  const pathname = new URL(path, BASE).pathname;
  const target = targets.find((t) => t.url === pathname);
  return target ? target.isResource : isApi(pathname);
}

/** Checks one answer; `expected` is the status it must have, or null for "any below 500". */
async function check(label: string, path: string, response: Response, expected: number | null, json = answersJson(path)) {
  counted++;
  const text = response.status === 204 || response.status === 304 ? "" : await response.text();
  const fail = (why: string) => problems.push(`${label}: ${why} (status ${response.status}) ${text.slice(0, 160)}`);
  // Only the answers documented as 5xx (the 502 of a failed model) may be one.
  if (response.status >= 500 && response.status !== expected) fail("server error");
  if (expected !== null && response.status !== expected) fail(`expected ${expected}`);
  if (STACK.test(text)) fail("stack trace or file path in the body");
  for (const header of SECURITY_HEADERS) if (!response.headers.get(header)) fail(`no ${header}`);
  if (expected !== null) {
    const type = response.headers.get("Content-Type") ?? "";
    if (json && !type.startsWith("application/json")) fail(`not JSON: ${type}`);
    if (json && !(JSON.parse(text) as { message?: unknown }).message) fail("JSON without a message");
    if (!json && !type.startsWith("text/html")) fail(`not a page: ${type}`);
  }
  return { text, headers: response.headers };
}

function get(url: string, cookie: string | null) {
  const headers = new Headers({ Host: "127.0.0.1:3000", Accept: isApi(url) ? "application/json" : "text/html" });
  if (!isApi(url)) headers.set("Sec-Fetch-Dest", "document");
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(url, BASE), { headers });
}

/** The route's URL with its id parameters (or, without any, its last segment) replaced by `value`. */
function withPathValue(url: string, value: string) {
  const segments = url.split("/");
  if (segments.some((s) => PARAM.test(s))) return segments.map((s) => (PARAM.test(s) ? value : s)).join("/");
  return url === "/" ? `/${value}` : `${url}${value}`;
}

describe("the request boundary under hostile addresses and methods (every route)", () => {
  it("answers a method the app does not answer with 405 and Allow on every route, before any route runs", () => {
    for (const target of targets) {
      for (const method of UNSUPPORTED_METHODS) {
        const response = boundary.unsupportedMethodResponse(build, method, target.url);
        counted++;
        if (!response) {
          problems.push(`${method} ${target.url}: not refused`);
          continue;
        }
        if (response.status !== 405) problems.push(`${method} ${target.url}: ${response.status}, expected 405`);
        const allow = response.headers.get("Allow") ?? "";
        if (!/^[A-Z]+(, [A-Z]+)*$/.test(allow)) problems.push(`${method} ${target.url}: Allow is "${allow}"`);
        if (allow.includes(method)) problems.push(`${method} ${target.url}: Allow lists it`);
        for (const header of SECURITY_HEADERS) if (!response.headers.get(header)) problems.push(`${method} ${target.url}: no ${header}`);
        const type = response.headers.get("Content-Type") ?? "";
        if (target.isResource !== type.startsWith("application/json")) problems.push(`${method} ${target.url}: ${type}`);
      }
      // And the methods it does answer are left to the app.
      for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        if (boundary.unsupportedMethodResponse(build, method, target.url)) problems.push(`${method} ${target.url}: refused`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("answers NUL and undecodable input in paths and queries with 400 / 422, as every caller", async () => {
    // Refused before any route reads the address, whoever asks: signed out and Admin (who reaches every route).
    const admin = await createAdmin();
    const callers: Array<[string, string | null]> = [
      ["signed out", null],
      ["admin", admin.cookie],
    ];
    for (const target of targets) {
      for (const [role, cookie] of callers) {
        for (const bad of ["%00", "%ED%A0%80", "%C0%AF"]) {
          const url = withPathValue(target.url, bad);
          // A path that does not read matches no route: JSON under /api, a page elsewhere.
          await check(`GET ${url} as ${role}`, url, await send(get(url, cookie)), 400, isApi(url));
        }
        for (const query of ["q=%00", "query=%00&page=1", "sort=name%00", "%00=x"]) {
          const url = `${target.url}?${query}`;
          await check(`GET ${url} as ${role}`, url, await send(get(url, cookie)), 422);
        }
        // Undecodable bytes in a query are read as replacement characters: whatever the route answers, never a 5xx.
        for (const query of ["q=%ED%A0%80&sort=%E2%82", "query=%ff%fe&page=%C0"]) {
          const url = `${target.url}?${query}`;
          await check(`GET ${url} as ${role}`, url, await send(get(url, cookie)), null);
        }
      }
    }
    // A list's search with NUL, named in the issue: a field error for the parameter.
    const nul = await send(get("/api/admin/users?query=%00", admin.cookie));
    expect(nul.status).toBe(422);
    expect(await nul.json()).toEqual({
      message: boundary.NUL_IN_QUERY_MESSAGE,
      errors: { query: boundary.NUL_IN_QUERY_MESSAGE },
      code: "VALIDATION_FAILED",
      requestId: nul.headers.get("X-Request-Id"),
    });
    expect(problems).toEqual([]);
    expect(errors.mock.calls.map((call) => inspect(call[0], { depth: 2 }).slice(0, 300))).toEqual([]);
  }, 300_000);
});

describe("the real server, raw over a socket", () => {
  let port = 0;
  const server = createAppServer({ handleRequest: handle, boundary, build });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends raw request bytes and reads the whole answer (the server closes or the answer is complete). */
  function raw(head: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let data = "";
      const finish = () => {
        const [top = "", ...rest] = data.split("\r\n\r\n");
        const [statusLine = "", ...lines] = top.split("\r\n");
        const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
        resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
      };
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        data += chunk;
        const [top, ...rest] = data.split("\r\n\r\n");
        const length = /\r\ncontent-length: *(\d+)/i.exec(top ?? "")?.[1];
        if (length !== undefined && Buffer.byteLength(rest.join("\r\n\r\n"), "latin1") >= Number(length)) {
          socket.destroy();
          finish();
        }
      });
      socket.on("end", finish);
      socket.on("error", reject);
      socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
  }

  it.each([
    ["TRACE /", 405, "html"],
    ["TRACE /api/auth/user", 405, "json"],
    ["TRACK /dashboard", 405, "html"],
    ["FOO /api/ai-flows/generate", 405, "json"],
    ["PROPFIND /login", 405, "html"],
    ["CONNECT 127.0.0.1:9", 405, "html"],
    ["GET /api/ai-flows/%ED%A0%80", 400, "json"],
    ["GET /dashboard/%ff", 400, "html"],
    ["GET /%ED%A0%80", 400, "html"],
    ["GET /build/%ff.js", 400, "html"],
    ["GET /api/admin/users?query=%00", 422, "json"],
    ["GET /api/admin/flow-mappings?q=%00", 422, "json"],
    ["GET /api/admin/onboarding-responses?q=%00", 422, "json"],
    ["GET /admin/users?q=%00", 422, "html"],
  ] as const)("%s → %i, %s, with the security headers and no stack in the log", async (line, status, kind) => {
    errors.mockClear();
    const answer = await raw(`${line} HTTP/1.1`);
    counted++;
    expect(answer.status).toBe(status);
    expect(answer.headers.get("content-type")).toMatch(kind === "json" ? /^application\/json/ : /^text\/html/);
    for (const header of SECURITY_HEADERS) expect(answer.headers.get(header.toLowerCase()), header).toBeTruthy();
    if (status === 405) expect(answer.headers.get("allow")).toMatch(/GET|POST/);
    expect(answer.body).not.toMatch(STACK);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("a model whose answer stalls, drips or never ends (through the API)", () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(() => stub.close());
  // The smallest timeout the settings accept: each case waits for the 502, never for a clock.
  useEnv(() => ({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: stub.baseURL, OPENAI_MODEL: "stub-model", OPENAI_TIMEOUT_MS: "1000" }));

  const CASES: Array<[string, StubAnswer]> = [
    ["stalls after the headers", { kind: "stall-after-headers" }],
    ["drips a byte at a time", { kind: "drip", everyMs: 50 }],
    ["is 200 MB long", { kind: "huge", bytes: 200 * 1024 * 1024 }],
  ];

  function post(path: string, cookie: string, body: unknown) {
    const headers = new Headers({ Host: "127.0.0.1:3000", Accept: "application/json", "Content-Type": "application/json", Cookie: cookie });
    return new Request(new URL(path, BASE), { method: "POST", headers, body: JSON.stringify(body) });
  }

  it.each(CASES)("generate and regenerate when the answer %s → 502, nothing stored", async (_name, answer) => {
    const { user, cookie } = await onboardedUser({ premium: true });
    stub.script(answer);
    const generated = await send(post("/api/ai-flows/generate", cookie, { flowType: "onboarding" }));
    const { text } = await check(`generate (${_name})`, "/api/ai-flows/generate", generated, 502);
    expect(JSON.parse(text)).toMatchObject({ message: "Failed to generate AI flow. Please try again." });
    expect(await AiGeneratedFlowModel.countDocuments({ userId: user.id })).toBe(0);
    expect(await FlowGenerationModel.countDocuments({ userId: user.id })).toBe(0);

    const flow = await generateFlow({ user: { id: user.id, isPremium: true }, input: { flowType: "lead_nurture" } }, { provider: offlineProvider });
    const before = await AiGeneratedFlowModel.findById(flow.id).lean();
    stub.script(answer);
    const regenerated = await send(post(`/api/ai-flows/${flow.id}/regenerate`, cookie, { feedback: "shorter" }));
    const second = await check(`regenerate (${_name})`, "/api/ai-flows/x/regenerate", regenerated, 502);
    expect(JSON.parse(second.text)).toMatchObject({ message: "There was an error regenerating your flow. Please try again." });
    expect(await AiGeneratedFlowModel.findById(flow.id).lean()).toEqual(before);
    expect(await AiFlowVersionModel.countDocuments({ flowId: flow.id })).toBe(0);
    expect(await AiFlowMessageModel.countDocuments({ flowId: flow.id })).toBe(0);
    expect(problems).toEqual([]);
  });
});

afterAll(() => {
  console.info(`[harness] boundary: ${counted} hostile requests over ${targets.length} routes`);
});
