import { z } from "zod";

import { KLAVIYO_TRIGGER_TYPES } from "./constants";

/**
 * The JSON answers of the Klaviyo endpoints, for the OpenAPI document (the contract tests check
 * real answers against it). Client-safe.
 */

const isoDate = z.string().describe("An ISO 8601 date-time.");

export const klaviyoConnectionSchema = z
  .union([
    z.object({
      connected: z.literal(true),
      keyHint: z.string().describe("The key's last four characters; the key itself is never answered."),
      account: z.object({
        listCount: z.number().int(),
        segmentCount: z.number().int().nullable().describe("Null when the key may not read segments (segments:read)."),
        metricCount: z.number().int(),
        listNames: z.array(z.string()).describe("A few of the account's lists, to recognise it."),
        moreLists: z.boolean(),
      }),
      connectedAt: isoDate,
      checkedAt: isoDate,
    }),
    z.object({ connected: z.literal(false) }),
  ])
  .meta({
    id: "KlaviyoConnection",
    example: {
      connected: true,
      keyHint: "…9f3a",
      account: { listCount: 4, segmentCount: 6, metricCount: 31, listNames: ["Newsletter"], moreLists: false },
      connectedAt: "2026-07-20T09:00:00.000Z",
      checkedAt: "2026-07-20T09:00:00.000Z",
    },
  });

const sentSchema = z.object({
  klaviyoFlowId: z.string(),
  url: z.string().describe("The flow in Klaviyo's app."),
  versionNumber: z.number().int().describe("The Flowmap version that was sent."),
  sentAt: isoDate,
});

export const klaviyoSendSchema = sentSchema
  .extend({
    trigger: z.object({ type: z.enum(KLAVIYO_TRIGGER_TYPES), id: z.string() }),
    templateIds: z.array(z.string()).describe("The email templates made, in step order."),
    outlineSteps: z.array(z.number().int()).describe("Steps sent as outlines (no written content for them)."),
    notes: z.array(z.string()).describe("What to review in Klaviyo before turning the flow on."),
    flows: z
      .array(
        z.object({
          klaviyoFlowId: z.string(),
          url: z.string(),
          name: z.string(),
          startsFrom: z.string().describe('"trigger" (the list, segment or metric chosen), or the event whose date starts the flow ("appointment").'),
          dateProperty: z.string().nullable().describe("The profile property whose date starts the flow; null for the trigger's flow."),
          steps: z.array(z.number().int()).describe("The Flowmap steps in this flow."),
        }),
      )
      .describe("Every draft flow made, in order: the steps timed from the trigger first (klaviyoFlowId), then one flow per date other steps are timed from."),
    dateSteps: z
      .array(
        z.object({
          stepNumber: z.number().int(),
          dateProperty: z.string().describe("The profile property the step needs, such as appointment_date."),
          exact: z.boolean().describe("False when Klaviyo's date timing cannot say the step's timing (it was sent with no wait of its own)."),
          line: z.string().describe("The same as a sentence to show."),
        }),
      )
      .describe("One entry per step timed from a date: the profile property it needs and how Klaviyo times it."),
    replayed: z.boolean().describe("True when this repeats a send already made (a second click): no new flow."),
    previous: sentSchema.nullable().describe("The send before this one: a new draft was made and the earlier one left as it was."),
  })
  .meta({ id: "KlaviyoSend" });
