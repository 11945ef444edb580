import * as z from "zod/mini";

import { KLAVIYO_KEY_LIMITS, KLAVIYO_KEY_REQUIRED_MESSAGE, KLAVIYO_TRIGGER_TYPES, klaviyoKeyProblem } from "./constants";

/**
 * The inputs of the Klaviyo connection and of Send to Klaviyo: one schema each, used by the API
 * routes, the pages' forms and the OpenAPI document.
 */

export const TRIGGER_REQUIRED_MESSAGE = "Choose what starts this flow in Klaviyo: a list, a segment or a metric.";
export const TRIGGER_ID_MAX = 100;

/** PUT /api/integrations/klaviyo and the Connect Klaviyo form. */
export const klaviyoConnectSchema = z.object({
  apiKey: z.string({ error: KLAVIYO_KEY_REQUIRED_MESSAGE }).check(
    z.trim(),
    z.maxLength(KLAVIYO_KEY_LIMITS.max, klaviyoKeyProblem("x".repeat(KLAVIYO_KEY_LIMITS.max + 1)) ?? ""),
    z.superRefine((value, ctx) => {
      const problem = klaviyoKeyProblem(value);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: value });
    }),
  ),
});
export type KlaviyoConnectInput = z.infer<typeof klaviyoConnectSchema>;

const triggerSchema = z.object(
  {
    type: z.enum(KLAVIYO_TRIGGER_TYPES, { error: TRIGGER_REQUIRED_MESSAGE }),
    id: z
      .string({ error: TRIGGER_REQUIRED_MESSAGE })
      .check(
        z.trim(),
        z.minLength(1, TRIGGER_REQUIRED_MESSAGE),
        z.maxLength(TRIGGER_ID_MAX, `A trigger id has at most ${TRIGGER_ID_MAX} characters.`),
        z.regex(/^[A-Za-z0-9_-]+$/, "A Klaviyo id has only letters, digits, - and _."),
      ),
  },
  { error: TRIGGER_REQUIRED_MESSAGE },
);

/** POST /api/ai-flows/{id}/klaviyo and the Send to Klaviyo form. */
export const klaviyoSendSchema = z.object({
  trigger: triggerSchema,
});
export type KlaviyoSendInput = z.infer<typeof klaviyoSendSchema>;
