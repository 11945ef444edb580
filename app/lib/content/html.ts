import { restoreMergeTags } from "~/lib/content/merge-tags";
import type { EmailCopy } from "~/lib/content/types";

/**
 * HTML for written content. Every piece of text that reaches HTML goes through escapeHtml, and the
 * email body is always rendered here from its plain text: no writer (offline or model) ever
 * supplies markup, so nothing a business typed into its answers can become markup.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A link target we are willing to put in an href: an absolute http(s) URL, else null. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".")) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export type BodyBlock = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

const BULLET = /^\s*(?:[•*-]|\d+[.)])\s+/;

/**
 * The plain-text body's structure: paragraphs separated by blank lines; a run of lines that start
 * with a bullet ("• ", "- ", "* ", "1. ") is a list.
 */
export function bodyBlocks(bodyText: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  for (const chunk of bodyText.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    let list: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
      paragraph = [];
    };
    const flushList = () => {
      if (list.length) blocks.push({ kind: "list", items: list });
      list = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        flushParagraph();
        list.push(line.replace(BULLET, ""));
      } else {
        flushList();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

export type EmailHtmlInput = EmailCopy & {
  brand: string;
  /** Where the button goes; "#" when the business gave no usable website. */
  ctaUrl?: string | null;
};

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The email's inner part (header, body, button, footer), reused by the export's printable page. */
export function renderEmailFragment(input: EmailHtmlInput): string {
  const href = escapeHtml(safeHttpUrl(input.ctaUrl) ?? "#");
  const blocks = bodyBlocks(input.bodyText)
    .map((block) =>
      block.kind === "paragraph"
        ? `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.6;color:#1f2937">${restoreMergeTags(escapeHtml(block.text))}</p>`
        : `<ul style="margin:0 0 16px;padding-left:22px;${FONT};font-size:16px;line-height:1.6;color:#1f2937">${block.items
            .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
            .join("")}</ul>`,
    )
    .join("\n");
  const brand = escapeHtml(input.brand || "Our team");
  return [
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb">`,
    `<tr><td style="padding:24px 32px 8px;${FONT};font-size:14px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#4f46e5">${brand}</td></tr>`,
    `<tr><td style="padding:8px 32px 8px">`,
    blocks,
    `</td></tr>`,
    `<tr><td style="padding:0 32px 28px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;${FONT};font-size:16px;font-weight:600;text-decoration:none;padding:12px 24px;border-radius:8px">${escapeHtml(input.callToAction)}</a></td></tr>`,
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;${FONT};font-size:12px;line-height:1.5;color:#6b7280">You are receiving this email from ${brand}. Unsubscribe at any time with the link in this footer.</td></tr>`,
    `</table>`,
  ].join("\n");
}

/** The whole email as a standalone document with a hidden preheader: what an ESP would send. */
export function renderEmailHtml(input: EmailHtmlInput): string {
  return [
    `<!DOCTYPE html>`,
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f3f4f6">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(input.preheader)}</div>`,
    renderEmailFragment(input),
    `</body></html>`,
  ].join("\n");
}
