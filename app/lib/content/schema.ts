import { z } from "zod";

/**
 * The shape a content writer answers with, validated before anything else looks at it. Email
 * touchpoints fill subject, preheader, bodyText, callToAction and buttonUrl (sms null); SMS
 * touchpoints fill sms (the email fields null). Writers never send HTML: it is rendered from
 * bodyText. The button's link is the owner's URL for what the button says, or a marked
 * placeholder (`[Link: your booking page]`, content/links.ts); a model is never asked for it.
 */
export const writtenFieldsSchema = z.object({
  subject: z.string().nullable(),
  preheader: z.string().nullable(),
  bodyText: z.string().nullable(),
  callToAction: z.string().nullable(),
  buttonUrl: z
    .string()
    .nullable()
    .describe("Where the email's button goes: the business's own URL for it, or a marked placeholder such as [Link: your booking page]. Null for SMS."),
  sms: z.string().nullable(),
});
/** The content fields of one touchpoint: the one definition every content shape derives from (content/types.ts). */
export type WrittenFields = z.infer<typeof writtenFieldsSchema>;
/** What is stored and shown of a touchpoint's content: the written fields and the HTML rendered from the body. */
export type ContentFields = WrittenFields & { bodyHtml: string | null };

export const writtenTouchpointSchema = z.object({ touchpointId: z.string().min(1), ...writtenFieldsSchema.shape });
export type WrittenTouchpoint = z.infer<typeof writtenTouchpointSchema>;

export const writtenFlowSchema = z.object({ touchpoints: z.array(writtenTouchpointSchema) });
export type WrittenFlow = z.infer<typeof writtenFlowSchema>;

/** What a model writes: every written field but the button's link, which the server fills from the owner's answers. */
export const modelTouchpointSchema = writtenTouchpointSchema.omit({ buttonUrl: true });
export type ModelTouchpoint = z.infer<typeof modelTouchpointSchema>;
export const modelFlowSchema = z.object({ touchpoints: z.array(modelTouchpointSchema) });
export type ModelFlow = z.infer<typeof modelFlowSchema>;

const NULLABLE_TEXT = { type: ["string", "null"] } as const;

/** The model's shape as a JSON Schema for its structured output (strict: every key required). */
export const WRITTEN_FLOW_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["touchpoints"],
  properties: {
    touchpoints: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: Object.keys(modelTouchpointSchema.shape),
        properties: {
          touchpointId: { type: "string" },
          ...({
            subject: NULLABLE_TEXT,
            preheader: NULLABLE_TEXT,
            bodyText: NULLABLE_TEXT,
            callToAction: NULLABLE_TEXT,
            sms: NULLABLE_TEXT,
          } satisfies Record<Exclude<keyof WrittenFields, "buttonUrl">, typeof NULLABLE_TEXT>),
        },
      },
    },
  },
} as const;
