import { describe, expect, it } from "vitest";

import { BUSINESS_MODEL_LABELS, BUSINESS_MODELS, inferBusinessModel } from "~/lib/business/model";
import {
  BUSINESS_MODEL_INTENT,
  BUSINESS_MODEL_INVALID,
  businessModelOptions,
  businessModelSavedToast,
  businessModelView,
  choiceOf,
  FOLLOW_ANSWERS_LABEL,
  inferredDiffers,
  isBusinessModelReply,
} from "~/lib/business/model-choice";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { businessModelChoiceSchema, editAnswersSchema, onboardingUpdateSchema } from "~/lib/schemas/questionnaire";

const answers = (partial: Partial<QuestionnaireAnswers>) => ({ ...emptyAnswers(), ...partial });

/** A bakery that takes pre-orders: the owner's text says pickup, though the dropdown says eCommerce. */
const bakery = answers({
  companyName: "Crumb",
  businessType: "eCommerce",
  industry: "Food & Beverage",
  productServiceDescription: "Sourdough and buns, pre-order online by Thursday and pick up on Saturday at the hatch. We don't deliver.",
});

describe("the business model's view", () => {
  it("follows the answers when the owner has not chosen (stored '' or nothing)", () => {
    const inferred = inferBusinessModel(bakery);
    expect(businessModelView(bakery)).toEqual({ model: inferred, source: "inferred", inferred });
    expect(businessModelView({ ...bakery, businessModel: "" })).toEqual({ model: inferred, source: "inferred", inferred });
  });

  it("takes the owner's choice, and still says what the answers alone give", () => {
    const inferred = inferBusinessModel(bakery);
    const chosen = BUSINESS_MODELS.find((model) => model !== inferred)!;
    expect(businessModelView({ ...bakery, businessModel: chosen })).toEqual({ model: chosen, source: "owner", inferred });
  });

  it("is computed on every read: the inference follows the latest answers, the owner's choice stays", () => {
    const clinic = answers({ ...bakery, productServiceDescription: "Skin treatments booked weeks ahead after a consultation at our clinic." });
    expect(businessModelView(clinic).inferred).not.toBe(businessModelView(bakery).inferred);
    expect(businessModelView({ ...clinic, businessModel: "pickup" }).model).toBe("pickup");
  });

  it("treats a stored value that is no model as no choice", () => {
    expect(businessModelView({ ...bakery, businessModel: "spaceship" }).source).toBe("inferred");
    expect(businessModelView({ ...bakery, businessModel: null }).source).toBe("inferred");
  });

  it("puts the select on the owner's model, else on 'work it out'", () => {
    expect(choiceOf({ model: "pickup", source: "owner", inferred: "shop" })).toBe("pickup");
    expect(choiceOf({ model: "pickup", source: "inferred", inferred: "pickup" })).toBe("");
  });

  it("says what the answers alone give only when the owner's choice differs", () => {
    expect(inferredDiffers({ model: "appointment", source: "owner", inferred: "shop" })).toBe("From your answers alone: an online shop that ships goods");
    expect(inferredDiffers({ model: "shop", source: "owner", inferred: "shop" })).toBeNull();
    expect(inferredDiffers({ model: "shop", source: "inferred", inferred: "shop" })).toBeNull();
  });
});

describe("the correction form's words", () => {
  it("offers 'work it out' first, then the ten models by their labels", () => {
    const options = businessModelOptions();
    expect(options[0]).toEqual({ value: "", label: FOLLOW_ANSWERS_LABEL });
    expect(options.slice(1).map((option) => option.value)).toEqual([...BUSINESS_MODELS]);
    expect(options.find((option) => option.value === "appointment")?.label).toBe("Appointments booked ahead");
    for (const option of options.slice(1)) expect(option.label.toLowerCase()).toBe(BUSINESS_MODEL_LABELS[option.value as keyof typeof BUSINESS_MODEL_LABELS].toLowerCase());
  });

  it("toasts the sentence, where it comes from and when it takes effect", () => {
    expect(businessModelSavedToast({ model: "appointment", source: "owner", inferred: "shop" })).toEqual({
      title: "Business model saved",
      description: "Flowmap plans your flows for: appointments booked ahead (chosen by you). It takes effect the next time you generate or regenerate a flow.",
    });
    expect(businessModelSavedToast({ model: "shop", source: "inferred", inferred: "shop" }).description).toContain("(worked out from your answers)");
  });

  it("knows its own refusals by their intent", () => {
    expect(isBusinessModelReply({ intent: BUSINESS_MODEL_INTENT, fieldErrors: {}, message: "x" })).toBe(true);
    expect(isBusinessModelReply({ intent: "save-metrics" })).toBe(false);
    expect(isBusinessModelReply(null)).toBe(false);
  });
});

describe("the business model's schemas", () => {
  it("takes a model, and '' or null to follow the answers", () => {
    expect(businessModelChoiceSchema.safeParse("appointment")).toMatchObject({ success: true, data: "appointment" });
    expect(businessModelChoiceSchema.safeParse("")).toMatchObject({ success: true, data: "" });
    expect(businessModelChoiceSchema.safeParse(null)).toMatchObject({ success: true, data: "" });
  });

  it.each([["spaceship"], ["Appointment"], [3], [undefined], [["shop"]]])("refuses %j with one clear message", (value) => {
    const result = businessModelChoiceSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([BUSINESS_MODEL_INVALID]);
  });

  it("is not a question: the answers page's schema drops it, the API's update schema takes it or leaves it out", () => {
    const saved = { ...bakery, businessModel: "pickup" };
    expect(editAnswersSchema.safeParse(saved).data).not.toHaveProperty("businessModel");
    expect(onboardingUpdateSchema.safeParse(saved).data).toMatchObject({ businessModel: "pickup" });
    expect(onboardingUpdateSchema.safeParse(bakery).data).not.toHaveProperty("businessModel");
    expect(onboardingUpdateSchema.safeParse({ ...bakery, businessModel: "spaceship" }).error?.issues[0]).toMatchObject({
      path: ["businessModel"],
      message: BUSINESS_MODEL_INVALID,
    });
  });
});
