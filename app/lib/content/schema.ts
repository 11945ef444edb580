import { z } from "zod";

/**
 * The shape a content writer answers with, validated before anything else looks at it. Email
 * touchpoints fill subject, preheader, bodyText and callToAction (sms null); SMS touchpoints fill
 * sms (the email fields null). Writers never send HTML: it is rendered from bodyText.
 */
export const writtenTouchpointSchema = z.object({
  touchpointId: z.string().min(1),
  subject: z.string().nullable(),
  preheader: z.string().nullable(),
  bodyText: z.string().nullable(),
  callToAction: z.string().nullable(),
  sms: z.string().nullable(),
});
export type WrittenTouchpoint = z.infer<typeof writtenTouchpointSchema>;

export const writtenFlowSchema = z.object({ touchpoints: z.array(writtenTouchpointSchema) });
export type WrittenFlow = z.infer<typeof writtenFlowSchema>;

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
        required: ["touchpointId", "subject", "preheader", "bodyText", "callToAction", "sms"],
        properties: {
          touchpointId: { type: "string" },
          subject: { type: ["string", "null"] },
          preheader: { type: ["string", "null"] },
          bodyText: { type: ["string", "null"] },
          callToAction: { type: ["string", "null"] },
          sms: { type: ["string", "null"] },
        },
      },
    },
  },
} as const;
