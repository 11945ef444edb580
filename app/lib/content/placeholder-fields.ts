/**
 * Where a content placeholder can sit, and how the content page names each place: without the
 * placeholder schema (lib/content/placeholders.ts), so the page's browser code ships no zod.
 */

/** Where a placeholder sits: a written field, or the email's footer (only in the rendered HTML). */
export const PLACEHOLDER_FIELDS = ["subject", "preheader", "bodyText", "callToAction", "buttonUrl", "sms", "footer"] as const;
export type PlaceholderField = (typeof PLACEHOLDER_FIELDS)[number];

/** How the content page names each place. */
export const PLACEHOLDER_FIELD_LABELS: Readonly<Record<PlaceholderField, string>> = {
  subject: "subject",
  preheader: "preheader",
  bodyText: "body",
  callToAction: "button text",
  buttonUrl: "button link",
  sms: "text message",
  footer: "footer",
};
