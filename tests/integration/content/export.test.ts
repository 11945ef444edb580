import fs from "node:fs";
import path from "node:path";

import Ajv from "ajv";
import addFormats from "ajv-formats";
import { parse as parseCsv } from "csv-parse/sync";
import * as DomUtils from "domutils";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";

import { ESP_MESSAGE, ESPS, UNSUBSCRIBE_TAGS } from "~/lib/content/esp";
import { unguardCsvCell } from "~/lib/content/export/csv";
import { saveKlaviyoConnection } from "~/models/klaviyo-connection.server";
import { upsertResponseForUser } from "~/models/questionnaire-response.server";
import { loader as exportOneLoader } from "~/routes/api+/ai-flows.$id.export";
import { loader as exportAllLoader } from "~/routes/api+/ai-flows.export";
import { writeFlowContent } from "~/services/flows/content.server";
import { generateFlow } from "~/services/flows/flows.server";

import { useTestDatabase } from "../../support/db";
import { args, jsonRequest } from "../../support/requests";
import { LEAF_AND_KETTLE } from "../../unit/flows/businesses";
import { onboardedUser, seedRules } from "../flows/helpers";

await useTestDatabase({ clearBeforeEach: true });

const schema = JSON.parse(fs.readFileSync(path.resolve("docs/flow-export.schema.json"), "utf8"));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const KLAVIYO_ACCOUNT = { listCount: 1, segmentCount: 0, metricCount: 1, listNames: ["Newsletter"], moreLists: false };

const INJECTION = `<script>alert(1)</script> **x** [y](javascript:z) =1+1, "q"\nline`;

/** A business whose every answer carries markup, formula and CSV control characters. */
const HOSTILE = {
  ...LEAF_AND_KETTLE,
  companyName: `Leaf "&" <Kettle>, Co`,
  specificLeadOffer: INJECTION,
  socialProofCredentials: INJECTION,
  guarantees_q8: INJECTION,
  productServiceDescription: INJECTION,
};

async function setup({ premium }: { premium: boolean }) {
  await seedRules();
  const account = await onboardedUser({ premium, answers: HOSTILE });
  const flowUser = { id: account.user.id, isPremium: premium };
  const flow = await generateFlow({ user: flowUser, input: { flowType: "onboarding" } });
  if (premium) await writeFlowContent({ user: flowUser, flowId: flow.id });
  return { ...account, flow };
}

async function download(cookie: string, flowId: string | null, format: string) {
  const url = flowId ? `/api/ai-flows/${flowId}/export?format=${format}` : `/api/ai-flows/export?format=${format}`;
  const request = jsonRequest(url, { method: "GET", cookie });
  const response = flowId ? await exportOneLoader(args(request, { id: flowId })) : await exportAllLoader(args(request));
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString("utf8") };
}

describe("GET /api/ai-flows/{id}/export", () => {
  it("JSON: valid against the published schema, equal to the flow, content included for premium", async () => {
    const { cookie, flow } = await setup({ premium: true });
    const file = await download(cookie, flow.id, "json");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-onboarding\.json"$/);
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    const parsed = JSON.parse(file.text);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed.includesContent).toBe(true);
    const exported = parsed.flows[0];
    expect(exported).toMatchObject({ id: flow.id, companyName: flow.companyName, flowOverview: flow.flowOverview, quickNotes: flow.quickNotes });
    expect(exported.trigger).toEqual(expect.any(String));
    expect(exported.exitRules.length).toBeGreaterThan(0);
    expect(exported.touchpoints.map((tp: { id: string; title: string; keyMessages: string }) => [tp.id, tp.title, tp.keyMessages])).toEqual(
      flow.touchpoints.map((tp) => [tp.id, tp.title, tp.keyMessages]),
    );
    expect(exported.touchpoints.every((tp: { content: unknown }) => tp.content !== null)).toBe(true);
  });

  it("free users export the plan without content", async () => {
    const { cookie, flow } = await setup({ premium: false });
    const parsed = JSON.parse((await download(cookie, flow.id, "json")).text);
    expect(validate(parsed)).toBe(true);
    expect(parsed.includesContent).toBe(false);
    expect(parsed.flows[0].touchpoints.every((tp: { content: unknown }) => tp.content === null)).toBe(true);
    const csv = (await download(cookie, flow.id, "csv")).text;
    expect(csv).not.toContain("Subject");
  });

  it("CSV: a UTF-8 BOM, and every field read back by a CSV parser equals the flow", async () => {
    const { cookie, flow } = await setup({ premium: true });
    const file = await download(cookie, flow.id, "csv");
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parseCsv(file.text, { bom: true });
    const header = rows[0]!;
    const records = rows.slice(1).map((row) => Object.fromEntries(row.map((cell, index) => [header[index], unguardCsvCell(cell)])));
    expect(records).toHaveLength(flow.touchpoints.length);
    records.forEach((record, index) => {
      const tp = flow.touchpoints[index]!;
      expect(record).toMatchObject({
        Company: flow.companyName,
        Title: tp.title,
        "Primary goal": tp.primaryGoal,
        "Key messages": tp.keyMessages,
        "Call to action": tp.callToAction,
        "Flow overview": flow.flowOverview,
      });
      expect(record.Subject || record.SMS).toBeTruthy();
    });
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("HTML: one page without script or external resources; the hostile answers are text", async () => {
    const { cookie, flow } = await setup({ premium: true });
    const file = await download(cookie, flow.id, "html");
    expect(file.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
    const dom = parseDocument(file.text);
    expect(DomUtils.getElementsByTagName("script", dom)).toHaveLength(0);
    for (const el of DomUtils.findAll(() => true, dom.children)) {
      expect(Object.keys(el.attribs).some((name) => name.startsWith("on"))).toBe(false);
      // A link is a web address, or the email platform's unsubscribe tag (generic: no Klaviyo connected).
      if (el.attribs.href) expect(el.attribs.href).toMatch(/^(#|https?:|\{\{unsubscribe_url\}\}$)/);
      if (el.attribs.src) throw new Error(`external resource: ${el.attribs.src}`);
    }
    const titles = DomUtils.findAll((el) => el.attribs["data-field"] === "title", dom.children).map((el) => DomUtils.textContent(el));
    expect(titles).toEqual(flow.touchpoints.map((tp) => tp.title));
    expect(DomUtils.textContent(dom)).toContain("<script>alert(1)</script>");
  });

  it("HTML: the emails' footers carry the chosen platform's unsubscribe tag; Klaviyo's by default once it is connected", async () => {
    const { cookie, flow, user } = await setup({ premium: true });
    const footerLinks = (text: string) => [...text.matchAll(/<a href="([^"]*)"[^>]*>Unsubscribe<\/a>/g)].map((match) => match[1]);
    const emails = flow.touchpoints.filter((tp) => tp.stepType === "Email").length;
    expect(footerLinks((await download(cookie, flow.id, "html")).text)).toEqual(Array(emails).fill(UNSUBSCRIBE_TAGS.generic));
    for (const esp of ESPS) {
      const file = await download(cookie, flow.id, `html&esp=${esp}`);
      expect(file.status).toBe(200);
      expect(footerLinks(file.text)).toEqual(Array(emails).fill(UNSUBSCRIBE_TAGS[esp]));
      expect(file.text).toContain("[add: your postal address]");
    }
    await saveKlaviyoConnection({ userId: user.id, sealedKey: "sealed", keyHint: "…abcd", accountTag: "tag", account: KLAVIYO_ACCOUNT, now: new Date() });
    expect(footerLinks((await download(cookie, flow.id, "html")).text)).toEqual(Array(emails).fill(UNSUBSCRIBE_TAGS.klaviyo));
    const bad = await download(cookie, flow.id, "html&esp=sendgrid");
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.text)).toMatchObject({ message: ESP_MESSAGE, errors: { esp: ESP_MESSAGE } });
  });

  it("Markdown: literal text, named after the company and the flow type", async () => {
    const { cookie, flow } = await setup({ premium: true });
    const file = await download(cookie, flow.id, "md");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="leaf-kettle-co-onboarding.md"');
    expect(file.text).not.toContain("<script>");
    expect(file.text).toContain("\\<script\\>");
    expect(file.text).toContain(flow.touchpoints[0]!.title.replace(/[\\`*_[\]<>|~]/g, "\\$&"));
  });

  it("refuses an unknown format (422), another user's flow (404) and a signed-out call (401)", async () => {
    const { cookie, flow } = await setup({ premium: false });
    const bad = await download(cookie, flow.id, "pdf");
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.text)).toMatchObject({ message: expect.stringContaining("md, csv, json, html") });
    const missing = await download(cookie, flow.id, "");
    expect(missing.status).toBe(422);
    const other = await onboardedUser();
    expect((await download(other.cookie, flow.id, "json")).status).toBe(404);
    expect((await download("", flow.id, "json")).status).toBe(401);
  });
});

describe("GET /api/ai-flows/export", () => {
  it("exports every flow of the user in JSON and Markdown, and only theirs", async () => {
    const { cookie, user } = await setup({ premium: true });
    await generateFlow({ user: { id: user.id, isPremium: true }, input: { flowType: "lead_nurture" } });
    const stranger = await onboardedUser({ premium: true });
    await generateFlow({ user: { id: stranger.user.id, isPremium: true }, input: { flowType: "sunset" } });

    const json = await download(cookie, null, "json");
    expect(json.headers.get("Content-Disposition")).toBe('attachment; filename="leaf-kettle-co-flows.json"');
    const parsed = JSON.parse(json.text);
    expect(validate(parsed)).toBe(true);
    expect(parsed.flows.map((flow: { flowType: string }) => flow.flowType).sort()).toEqual(["lead_nurture", "onboarding"]);

    const md = await download(cookie, null, "md");
    expect(md.text).toMatch(/^# Leaf "&" \\<Kettle\\>, Co: lifecycle flows/);
    expect(md.text).toContain("Onboarding flow");
    expect(md.text).toContain("Lead Nurture flow");
    expect((await download(cookie, null, "csv")).status).toBe(422);
  });

  it("answers an empty export for a user without flows", async () => {
    const { cookie, user } = await onboardedUser();
    await upsertResponseForUser(user.id, { ...LEAF_AND_KETTLE, companyName: "Empty Shop" });
    const parsed = JSON.parse((await download(cookie, null, "json")).text);
    expect(validate(parsed)).toBe(true);
    expect(parsed.flows).toEqual([]);
  });
});
