import type { $ZodType } from "zod/v4/core";

import { keptWhenLeftOut } from "~/lib/api/kept-fields";
import { UNKNOWN_FIELD_MESSAGE, type FieldErrors } from "~/services/domain-error";

/**
 * The fields a JSON body may carry, read from the zod schema that validates it: the API refuses a
 * field the schema does not know (at any depth it describes) instead of ignoring it, and a PUT
 * must carry every field of the resource, so that nothing is emptied by being left out.
 */

export const PUT_MISSING_FIELD_MESSAGE = "Required: PUT replaces the whole resource, so send every field (use PATCH to change only some).";

interface Def {
  type: string;
  values?: unknown[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  discriminator?: string;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/**
 * The object shape a schema checks a body against, or null when it accepts any keys (a record, a
 * loose object, a preprocess that reshapes the body first, anything not an object).
 */
export function shapeOf(schema: $ZodType, body?: unknown): Record<string, $ZodType> | null {
  const def = defOf(schema);
  switch (def.type) {
    case "union": {
      // A discriminated union (a timing) describes the fields of the option the body names.
      const option = discriminated(def, body);
      return option ? shapeOf(option, body) : null;
    }
    case "object": {
      // A loose object (catchall unknown) accepts anything; a strict one (catchall never) reports on its own.
      const catchall = def.catchall ? defOf(def.catchall).type : undefined;
      return catchall === "unknown" || catchall === "any" ? null : (def.shape ?? null);
    }
    case "pipe":
      // A preprocess (a transform first) reads the raw body itself: its input shape is its own business.
      return def.in && defOf(def.in).type === "transform" ? null : def.in ? shapeOf(def.in, body) : null;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return def.innerType ? shapeOf(def.innerType, body) : null;
    default:
      return null;
  }
}

/** The option of a discriminated union whose discriminator value the body carries, if any. */
function discriminated(def: Def, body: unknown): $ZodType | null {
  if (!def.discriminator || !isObject(body)) return null;
  const value = body[def.discriminator];
  return (def.options ?? []).find((option) => defOf(defOf(option).shape?.[def.discriminator!] ?? option).values?.includes(value)) ?? null;
}

function elementOf(schema: $ZodType): $ZodType | null {
  const def = defOf(schema);
  if (def.type === "array") return def.element ?? null;
  if (["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"].includes(def.type)) return def.innerType ? elementOf(def.innerType) : null;
  if (def.type === "pipe") return def.in && defOf(def.in).type !== "transform" ? elementOf(def.in) : null;
  return null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every field of `body` (dotted paths, array items by index) that `schema` does not describe. */
export function unknownFields(schema: $ZodType, body: unknown, prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  const shape = shapeOf(schema, body);
  if (shape && isObject(body)) {
    for (const [key, value] of Object.entries(body)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (!field) {
        errors[path] = UNKNOWN_FIELD_MESSAGE;
        continue;
      }
      Object.assign(errors, unknownFields(field, value, path));
    }
    return errors;
  }
  const element = elementOf(schema);
  if (element && Array.isArray(body)) body.forEach((item, i) => Object.assign(errors, unknownFields(element, item, prefix ? `${prefix}.${i}` : String(i))));
  return errors;
}

/** The top-level fields a PUT must send: every field of the schema's shape but the ones kept when left out (lib/api/kept-fields.ts). */
export function fieldsAPutMustSend(schema: $ZodType): string[] {
  const shape = shapeOf(schema) ?? {};
  return Object.keys(shape).filter((key) => !keptWhenLeftOut.has(shape[key]));
}

/** The top-level fields of the schema's shape that `body` leaves out (a PUT must send them all). */
export function missingFields(schema: $ZodType, body: Record<string, unknown>): FieldErrors {
  return Object.fromEntries(
    fieldsAPutMustSend(schema)
      .filter((key) => !Object.hasOwn(body, key))
      .map((key) => [key, PUT_MISSING_FIELD_MESSAGE]),
  );
}

type JsonType = "string" | "number" | "boolean" | "null" | "array" | "object";

const TYPE_WORDS: Record<JsonType, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  null: "null",
  array: "a list",
  object: "an object",
};

/**
 * The JSON types a schema takes for a value, or null for any. A preprocess is judged by the
 * schema it hands the value to: a JSON body is never converted (no number read from text), so the
 * value must already be of that type.
 */
function jsonTypesOf(schema: $ZodType): Set<JsonType> | null {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "template_literal":
      return new Set(["string"]);
    case "number":
    case "int":
    case "bigint":
      return new Set(["number"]);
    case "boolean":
      return new Set(["boolean"]);
    case "null":
      return new Set(["null"]);
    case "array":
    case "tuple":
      return new Set(["array"]);
    case "object":
    case "record":
      return new Set(["object"]);
    case "enum":
    case "literal": {
      const values = (def.values ?? Object.values((def as unknown as { entries?: Record<string, unknown> }).entries ?? {})) as unknown[];
      return new Set(values.map((v) => (v === null ? "null" : (typeof v as JsonType))));
    }
    case "nullable": {
      const inner = def.innerType ? jsonTypesOf(def.innerType) : null;
      return inner ? new Set([...inner, "null"]) : null;
    }
    case "optional":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return def.innerType ? jsonTypesOf(def.innerType) : null;
    case "pipe":
      if (def.in && defOf(def.in).type === "transform") return def.out ? jsonTypesOf(def.out) : null;
      return def.in ? jsonTypesOf(def.in) : null;
    case "union": {
      const all = new Set<JsonType>();
      for (const option of def.options ?? []) {
        const types = jsonTypesOf(option);
        if (!types) return null;
        for (const type of types) all.add(type);
      }
      return all;
    }
    default:
      return null;
  }
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as JsonType;
}

export function wrongTypeMessage(types: Set<JsonType>) {
  const words = [...types].map((type) => TYPE_WORDS[type]);
  return `Must be ${words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : words[0]}.`;
}

/**
 * Every field of `body` (at every depth the schema describes) whose JSON type the schema does not
 * take: "2" where a number belongs, 1 where true or false belongs, a text where a list belongs.
 */
export function wrongTypes(schema: $ZodType, body: unknown, prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  const shape = shapeOf(schema, body);
  if (shape && isObject(body)) {
    for (const [key, value] of Object.entries(body)) {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (!field) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      const types = jsonTypesOf(field);
      if (types && !types.has(jsonTypeOf(value))) errors[path] = wrongTypeMessage(types);
      else Object.assign(errors, wrongTypes(field, value, path));
    }
    return errors;
  }
  const element = elementOf(schema);
  if (element && Array.isArray(body))
    body.forEach((item, i) => {
      const path = prefix ? `${prefix}.${i}` : String(i);
      const types = jsonTypesOf(element);
      if (types && !types.has(jsonTypeOf(item))) errors[path] = wrongTypeMessage(types);
      else Object.assign(errors, wrongTypes(element, item, path));
    });
  return errors;
}
