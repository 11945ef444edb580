import { type Esp, UNSUBSCRIBE_TAGS } from "~/lib/content/esp";
import { POSTAL_ADDRESS_PLACEHOLDER } from "~/lib/content/footer";
import { placeholderPage, PURPOSE_PAGES } from "~/lib/content/links";
import { restoreMergeTags } from "~/lib/content/merge-tags";
import type { EmailCopy } from "~/lib/content/types";
import { safeHttpUrl } from "~/lib/content/urls";

/**
 * HTML for written content. Every piece of text that reaches HTML goes through escapeHtml, and the
 * email body is always rendered here from its plain text: no writer (offline or model) ever
 * supplies markup, so nothing a business typed into its answers can become markup.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export { safeHttpUrl };

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
  /**
   * A platform's own link for the button, in place of buttonUrl (Klaviyo's `{{ event.CheckoutURL }}`):
   * a template tag from this app's own tables, never text a user or a writer gave.
   */
  buttonTag?: string | null;
  /** The platform the footer's unsubscribe tag is written for. */
  esp: Esp;
  /** The sender's postal address, or null for the marked placeholder. */
  postalAddress: string | null;
};

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BUTTON_STYLE = `display:inline-block;background:#4f46e5;color:#ffffff;${FONT};font-size:16px;font-weight:600;text-decoration:none;padding:12px 24px;border-radius:8px`;

/**
 * The button: a link to the owner's URL (or the platform's tag); with a placeholder instead, the
 * button is drawn without a link and the page to link is named beside it, so nothing is sent out
 * pointing nowhere.
 */
export function buttonHtml(input: Pick<EmailHtmlInput, "callToAction" | "buttonUrl" | "buttonTag">): string {
  const label = escapeHtml(input.callToAction);
  const href = input.buttonTag ?? safeHttpUrl(placeholderPage(input.buttonUrl) ? null : input.buttonUrl);
  if (href) return `<a href="${escapeHtml(href)}" style="${BUTTON_STYLE}">${label}</a>`;
  const page = placeholderPage(input.buttonUrl) ?? PURPOSE_PAGES.other;
  return [
    `<span style="${BUTTON_STYLE};opacity:.85">${label}</span>`,
    `<span style="display:inline-block;margin:8px 0 0 8px;padding:4px 8px;border:1px dashed #d97706;border-radius:6px;background:#fef3c7;${FONT};font-size:13px;color:#92400e">Link to fill: ${escapeHtml(page)}</span>`,
  ].join(" ");
}

/** The footer: who sends it, the unsubscribe link the sentence promises (the platform's tag), and the postal address. */
export function footerHtml(input: Pick<EmailHtmlInput, "brand" | "esp" | "postalAddress">): string {
  const brand = escapeHtml(input.brand || "Our team");
  const address = escapeHtml(input.postalAddress?.trim() || POSTAL_ADDRESS_PLACEHOLDER);
  return [
    `You are receiving this email from ${brand}. Unsubscribe at any time with the link in this footer.`,
    `<br><a href="${escapeHtml(UNSUBSCRIBE_TAGS[input.esp])}" style="color:#4b5563;text-decoration:underline">Unsubscribe</a>`,
    `<br>${brand} · ${address}`,
  ].join("");
}

/** The email's inner part (header, body, button, footer), reused by the export's printable page. */
export function renderEmailFragment(input: EmailHtmlInput): string {
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
    `<tr><td style="padding:0 32px 28px">${buttonHtml(input)}</td></tr>`,
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;${FONT};font-size:12px;line-height:1.5;color:#6b7280">${footerHtml(input)}</td></tr>`,
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
