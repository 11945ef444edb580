import { z } from "zod";

import { apiError } from "~/web/api.server";

/**
 * The fields the server sets (ids, dates, what it works out), which a resource's GET answers and
 * its PUT and PATCH do not write. So that a GET can be sent back as it was read, a write accepts
 * them when they are unchanged and drops them before the body is checked; a changed one is a 422
 * naming it. docs/decisions/144.
 */

export const SERVER_FIELD_MESSAGE = "Set by the server: send it unchanged (as it was read) or leave it out.";

/** What the server works out for a list's item at a position. */
export type ItemDerivation = (item: Record<string, unknown>, index: number) => Record<string, unknown>;

export interface ServerFields {
  /** Top-level fields. */
  fields: readonly string[];
  /**
   * Server fields inside the items of a list field (a rule's steps): per list, the fields and
   * what the server would work out for an item at a position (accepted too, for a new or moved item).
   */
  items?: Record<string, { fields: readonly string[]; derived?: ItemDerivation }>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The body without its server fields, each checked against `current` (the resource as its GET
 * answers it; null when there is none yet, so any server field sent is refused). Throws a 422
 * naming every server field whose value differs.
 */
export function withoutServerFields(body: Record<string, unknown>, current: Record<string, unknown> | null, rules: ServerFields): Record<string, unknown> {
  const errors: Record<string, string> = {};
  const rest: Record<string, unknown> = { ...body };
  for (const field of rules.fields) {
    if (!Object.hasOwn(body, field)) continue;
    if (!current || !same(body[field], current[field])) errors[field] = SERVER_FIELD_MESSAGE;
    delete rest[field];
  }
  for (const [list, rule] of Object.entries(rules.items ?? {})) {
    const items = body[list];
    if (!Array.isArray(items)) continue;
    const known = current && Array.isArray(current[list]) ? (current[list] as unknown[]) : [];
    rest[list] = items.map((item, index) => {
      if (!isObject(item)) return item;
      const kept = { ...item };
      const stored = isObject(known[index]) ? known[index] : null;
      const worked = rule.derived?.(item, index) ?? {};
      for (const field of rule.fields) {
        if (!Object.hasOwn(item, field)) continue;
        const unchanged = (stored && same(item[field], stored[field])) || (Object.hasOwn(worked, field) && same(item[field], worked[field]));
        if (!unchanged) errors[`${list}.${index}.${field}`] = SERVER_FIELD_MESSAGE;
        delete kept[field];
      }
      return kept;
    });
  }
  if (Object.keys(errors).length) throw apiError(422, `${Object.keys(errors)[0]}: ${SERVER_FIELD_MESSAGE}`, { errors });
  return rest;
}

const isReadOnly = (schema: z.core.$ZodType) => z.globalRegistry.get(schema)?.readOnly === true;

function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | null {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.core.$ZodType>; innerType?: z.core.$ZodType; element?: z.core.$ZodType };
  if (def.type === "object") return def.shape ?? null;
  if (def.innerType) return objectShape(def.innerType);
  return null;
}

function elementShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | null {
  const def = schema._zod.def as { type: string; element?: z.core.$ZodType; innerType?: z.core.$ZodType };
  if (def.type === "array" && def.element) return objectShape(def.element);
  if (def.innerType) return elementShape(def.innerType);
  return null;
}

/**
 * The server fields of a resource, read from its response schema (app/lib/api/responses.ts): the
 * fields marked readOnly there, which the OpenAPI document shows as readOnly too, so the two
 * cannot disagree. `derived` says what the server works out for a list's item at a position.
 */
export function serverFieldsOf(schema: z.core.$ZodType, derived: Record<string, ItemDerivation> = {}): ServerFields {
  const shape = objectShape(schema) ?? {};
  const fields = Object.keys(shape).filter((key) => isReadOnly(shape[key]!));
  const items: NonNullable<ServerFields["items"]> = {};
  for (const [key, field] of Object.entries(shape)) {
    const inner = elementShape(field);
    const readOnly = inner ? Object.keys(inner).filter((name) => isReadOnly(inner[name]!)) : [];
    if (readOnly.length) items[key] = { fields: readOnly, derived: derived[key] };
  }
  return { fields, items };
}
