import type { StepCopy } from "../pipeline";
import { type BusinessOutput, finding, type Finding } from "./types";

/**
 * `buttons`: every email's button goes somewhere its words can keep: not the bare home page
 * (https://x.example or https://x.example/) and not nowhere ("#"). A clearly marked placeholder
 * ("[Link: your booking page]") or an ESP's own link tag ("{{ event.extra.checkout_url }}")
 * passes. The link is read from the rendered HTML's button, or from the copy's `buttonUrl` when
 * the writer gives one. Each email's footer must carry an unsubscribe link or an ESP's
 * unsubscribe tag.
 */

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };

function unescape(text: string): string {
  return text.replace(/&(?:amp|quot|#39|lt|gt);/g, (m) => ENTITIES[m] ?? m);
}

/** The button's link in rendered HTML: the anchor whose words are the call to action, else the first. */
export function buttonHref(html: string, callToAction: string): string | null {
  const anchors = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].map((m) => ({
    href: unescape(m[1]!),
    words: unescape(m[2]!.replace(/<[^>]*>/g, "")).trim(),
  }));
  return (anchors.find((a) => a.words === callToAction.trim()) ?? anchors[0])?.href ?? null;
}

/** What is wrong with a button's target, or null when it goes somewhere. */
export function targetProblem(target: string | null): string | null {
  const value = (target ?? "").trim();
  if (/^\[[^\]]+\]$/.test(value) || /^\{\{[^}]+\}\}$|^\{%[^%]+%\}$/.test(value)) return null;
  if (!value || value === "#") return "the button goes nowhere";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `the button's link "${value}" is not a link`;
  }
  if ((url.pathname === "/" || url.pathname === "") && !url.search && !url.hash) return "the button goes to the bare home page";
  return null;
}

const UNSUBSCRIBE = /href="[^"]*unsub|\{\{[^}]*unsub[^}]*\}\}|\{%[^%]*unsub[^%]*%\}|\*\|UNSUB\|\*|<%[^%]*unsub[^%]*%>|%unsubscribe\w*%|\[unsubscribe[^\]]*\]|\$unsubscribe/i;

export function hasUnsubscribe(html: string): boolean {
  return UNSUBSCRIBE.test(html);
}

function emailFindings(copy: StepCopy): Array<{ where: string; message: string; snippet: string }> {
  const found = [];
  const target = copy.buttonUrl ?? buttonHref(copy.html, copy.callToAction);
  const problem = targetProblem(target);
  if (problem) found.push({ where: `step ${copy.stepNumber} button`, message: `"${copy.callToAction}": ${problem}`, snippet: target ?? "(no link)" });
  if (!hasUnsubscribe(copy.html)) {
    const at = copy.html.search(/unsubscribe/i);
    const footer = at < 0 ? "" : copy.html.slice(copy.html.lastIndexOf(">", at) + 1, copy.html.indexOf("<", at) >>> 0).trim();
    found.push({ where: `step ${copy.stepNumber} footer`, message: "the footer has no unsubscribe link or ESP unsubscribe tag", snippet: unescape(footer) });
  }
  return found;
}

export function checkButtons(output: BusinessOutput): Finding[] {
  return output.flows.flatMap((flow) =>
    flow.copy.filter((c) => c.stepType === "Email" && c.html).flatMap((c) => emailFindings(c).map((f) => finding("buttons", flow.flowType, f.where, f.message, f.snippet))),
  );
}
