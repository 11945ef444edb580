import { expect } from "@playwright/test";

import { test, waitForHydration, axeOn } from "./support/app";

test("an unknown path is a real 404 with a way back", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  const results = await axeOn(page).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a client-side navigation to an unknown path shows the same page", async ({ page }) => {
  // The sign-in page runs the app's scripts (the landing page has none).
  await page.goto("/login");
  await waitForHydration(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  // Navigates as a <Link> does, through the app's router.
  await page.evaluate(() => {
    const router = (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter;
    void router.navigate("/missing-route");
  });
  await expect(page).toHaveURL(/\/missing-route$/);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("404 Page Not Found | Flowmap");
  // Rendered by the scripts already in the page: no new document was loaded.
  expect(documents).toEqual([]);
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
