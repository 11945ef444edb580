import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";

import { coerceFormValue, fieldName, parseForm } from "~/lib/forms/parse";
import { changePasswordFormSchema, loginSchema, profileNameSchema, registerFormSchema } from "~/lib/schemas/auth";
import { editAnswersSchema, questionnaireStepSchemas, waitlistSchema } from "~/lib/schemas/questionnaire";

/** A submission's field errors (none when it passed). */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "error" ? (submission.error as Record<string, string[] | null>) : undefined;
}

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("coerceFormValue: form values the way conform's zod adapter reads them", () => {
  const schema = z.object({
    text: z.string(),
    maybe: z.optional(z.string()),
    count: z.number(),
    agreed: z.optional(z.boolean()),
    tags: z.array(z.string()),
    kind: z.enum(["a", "b"]),
    nested: z.object({ inner: z.optional(z.number()) }),
    raw: z.pipe(
      z.transform((value: unknown) => `seen:${String(value)}`),
      z.string(),
    ),
  });

  it("treats an empty string as no answer for text, choices and numbers", () => {
    expect(coerceFormValue(schema, { text: "", maybe: "", count: "", kind: "" })).toEqual({ tags: [], nested: {}, raw: undefined });
  });

  it("reads numbers, checkboxes and lists", () => {
    expect(coerceFormValue(schema, { count: "12.5", agreed: "on", tags: "one", kind: "a", raw: "" })).toMatchObject({
      count: 12.5,
      agreed: true,
      tags: ["one"],
      kind: "a",
      raw: "",
    });
    expect(coerceFormValue(schema, { count: "  " })).not.toHaveProperty("count");
    expect(Number.isNaN((coerceFormValue(schema, { count: "abc" }) as { count: number }).count)).toBe(true);
    expect(coerceFormValue(schema, { tags: ["x", "y"] })).toMatchObject({ tags: ["x", "y"] });
  });

  it("leaves a value a preprocess reads itself as sent, and values that are not strings alone", () => {
    expect(coerceFormValue(schema, { raw: "" })).toMatchObject({ raw: "" });
    expect(coerceFormValue(schema, { count: 7, agreed: false, nested: { inner: 3 } })).toMatchObject({ count: 7, agreed: false, nested: { inner: 3 } });
  });

  it("keeps fields the schema does not name", () => {
    expect(coerceFormValue(schema, { extra: "" })).toMatchObject({ extra: "" });
  });
});

describe("fieldName: conform's names for issue paths", () => {
  it.each([
    [["email"], "email"],
    [["steps", 0, "title"], "steps[0].title"],
    [[], ""],
    [["a", "b"], "a.b"],
  ] as const)("%j is %s", (issuePath, name) => {
    expect(fieldName(issuePath)).toBe(name);
  });
});

describe("parseForm", () => {
  it("answers a refused form with the spec's messages at the fields", () => {
    const submission = parseForm(
      form([
        ["firstName", " "],
        ["lastName", "Lovelace"],
        ["email", "nope"],
        ["password", "secret1"],
        ["confirmPassword", "secret2"],
      ]),
      {
        schema: registerFormSchema,
      },
    );
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toEqual({
      firstName: ["First name is required"],
      email: ["Invalid email address"],
      confirmPassword: ["Passwords don't match"],
    });
  });

  it("gives the parsed values of an accepted form", () => {
    const submission = parseForm(
      form([
        ["email", "  Ada@Example.COM "],
        ["password", "pw"],
      ]),
      { schema: loginSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ email: "ada@example.com", password: "pw" });
  });

  it("reads checkbox groups sent once or several times", () => {
    const one = parseForm(form([["bookingTimeline", "Same day"]]), { schema: questionnaireStepSchemas[2] });
    const none = parseForm(form([]), { schema: questionnaireStepSchemas[2] });
    expect(errorsOf(one)?.bookingTimeline).toBeUndefined();
    expect(errorsOf(none)?.bookingTimeline).toEqual(["Please select at least one option"]);
  });
});

/**
 * The oracle: conform's own zod adapter, which the forms used before. Our parse must give the
 * same verdict, values and messages field by field on any posted form (so the browser's messages
 * are the server's, and nothing changed for the forms already tested end to end).
 */
describe("parseForm agrees with conform's parseWithZod", () => {
  const forms = {
    register: { schema: registerFormSchema, names: ["firstName", "lastName", "companyName", "email", "password", "confirmPassword", "redirectTo"] },
    login: { schema: loginSchema, names: ["email", "password", "redirectTo"] },
    profile: { schema: profileNameSchema, names: ["firstName", "lastName"] },
    password: { schema: changePasswordFormSchema, names: ["currentPassword", "newPassword", "confirmPassword"] },
    waitlist: { schema: waitlistSchema, names: ["firstName", "lastName", "email", "companyName", "businessType", "industry"] },
    step2: { schema: questionnaireStepSchemas[2], names: ["bookingTimeline", "customerFrequency", "demandSeasonality", "purchaseDecisionTimeline"] },
    step4: { schema: questionnaireStepSchemas[4], names: ["completionMethod", "researchWebsiteUrl"] },
    answers: {
      schema: editAnswersSchema,
      names: ["companyName", "businessType", "industry", "bookingTimeline", "purchaseDecisionTimeline", "communicationChannels", "companyWebsite"],
    },
  } as const;
  const value = fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "a",
      "Ada",
      "ada@example.com",
      "secret1",
      "secret12",
      "ai",
      "manual",
      "B2C Service/Retail",
      "eCommerce",
      "Email only",
      "Same day",
      "example.com",
      "not a url",
    ),
    fc.string({ maxLength: 12 }),
  );

  for (const [name, { schema, names }] of Object.entries(forms)) {
    it(`${name}: same status, values and errors`, () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 10 }), (entries) => {
          const ours = parseForm(form(entries), { schema });
          const theirs = parseWithZod(form(entries), { schema: schema as never });
          expect(ours.status).toBe(theirs.status);
          expect(errorsOf(ours) ?? null).toEqual(errorsOf(theirs) ?? null);
          if (ours.status === "success" && theirs.status === "success") expect(ours.value).toEqual(theirs.value);
        }),
        { numRuns: 150 },
      );
    });
  }
});
