import { describe, expect, it } from "vitest";

import { ToastProvider } from "~/components/ui/toaster";
import { PREMIUM_BENEFITS } from "~/components/upgrade-dialog";
import UserSettingsRoute from "~/routes/_app+/user-settings";

import { renderRoute, visibleText } from "./render";

async function renderSettings(isPremium: number) {
  const account = {
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    role: "User",
    isPremium,
    hasPassword: true,
    createdAt: new Date("2024-05-01T00:00:00Z").toISOString(),
  };
  const Page = () => (
    <ToastProvider flash={null}>
      <UserSettingsRoute />
    </ToastProvider>
  );
  const html = await renderRoute("/user-settings", [
    { path: "/user-settings", Component: Page, loader: () => ({ account, provider: null, klaviyo: { connected: false }, tokens: [] }) },
  ]);
  const section = html.slice(html.indexOf('id="plan-heading"'), html.indexOf('id="session-heading"'));
  return { html: section, text: visibleText(`<x ${section}`) };
}

describe("the user settings subscription block", () => {
  it("offers the upgrade to a free user", async () => {
    const { html, text } = await renderSettings(0);
    expect(text).toContain("Free Plan");
    expect(text).toContain("Limited access to premium features");
    expect(html).toMatch(/href="\/user-settings\?upgrade=1"[^>]*>Upgrade to Premium</);
  });

  it("shows a premium user what the plan includes, with no upgrade offer", async () => {
    const { html, text } = await renderSettings(1);
    expect(text).toContain("Premium Plan");
    expect(text).toContain("Your plan includes:");
    for (const benefit of PREMIUM_BENEFITS) expect(text).toContain(benefit);
    expect(text).not.toMatch(/Limited access|Upgrade/);
    expect(html).not.toContain("upgrade=1");
  });
});
