import { expect } from "@playwright/test";

import { test, waitForHydration, axeOn } from "./support/app";

const claims = ["200%+", "35%+", "311%"];

test.describe("landing page with JavaScript", () => {
  test("shows the product, its claims and the two ways in", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const claim of claims) await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Start Free Assessment" })).toHaveAttribute("href", "/questionnaire");
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("is served as finished HTML and CSS, without a script (the sign-in page it links to hydrates)", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.locator("script, link[rel=modulepreload]").count()).toBe(0);
    expect(await page.locator("link[rel=stylesheet]").count()).toBe(1);
    // The links are plain links: the next page loads whole, with the app's scripts.
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    // waitForURL waits for the new document's load event: its scripts are all in by then.
    await page.waitForURL(/\/login$/);
    // The sign-in page runs the app: it hydrates (its module script has loaded and run).
    await waitForHydration(page);
  });

  test("sends security headers with an enforced, nonce-based policy", async ({ page }) => {
    const landing = await page.goto("/");
    expect(landing!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    // A page with scripts: the sign-in page.
    const response = await page.goto("/login");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    // Every inline script carries this response's nonce, so nothing is blocked.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const scriptNonces = await page.locator("script").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    for (const n of scriptNonces) expect(n).toBe(nonce);
    const second = await page.request.get("/login");
    expect(second.headers()["content-security-policy"]).not.toBe(csp);
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/");
    const results = await axeOn(page).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("fits a 375 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Start Free Assessment" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  });
});

test.describe("landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is fully readable", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const claim of claims) await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
    await expect(page.locator("#how-it-works")).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
