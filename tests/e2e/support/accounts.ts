import fs from "node:fs";
import path from "node:path";

import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { MongoClient } from "mongodb";

import { TEXT_FIELDS } from "../../../app/lib/questionnaire/fields";
import { workerDataDir } from "./server";

/**
 * The database of the running test's server (the worker's own, see ./server.ts, or a server a
 * spec file started on `dataDir`; the embedded engine writes its address next to its files).
 */
export async function withDatabase<T>(work: (db: ReturnType<MongoClient["db"]>) => Promise<T>, { dataDir = workerDataDir(test.info().parallelIndex) } = {}): Promise<T> {
  const uri = fs.readFileSync(path.join(dataDir, "db", "engine.uri"), "utf8").trim();
  const client = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    return await work(client.db("flowmap"));
  } finally {
    await client.close();
  }
}

/** Premium is granted by the provider's staff: the test sets it in the running server's database. */
export async function grantPremium(email: string, where: { dataDir?: string } = {}) {
  const result = await withDatabase((db) => db.collection("users").updateOne({ email }, { $set: { isPremium: 1 } }), where);
  expect(result.matchedCount).toBe(1);
}

/** A complete business profile for the signed-in `request`. */
export async function seedProfile(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, `Bloom & Co's answer about ${field}`]));
  const response = await request.post("/api/onboarding", {
    data: {
      ...texts,
      companyWebsite: "https://bloom.example",
      companyName: "Bloom & Co",
      businessType: "eCommerce",
      industry: "E-commerce & Retail",
      communicationChannels: "Email + SMS",
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Where review screenshots go when REVIEW_SCREENSHOTS_DIR is set (for a person to look at). */
export async function reviewShot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.REVIEW_SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Signs the page's session out from elsewhere, with a copy of its cookie (another device logging out). */
export async function endSessionElsewhere(page: Page, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined) {
  const session = (await page.context().cookies()).find((c) => c.name === "fm_session");
  expect(session?.value).toBeTruthy();
  const elsewhere = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `fm_session=${session!.value}` } });
  try {
    const logout = await elsewhere.post("/api/logout", { maxRedirects: 0 });
    expect(logout.status()).toBe(302);
  } finally {
    await elsewhere.dispose();
  }
}
