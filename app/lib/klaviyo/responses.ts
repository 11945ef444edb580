import { z } from "zod";

import { FLOW_TYPES } from "~/lib/flow-types";
import { METRIC_KEYS, type MetricKey } from "~/lib/metrics";

import { KLAVIYO_TRIGGER_TYPES } from "./constants";
import { NOT_MAPPED } from "./import";

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

export const klaviyoMissingSentSchema = klaviyoSendSchema
  .extend({
    flowId: z.string().describe("The Flowmap flow that was sent (generated for this, or the one you had)."),
    flowType: z.enum(FLOW_TYPES),
  })
  .meta({ id: "KlaviyoMissingSent" });

const flowTypeOrNull = z.enum(FLOW_TYPES).nullable();
const figuresSchema = z.object(Object.fromEntries(METRIC_KEYS.map((key) => [key, z.number().nullable()])) as Record<MetricKey, z.ZodNullable<z.ZodNumber>>);

export const klaviyoImportSchema = z
  .object({
    days: z.union([z.literal(30), z.literal(90), z.literal(365)]).describe("The timeframe read: the last 30, 90 or 365 days."),
    refreshedAt: isoDate.nullable().describe("When the figures were read; null until a refresh has run."),
    problem: z.string().nullable().describe("What stopped the last refresh (a missing scope, Klaviyo's limits, a fault); null when it ran. The figures read before are kept."),
    missingScope: z.string().nullable().describe('The scope the key lacks for importing ("flows:read"), or null.'),
    flowsComplete: z.boolean().describe("False when the account has more flows than an import reads (1,000)."),
    flows: z.array(
      z.object({
        id: z.string().describe("The flow's id in Klaviyo."),
        name: z.string().describe("Its name, cut to 120 characters."),
        status: z.string().describe("live, draft or manual."),
        triggerType: z.string().describe('Klaviyo\'s trigger_type ("Added to List", "Metric", "Date Based", …).'),
        suggested: flowTypeOrNull.describe("The flow type Flowmap matched it to by its trigger and name."),
        reason: z.string().describe("Why, in a few words."),
        choice: z
          .enum([...FLOW_TYPES, NOT_MAPPED])
          .nullable()
          .describe(`Your own choice ("${NOT_MAPPED}": not one of these); null when Flowmap's match stands.`),
        fromFlowmap: z.boolean().describe("A draft Flowmap sent."),
        mapped: flowTypeOrNull.describe("The flow type it counts for now."),
        recipients: z.number().nullable().describe("Email recipients over the timeframe; null when it sent no email then."),
      }),
    ),
    figures: z
      .array(
        z.object({
          flowType: z.enum(FLOW_TYPES),
          flowCount: z.number().int(),
          recipients: z.number(),
          values: figuresSchema.describe("In the card's units: percent (42.13) and dollars; each weighted by recipients across the flow type's flows."),
        }),
      )
      .describe("One entry per flow type with imported figures."),
    missing: z.array(z.enum(FLOW_TYPES)).describe("Flow types none of the account's flows counts for."),
    sources: z.record(z.string(), z.string()).describe('Per flow type with figures: "From Klaviyo · last 90 days · 3 flows · updated 2 hours ago".'),
  })
  .meta({
    id: "KlaviyoImport",
    example: {
      days: 90,
      refreshedAt: "2026-07-20T09:00:00.000Z",
      problem: null,
      missingScope: null,
      flowsComplete: true,
      flows: [
        {
          id: "XVTP5Q",
          name: "Welcome Series",
          status: "live",
          triggerType: "Added to List",
          suggested: "onboarding",
          reason: "list; name says welcome",
          choice: null,
          fromFlowmap: false,
          mapped: "onboarding",
          recipients: 1800,
        },
      ],
      figures: [
        {
          flowType: "onboarding",
          flowCount: 1,
          recipients: 1800,
          values: { openRate: 51.11, clickRate: 4, ctr: 8, revenuePerRecipient: 1.5, bounceRate: 1, unsubscribeRate: 0.3, spamComplaintRate: 0.01 },
        },
      ],
      missing: ["lead_nurture", "abandoned_cart", "upsell", "sunset"],
      sources: { onboarding: "From Klaviyo · last 90 days · 1 flow · updated just now" },
    },
  });
