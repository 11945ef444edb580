import type { TouchpointContentShape } from "~/lib/api/responses";
import type { ContentPlaceholder } from "~/lib/content/placeholders";
import type { ContentFields, WrittenFields } from "~/lib/content/schema";

/**
 * The shapes of written content, all derived from the one definition of its fields
 * (`writtenFieldsSchema`, content/schema.ts): add a field there and every shape below has it.
 */

export type { ContentFields, WrittenFields };

/** The fields an email touchpoint fills; an SMS fills `sms` alone. */
export const EMAIL_FIELDS = ["subject", "preheader", "bodyText", "callToAction", "buttonUrl"] as const satisfies ReadonlyArray<keyof WrittenFields>;
export type EmailField = (typeof EMAIL_FIELDS)[number];

/** The copy of one email touchpoint (the HTML is rendered from the text, see html.ts). */
export type EmailCopy = { [K in EmailField]: NonNullable<WrittenFields[K]> };

/** What a writer produces for one touchpoint: email copy or one SMS. */
export type TouchpointCopy = { touchpointId: string; stepType: "Email"; email: EmailCopy } | { touchpointId: string; stepType: "SMS"; sms: string };

/** GET /api/ai-flows/{id}/content: one touchpoint's written content (`outdated`: the touchpoint changed since, or nothing was written yet). */
export type TouchpointContentView = TouchpointContentShape;

export interface FlowContentView {
  flowId: string;
  /** The number the current state will carry when it is saved as a version. */
  versionNumber: number;
  touchpoints: TouchpointContentView[];
  /** What is left to fill before sending (content/placeholders.ts), in step order. */
  placeholders: ContentPlaceholder[];
}
