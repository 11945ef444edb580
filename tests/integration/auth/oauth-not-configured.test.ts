import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

// No provider at all: whatever the shell has, this file runs without one.
useEnv(() =>
  Object.fromEntries(
    Object.keys(process.env)
      .filter((key) => key.startsWith("OAUTH_"))
      .map((key) => [key, undefined]),
  ),
);

const { useTestDatabase } = await import("../../support/db");
const { DOCUMENT_HEADERS, args, expectRedirect, getRequest, setCookieOf, toastOf } = await import("../../support/requests");
const apiLogin = await import("~/routes/api+/login");
const apiLoginCallback = await import("~/routes/api+/login.callback");
const login = await import("~/routes/_auth+/login");
const { countUsers } = await import("~/models/user.server");

await useTestDatabase({ clearBeforeEach: true });

describe("third-party sign-in without OAUTH_* configured", () => {
  it("GET /api/login goes back to /login with a toast saying it is not configured", async () => {
    const response = await apiLogin.loader(args(getRequest("/api/login", { headers: DOCUMENT_HEADERS })));
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({
      title: "Third-party sign-in is not configured",
      description: "Sign in with your email and password instead.",
      variant: "destructive",
    });
    expect(setCookieOf(response, "fm_session")).toBeUndefined();
    expect(response.headers.getSetCookie().some((c) => c.startsWith("fm_oauth"))).toBe(false);
  });

  it("the callback does the same and creates nothing", async () => {
    const response = await apiLoginCallback.loader(args(getRequest("/api/login/callback?code=abc&state=def", { headers: DOCUMENT_HEADERS })));
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toMatchObject({ title: "Third-party sign-in is not configured" });
    expect(await countUsers()).toBe(0);
  });

  it("the login page knows there is no provider", async () => {
    expect(await login.loader(args(getRequest("/login")))).toEqual({ oauthLabel: null });
  });
});
