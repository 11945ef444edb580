/**
 * Turns the OpenAPI document into what the /api/docs page shows: operations grouped by tag, each
 * with its parameters, request fields and responses, and the schemas they refer to. Pure and
 * client-safe, so the page can filter the same view on the server (?q=) and in the browser.
 */

type Json = Record<string, unknown>;

export interface FieldView {
  name: string;
  type: string;
  required: boolean;
  notes: string;
  /** The component a field refers to, for a link. */
  refersTo: string | null;
}

export interface ResponseView {
  status: string;
  description: string;
  mediaTypes: string[];
  /** The component the body is, or holds a list of. */
  schemaName: string | null;
  shape: string;
  example: string | null;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  access: "Public" | "Signed in" | "Admin" | "Optional sign-in";
  parameters: FieldView[];
  bodyFields: FieldView[];
  bodyExample: string | null;
  responses: ResponseView[];
  /** Lower-case text the search box matches. */
  searchText: string;
}

export interface SchemaView {
  name: string;
  description: string;
  fields: FieldView[];
  openEnded: boolean;
}

export interface ReferenceView {
  title: string;
  version: string;
  description: string;
  cookieName: string;
  groups: { tag: string; operations: OperationView[] }[];
  schemas: SchemaView[];
}

const COMPONENT = "#/components/schemas/";
const asJson = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

function refName(schema: Json): string | null {
  return typeof schema.$ref === "string" && schema.$ref.startsWith(COMPONENT) ? schema.$ref.slice(COMPONENT.length) : null;
}

/** A short human type for a JSON Schema: "string", "integer", "Flow[]", "string | null". */
/** A media type's example: its `example`, else every one of its named `examples`, one after another. */
function exampleOf(media: Json): string | null {
  if (media.example !== undefined) return JSON.stringify(media.example, null, 2);
  const named = Object.values(asJson(media.examples)).map((entry) => asJson(entry).value);
  return named.length ? named.map((value) => JSON.stringify(value, null, 2)).join("\n") : null;
}

export function typeOf(schemaValue: unknown): string {
  const schema = asJson(schemaValue);
  const name = refName(schema);
  if (name) return name;
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return [...new Set(variants.map(typeOf))].join(" | ");
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${typeOf(schema.additionalProperties)}`;
  }
  if (typeof schema.type === "string") return schema.type;
  return "any";
}

function notesOf(schemaValue: unknown): string {
  const schema = asJson(schemaValue);
  const notes: string[] = [];
  if (typeof schema.description === "string") notes.push(schema.description);
  if (schema.minLength === 1) notes.push("not empty");
  else if (typeof schema.minLength === "number" && schema.minLength > 1) notes.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === "number") notes.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.minimum === "number") notes.push(`min ${schema.minimum}`);
  if (typeof schema.maximum === "number") notes.push(`max ${schema.maximum}`);
  if (typeof schema.format === "string") notes.push(schema.format);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join("; ");
}

function refersTo(schemaValue: unknown): string | null {
  const schema = asJson(schemaValue);
  const direct = refName(schema);
  if (direct) return direct;
  if (schema.type === "array") return refersTo(schema.items);
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) for (const variant of variants) if (refersTo(variant)) return refersTo(variant);
  return null;
}

/** The fields of an object schema (the first object of a union), in their declared order. */
export function fieldsOf(schemaValue: unknown): FieldView[] {
  let schema = asJson(schemaValue);
  const variants = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as unknown[] | undefined;
  if (!schema.properties && Array.isArray(variants)) schema = asJson(variants.find((v) => asJson(v).properties));
  const properties = asJson(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, field]) => ({
    name,
    type: typeOf(field),
    required: required.has(name),
    notes: notesOf(field),
    refersTo: refersTo(field),
  }));
}

const ACCESS_LABELS: Record<string, OperationView["access"]> = { public: "Public", user: "Signed in", admin: "Admin", optional: "Optional sign-in" };
const ACCESS = (operation: Json): OperationView["access"] => ACCESS_LABELS[String(operation["x-access"])] ?? "Public";

export function buildReference(documentValue: unknown): ReferenceView {
  const document = asJson(documentValue);
  const info = asJson(document.info);
  const paths = asJson(document.paths);
  const components = asJson(asJson(document.components).schemas);
  const cookie = asJson(asJson(asJson(document.components).securitySchemes).sessionCookie);
  const byTag = new Map<string, OperationView[]>();
  for (const tag of (document.tags as Json[] | undefined) ?? []) byTag.set(String(tag.name), []);

  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operationValue] of Object.entries(asJson(item))) {
      const operation = asJson(operationValue);
      const tag = ((operation.tags as string[] | undefined) ?? ["Other"])[0];
      const body = asJson(asJson(asJson(operation.requestBody).content)["application/json"]);
      const parameters = ((operation.parameters as Json[] | undefined) ?? []).map((p) => ({
        name: `${String(p.name)} (${String(p.in)})`,
        type: typeOf(p.schema),
        required: Boolean(p.required),
        notes: [p.description, notesOf(p.schema)].filter(Boolean).join("; "),
        refersTo: null,
      }));
      const responses = Object.entries(asJson(operation.responses)).map(([status, responseValue]) => {
        const response = asJson(responseValue);
        const content = asJson(response.content);
        const json = asJson(content["application/json"]);
        // A stream's example is its text as written (Server-Sent Events), shown as it is.
        const stream = asJson(content["text/event-stream"]);
        return {
          status,
          description: String(response.description ?? ""),
          mediaTypes: Object.keys(content),
          schemaName: json.schema ? refersTo(json.schema) : null,
          shape: json.schema ? typeOf(json.schema) : "",
          example: typeof stream.example === "string" ? stream.example : exampleOf(json),
        };
      });
      const view: OperationView = {
        id: String(operation.operationId ?? `${method}-${path}`),
        method: method.toUpperCase(),
        path,
        tag,
        summary: String(operation.summary ?? ""),
        description: String(operation.description ?? ""),
        access: ACCESS(operation),
        parameters,
        bodyFields: body.schema ? fieldsOf(body.schema) : [],
        bodyExample: body.example === undefined ? null : JSON.stringify(body.example, null, 2),
        responses,
        searchText: "",
      };
      view.searchText = [view.method, view.path, view.tag, view.summary, view.description, ...view.bodyFields.map((f) => f.name)].join(" ").toLowerCase();
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push(view);
    }
  }

  const schemas = Object.entries(components).map(([name, schemaValue]) => {
    const schema = asJson(schemaValue);
    return {
      name,
      description: String(schema.description ?? ""),
      fields: fieldsOf(schema),
      openEnded: schema.additionalProperties !== false,
    };
  });

  return {
    title: String(info.title ?? "API"),
    version: String(info.version ?? ""),
    description: String(info.description ?? ""),
    cookieName: String(cookie.name ?? ""),
    groups: [...byTag].map(([tag, operations]) => ({ tag, operations })).filter((group) => group.operations.length > 0),
    schemas,
  };
}

/** The operations a search matches: every word must appear in its method, path, summary or fields. */
export function filterReference(view: ReferenceView, query: string): ReferenceView["groups"] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return view.groups;
  return view.groups
    .map((group) => ({ tag: group.tag, operations: group.operations.filter((op) => words.every((word) => op.searchText.includes(word))) }))
    .filter((group) => group.operations.length > 0);
}
