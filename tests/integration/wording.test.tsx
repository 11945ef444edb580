import { describe, expect, it } from "vitest";

import { useEnv } from "../support/env";

/**
 * Messages a person reads, as the pages render them without JavaScript: sentences, not stored
 * flags or internal names.
 */

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../support/db");
const { DOCUMENT_HEADERS, getRequest } = await import("../support/requests");
const { sendToApp } = await import("../support/in-process-app");
const { generateFlow } = await import("~/services/flows/flows.server");
const { seedDatabase } = await import("~/services/seed/seed.server");
const { onboardedUser } = await import("./flows/helpers");
const { renderToString } = await import("react-dom/server");
const { AuditList } = await import("~/components/admin/audit-list");
const { visibleText } = await import("../unit/ui/render");

await useTestDatabase({ clearBeforeEach: true });

/** The visible text, scripts left out. */
function visible(html: string) {
  return visibleText(html.replace(/<script\b[\s\S]*?<\/script>/gi, " "));
}

async function page(path: string, cookie: string) {
  const response = await sendToApp(getRequest(path, { cookie, headers: DOCUMENT_HEADERS }));
  expect(response.status).toBe(200);
  return visible(await response.text());
}

describe("the words on the pages", () => {
  it("the dashboard invites a free user to 'an abandoned cart flow', never 'a abandoned cart flow'", async () => {
    await seedDatabase();
    const { cookie } = await onboardedUser();
    const text = await page("/dashboard", cookie);
    expect(text).toContain("Build an abandoned cart flow with Premium.");
    expect(text).toContain("Build an upsell flow with Premium.");
    expect(text).toContain("Build a sunset flow with Premium.");
    expect(text).not.toMatch(/\ba abandoned\b|\ba upsell\b/);
  });

  it("the versions dialog names the built-in planner in words, not by its internal name", async () => {
    const { user, cookie } = await onboardedUser();
    await generateFlow({ user: { id: user.id, isPremium: false }, input: { flowType: "onboarding" } });
    const text = await page("/flow-mappings?type=onboarding&dialog=versions", cookie);
    expect(text).toContain("planned by Flowmap's built-in rules");
    expect(text).not.toContain("offline-rules");
  });

  it("the audit log says 'Premium turned on' and 'Premium turned off', not 'isPremium: 0 → 1'", () => {
    const entry = (after: number) => ({
      id: `a-${after}`,
      actorId: "admin",
      actorEmail: "admin@example.com",
      action: "premium" as const,
      entity: "user" as const,
      entityId: "u1",
      label: "ada@example.com",
      before: { isPremium: 1 - after },
      after: { isPremium: after },
      createdAt: new Date(0).toISOString(),
    });
    const text = visible(renderToString(<AuditList entries={[entry(1), entry(0)]} />));
    expect(text).toContain("Premium turned on");
    expect(text).toContain("Premium turned off");
    expect(text).not.toContain("isPremium");
  });
});
