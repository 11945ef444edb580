/**
 * One definition per shape. A touchpoint's fields and a piece of written content are each written
 * once, as a zod schema; the TypeScript types are derived from them, and the types that are still
 * written by hand (the flow, its versions and messages) must stay exactly what the API schema
 * describes. Most of these checks are made by the compiler (`npm run typecheck`); the rest, on
 * values the compiler cannot see, run here.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";

import type { flowContentSchema, flowSchema, flowStepSchema, messageSchema, touchpointContentSchema, touchpointSchema, versionSchema } from "~/lib/api/responses";
import { WRITTEN_FLOW_JSON_SCHEMA, writtenFieldsSchema, writtenTouchpointSchema } from "~/lib/content/schema";
import { type ContentFields, EMAIL_FIELDS, type EmailCopy, type FlowContentView, type TouchpointContentView } from "~/lib/content/types";
import type { StoredContent } from "~/lib/content/view";
import type { FingerprintFields } from "~/lib/flows/fingerprint";
import type { FlowView, MessageView, TOUCHPOINT_TEXT_FIELDS, TouchpointFields, TouchpointView, VersionView } from "~/lib/flows/types";
import type { ContentEntryDoc } from "~/models/flow-content.server";
import type { TouchpointDoc } from "~/models/ai-flow-history.server";
import type { FlowStep } from "~/models/flow-rule.server";

describe("the API's schemas and the app's types", () => {
  it("are the same shapes (checked by the compiler)", () => {
    expectTypeOf<FlowView>().toEqualTypeOf<z.infer<typeof flowSchema>>();
    expectTypeOf<VersionView>().toEqualTypeOf<z.infer<typeof versionSchema>>();
    expectTypeOf<MessageView>().toEqualTypeOf<z.infer<typeof messageSchema>>();
    expectTypeOf<TouchpointView>().toEqualTypeOf<z.infer<typeof touchpointSchema>>();
    expectTypeOf<FlowContentView>().toEqualTypeOf<z.infer<typeof flowContentSchema>>();
    expectTypeOf<TouchpointContentView>().toEqualTypeOf<z.infer<typeof touchpointContentSchema>>();
    expectTypeOf<FlowStep>().toEqualTypeOf<z.infer<typeof flowStepSchema>>();
    // The stored shapes carry the same fields.
    expectTypeOf<TouchpointDoc>().toMatchTypeOf<TouchpointFields>();
    expectTypeOf<ContentEntryDoc>().toMatchTypeOf<StoredContent>();
    expectTypeOf<StoredContent>().toMatchTypeOf<ContentFields>();
    expectTypeOf<FingerprintFields>().toMatchTypeOf<Pick<TouchpointFields, (typeof TOUCHPOINT_TEXT_FIELDS)[number]>>();
  });
});

describe("written content's fields", () => {
  const fields = Object.keys(writtenFieldsSchema.shape);

  it("an email fills every field but the SMS text", () => {
    expect([...EMAIL_FIELDS, "sms"].sort()).toEqual([...fields].sort());
    expectTypeOf<EmailCopy>().toEqualTypeOf<{ subject: string; preheader: string; bodyText: string; callToAction: string; buttonUrl: string }>();
  });

  it("are the fields the model's structured output must give, each text or null, but the button's link the server adds", () => {
    const item = WRITTEN_FLOW_JSON_SCHEMA.properties.touchpoints.items;
    const modelFields = fields.filter((field) => field !== "buttonUrl");
    expect([...item.required].sort()).toEqual(
      Object.keys(writtenTouchpointSchema.shape)
        .filter((field) => field !== "buttonUrl")
        .sort(),
    );
    expect(Object.keys(item.properties).sort()).toEqual(["touchpointId", ...modelFields].sort());
    for (const field of modelFields) expect(item.properties[field as keyof typeof item.properties]).toEqual({ type: ["string", "null"] });
  });
});
