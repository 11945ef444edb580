import type { ExportDocument } from "~/lib/content/export/model";

/** JSON: the export document itself (docs/flow-export.schema.json), pretty-printed. */
export function toJson(document: ExportDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
