import { type ExportDocument, type ExportedFlow, flowRulesProse, smsCountText, whenText } from "~/lib/content/export/model";
import type { Esp } from "~/lib/content/esp";
import { escapeHtml, renderEmailFragment } from "~/lib/content/html";

/**
 * One self-contained, printable HTML page: inline styles, no script, no external resource. Every
 * text is escaped; an email body is rendered again from its plain text (never taken as stored
 * markup), its footer written for the email platform the user chose (its unsubscribe tag).
 */

/** What the emails' footers are written for: the platform's unsubscribe tag and the sender's postal address. */
export interface HtmlExportOptions {
  esp: Esp;
  postalAddress: string | null;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f8fafc;color:#0f172a;font:15px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:880px;margin:0 auto;padding:40px 24px}header.doc{border-bottom:3px solid #4f46e5;padding-bottom:16px;margin-bottom:32px}
h1{font-size:28px;margin:0 0 4px}h2{font-size:22px;margin:40px 0 8px}h3{font-size:15px;text-transform:uppercase;letter-spacing:.05em;color:#475569;margin:24px 0 6px}
.meta{color:#64748b;font-size:13px}.pre{white-space:pre-wrap}section.flow{page-break-before:auto}
.tp{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:20px;margin:16px 0;page-break-inside:avoid}
.tp h4{margin:0 0 8px;font-size:17px}.badge{display:inline-block;border-radius:999px;padding:1px 10px;font-size:12px;font-weight:600;margin-left:8px;vertical-align:2px}
.email{background:#dbeafe;color:#1e40af}.sms{background:#dcfce7;color:#166534}.outdated{background:#fef3c7;color:#92400e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{font-weight:600;color:#334155}dd{margin:0;white-space:pre-wrap}
.content{margin-top:16px;border-top:1px dashed #cbd5e1;padding-top:16px}.preview{background:#f3f4f6;border-radius:10px;padding:16px;margin-top:8px}
.bubble{display:inline-block;max-width:360px;background:#22c55e;color:#fff;border-radius:18px 18px 4px 18px;padding:10px 14px;white-space:pre-wrap}
footer{margin-top:48px;color:#94a3b8;font-size:12px}
@media print{body{background:#fff}main{padding:0}.tp{border-color:#cbd5e1}a{color:inherit}}
`;

function dl(rows: Array<[string, string]>): string {
  return `<dl>${rows
    .filter(([, value]) => value !== "")
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("")}</dl>`;
}

function flowHtml(flow: ExportedFlow, includesContent: boolean, options: HtmlExportOptions): string {
  const parts: string[] = [`<section class="flow" id="flow-${escapeHtml(flow.flowType)}">`];
  parts.push(`<h2>${escapeHtml(flow.companyName || "Your Company")}: ${escapeHtml(flow.flowTypeLabel)} flow</h2>`);
  parts.push(`<p class="meta">Version ${flow.versionNumber} · ${flow.touchpoints.length} touchpoints · updated ${escapeHtml(flow.updatedAt.slice(0, 10))}</p>`);
  parts.push(`<h3>Overview</h3><p class="pre" data-field="flowOverview">${escapeHtml(flow.flowOverview)}</p>`);
  if (flow.quickNotes) parts.push(`<h3>Quick notes</h3><p class="pre" data-field="quickNotes">${escapeHtml(flow.quickNotes)}</p>`);
  const rules = flowRulesProse(flow);
  if (rules.trigger) parts.push(`<h3>Trigger</h3><p data-field="trigger">${escapeHtml(rules.trigger)}</p>`);
  if (rules.exitRules) parts.push(`<h3>Exit rules</h3><p data-field="exitRules">${escapeHtml(rules.exitRules)}</p>`);
  if (rules.smsPolicy) parts.push(`<h3>SMS policy</h3><p data-field="smsPolicy">${escapeHtml(rules.smsPolicy)}</p>`);
  parts.push(`<h3>Touchpoints</h3>`);
  for (const tp of flow.touchpoints) {
    const channel = tp.stepType === "Email" ? "email" : "sms";
    parts.push(`<article class="tp" data-touchpoint-id="${escapeHtml(tp.id)}">`);
    parts.push(`<h4>${tp.stepNumber}. <span data-field="title">${escapeHtml(tp.title)}</span><span class="badge ${channel}">${escapeHtml(tp.stepType)}</span></h4>`);
    parts.push(
      dl([
        ["When", whenText(tp)],
        ["Primary goal", tp.primaryGoal],
        ["Key messages", tp.keyMessages],
        ["Call to action", tp.callToAction],
      ]),
    );
    const c = includesContent ? tp.content : null;
    if (includesContent) {
      parts.push(`<div class="content">`);
      if (!c) parts.push(`<p class="meta">No written content yet.</p>`);
      else {
        parts.push(`<p><strong>Written content</strong>${c.outdated ? `<span class="badge outdated">Outdated</span>` : ""}</p>`);
        if (c.sms !== null) {
          parts.push(`<p class="bubble" data-field="sms">${escapeHtml(c.sms)}</p><p class="meta">${escapeHtml(smsCountText(c))}</p>`);
        } else {
          parts.push(
            dl([
              ["Subject", c.subject ?? ""],
              ["Preheader", c.preheader ?? ""],
            ]),
          );
          parts.push(
            `<div class="preview">${renderEmailFragment({
              brand: flow.companyName,
              subject: c.subject ?? "",
              preheader: c.preheader ?? "",
              bodyText: c.bodyText ?? "",
              callToAction: c.callToAction ?? "",
              buttonUrl: c.buttonUrl ?? "",
              ...options,
            })}</div>`,
          );
        }
      }
      parts.push(`</div>`);
    }
    parts.push(`</article>`);
  }
  parts.push(`</section>`);
  return parts.join("\n");
}

export function toHtml(document: ExportDocument, options: HtmlExportOptions): string {
  const title =
    document.flows.length === 1
      ? `${document.flows[0]!.companyName || "Your Company"}: ${document.flows[0]!.flowTypeLabel} flow`
      : `${document.flows[0]?.companyName || "Your Company"}: lifecycle flows`;
  return [
    `<!DOCTYPE html>`,
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>`,
    `<header class="doc"><h1>${escapeHtml(title)}</h1><p class="meta">Exported from Flowmap on ${escapeHtml(document.exportedAt.slice(0, 10))}</p></header>`,
    ...document.flows.map((flow) => flowHtml(flow, document.includesContent, options)),
    `<footer>Flowmap · export format version ${document.schemaVersion}</footer>`,
    `</main></body></html>`,
    ``,
  ].join("\n");
}
