/**
 * Password reset through a real SMTP server on 127.0.0.1 started here (smtp-server): the email
 * holds a link that works once, for an hour; the answer is the same whether or not the email has
 * an account; requests are rate-limited; a reset revokes every session and access token. With no
 * SMTP_URL the link goes to the server log and the page says so.
 */
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { useEnv } from "../../support/env";

interface Received {
  to: string[];
  body: string;
}
const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (body += chunk));
    stream.on("end", () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: "Flowmap <no-reply@flowmap.example>", APP_URL: "https://flowmap.example" });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { apiBody, args, dataOf, formRequest, getRequest, jsonRequest, statusOf, toastOf } = await import("../../support/requests");
const forgotApi = await import("~/routes/api+/auth.forgot-password");
const resetApi = await import("~/routes/api+/auth.reset-password");
const loginApi = await import("~/routes/api+/auth.login");
const authUser = await import("~/routes/api+/auth.user");
const tokensRoute = await import("~/routes/api+/user.tokens");
const forgotPage = await import("~/routes/_auth+/forgot-password");
const resetPage = await import("~/routes/_auth+/reset-password");
const usersPage = await import("~/routes/_app+/admin.users");
const { createAdmin } = await import("../../support/factories");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");
const { sendToApp } = await import("../../support/in-process-app");
const { url } = await import("../../support/requests");
const { PASSWORD_MIN_LENGTH, PASSWORD_RULE } = await import("~/lib/schemas/auth");
const { PasswordResetModel } = await import("~/models/password-reset.server");
const { AuditLogModel } = await import("~/models/audit-log.server");
const { PASSWORD_RESET_LIMITS, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, requestPasswordReset, resetPassword } = await import("~/services/auth/password-reset.server");

await useTestDatabase({ clearBeforeEach: true });

beforeAll(() => {
  inbox.length = 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

type Handler = (a: ReturnType<typeof args>) => Promise<Response> | Response;
const post = (handler: Handler, path: string, body: unknown, options: Parameters<typeof jsonRequest>[1] = {}) =>
  handler(args(jsonRequest(path, { method: "POST", body, ...options })));

/** Waits until the SMTP server has received `count` messages in all (no timers: the arrival is the state waited for). */
async function mailArrives(count: number) {
  await vi.waitFor(() => expect(inbox.length).toBeGreaterThanOrEqual(count), { timeout: 10_000, interval: 20 });
  return inbox[count - 1]!;
}

function linkIn(mail: Received) {
  const unfolded = mail.body.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https:\/\/flowmap\.example\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(unfolded);
  expect(match, unfolded).not.toBeNull();
  return new URL(match![0]);
}

/** Each test speaks from its own address, so the per-address limit of one does not touch another. */
let address = 10;
const nextClient = () => ({ [PEER_ADDRESS_HEADER]: `203.0.113.${address++}` });

describe("password reset by email", () => {
  it("emails a single-use link that sets the password and revokes every session and token", async () => {
    const person = await createUser();
    const token = await apiBody<{ token: string }>(await post(tokensRoute.action, "/api/user/tokens", { name: "script" }, { cookie: person.cookie }));
    const before = inbox.length;
    const asked = await post(forgotApi.action, "/api/auth/forgot-password", { email: person.user.email.toUpperCase() }, { headers: nextClient() });
    expect(asked.status).toBe(202);
    expect(await apiBody(asked)).toEqual({ message: RESET_REQUESTED_MESSAGE });

    const mail = await mailArrives(before + 1);
    expect(mail.to).toEqual([person.user.email]);
    expect(mail.body).toContain("From: Flowmap <no-reply@flowmap.example>");
    const link = linkIn(mail);
    // Only a hash of the secret is stored.
    expect(JSON.stringify(await PasswordResetModel.find({}).lean())).not.toContain(link.searchParams.get("token"));

    // Opening the link does not use it up.
    const opened = dataOf(await resetPage.loader(args(getRequest(`${link.pathname}${link.search}`)))) as { live: boolean };
    expect(opened.live).toBe(true);
    // The page states the password rule before anything is typed, and leads back to sign in.
    const page = await (await sendToApp(new Request(url(`${link.pathname}${link.search}`)))).text();
    expect(PASSWORD_RULE).toContain(String(PASSWORD_MIN_LENGTH));
    const ruleId = new RegExp(`<p id="([^"]+)"[^>]*>${PASSWORD_RULE.replace(".", "\\.")}</p>`).exec(page)?.[1];
    expect(ruleId).toBeDefined();
    const input = /<input[^>]*name="newPassword"[^>]*>/.exec(page)?.[0] ?? "";
    expect(input).toMatch(new RegExp(`aria-describedby="[^"]*${ruleId}`));
    expect(page).toMatch(/<a[^>]*href="\/login"[^>]*>Back to sign in<\/a>/);
    const done = (await resetPage.action(
      args(formRequest("/reset-password", { token: link.searchParams.get("token")!, newPassword: "a fresh secret", confirmPassword: "a fresh secret" })),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await toastOf(done)).toMatchObject({ title: "Password changed" });

    expect((await post(authUser.loader, "/api/auth/user", undefined, { method: "GET", cookie: person.cookie })).status).toBe(401);
    expect((await post(authUser.loader, "/api/auth/user", undefined, { method: "GET", headers: { Authorization: `Bearer ${token.token}` } })).status).toBe(401);
    expect((await post(loginApi.action, "/api/auth/login", { email: person.user.email, password: "a fresh secret" }, { headers: nextClient() })).status).toBe(200);

    // A second use is refused, and the page says the link no longer works.
    const again = await post(resetApi.action, "/api/auth/reset-password", { token: link.searchParams.get("token"), newPassword: "another secret" });
    expect(again.status).toBe(422);
    expect(await apiBody(again)).toMatchObject({ errors: { token: RESET_LINK_INVALID_MESSAGE } });
    expect((dataOf(await resetPage.loader(args(getRequest(`${link.pathname}${link.search}`)))) as { live: boolean }).live).toBe(false);
  });

  it("a link stops working after 1 hour", async () => {
    const person = await createUser();
    const before = inbox.length;
    const t0 = new Date();
    const { sending } = await requestPasswordReset({ client: "198.51.100.1", input: { email: person.user.email }, now: t0 });
    await sending;
    const token = linkIn(await mailArrives(before + 1)).searchParams.get("token")!;
    const late = new Date(t0.getTime() + PASSWORD_RESET_LIMITS.linkLifetimeMs);
    await expect(resetPassword({ client: "198.51.100.1", input: { token, newPassword: "too late now" }, now: late })).rejects.toMatchObject({ kind: "validation" });
    const justInTime = new Date(late.getTime() - 1);
    await expect(resetPassword({ client: "198.51.100.1", input: { token, newPassword: "just in time" }, now: justInTime })).resolves.toBeTruthy();
  });

  it("answers the same for an email without an account, and sends nothing", async () => {
    const person = await createUser();
    const first = inbox.length;
    const unknown = await post(forgotApi.action, "/api/auth/forgot-password", { email: "nobody.here@example.com" }, { headers: nextClient() });
    const known = await post(forgotApi.action, "/api/auth/forgot-password", { email: person.user.email }, { headers: nextClient() });
    expect(unknown.status).toBe(known.status);
    expect(await apiBody(unknown)).toEqual(await apiBody(known));
    expect((await mailArrives(first + 1)).to).toEqual([person.user.email]);
    const before = inbox.length;
    const { sending } = await requestPasswordReset({ client: "198.51.100.2", input: { email: "nobody.else@example.com" } });
    await sending;
    expect(inbox.slice(before).some((mail) => mail.to.includes("nobody.else@example.com"))).toBe(false);
    expect(await PasswordResetModel.countDocuments({})).toBe(1);
  });

  it("is rate-limited: a 429 past 5 requests from one address in 15 minutes; past 3 emails an hour to one address, the same answer and no email", async () => {
    const client = nextClient();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perAddress.max; i++) {
      expect((await post(forgotApi.action, "/api/auth/forgot-password", { email: `someone${i}@example.com` }, { headers: client })).status).toBe(202);
    }
    const limited = await post(forgotApi.action, "/api/auth/forgot-password", { email: "someone@example.com" }, { headers: client });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);

    const person = await createUser();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail.max + 2; i++) {
      const { sending } = await requestPasswordReset({ client: `198.51.100.${20 + i}`, input: { email: person.user.email } });
      await sending;
    }
    expect(await PasswordResetModel.countDocuments({ userId: person.user.id })).toBe(PASSWORD_RESET_LIMITS.perEmail.max);
  });

  it("works as a plain form post: the same message on the page, no operator note when mail is set up, and the email goes out", async () => {
    const person = await createUser();
    const before = inbox.length;
    const result = await forgotPage.action(args(formRequest("/forgot-password", { email: person.user.email }, { headers: nextClient() })));
    expect(statusOf(result)).toBe(200);
    expect(dataOf(result)).toMatchObject({ sent: { message: RESET_REQUESTED_MESSAGE, mailConfigured: true } });
    expect((await mailArrives(before + 1)).to).toEqual([person.user.email]);
  });

  it("with no SMTP_URL the link goes to the server log, and the page tells the operator so", async () => {
    const configured = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    const logged = vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      const person = await createUser();
      const before = inbox.length;
      const result = await forgotPage.action(args(formRequest("/forgot-password", { email: person.user.email }, { headers: nextClient() })));
      expect(dataOf(result)).toMatchObject({ sent: { message: RESET_REQUESTED_MESSAGE, mailConfigured: false } });
      await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
      const line = logged.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(line).toContain(`To: ${person.user.email}`);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1];
      expect(token).toBeTruthy();
      expect((await post(resetApi.action, "/api/auth/reset-password", { token, newPassword: "from the log" })).status).toBe(200);
      expect(inbox.length).toBe(before);
    } finally {
      logged.mockRestore();
      process.env.SMTP_URL = configured;
    }
  });

  it("an Admin makes a reset link from the Users page; it is shown, not emailed, and audited", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const before = inbox.length;
    const result = await usersPage.action(args(formRequest("/admin/users", { intent: "reset-link", id: person.user.id }, { cookie: admin.cookie })));
    expect(statusOf(result)).toBe(200);
    const { resetLink } = dataOf(result) as { resetLink: { email: string; url: string } };
    expect(resetLink).toMatchObject({ email: person.user.email, url: expect.stringMatching(/^https:\/\/flowmap\.example\/reset-password\?token=/) });
    expect(await AuditLogModel.countDocuments({ action: "reset_link", entityId: person.user.id, actorId: admin.user.id })).toBe(1);
    const token = new URL(resetLink.url).searchParams.get("token");
    expect((await post(resetApi.action, "/api/auth/reset-password", { token, newPassword: "set by link" })).status).toBe(200);
    expect(inbox.length).toBe(before);
  });
});
