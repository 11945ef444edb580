import { z } from "zod";

import { PLACEHOLDER_FIELDS, type PlaceholderField } from "~/lib/content/placeholder-fields";
import type { ContentFields } from "~/lib/content/schema";

export { PLACEHOLDER_FIELD_LABELS, PLACEHOLDER_FIELDS, type PlaceholderField } from "~/lib/content/placeholder-fields";

/**
 * What is left to fill before a flow's content can be sent: every clearly marked placeholder a
 * writer left where the answers lacked a fact (`[add: your consultation price]`), a button's link
 * (`[Link: your booking page]`), a discount code (`[YOUR DISCOUNT CODE]`), and the footer's postal
 * address. Pure and client-safe: the content page, the API and the copy checker read the same rule.
 */

/** A marked placeholder: written for the marketer to fill, never a fact the writer invented. */
export const MARKED_PLACEHOLDER = /\[(?:add|Add|ADD): [^\]\n]{1,80}\]|\[Link: [^\]\n]{1,80}\]|\[YOUR [A-Z0-9 %$£€&'-]{2,40}\]/g;

export const contentPlaceholderSchema = z.object({
  text: z.string().describe("The placeholder as written: [add: your consultation price], [Link: your booking page] or [YOUR DISCOUNT CODE]."),
  steps: z
    .array(
      z.object({
        touchpointId: z.string(),
        stepNumber: z.number().int(),
        fields: z.array(z.enum(PLACEHOLDER_FIELDS)).describe("The fields it is in (footer: the email's footer)."),
      }),
    )
    .describe("The steps it is in, in step order."),
});
export type ContentPlaceholder = z.infer<typeof contentPlaceholderSchema>;

/** One touchpoint's content as the scan reads it. */
export type PlaceholderSource = Partial<ContentFields> & { touchpointId: string; stepNumber: number };

const TEXT_FIELDS = ["subject", "preheader", "bodyText", "callToAction", "buttonUrl", "sms"] as const satisfies readonly PlaceholderField[];

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

function htmlText(html: string) {
  return html.replace(/<[^>]*>/g, " ").replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Every marked placeholder in a text, in order. */
export function markedIn(text: string | null | undefined): string[] {
  return [...(text ?? "").matchAll(MARKED_PLACEHOLDER)].map((match) => match[0]);
}

/** Each placeholder of one touchpoint with the fields it is in; the HTML adds what only it holds (the footer's). */
function spotsOf(source: PlaceholderSource): Map<string, PlaceholderField[]> {
  const spots = new Map<string, PlaceholderField[]>();
  const add = (text: string, field: PlaceholderField) => {
    const fields = spots.get(text) ?? [];
    if (!fields.includes(field)) fields.push(field);
    spots.set(text, fields);
  };
  for (const field of TEXT_FIELDS) for (const text of markedIn(source[field])) add(text, field);
  for (const text of markedIn(source.bodyHtml ? htmlText(source.bodyHtml) : null)) if (!spots.has(text)) add(text, "footer");
  return spots;
}

/** Every marked placeholder in a flow's content, once each, with the steps and fields it is in, in step order. */
export function placeholdersIn(content: { touchpoints: readonly PlaceholderSource[] }): ContentPlaceholder[] {
  const found = new Map<string, ContentPlaceholder>();
  const ordered = [...content.touchpoints].sort((a, b) => a.stepNumber - b.stepNumber);
  for (const source of ordered) {
    for (const [text, fields] of spotsOf(source)) {
      const entry = found.get(text) ?? { text, steps: [] };
      entry.steps.push({ touchpointId: source.touchpointId, stepNumber: source.stepNumber, fields });
      found.set(text, entry);
    }
  }
  return [...found.values()];
}
