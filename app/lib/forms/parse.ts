import { parse, type Submission } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import { safeParse } from "zod/v4/core";

/**
 * The one form parse of the app, in the browser and on the server: the form's values coerced the
 * way conform's zod adapter does it, then checked by a schema written with `zod/mini`, and the
 * answer shaped as conform's Submission (field errors keyed by conform's field names). It does
 * what `parseWithZod` from `@conform-to/zod/v4` did here, without the classic zod that adapter
 * pulls into every page (docs/decisions/071).
 *
 * Coercion, by the schema's type at each field:
 * - text, choices (enum, literal) and unions: "" is no answer (undefined);
 * - numbers: "" (or blank) is no answer, anything else `Number(text)` (so "abc" fails as NaN);
 * - booleans: a ticked checkbox ("on") is true;
 * - lists: one value becomes a one-item list, nothing an empty list;
 * - objects: missing is {}; each known field is coerced by its own schema, others left as sent;
 * - wrappers (optional, nullable, default, catch, readonly) coerce by their inner schema; a
 *   pipe by its input schema, and a pipe that starts with a transform (a preprocess) receives
 *   the raw value, since it reads the form value itself.
 * Values that are not strings (JSON bodies, already typed values) are never converted.
 */
type Def = {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
  values?: unknown[];
  defaultValue?: unknown;
};

function defOf(schema: $ZodType): Def {
  return schema._zod.def as unknown as Def;
}

function blank(value: unknown) {
  return value === "" ? undefined : value;
}

export function coerceFormValue(schema: $ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "enum":
    case "union":
      return blank(value);
    case "literal": {
      const literal = def.values?.[0];
      if (typeof literal === "number") return coerceNumber(value);
      if (typeof literal === "boolean") return value === "on" ? true : blank(value);
      return blank(value);
    }
    case "number":
      return coerceNumber(value);
    case "boolean":
      return value === "on" ? true : blank(value);
    case "array": {
      if (value === undefined || value === "") return [];
      const list = Array.isArray(value) ? value : [value];
      return list.map((item) => coerceFormValue(def.element as $ZodType, item));
    }
    case "object": {
      if (value === undefined) return {};
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const coerced = coerceFormValue(field, out[key]);
        if (coerced === undefined) delete out[key];
        else out[key] = coerced;
      }
      return out;
    }
    case "default":
    case "prefault":
      // An empty string that IS the default stays as sent.
      if (value === "" && def.defaultValue === "") return value;
      return coerceFormValue(def.innerType as $ZodType, value);
    case "optional":
    case "nonoptional":
    case "nullable":
    case "catch":
    case "readonly":
      return coerceFormValue(def.innerType as $ZodType, value);
    case "pipe": {
      const input = def.in as $ZodType;
      return defOf(input).type === "transform" ? value : coerceFormValue(input, value);
    }
    default:
      return value;
  }
}

function coerceNumber(value: unknown) {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  return Number(value);
}

/** conform's field name for an issue path: `steps[0].title`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === "number") return `${name}[${part}]`;
    const key = String(part);
    return name === "" || key === "" ? `${name}${key}` : `${name}.${key}`;
  }, "");
}

/** A schema's verdict on a value as conform's `{ value }` or `{ error: { field: [messages] } }`. */
export function checkValue<S extends $ZodType>(schema: S, value: unknown) {
  const result = safeParse(schema, value);
  if (result.success) return { value: result.data };
  const error: Record<string, string[]> = {};
  for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
  return { error };
}

/** A posted form (FormData or URLSearchParams) checked by a schema, as a conform Submission. */
export function parseForm<S extends $ZodType>(payload: FormData | URLSearchParams, options: { schema: S }): Submission<input<S>, string[], output<S>> {
  return parse(payload, {
    resolve: (value) => checkValue(options.schema, coerceFormValue(options.schema, value)),
  }) as Submission<input<S>, string[], output<S>>;
}
