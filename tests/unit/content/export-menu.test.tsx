import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ExportMenu } from "~/components/flows/export-menu";
import { ESPS } from "~/lib/content/esp";
import { ALL_FLOWS_EXPORT_FORMATS, EXPORT_FORMAT_LABELS, FLOW_EXPORT_FORMATS } from "~/lib/content/export/formats";

const offered = (html: string) => [...html.matchAll(/data-format="([^"]+)"/g)].map((match) => match[1]);

describe("the export menu", () => {
  it("offers every format a flow exports as, each with its label, from the export's own list", () => {
    const html = renderToStaticMarkup(<ExportMenu flowId="f1" />);
    expect(offered(html)).toEqual([...FLOW_EXPORT_FORMATS]);
    for (const format of FLOW_EXPORT_FORMATS) {
      if (format !== "html") expect(html).toContain(`href="/api/ai-flows/f1/export?format=${format}"`);
      expect(html).toContain(EXPORT_FORMAT_LABELS[format].label);
    }
  });

  it("downloads one flow's HTML through a plain GET form that names the email platform of its unsubscribe links, the default preselected", () => {
    const html = renderToStaticMarkup(<ExportMenu flowId="f1" esp="klaviyo" />);
    expect(html).toMatch(/<form method="get" action="\/api\/ai-flows\/f1\/export"[^>]*data-format="html"/);
    expect(html).toContain('<input type="hidden" name="format" value="html"/>');
    expect([...html.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1])).toEqual([...ESPS]);
    expect(html).toContain('<option value="klaviyo" selected="">Klaviyo</option>');
    expect(html).toContain(">Unsubscribe links for</label>");
    expect(renderToStaticMarkup(<ExportMenu flowId="f1" />)).toContain('<option value="generic" selected="">');
  });

  it("offers only the formats that hold several flows when it exports them all", () => {
    const html = renderToStaticMarkup(<ExportMenu />);
    expect([...offered(html)].sort()).toEqual([...ALL_FLOWS_EXPORT_FORMATS].sort());
    expect(html).toContain('href="/api/ai-flows/export?format=json"');
  });
});
