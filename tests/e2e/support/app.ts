import AxeBuilder from "@axe-core/playwright";
import type { RunOptions } from "axe-core";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { startOAuthProvider, type LoopbackProvider } from "../../support/oauth-provider";
import { OAUTH_CLIENT_SECRET } from "./oauth";
import { appServerEnv, startAppServer, workerDataDir, workerPorts, type AppServer } from "./server";

export const test = base.extend<object, { appServer: AppServer; loopback: LoopbackProvider }>({
  /**
   * The worker's own app server (the production build), database and port (./server.ts): the
   * pages and requests of a test go to it. Started with the worker, stopped with it.
   */
  appServer: [
    async ({}, use, workerInfo) => {
      const index = workerInfo.parallelIndex;
      const server = await startAppServer({ port: workerPorts(index).app, dataDir: workerDataDir(index), env: appServerEnv(index) });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.origin);
  },
  /**
   * Failed sign-ins are limited per client address (10 a minute), and the database outlives a run.
   * Without a proxy every browser here is the same 'direct' client, so tests that fail sign-ins on
   * purpose would use up one shared allowance across tests and runs. Each test is a client of its
   * own instead, as separate people on separate networks would be.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    // The server trusts loopback as a proxy (TRUST_PROXY=loopback in ./server.ts), so
    // this is the client address it counts.
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
  },
  /**
   * The loopback OAuth provider the worker's server is configured for (one per worker, on the
   * worker's port): third-party sign-in tests choose the identity it approves, and the admin
   * signs in through it.
   */
  loopback: [
    async ({}, use, workerInfo) => {
      const provider = await startOAuthProvider({ port: workerPorts(workerInfo.parallelIndex).oauth, clientSecret: OAUTH_CLIENT_SECRET });
      try {
        await use(provider);
      } finally {
        await provider.close();
      }
    },
    { scope: "worker" },
  ],
});

/** The addresses ./server.ts gives the server. */
export const ADMIN_EMAIL = "admin@flowmap.test";
export const SUPPORT_EMAIL = "premium@flowmap.test";

export const PREMIUM_BENEFITS = [
  /Custom performance scoring and recommendations based on your existing automations/,
  /Access to all flow mappings/,
  /Fully written email and SMS content/,
];

export interface TestUser {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
}

/** The database lives for the whole run (and across runs), so every account gets its own address. */
export function uniqueEmail(tag = "user") {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${tag}.${suffix}@example.test`;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    firstName: "Dana",
    lastName: "Tester",
    companyName: "Acme Flows",
    email: uniqueEmail(),
    password: "first-pass-123",
    ...overrides,
  };
}

/**
 * Creates the account through the API. The session cookie lands in the request context's cookie
 * jar, which a page's context shares: pass `page.request` to sign that page in.
 */
export async function registerByApi(request: APIRequestContext, user: TestUser = newUser()) {
  const response = await request.post("/api/auth/register", {
    data: { firstName: user.firstName, lastName: user.lastName, companyName: user.companyName, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

export async function signInByApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs `request` in as the admin from ADMIN_EMAILS. ADMIN_EMAILS counts only when a sign-in
 * provider vouches for the address, so the admin signs in through the loopback provider with
 * that address verified (the whole code + PKCE flow, redirects followed).
 */
export async function signInAsAdmin(request: APIRequestContext, loopback: LoopbackProvider) {
  loopback.profile = { sub: "e2e-admin", email: ADMIN_EMAIL, email_verified: true, given_name: "Ada", family_name: "Admin" };
  const response = await request.get("/api/login");
  expect(response.status(), await response.text()).toBe(200);
  expect(new URL(response.url()).pathname).toBe("/");
  return { firstName: "Ada", lastName: "Admin", email: ADMIN_EMAIL };
}

/**
 * The sidebar that is on screen. The shell renders it twice (a 'Menu' disclosure below 1024 px,
 * an aside above); role queries skip the hidden copy, and the aside pins the large-screen one.
 */
export function desktopNav(page: Page): Locator {
  return page.getByRole("complementary").getByRole("navigation", { name: "Main" });
}

export function flowContentLink(nav: Locator): Locator {
  return nav.getByRole("link", { name: /^Flow Content/ });
}

export function upgradeDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Upgrade to Premium" });
}

/** The one toast on screen (one at a time) has this title and, if given, description. */
export async function expectToast(page: Page, title: string, { description, variant }: { description?: string; variant?: "default" | "success" | "destructive" } = {}) {
  const region = page.getByRole("region", { name: "Notifications" });
  const toast = region.getByTestId("toast");
  await expect(toast).toHaveCount(1);
  await expect(toast).toBeVisible();
  await expect(toast.locator("p").first()).toHaveText(title);
  if (description !== undefined) await expect(toast).toContainText(description);
  if (variant !== undefined) await expect(toast).toHaveAttribute("data-variant", variant);
  return toast;
}

/** A destructive toast with this description (a refused form's message also shows as a toast). */
export async function expectErrorToast(page: Page, description: string) {
  const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  await expect(toast).toContainText(description);
  return toast;
}

/**
 * Resolves once React has hydrated the document: until then a click on a link is a plain
 * browser navigation. React tags every hydrated element with its props; the root element is
 * completed last.
 */
export async function waitForHydration(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps"))), {
      message: "React never hydrated the page (did a script fail to load?)",
      timeout: 10_000,
    })
    .toBe(true);
}

export interface Appearance {
  /** Date.now() in the page when the element was first in the document. */
  at: number;
  path: string;
  texts: string[];
  variant: string | null;
  visible: boolean;
}

/**
 * Some screens are on show only briefly (the 'Unauthorized' toast, 'Access Denied') before the
 * app moves on. The page itself notes, in sessionStorage (which survives a reload in the same
 * tab), the first time an element matching `selector` and containing `text` is in the document,
 * and when the page is left, so tests can assert on what was shown and for how long without
 * racing the redirect.
 */
export async function recordAppearance(page: Page, { key, selector, text, leaveBy }: { key: string; selector: string; text: string; leaveBy: "page load" | "client navigation" }) {
  await page.addInitScript(
    ({ key, selector, text, leaveBy }) => {
      const check = () => {
        if (sessionStorage.getItem(key)) return;
        const el = Array.from(document.querySelectorAll(selector)).find((e) => e.textContent?.includes(text));
        if (!el) return;
        const box = el.getBoundingClientRect();
        const record = {
          at: Date.now(),
          path: location.pathname,
          texts: Array.from(el.querySelectorAll("h1, h2, p")).map((e) => e.textContent ?? ""),
          variant: el.getAttribute("data-variant"),
          visible: box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden",
        };
        sessionStorage.setItem(key, JSON.stringify(record));
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
      document.addEventListener("DOMContentLoaded", check);
      const left = () => {
        if (sessionStorage.getItem(key) && !sessionStorage.getItem(`${key}:left`)) sessionStorage.setItem(`${key}:left`, String(Date.now()));
      };
      if (leaveBy === "page load") {
        window.addEventListener("pagehide", left);
      } else {
        // Only a path change after the element appeared counts as leaving.
        const timer = window.setInterval(() => {
          const record = sessionStorage.getItem(key);
          if (!record) return;
          if (location.pathname !== (JSON.parse(record) as { path: string }).path) {
            left();
            window.clearInterval(timer);
          }
        }, 10);
      }
    },
    { key, selector, text, leaveBy },
  );
}

/** What recordAppearance noted, and how long after appearing the page was left (NaN if not). */
export async function readAppearance(page: Page, key: string): Promise<Appearance & { shownForMs: number }> {
  const [raw, left] = await page.evaluate((k) => [sessionStorage.getItem(k), sessionStorage.getItem(`${k}:left`)], key);
  expect(raw, `nothing matching '${key}' was ever shown`).toBeTruthy();
  const record = JSON.parse(raw!) as Appearance;
  return { ...record, shownForMs: left ? Number(left) - record.at : NaN };
}

/** The page itself never scrolls sideways (what is wider, a timeline or a table, scrolls inside its own box). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // For the failure message: what reaches past the right edge.
    const wide = Array.from(document.querySelectorAll("body *")).filter((el) => el.getBoundingClientRect().right > width + 1);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8).map((el) => `${el.tagName} ${el.getAttribute("class") ?? ""}`.slice(0, 100)) };
  });
  expect(overflow.scrollWidth, overflow.wide.join("\n")).toBeLessThanOrEqual(overflow.width);
}

/**
 * axe over the page (narrow it with `.include()`), collecting only violations, which is all the
 * tests read: axe then builds no selector and no excerpt for each passing element, much of its
 * time on a large page.
 */
export function axeOn(page: Page, options: RunOptions = {}): AxeBuilder {
  return new AxeBuilder({ page }).options({ ...options, resultTypes: ["violations"] });
}
