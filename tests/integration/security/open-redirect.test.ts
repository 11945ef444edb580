import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createUser } = await import("../../support/factories");
const { args, formRequest, getRequest, statusOf, headersOf } = await import("../../support/requests");
const { action: loginAction, loader: loginLoader } = await import("~/routes/_auth+/login");
const { action: registerAction } = await import("~/routes/_auth+/register");
const { safeRedirect } = await import("~/lib/safe-redirect");
const { PEER_ADDRESS_HEADER } = await import("~/web/client.server");

await useTestDatabase({ clearBeforeEach: true });

/**
 * Known open-redirect payloads: each would send a user to evil.com (or run script) if followed.
 * Encodings, backslashes, tabs and newlines, dot-segments, `@`, schemes.
 */
const PAYLOADS = [
  "//evil.com",
  "///evil.com",
  "////evil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "/.//evil.com",
  "/..//evil.com",
  "/a/..//evil.com",
  "/a/b/../..//evil.com",
  "/././/evil.com",
  "/%2e//evil.com",
  "/%2E//evil.com",
  "/%2e%2e//evil.com",
  "/.%2e//evil.com",
  "/a/%2e%2e//evil.com",
  "/%2f/evil.com",
  "/%2F%2Fevil.com",
  "/%5cevil.com",
  "/%5C%5Cevil.com",
  "/\tevil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "/%09/evil.com",
  "/%0a/evil.com",
  "/%0d%0a/evil.com",
  " //evil.com",
  "\t//evil.com",
  "https://evil.com",
  "http://evil.com",
  "HTTPS://evil.com",
  "//evil.com@flowmap.test",
  "/@evil.com",
  "//user@evil.com",
  "http:/evil.com",
  "https:evil.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.com",
  "/\u3002evil.com/..//evil.com",
  "//evil%E3%80%82com",
  "/./\\evil.com",
  "/..\\/evil.com",
  "\u0000//evil.com",
  "/\u0000/evil.com",
  "//\u0009evil.com",
];

/** A Location is safe when a browser resolves it on this site. */
function staysOnSite(location: string | null) {
  expect(location).toBeTruthy();
  const resolved = new URL(location!, "https://flowmap.test/login");
  expect(resolved.origin).toBe("https://flowmap.test");
  expect(location!.startsWith("//")).toBe(false);
  expect(location!.startsWith("/\\")).toBe(false);
  expect(/[\u0000-\u001f\\]/.test(location!)).toBe(false);
}

describe("safe-redirect judges the normalized path", () => {
  it(`has at least 40 payloads (${PAYLOADS.length})`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAYLOADS.map((p) => [JSON.stringify(p), p]))("%s stays on the site", (_label, payload) => {
    const result = safeRedirect(payload);
    staysOnSite(result);
    // The result is a fixed point: judging it again changes nothing.
    expect(safeRedirect(result)).toBe(result);
  });

  it("keeps real paths with their query and fragment", () => {
    expect(safeRedirect("/user-settings?tab=password#form")).toBe("/user-settings?tab=password#form");
    expect(safeRedirect("/onboarding/answers")).toBe("/onboarding/answers");
    expect(safeRedirect("/a/../dashboard")).toBe("/dashboard");
  });
});

/**
 * A form field holding NUL is refused outright (422, no redirect at all), which is as safe as a
 * redirect home; anything else must redirect.
 */
async function refusedOrRedirect(payload: string, run: () => Promise<unknown>) {
  const outcome = await run().catch((thrown: unknown) => thrown);
  if (payload.includes("\u0000") && statusOf(outcome) === 422) return null;
  return outcome;
}

describe("every redirect after sign-in stays on the site", () => {
  it("GET /login while signed in", async () => {
    const { cookie } = await createUser();
    for (const payload of PAYLOADS) {
      const thrown = await loginLoader(
        args(
          getRequest(`/login?${new URLSearchParams({ redirectTo: payload })}`, {
            cookie,
          }),
        ),
      ).catch((e: unknown) => e);
      expect(thrown, payload).toBeInstanceOf(Response);
      staysOnSite((thrown as Response).headers.get("Location"));
    }
  });

  it("POST /login", async () => {
    const { user, password } = await createUser();
    for (const payload of PAYLOADS) {
      const response = await refusedOrRedirect(payload, () =>
        loginAction(
          args(
            formRequest("/login", {
              email: user.email,
              password,
              redirectTo: payload,
            }),
          ),
        ),
      );
      if (!response) continue;
      expect(statusOf(response), payload).toBe(302);
      staysOnSite(headersOf(response).get("Location"));
    }
  });

  it("POST /register", async () => {
    let n = 0;
    for (const payload of PAYLOADS) {
      n++;
      const response = await refusedOrRedirect(payload, () =>
        registerAction(
          args(
            formRequest(
              "/register",
              {
                firstName: "Red",
                lastName: "Irect",
                email: `redirect${n}@example.com`,
                password: "secret1",
                confirmPassword: "secret1",
                redirectTo: payload,
              },
              // Each from its own address: sign-ups are limited per address.
              { headers: { [PEER_ADDRESS_HEADER]: `192.0.2.${n}` } },
            ),
          ),
        ),
      );
      if (!response) continue;
      expect(statusOf(response), payload).toBe(302);
      staysOnSite(headersOf(response).get("Location"));
    }
  });
});
