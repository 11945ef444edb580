import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { ToastProvider } from "~/components/ui/toaster";
import LoginRoute from "~/routes/_auth+/login";

import { renderRoute, visibleText } from "./render";

async function renderLogin(oauthLabel: string | null) {
  const Page = () => (
    <ToastProvider flash={null}>
      <LoginRoute />
    </ToastProvider>
  );
  return renderRoute("/login", [{ path: "/login", Component: Page, loader: () => ({ oauthLabel }) }]);
}

describe("the sign-in page's third-party option", () => {
  it("is not offered when no provider is configured", async () => {
    const html = await renderLogin(null);
    expect(visibleText(html)).toContain("Sign In");
    expect(visibleText(html)).not.toMatch(/Or continue with|Single sign-on/);
    expect(html).not.toContain('href="/api/login"');
  });

  it("names the configured provider", async () => {
    const html = await renderLogin("Continue with Acme ID");
    expect(visibleText(html)).toContain("Or continue with");
    expect(html).toMatch(/<a[^>]*href="\/api\/login"[^>]*>[\s\S]*Continue with Acme ID<\/a>/);
  });
});

describe("the configuration example", () => {
  it("describes the sign-in page without a provider as it is: no third-party button", () => {
    const example = readFileSync(new URL("../../../.env.example", import.meta.url), "utf8");
    const paragraph = example.slice(example.indexOf("# Third-party sign-in"), example.indexOf("OAUTH_AUTHORIZE_URL"));
    const text = paragraph.replace(/^# ?/gm, "").replace(/\s+/g, " ");
    expect(text).toContain('Unset: the sign-in page offers email and password only, with no "Or continue with" button');
    expect(text).not.toMatch(/button explains/);
  });
});
