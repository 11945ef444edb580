import fs from "node:fs";
import path from "node:path";

import Ajv from "ajv";
import addFormats from "ajv-formats";
import { parse as parseCsv } from "csv-parse/sync";
import * as DomUtils from "domutils";
import { parseDocument } from "htmlparser2";
import { describe, expect, test } from "vitest";

import { CSV_BOM, CSV_CONTENT_COLUMNS, CSV_PLAN_COLUMNS, toCsv, unguardCsvCell } from "~/lib/content/export/csv";
import { toHtml } from "~/lib/content/export/html";
import { toJson } from "~/lib/content/export/json";
import { escapeMarkdown, toMarkdown } from "~/lib/content/export/markdown";
import { exportDocument, exportFileName, type ExportFlowInput } from "~/lib/content/export/model";
import { type Esp, UNSUBSCRIBE_TAGS } from "~/lib/content/esp";
import { renderEmailHtml } from "~/lib/content/html";
import { countSms } from "~/lib/content/rules";
import { flowContentView } from "~/lib/content/view";
import { touchpointFingerprint, type FlowView } from "~/lib/flows/types";

const INJECTION = `<script>alert("x")</script> **bold** [a](javascript:alert(1)) =SUM(A1) a,b "quoted"\nsecond line & <img src=x onerror=alert(1)>`;

function flowFixture(overrides: Partial<FlowView> = {}): FlowView {
  const base = "2026-11-20T10:00:00.000Z";
  return {
    id: "flow-1",
    flowType: "lead_nurture",
    companyName: `Zoë's <Café> & "Co", Ltd`,
    flowOverview: `Nurture new leads. ${INJECTION}`,
    quickNotes: "- starts with a dash\n# not a heading\n1. not a list",
    regenerationCount: 2,
    customContext: "",
    model: "offline-rules-v1",
    versionCount: 2,
    touchpoints: [
      {
        id: "tp-1",
        flowId: "flow-1",
        stepNumber: 1,
        stepType: "Email",
        title: `Welcome ${INJECTION}`,
        delayDays: 0,
        timing: { type: "immediate" },
        offsetMinutes: 0,
        primaryGoal: "+1 goal, with comma",
        keyMessages: '• one\n• two, "three"',
        callToAction: "@mention Book now",
        sendWindow: null,
        createdAt: base,
      },
      {
        id: "tp-2",
        flowId: "flow-1",
        stepNumber: 2,
        stepType: "SMS",
        title: "Reminder",
        delayDays: 1,
        timing: { type: "offset", minutes: 1440 },
        offsetMinutes: 1440,
        primaryGoal: "Book",
        keyMessages: "Offer",
        callToAction: "Reply YES",
        sendWindow: { start: "08:00", end: "21:00" },
        createdAt: base,
      },
      {
        id: "tp-3",
        flowId: "flow-1",
        stepNumber: 3,
        stepType: "Email",
        title: "Proof",
        delayDays: 3,
        timing: { type: "offset", minutes: 4320 },
        offsetMinutes: 4320,
        primaryGoal: "Trust",
        keyMessages: "Reviews",
        callToAction: "See reviews",
        sendWindow: null,
        createdAt: base,
      },
    ],
    createdAt: base,
    updatedAt: "2026-11-21T10:00:00.000Z",
    ...overrides,
  };
}

function withContent(flow: FlowView): ExportFlowInput {
  const [email, sms, edited] = flow.touchpoints;
  const bodyText = `Hi,\n\n${INJECTION}\n\n• point one\n• point <two>`;
  const stored = [
    {
      touchpointId: email!.id,
      fingerprint: touchpointFingerprint(email!),
      subject: "Welcome <b>now</b>",
      preheader: "=cmd|' /C calc'!A0",
      bodyText,
      bodyHtml: renderEmailHtml({
        brand: flow.companyName,
        subject: "s",
        preheader: "p",
        bodyText,
        callToAction: "Go",
        buttonUrl: "https://acme.example/welcome",
        esp: "generic",
        postalAddress: null,
      }),
      callToAction: "Go",
      buttonUrl: "https://acme.example/welcome",
      sms: null,
      writtenAt: "2026-11-21T10:00:00.000Z",
    },
    {
      touchpointId: sms!.id,
      fingerprint: touchpointFingerprint(sms!),
      subject: null,
      preheader: null,
      bodyText: null,
      bodyHtml: null,
      callToAction: null,
      buttonUrl: null,
      sms: 'Zoë\'s <Café> & "Co", Ltd: hi. Reply STOP to opt out',
      writtenAt: "2026-11-21T10:00:00.000Z",
    },
    // Written before the third touchpoint was edited: outdated.
    {
      touchpointId: edited!.id,
      fingerprint: "0000000000000000",
      subject: "Old subject",
      preheader: "Old",
      bodyText: "Old body",
      bodyHtml: "<p>Old body</p>",
      callToAction: "Old",
      // Written before buttons had links: it reads the placeholder for what its button says.
      buttonUrl: null,
      sms: null,
      writtenAt: "2026-11-19T10:00:00.000Z",
    },
  ];
  return { flow, content: flowContentView(flow, stored), trigger: "A lead <signs up> via the form", exitRules: ["Books a call", "=Unsubscribes"] };
}

const NOW = new Date("2026-11-23T01:00:00.000Z");
const schema = JSON.parse(fs.readFileSync(path.resolve("docs/flow-export.schema.json"), "utf8"));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

describe("the content view", () => {
  test("content matches by touchpoint and fingerprint; an edited touchpoint's content is outdated", () => {
    const input = withContent(flowFixture());
    expect(input.content!.versionNumber).toBe(3);
    expect(input.content!.touchpoints.map((tp) => tp.outdated)).toEqual([false, false, true]);
    expect(input.content!.touchpoints[1]).toMatchObject({ subject: null, bodyHtml: null, sms: expect.stringContaining("Reply STOP") });
    expect(input.content!.touchpoints[2]!.subject).toBe("Old subject");
  });
});

describe("JSON export", () => {
  test("premium: valid against docs/flow-export.schema.json and equal to the flow", () => {
    const input = withContent(flowFixture());
    const parsed = JSON.parse(toJson(exportDocument([input], { exportedAt: NOW, includesContent: true })));
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    const flow = parsed.flows[0];
    expect(flow.companyName).toBe(input.flow.companyName);
    expect(flow.flowOverview).toBe(input.flow.flowOverview);
    expect(flow.trigger).toBe("A lead <signs up> via the form");
    expect(flow.exitRules).toEqual(["Books a call", "=Unsubscribes"]);
    expect(flow.touchpoints.map((tp: { title: string }) => tp.title)).toEqual(input.flow.touchpoints.map((tp) => tp.title));
    expect(flow.touchpoints[0].content.preheader).toBe("=cmd|' /C calc'!A0");
    expect(flow.touchpoints[1].content).toMatchObject({ smsEncoding: "UCS-2", smsSegments: countSms(input.content!.touchpoints[1]!.sms!).segments });
    expect(flow.touchpoints[1].sendWindow).toEqual({ start: "08:00", end: "21:00" });
    expect(flow.touchpoints[2].content.outdated).toBe(true);
  });

  test("free: the plan only, still valid", () => {
    const input = withContent(flowFixture());
    const parsed = JSON.parse(toJson(exportDocument([input], { exportedAt: NOW, includesContent: false })));
    expect(validate(parsed)).toBe(true);
    expect(parsed.includesContent).toBe(false);
    expect(parsed.flows[0].touchpoints.every((tp: { content: unknown }) => tp.content === null)).toBe(true);
    expect(JSON.stringify(parsed)).not.toContain("point one");
  });

  test("the schema refuses a document that breaks it", () => {
    const parsed = JSON.parse(toJson(exportDocument([withContent(flowFixture())], { exportedAt: NOW, includesContent: true })));
    parsed.flows[0].touchpoints[0].stepType = "Fax";
    expect(validate(parsed)).toBe(false);
    delete parsed.schemaVersion;
    expect(validate(parsed)).toBe(false);
  });

  test("several flows in one document", () => {
    const one = withContent(flowFixture());
    const two = withContent(flowFixture({ id: "flow-2", flowType: "onboarding" }));
    const parsed = JSON.parse(toJson(exportDocument([one, two], { exportedAt: NOW, includesContent: true })));
    expect(validate(parsed)).toBe(true);
    expect(parsed.flows.map((f: { flowType: string }) => f.flowType)).toEqual(["lead_nurture", "onboarding"]);
  });
});

describe("CSV export", () => {
  test("RFC 4180 with a BOM: commas, quotes and line breaks round-trip through a CSV parser", () => {
    const input = withContent(flowFixture());
    const csv = toCsv(exportDocument([input], { exportedAt: NOW, includesContent: true }));
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parseCsv(csv, { bom: true, relax_column_count: false });
    expect(rows[0]).toEqual([...CSV_PLAN_COLUMNS, ...CSV_CONTENT_COLUMNS]);
    expect(rows).toHaveLength(1 + input.flow.touchpoints.length);
    const col = (name: string) => rows[0]!.indexOf(name);
    input.flow.touchpoints.forEach((tp, index) => {
      const row = rows[index + 1]!.map(unguardCsvCell);
      expect(row[col("Company")]).toBe(input.flow.companyName);
      expect(row[col("Title")]).toBe(tp.title);
      expect(row[col("Primary goal")]).toBe(tp.primaryGoal);
      expect(row[col("Key messages")]).toBe(tp.keyMessages);
      expect(row[col("Call to action")]).toBe(tp.callToAction);
      expect(row[col("Flow overview")]).toBe(input.flow.flowOverview);
      expect(row[col("Step")]).toBe(String(tp.stepNumber));
      expect(row[col("Channel")]).toBe(tp.stepType);
    });
    expect(rows[1]![col("Email body")]).toBe(input.content!.touchpoints[0]!.bodyText);
    expect(rows[2]![col("SMS")]).toBe(input.content!.touchpoints[1]!.sms);
    expect(rows[3]![col("Content status")]).toMatch(/^Outdated/);
  });

  test("cells a spreadsheet would run as formulas are guarded with an apostrophe", () => {
    const csv = toCsv(exportDocument([withContent(flowFixture())], { exportedAt: NOW, includesContent: true }));
    const rows: string[][] = parseCsv(csv, { bom: true });
    const cells = rows.flat();
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(cells).toContain("'@mention Book now");
    expect(cells).toContain("'+1 goal, with comma");
    expect(cells).toContain("'=cmd|' /C calc'!A0");
  });

  test("the guard reads back exactly: a text already starting with the guard, full-width formula signs, tabs and edge spaces", () => {
    const texts = ["'=already guarded", "''+twice", "\uFF1DSUM(A1)", "\uFF0D1 minus", "\tTabbed", "-dash", " padded ", "plain 'quote"];
    const base = flowFixture();
    const flow = flowFixture({ touchpoints: texts.map((title, index) => ({ ...base.touchpoints[0]!, id: `tp-${index}`, stepNumber: index + 1, title })) });
    const csv = toCsv(exportDocument([{ flow, content: null, trigger: null, exitRules: [] }], { exportedAt: NOW, includesContent: false }));
    const rows: string[][] = parseCsv(csv, { bom: true });
    const col = rows[0]!.indexOf("Title");
    const written = rows.slice(1).map((row) => row[col]!);
    expect(written).toEqual(["''=already guarded", "'''+twice", "'\uFF1DSUM(A1)", "'\uFF0D1 minus", "'\tTabbed", "'-dash", " padded ", "plain 'quote"]);
    expect(written.map(unguardCsvCell)).toEqual(texts);
    expect(csv).toContain('," padded ",');
  });

  test("free users get the plan columns only", () => {
    const csv = toCsv(exportDocument([withContent(flowFixture())], { exportedAt: NOW, includesContent: false }));
    const rows: string[][] = parseCsv(csv, { bom: true });
    expect(rows[0]).toEqual([...CSV_PLAN_COLUMNS]);
  });
});

describe("HTML export", () => {
  test("one self-contained page: no script, no external resource, every text as written", () => {
    const input = withContent(flowFixture());
    const html = toHtml(exportDocument([input], { exportedAt: NOW, includesContent: true }), { esp: "mailchimp", postalAddress: null });
    const dom = parseDocument(html);
    expect(DomUtils.getElementsByTagName("script", dom)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName("img", dom)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName("link", dom)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName("iframe", dom)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName("style", dom)).toHaveLength(1);
    for (const element of DomUtils.findAll(() => true, dom.children)) {
      for (const name of Object.keys(element.attribs)) expect(name.startsWith("on"), name).toBe(false);
      // A link is a web address, or the chosen platform's unsubscribe tag, which it replaces when it sends.
      if (element.attribs.href) expect(element.attribs.href).toMatch(/^(#|https?:|\*\|UNSUB\|\*$)/);
    }
    const field = (name: string) => DomUtils.findAll((el) => el.attribs["data-field"] === name, dom.children).map((el) => DomUtils.textContent(el));
    expect(field("flowOverview")).toEqual([input.flow.flowOverview]);
    expect(field("title")).toEqual(input.flow.touchpoints.map((tp) => tp.title));
    expect(field("sms")).toEqual([input.content!.touchpoints[1]!.sms]);
    expect(field("trigger")).toEqual(["The flow starts when a lead <signs up> via the form."]);
    const articles = DomUtils.findAll((el) => el.name === "article", dom.children);
    expect(articles.map((el) => el.attribs["data-touchpoint-id"])).toEqual(["tp-1", "tp-2", "tp-3"]);
    expect(DomUtils.textContent(articles[0]!)).toContain(`<script>alert("x")</script>`);
    expect(DomUtils.textContent(articles[2]!)).toContain("Outdated");
    // The footer's unsubscribe link is the chosen platform's tag, with the postal address still to fill.
    expect(html).toContain('<a href="*|UNSUB|*"');
    expect(DomUtils.textContent(articles[0]!)).toContain("[add: your postal address]");
    // The button goes to the owner's URL; the legacy content's button names the page to link.
    expect(DomUtils.findAll((el) => el.name === "a" && el.attribs.href === "https://acme.example/welcome", [articles[0]!])).toHaveLength(1);
    expect(DomUtils.textContent(articles[2]!)).toContain("Link to fill: the page this button opens");
  });

  test("each platform's unsubscribe tag behind the footer's link", () => {
    const document = exportDocument([withContent(flowFixture())], { exportedAt: NOW, includesContent: true });
    for (const [esp, tag] of Object.entries(UNSUBSCRIBE_TAGS)) {
      const html = toHtml(document, { esp: esp as Esp, postalAddress: "14 Orford Rd, Ipswich IP1 3AA" });
      expect(html).toContain(`href="${tag}"`);
      expect(html).toContain("14 Orford Rd, Ipswich IP1 3AA");
      expect(html).not.toContain("[add: your postal address]");
    }
  });
});

describe("Markdown export", () => {
  test("user text is literal: no raw HTML, links, emphasis or block markers survive", () => {
    const md = toMarkdown(exportDocument([withContent(flowFixture())], { exportedAt: NOW, includesContent: true }));
    expect(md).not.toContain("<script>");
    expect(md).toContain("\\<script\\>");
    expect(md).not.toMatch(/[^\\]\[a\]\(javascript/);
    expect(md).toContain("\\*\\*bold\\*\\*");
    expect(md).toContain("\n\\- starts with a dash");
    expect(md).toContain("\n\\# not a heading");
    expect(md).toContain("\n1\\. not a list");
    expect(md).toMatch(/^# Zoë's \\<Café\\> & "Co", Ltd: Lead Nurture flow/);
    expect(md).toContain("**SMS** (");
    expect(md).toContain("_(outdated");
  });

  test("escapeMarkdown leaves plain prose alone", () => {
    expect(escapeMarkdown("Book a call today, it's free.")).toBe("Book a call today, it's free.");
    expect(escapeMarkdown("a_b *c* `d` |e| ~f~ &amp;")).toBe("a\\_b \\*c\\* \\`d\\` \\|e\\| \\~f\\~ \\&amp;");
  });
});

describe("file names", () => {
  test("{company}-{flow-type}.{ext} with safe characters only", () => {
    expect(exportFileName(`Zoë's <Café> & "Co", Ltd`, "lead_nurture", "csv")).toBe("zoe-s-cafe-co-ltd-lead-nurture.csv");
    expect(exportFileName("../../etc/passwd\r\n", "onboarding", "md")).toBe("etc-passwd-onboarding.md");
    expect(exportFileName("😀", "abandoned_cart", "html")).toBe("flowmap-abandoned-cart.html");
  });
});
