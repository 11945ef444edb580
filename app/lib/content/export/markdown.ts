import { type ExportDocument, type ExportedFlow, flowRulesProse, smsCountText, whenText } from "~/lib/content/export/model";

/**
 * Markdown that reads well as plain text and renders as the same text: every piece of user or
 * model text is escaped, so `<script>`, links, emphasis or headings in an answer stay literal.
 */

/** Escapes inline markup everywhere and block markers at the start of a line. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .replace(/[\\`*_[\]<>|~]/g, "\\$&")
        .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&")
        .replace(/^(\s*)([#+\-=>])/, "$1\\$2")
        .replace(/^(\s*\d+)([.)])/, "$1\\$2"),
    )
    .join("\n");
}

/** A multi-line value under a list item: continuation lines indented so they stay in the item. */
function block(text: string, indent = "  "): string {
  return escapeMarkdown(text.trim())
    .split("\n")
    .map((line, index) => (index === 0 ? line : `${indent}${line}`))
    .join("  \n");
}

function quote(text: string): string {
  return escapeMarkdown(text.trim())
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

function flowMarkdown(flow: ExportedFlow, includesContent: boolean, level: number): string {
  const h = (n: number) => "#".repeat(level + n - 1);
  const out: string[] = [];
  out.push(`${h(1)} ${escapeMarkdown(flow.companyName || "Your Company")}: ${flow.flowTypeLabel} flow`);
  out.push(`_Version ${flow.versionNumber} · ${flow.touchpoints.length} touchpoint${flow.touchpoints.length === 1 ? "" : "s"} · updated ${flow.updatedAt.slice(0, 10)}_`);
  out.push(`${h(2)} Overview`, escapeMarkdown(flow.flowOverview || "—"));
  if (flow.quickNotes) out.push(`${h(2)} Quick notes`, escapeMarkdown(flow.quickNotes));
  const rules = flowRulesProse(flow);
  if (rules.trigger) out.push(`${h(2)} Trigger`, escapeMarkdown(rules.trigger));
  if (rules.exitRules) out.push(`${h(2)} Exit rules`, escapeMarkdown(rules.exitRules));
  if (rules.smsPolicy) out.push(`${h(2)} SMS policy`, escapeMarkdown(rules.smsPolicy));
  out.push(`${h(2)} Touchpoints`);
  for (const tp of flow.touchpoints) {
    out.push(`${h(3)} ${tp.stepNumber}. ${escapeMarkdown(tp.title)} (${tp.stepType})`);
    const facts = [
      `- **When:** ${escapeMarkdown(whenText(tp))}`,
      `- **Primary goal:** ${block(tp.primaryGoal)}`,
      `- **Key messages:** ${block(tp.keyMessages)}`,
      `- **Call to action:** ${block(tp.callToAction)}`,
    ].filter(Boolean);
    out.push(facts.join("\n"));
    if (!includesContent) continue;
    const c = tp.content;
    if (!c) {
      out.push(`_No written content yet._`);
      continue;
    }
    const parts: string[] = [`**Written content**${c.outdated ? " _(outdated: the touchpoint changed after this was written)_" : ""}`];
    if (c.sms !== null) {
      parts.push(`**SMS** (${smsCountText(c)}):`, quote(c.sms));
    } else {
      parts.push(`**Subject:** ${escapeMarkdown(c.subject ?? "")}  \n**Preheader:** ${escapeMarkdown(c.preheader ?? "")}`);
      parts.push(`**Body:**`, quote(c.bodyText ?? ""));
      parts.push(`**Button:** ${escapeMarkdown(c.callToAction ?? "")}  \n**Button link:** ${escapeMarkdown(c.buttonUrl ?? "")}`);
    }
    out.push(parts.join("\n\n"));
  }
  return out.join("\n\n");
}

export function toMarkdown(document: ExportDocument): string {
  if (document.flows.length === 1)
    return `${flowMarkdown(document.flows[0]!, document.includesContent, 1)}\n\n---\n\n_Exported from Flowmap on ${document.exportedAt.slice(0, 10)}._\n`;
  const company = document.flows[0]?.companyName || "Your Company";
  const intro = [
    `# ${escapeMarkdown(company)}: lifecycle flows`,
    `_Exported from Flowmap on ${document.exportedAt.slice(0, 10)} · ${document.flows.length} flow${document.flows.length === 1 ? "" : "s"}_`,
  ];
  if (document.flows.length === 0) intro.push("No flows have been generated yet.");
  return `${[...intro, ...document.flows.map((flow) => flowMarkdown(flow, document.includesContent, 2))].join("\n\n")}\n`;
}
