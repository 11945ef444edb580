import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { ESP_LABELS, ESPS, type Esp } from "~/lib/content/esp";
import { ALL_FLOWS_EXPORT_FORMATS, EXPORT_FORMAT_LABELS, FLOW_EXPORT_FORMATS, type FlowExportFormat } from "~/lib/content/export/formats";

/**
 * Export links of one flow (or of all flows): plain links to the export endpoint, answered as
 * downloads, so they work without JavaScript. A native <details> disclosure holds them. The
 * formats are the export's own list (lib/content/export/formats.ts), so a new one shows here.
 * One flow's HTML is a plain GET form instead: the emails' footers carry the unsubscribe tag of
 * the email platform chosen there (`esp`), Klaviyo preselected once it is connected.
 */

const FORMATS = FLOW_EXPORT_FORMATS.map((format) => ({ format, ...EXPORT_FORMAT_LABELS[format] }));

const ALL_FORMATS = FORMATS.filter((item) => (ALL_FLOWS_EXPORT_FORMATS as readonly FlowExportFormat[]).includes(item.format));

export function exportHref(flowId: string | null, format: FlowExportFormat) {
  return flowId ? `/api/ai-flows/${encodeURIComponent(flowId)}/export?format=${format}` : `/api/ai-flows/export?format=${format}`;
}

/** One flow's HTML download, with the email platform its footers' unsubscribe links are written for. */
function HtmlExportForm({ flowId, esp }: { flowId: string; esp: Esp }) {
  const id = `export-esp-${flowId}`;
  return (
    <form method="get" action={`/api/ai-flows/${encodeURIComponent(flowId)}/export`} className="flex flex-col gap-1.5 px-4 py-2.5" data-format="html">
      <input type="hidden" name="format" value="html" />
      <span className="text-sm font-semibold text-slate-900">{EXPORT_FORMAT_LABELS.html.label}</span>
      <span className="text-xs text-slate-600">{EXPORT_FORMAT_LABELS.html.hint}</span>
      <label htmlFor={id} className="mt-1 text-xs font-medium text-slate-700">
        Unsubscribe links for
      </label>
      <div className="flex items-center gap-2">
        <select id={id} name="esp" defaultValue={esp} className={`${controlClass} py-1 text-sm`}>
          {ESPS.map((item) => (
            <option key={item} value={item}>
              {ESP_LABELS[item]}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Download
        </button>
      </div>
    </form>
  );
}

export function ExportMenu({
  flowId = null,
  label = "Export",
  align = "right",
  esp = "generic",
}: {
  flowId?: string | null;
  label?: string;
  align?: "left" | "right";
  /** The email platform the HTML's footers are written for unless the user picks another. */
  esp?: Esp;
}) {
  const items = flowId ? FORMATS : ALL_FORMATS;
  return (
    <details className="group relative" data-testid={flowId ? "export-menu" : "export-all-menu"}>
      <summary className={buttonClass({ variant: "secondary", className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden" })}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
          <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {label}
        <svg viewBox="0 0 20 20" className="h-4 w-4 transition group-open:rotate-180" aria-hidden="true">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <ul
        className={`absolute z-20 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg ring-1 ring-black/5 ${align === "right" ? "right-0" : "left-0"}`}
      >
        {items.map((item) => (
          <li key={item.format}>
            {flowId && item.format === "html" ? (
              <HtmlExportForm flowId={flowId} esp={esp} />
            ) : (
              <a href={exportHref(flowId, item.format)} download className="flex flex-col px-4 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50" data-format={item.format}>
                <span className="text-sm font-semibold text-slate-900">{item.label}</span>
                <span className="text-xs text-slate-600">{item.hint}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
