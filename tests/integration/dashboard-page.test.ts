import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";

import { DASHBOARD_HTML_CEILING_BYTES, FULL_ACCOUNT_FIGURES } from "../../bench/targets";
import { useEnv } from "../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../support/db");
const { createUser } = await import("../support/factories");
const { DOCUMENT_HEADERS, getRequest } = await import("../support/requests");
const { sendToApp } = await import("../support/in-process-app");
const { FLOW_TYPE_INFO, FLOW_TYPES } = await import("~/lib/flow-types");
const { METRIC_DEFINITIONS, METRIC_KEYS } = await import("~/lib/metrics");
const { listBenchmarkMedians } = await import("~/models/email-benchmark.server");
const { upsertResponseForUser } = await import("~/models/questionnaire-response.server");
const { saveUserMetrics } = await import("~/services/benchmarks/benchmarks.server");
const { seedDatabase } = await import("~/services/seed/seed.server");

await useTestDatabase({ clearBeforeEach: true });

/** The dashboard as a browser receives it (the whole document, streamed data included), for an account with every figure entered. */
async function fullDashboard() {
  await seedDatabase();
  const { user, cookie } = await createUser({ firstName: "Bench" });
  await upsertResponseForUser(user.id, { companyName: "Bench Coffee", businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email + SMS" });
  for (const flowType of FLOW_TYPES) await saveUserMetrics({ userId: user.id, input: { flowType, ...FULL_ACCOUNT_FIGURES } });
  const response = await sendToApp(getRequest("/dashboard", { cookie, headers: DOCUMENT_HEADERS }));
  expect(response.status).toBe(200);
  return response.text();
}

/** The texts of the card's "Where these medians come from" list, as a reader sees them. */
function sourceItems(html: string) {
  const items: string[] = [];
  let depth = 0;
  let item: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes["data-testid"] === "benchmark-sources") depth = 1;
        else if (depth && name === "details") depth += 1;
        if (depth && name === "li") item = "";
      },
      ontext(text) {
        if (item !== null) item += text;
      },
      onclosetag(name) {
        if (depth && name === "li" && item !== null) {
          items.push(item);
          item = null;
        }
        if (depth && name === "details") depth -= 1;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return items;
}

interface Field {
  form: string | undefined;
  name: string;
  type: string;
  value: string;
}

/** The forms, their fields and buttons as a browser without JavaScript sees them. */
function formsOf(html: string) {
  const fields: Field[] = [];
  const buttons: Array<{ form: string | undefined; text: string }> = [];
  let form: string | undefined;
  let button: { form: string | undefined; text: string } | null = null;
  let inTemplate = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "template") inTemplate += 1;
      if (name === "form") form = attributes.id;
      if (name === "input") fields.push({ form, name: attributes.name ?? "", type: attributes.type ?? "text", value: attributes.value ?? "" });
      if (name === "button" && attributes.type === "submit") button = { form, text: "" };
    },
    ontext(text) {
      if (button) button.text += text;
    },
    onclosetag(name) {
      if (name === "template") inTemplate -= 1;
      if (name === "form") form = undefined;
      if (name === "button" && button) {
        buttons.push(button);
        button = null;
      }
    },
  });
  parser.end(html);
  expect(inTemplate).toBe(0);
  return { fields, buttons };
}

describe("the dashboard page for an account with every figure entered", () => {
  it(`stays under ${DASHBOARD_HTML_CEILING_BYTES / 1024} KB of HTML, and still holds every section's form for use without JavaScript`, async () => {
    const html = await fullDashboard();
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(DASHBOARD_HTML_CEILING_BYTES);

    // Five sections, each a form posting its seven figures (as typed) with its own Save button.
    const { fields, buttons } = formsOf(html);
    for (const flowType of FLOW_TYPES) {
      const form = `metrics-${flowType}`;
      const figures = fields.filter((field) => field.form === form && field.type === "number");
      expect(figures.map((field) => field.name)).toEqual([...METRIC_KEYS]);
      expect(figures.map((field) => field.value)).toEqual(METRIC_KEYS.map((key) => String(FULL_ACCOUNT_FIGURES[key] / 100)));
      expect(fields.filter((field) => field.form === form && field.type === "hidden")).toEqual([
        { form, name: "intent", type: "hidden", value: "save-metrics" },
        { form, name: "flowType", type: "hidden", value: flowType },
      ]);
      expect(buttons.filter((b) => b.form === form).map((b) => b.text)).toEqual([expect.stringMatching(/^Save .+ metrics$/)]);
    }
    // Every metric of every section has its two bars, closed sections included.
    expect(html.match(/<i style="--y:[\d.]+%;--m:[\d.]+%"><\/i>/g)).toHaveLength(FLOW_TYPES.length * METRIC_KEYS.length);
    // The card lists where its medians come from once: every median's source, each attributed to its metric and every flow that uses it.
    expect(html.match(/Where these medians come from/g)).toHaveLength(1);
    const sources = sourceItems(html);
    const benchmarks = await listBenchmarkMedians();
    for (const flowType of FLOW_TYPES) {
      const { label, benchmarkType } = FLOW_TYPE_INFO[flowType];
      for (const definition of METRIC_DEFINITIONS) {
        const row = benchmarks.find((b) => b.benchmarkType === benchmarkType && b.performanceIndicator === definition.indicator);
        if (!row) continue;
        const item = sources.find((text) => text.endsWith(`: ${row.source}`));
        expect(item, `${label} ${definition.label}`).toBeDefined();
        const uses = new RegExp(`(^|; )${definition.label}: (every flow|[^;]*\\b${label}\\b)`);
        expect(item).toMatch(uses);
      }
    }
  });

  it("loads its scripts only after the first paint: Remix's preloads and module script wait in templates, the data hand-over does not", async () => {
    const html = await fullDashboard();
    const outsideTemplates = html.replace(/<template id="deferred-[^"]+">[\s\S]*?<\/template>/g, "");
    expect(html).toMatch(/<template id="deferred-module-preloads">(<link rel="modulepreload"[^>]*\/>)+<\/template><script nonce="[^"]+">window\.__remixContext = /);
    expect(html).toMatch(/<template id="deferred-app-script"><script nonce="[^"]+" type="module"[^>]*>[\s\S]*?<\/script><\/template><script nonce="[^"]+">\(function\(\)\{/);
    expect(outsideTemplates).not.toContain("modulepreload");
    expect(outsideTemplates).not.toMatch(/<script[^>]* type="module"/);
    expect(outsideTemplates).toContain("window.__remixContext.streamController.enqueue(");
  });
});
