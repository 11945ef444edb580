/**
 * The JSON export names its JSON Schema in `$schema`, and that address answers with the schema:
 * the export validates against what the app serves there.
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

import { loader as exportOneLoader } from "~/routes/api+/ai-flows.$id.export";
import { loader as schemaLoader } from "~/routes/schemas.flow-export[.]schema[.]json";
import { generateFlow } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { args, jsonRequest } from "../../support/requests";
import { onboardedUser, seedRules } from "../flows/helpers";

await useTestDatabase();

describe("the export's $schema address", () => {
  it("is served by the app that made the export, and the export validates against it", async () => {
    await seedRules();
    const owner = await onboardedUser();
    const flow = await generateFlow({ user: { id: owner.user.id, isPremium: false }, input: { flowType: "onboarding" } });
    const exported = await exportOneLoader(args(jsonRequest(`/api/ai-flows/${flow.id}/export?format=json`, { method: "GET", cookie: owner.cookie }), { id: flow.id }));
    expect(exported.status).toBe(200);
    const document = JSON.parse(await exported.text()) as { $schema: string };
    expect(document.$schema).toBe("http://127.0.0.1:3000/schemas/flow-export.schema.json");

    const served = await schemaLoader({ request: new Request(document.$schema), params: {}, context: {} });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toContain("application/json");
    const schema = (await served.json()) as Record<string, unknown>;
    expect(schema.$id).toBe(document.$schema);
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(document), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ ...document, $schema: "https://elsewhere.example/other.json" })).toBe(false);
  });
});
