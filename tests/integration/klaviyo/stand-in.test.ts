import { afterAll, describe, expect, it } from "vitest";

import { startKlaviyoStandIn } from "../../support/klaviyo-stand-in";

/** The stand-in holds Delete Template to its vendored document (delete_template.json) as it does every other operation. */

const klaviyo = await startKlaviyoStandIn();
afterAll(() => klaviyo.close());
const KEY = "pk_standin_0123456789abcdef";
klaviyo.addKey(KEY);

function remove(path: string) {
  return fetch(`${klaviyo.url}${path}`, { method: "DELETE", headers: { Authorization: `Klaviyo-API-Key ${KEY}`, revision: "2026-07-15" } });
}

describe("the stand-in Klaviyo: Delete Template", () => {
  it("answers a delete as the document describes it, and records one that breaks it as a violation", async () => {
    expect((await remove("/api/templates/TplNone1")).status).toBe(404);
    expect(klaviyo.violations).toEqual([]);
    expect((await remove("/api/templates/TplNone1?force=true")).status).toBe(400);
    expect(klaviyo.violations).toHaveLength(1);
    expect(JSON.stringify(klaviyo.violations[0])).toContain("query parameter force is not documented");
  });
});
