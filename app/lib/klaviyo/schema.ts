import * as z from "zod/mini";

import { FLOW_TYPES } from "~/lib/flow-types";

import { KLAVIYO_KEY_LIMITS, KLAVIYO_KEY_REQUIRED_MESSAGE, KLAVIYO_TRIGGER_TYPES, klaviyoKeyProblem } from "./constants";
import { IMPORT_DAYS, MAX_FLOW_PAGES, FLOWS_PAGE_SIZE, NOT_MAPPED } from "./import";

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

export const MAPPING_CHOICE_MESSAGE = `Choose a flow type for each flow (${FLOW_TYPES.join(", ")}), "${NOT_MAPPED}" for not one of these, or null for Flowmap's match.`;
export const MAPPING_FLOWS_MESSAGE = "Send the flows to map: a list of { id, choice }.";
export const MISSING_FLOW_TYPE_MESSAGE = `Choose the flow type to generate and send: ${FLOW_TYPES.join(", ")}.`;
export const IMPORT_DAYS_MESSAGE = `Choose ${IMPORT_DAYS.join(", ")} days.`;

/** PUT /api/integrations/klaviyo/flows and the mapping form: a flow type per imported flow. */
export const klaviyoMappingSchema = z.object({
  flows: z
    .array(
      z.object({
        id: z.string({ error: MAPPING_FLOWS_MESSAGE }).check(z.minLength(1, MAPPING_FLOWS_MESSAGE), z.maxLength(TRIGGER_ID_MAX, MAPPING_FLOWS_MESSAGE)),
        choice: z.nullable(z.enum([...FLOW_TYPES, NOT_MAPPED], { error: MAPPING_CHOICE_MESSAGE })),
      }),
      { error: MAPPING_FLOWS_MESSAGE },
    )
    .check(z.minLength(1, MAPPING_FLOWS_MESSAGE), z.maxLength(MAX_FLOW_PAGES * FLOWS_PAGE_SIZE, MAPPING_FLOWS_MESSAGE)),
});
export type KlaviyoMappingInput = z.infer<typeof klaviyoMappingSchema>;

/** POST /api/integrations/klaviyo/flows/refresh and the Refresh form: the timeframe (the one last read when left out). */
/** POST /api/integrations/klaviyo/flows/missing and the scorecard's and Klaviyo flows page's button: the flow type the account lacks. */
export const klaviyoMissingSchema = z.object({
  flowType: z.enum(FLOW_TYPES, { error: MISSING_FLOW_TYPE_MESSAGE }),
});

export const klaviyoRefreshSchema = z.object({
  days: z.optional(z.literal(IMPORT_DAYS, { error: IMPORT_DAYS_MESSAGE })),
});
