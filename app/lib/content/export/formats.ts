/**
 * The export formats: the one list, client-safe, that the export service, the API document and
 * the export menu all read. A format added to a list has to get its label here (and its media type
 * and writer in services/flows/export.server.ts) before the app compiles.
 */

/** Formats written from the export document (lib/content/export/model.ts). */
export const EXPORT_FORMATS = ["md", "csv", "json", "html"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The requests Send to Klaviyo makes for one flow, as JSON (lib/klaviyo/export.ts). */
export const KLAVIYO_EXPORT_FORMAT = "klaviyo";

/** What one flow downloads as (GET /api/ai-flows/{id}/export), in the menu's order. */
export const FLOW_EXPORT_FORMATS = [...EXPORT_FORMATS, KLAVIYO_EXPORT_FORMAT] as const;
export type FlowExportFormat = (typeof FLOW_EXPORT_FORMATS)[number];

/** Formats that hold several flows in one file (GET /api/ai-flows/export). */
export const ALL_FLOWS_EXPORT_FORMATS = ["json", "md"] as const satisfies readonly ExportFormat[];
export type AllFlowsExportFormat = (typeof ALL_FLOWS_EXPORT_FORMATS)[number];

/** How the export menu names each format. */
export const EXPORT_FORMAT_LABELS: Readonly<Record<FlowExportFormat, { label: string; hint: string }>> = {
  md: { label: "Markdown", hint: "Reads well anywhere" },
  csv: { label: "CSV", hint: "Spreadsheets (Excel, Sheets)" },
  json: { label: "JSON", hint: "For tools; versioned schema" },
  html: { label: "HTML", hint: "One printable page" },
  klaviyo: { label: "Klaviyo API (JSON)", hint: "The requests Send to Klaviyo makes" },
};
