/**
 * The harness's flood cases: the requests an outside attacker repeats to exhaust something (the
 * drafts a visitor may store, the password checks a stolen session may make), sent through the
 * same request boundary and server build as the harness walk (./harness.ts), from chosen client
 * addresses. Each case counts what got through and asserts that it is bounded.
 */
import { describe, expect, it, vi } from "vitest";

import { answerSetLength, ANSWER_SET_MAX_CHARS, FIELD_LIMITS } from "~/lib/limits";
import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "~/lib/questionnaire/fields";
import { QuestionnaireDraftModel } from "~/models/questionnaire-draft.server";
import { MAX_FAILED_SIGN_INS, registrationLimit } from "~/services/auth/rate-limit.server";

import { useTestDatabase } from "../../support/db";
import { useEnv, withEnv } from "../../support/env";
import { createUser } from "../../support/factories";
import { send } from "./harness";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined, REGISTRATION_RATE_LIMIT: undefined, VISITOR_DRAFT_LIMIT: undefined });
await useTestDatabase({ clearBeforeEach: true });

const BASE = "http://127.0.0.1:3000";

function api(path: string, method: string, body: unknown, cookie?: string) {
  const headers = new Headers({ Host: "127.0.0.1:3000", Accept: "application/json", "Content-Type": "application/json" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, BASE), { method, headers, body: JSON.stringify(body) });
}

/** Status → how many answers had it. */
function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const TEXT_FIELDS = [...GENERAL_FIELDS, ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS];
/** The attack as reported: every free-text answer at its own limit, about 140 KB, without a cookie. */
const HEAVY = { answers: Object.fromEntries(TEXT_FIELDS.map((field) => [field, "x".repeat(FIELD_LIMITS.textAnswer)])) };
const LIGHT = { answers: { businessType: "eCommerce", industry: "Fitness", companyName: "Flood Ltd" }, step: 2 };

async function storedDrafts() {
  const drafts = await QuestionnaireDraftModel.find({}, { answers: 1 }).lean();
  return { count: drafts.length, chars: drafts.reduce((sum, d) => sum + answerSetLength(d.answers as Record<string, unknown>), 0) };
}

describe("flood: anonymous questionnaire drafts", () => {
  it("cookie-less posts from one address, ~140 KB each and small: a bounded number of drafts of bounded size is stored", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await send(api("/api/questionnaire/draft", "POST", HEAVY), "198.51.100.66")).status);
    for (let i = 0; i < 40; i++) statuses.push((await send(api("/api/questionnaire/draft", "POST", LIGHT), "198.51.100.66")).status);
    const stored = await storedDrafts();
    console.info(
      `[harness] draft flood: ${statuses.length} cookie-less posts from one address → ${JSON.stringify(tally(statuses))}; ${stored.count} drafts, ${stored.chars} characters stored`,
    );

    expect(tally(statuses)).toEqual({ 413: 20, 200: registrationLimit(), 429: 40 - registrationLimit() });
    expect(stored.count).toBe(registrationLimit());
    expect(stored.chars).toBeLessThanOrEqual(stored.count * ANSWER_SET_MAX_CHARS);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("cookie-less posts from many addresses: the total of visitors' drafts stays at the cap", async () => {
    await withEnv({ VISITOR_DRAFT_LIMIT: "20" }, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await send(api("/api/questionnaire/draft", "POST", LIGHT), `203.0.113.${(i % 25) + 1}`)).status);
      const stored = await storedDrafts();
      console.info(`[harness] draft flood from 25 addresses: ${statuses.length} posts → ${JSON.stringify(tally(statuses))}; ${stored.count} drafts stored`);
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(stored.count).toBe(20);
    });
  });
});

describe("flood: the current-password check", () => {
  it("60 wrong current passwords from one stolen session: 10 are checked, the rest refused before any hashing; another user still signs in", async () => {
    const { cookie, user } = await createUser({ password: "the-real-one" });
    const victim = await createUser({ password: "victims-own" });
    const guess = (i: number) => send(api("/api/user/password", "PUT", { currentPassword: `guess-${i}`, newPassword: "taken-over-1" }, cookie), "198.51.100.77");
    // A first wave at once (the limiter's claims are atomic), then the rest one by one.
    const statuses = (await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i)))).map((r) => r.status);
    for (let i = 30; i < 60; i++) statuses.push((await guess(i)).status);
    const signIn = await send(api("/api/auth/login", "POST", { email: victim.user.email, password: "victims-own" }), "192.0.2.10");
    console.info(
      `[harness] password-check flood: ${statuses.length} wrong current passwords from one session → ${JSON.stringify(tally(statuses))}; another user's sign-in: ${signIn.status}`,
    );

    expect(tally(statuses)).toEqual({ 422: MAX_FAILED_SIGN_INS, 429: 60 - MAX_FAILED_SIGN_INS });
    expect(signIn.status).toBe(200);
    // The password was never changed: its owner, elsewhere, still signs in with it.
    const owner = await send(api("/api/auth/login", "POST", { email: user.email, password: "the-real-one" }), "192.0.2.11");
    expect(owner.status).toBe(200);
  });
});
