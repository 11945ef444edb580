import { describe, expect, it } from "vitest";

import { useEnv } from "../support/env";

/**
 * Sign-out from the header's account menu, and the question before a token is revoked, as the
 * pages render them without JavaScript.
 */

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../support/db");
const { createUser } = await import("../support/factories");
const { DOCUMENT_HEADERS, getRequest } = await import("../support/requests");
const { sendToApp } = await import("../support/in-process-app");
const { createApiToken, listApiTokens } = await import("~/services/auth/api-tokens.server");

await useTestDatabase({ clearBeforeEach: true });

async function html(path: string, cookie: string) {
  const response = await sendToApp(getRequest(path, { cookie, headers: DOCUMENT_HEADERS }));
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

/** The markup of the element with this test id (its first tag to the end of the page: enough to search in). */
function from(page: string, testId: string) {
  const at = page.indexOf(`data-testid="${testId}"`);
  expect(at, testId).toBeGreaterThan(-1);
  return page.slice(at);
}

describe("the header's account menu", () => {
  it("offers Sign out on every signed-in page, as a post to /api/logout", async () => {
    const { cookie } = await createUser();
    for (const path of ["/dashboard", "/flow-mappings", "/user-settings"]) {
      const menu = from(await html(path, cookie), "account-menu");
      const panel = menu.slice(0, menu.indexOf("</details>"));
      expect(panel, path).toMatch(/<summary aria-label="Account menu">/);
      expect(panel, path).toMatch(/<form method="post" action="\/api\/logout"[^>]*>\s*<button type="submit">Sign out<\/button>/);
      expect(panel, path).toContain('href="/user-settings"');
    }
  });
});

describe("revoking an access token", () => {
  it("asks first: Revoke is a link to the question, whose form revokes; the page alone revokes nothing", async () => {
    const { user, cookie } = await createUser();
    await createApiToken({ creator: { userId: user.id, client: "127.0.0.1", signedInAt: new Date() }, input: { name: "Reporting script" } });
    const [token] = await listApiTokens(user.id);
    const page = await html("/user-settings", cookie);
    expect(page).toContain(`href="/user-settings?revoke=${token!.id}"`);
    expect(page).not.toContain('value="revoke-token"');
    expect(page).not.toContain('data-testid="revoke-token-dialog"');

    const asked = from(await html(`/user-settings?revoke=${token!.id}`, cookie), "revoke-token-dialog");
    expect(asked).toContain("Revoke “Reporting script”? Programs using it can no longer call the API.");
    expect(asked).toMatch(/<form method="post" action="\/user-settings"[^>]*><input type="hidden" name="tokenId" value="[^"]+"/);
    expect(asked).toContain('value="revoke-token"');
    expect(asked).toMatch(/href="\/user-settings"[^>]*>Cancel</);
    // Asking changes nothing.
    expect(await listApiTokens(user.id)).toHaveLength(1);
    // An unknown token asks nothing.
    expect(await html("/user-settings?revoke=nope", cookie)).not.toContain('data-testid="revoke-token-dialog"');
  });
});
