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
