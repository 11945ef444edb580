import * as zm from "zod/mini";
import { z } from "zod";
import { describe, expect, it } from "vitest";

import { keptWhenLeftOut } from "~/lib/api/kept-fields";
import { onboardingUpdateSchema } from "~/lib/schemas/questionnaire";
import { fieldsAPutMustSend, missingFields, PUT_MISSING_FIELD_MESSAGE, unknownFields, wrongTypes } from "~/web/json-fields.server";
import { UNKNOWN_FIELD_MESSAGE } from "~/services/domain-error";

const rule = z
  .object({
    name: z.string(),
    note: z.string().default(""),
    steps: z.array(z.object({ title: z.string(), timing: z.object({ minutes: z.number() }) })),
    extras: z.record(z.string(), z.unknown()).optional(),
  })
  .transform((value) => value);

describe("the fields a JSON body may carry", () => {
  it("names unknown fields at every depth the schema describes, array items by index", () => {
    const body = {
      name: "x",
      color: "red",
      steps: [
        { title: "a", timing: { minutes: 1, unit: "m" } },
        { title: "b", timing: { minutes: 2 }, id: 7 },
      ],
      extras: { anything: 1 },
    };
    expect(unknownFields(rule, body)).toEqual({ color: UNKNOWN_FIELD_MESSAGE, "steps.0.timing.unit": UNKNOWN_FIELD_MESSAGE, "steps.1.id": UNKNOWN_FIELD_MESSAGE });
  });

  it("leaves open schemas open: records, loose objects and bodies a preprocess reshapes", () => {
    expect(unknownFields(z.record(z.string(), z.unknown()), { a: 1 })).toEqual({});
    expect(unknownFields(zm.looseObject({ a: zm.string() }), { a: "x", b: 1 })).toEqual({});
    expect(
      unknownFields(
        z.preprocess((v) => v, z.object({ a: z.string() })),
        { b: 1 },
      ),
    ).toEqual({});
    expect(unknownFields(zm.object({ a: zm.string() }), { a: "x", b: 1 })).toEqual({ b: UNKNOWN_FIELD_MESSAGE });
  });

  it("lists every top-level field a PUT leaves out, optional and defaulted ones included", () => {
    expect(missingFields(rule, { name: "x" })).toEqual({ note: PUT_MISSING_FIELD_MESSAGE, steps: PUT_MISSING_FIELD_MESSAGE, extras: PUT_MISSING_FIELD_MESSAGE });
    expect(missingFields(rule, { name: "x", note: "", steps: [], extras: {} })).toEqual({});
  });

  it("lets a PUT leave out a field kept when left out (a setting stored beside the resource), and only that one", () => {
    const kept = zm.optional(zm.string()).register(keptWhenLeftOut, { reason: "stored beside" });
    const resource = zm.object({ name: zm.string(), setting: kept });
    expect(missingFields(resource, {})).toEqual({ name: PUT_MISSING_FIELD_MESSAGE });
    expect(fieldsAPutMustSend(resource)).toEqual(["name"]);
    expect(fieldsAPutMustSend(onboardingUpdateSchema)).not.toContain("businessModel");
    expect(fieldsAPutMustSend(onboardingUpdateSchema)).toContain("customerJourney");
  });

  it("names values of a JSON type the schema does not take, also where a preprocess would convert them", () => {
    const schema = z.object({
      count: z.preprocess((v) => (typeof v === "string" ? Number(v) : v), z.number().int()),
      tags: z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string())),
      flag: z.boolean().optional(),
      note: z.string().nullable(),
      steps: z.array(z.object({ minutes: z.number() })),
      anything: z.unknown(),
    });
    expect(wrongTypes(schema, { count: "2", tags: "one", flag: 1, note: null, steps: [{ minutes: "5" }], anything: "x" })).toEqual({
      count: "Must be a number.",
      tags: "Must be a list.",
      flag: "Must be true or false.",
      "steps.0.minutes": "Must be a number.",
    });
    expect(wrongTypes(schema, { count: 2, tags: ["one"], note: "n", steps: [] })).toEqual({});
    expect(wrongTypes(z.object({ figure: z.number().nullable() }), { figure: "1" })).toEqual({ figure: "Must be a number or null." });
  });
});
