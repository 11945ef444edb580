import { expect } from "@playwright/test";

import { test, axeOn } from "./support/app";

test.describe("the API reference at /api/docs", () => {
  test("is readable without JavaScript and filters with the search form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1, name: "Flowmap API reference" })).toBeVisible();
    await expect(page.getByText("/api/ai-flows/generate", { exact: true })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search endpoints" }).fill("password");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/api\/docs\?q=password/);
    await expect(page.getByText("/api/user/password", { exact: true })).toBeVisible();
    await expect(page.getByText("/api/ai-flows/generate", { exact: true })).toHaveCount(0);
    await context.close();
  });

  test("filters as you type with JavaScript, passes axe, and is linked from the footer", async ({ page }) => {
    // axe over the whole reference, about 10,000 elements, most of the time in its colour-contrast
    // rule: 40 s on a quiet machine, over two minutes on the shared 2-core one with the other
    // browser-test worker running beside it.
    test.setTimeout(300_000);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/api\/docs$/);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/api-docs-${width}.png`, fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // "N endpoints": the whole reference, which the search narrows and axe reads once it is back.
    const total = page.getByText(/^\d+ endpoints$/);
    await expect(total).toBeVisible();
    const everyEndpoint = await total.textContent();
    const search = page.getByRole("searchbox", { name: "Search endpoints" });
    await search.fill("rollback");
    await expect(page.getByText("1 endpoint matches “rollback”")).toBeVisible();
    await expect(page.getByText("/api/ai-flows/{id}/versions/{versionId}/rollback", { exact: true })).toBeVisible();
    await page.screenshot({ path: "test-results/api-docs-search-1280.png" });
    await search.fill("no such endpoint zzz");
    await expect(page.getByText(/No endpoint matches/)).toBeVisible();
    await search.fill("");
    await expect(page.getByText(everyEndpoint!, { exact: true })).toBeVisible();
    const results = await axeOn(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("the document is served as JSON", async ({ request }) => {
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect((await response.json()).openapi).toBe("3.1.0");
  });
});
