import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("an unknown path is a real 404 with a way back", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a client-side navigation to an unknown path shows the same page", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    const a = document.createElement("a");
    a.href = "/missing-route";
    a.textContent = "go";
    a.id = "go";
    document.body.appendChild(a);
  });
  await page.locator("#go").click();
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the 404 page still renders", async ({ page }) => {
    const response = await page.goto("/definitely/missing");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
  });
});

test("the API answers unknown paths and health checks in JSON", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  const body = await health.json();
  expect(body).toMatchObject({ status: "ok", database: { state: "connected" } });
  expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(health.headers()["x-content-type-options"]).toBe("nosniff");
});
