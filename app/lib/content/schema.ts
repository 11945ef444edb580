import { z } from "zod";

/**
 * The shape a content writer answers with, validated before anything else looks at it. Email
 * touchpoints fill subject, preheader, bodyText and callToAction (sms null); SMS touchpoints fill
 * sms (the email fields null). Writers never send HTML: it is rendered from bodyText.
 */
export const writtenFieldsSchema = z.object({
  subject: z.string().nullable(),
  preheader: z.string().nullable(),
  bodyText: z.string().nullable(),
  callToAction: z.string().nullable(),
  sms: z.string().nullable(),
});
/** The content fields of one touchpoint: the one definition every content shape derives from (content/types.ts). */
export type WrittenFields = z.infer<typeof writtenFieldsSchema>;

export const writtenTouchpointSchema = z.object({ touchpointId: z.string().min(1), ...writtenFieldsSchema.shape });
export type WrittenTouchpoint = z.infer<typeof writtenTouchpointSchema>;

export const writtenFlowSchema = z.object({ touchpoints: z.array(writtenTouchpointSchema) });
export type WrittenFlow = z.infer<typeof writtenFlowSchema>;

const NULLABLE_TEXT = { type: ["string", "null"] } as const;

/** The same shape as a JSON Schema for a model's structured output (strict: every key required). */
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
        required: Object.keys(writtenTouchpointSchema.shape),
        properties: {
          touchpointId: { type: "string" },
          ...({
            subject: NULLABLE_TEXT,
            preheader: NULLABLE_TEXT,
            bodyText: NULLABLE_TEXT,
            callToAction: NULLABLE_TEXT,
            sms: NULLABLE_TEXT,
          } satisfies Record<keyof WrittenFields, typeof NULLABLE_TEXT>),
        },
      },
    },
  },
} as const;
