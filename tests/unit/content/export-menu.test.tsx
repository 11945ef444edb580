import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ExportMenu } from "~/components/flows/export-menu";
import { ALL_FLOWS_EXPORT_FORMATS, EXPORT_FORMAT_LABELS, FLOW_EXPORT_FORMATS } from "~/lib/content/export/formats";

const offered = (html: string) => [...html.matchAll(/data-format="([^"]+)"/g)].map((match) => match[1]);

describe("the export menu", () => {
  it("offers every format a flow exports as, each with its label, from the export's own list", () => {
    const html = renderToStaticMarkup(<ExportMenu flowId="f1" />);
    expect(offered(html)).toEqual([...FLOW_EXPORT_FORMATS]);
    for (const format of FLOW_EXPORT_FORMATS) {
      expect(html).toContain(`href="/api/ai-flows/f1/export?format=${format}"`);
      expect(html).toContain(EXPORT_FORMAT_LABELS[format].label);
    }
  });

  it("offers only the formats that hold several flows when it exports them all", () => {
    const html = renderToStaticMarkup(<ExportMenu />);
    expect([...offered(html)].sort()).toEqual([...ALL_FLOWS_EXPORT_FORMATS].sort());
    expect(html).toContain('href="/api/ai-flows/export?format=json"');
  });
});
