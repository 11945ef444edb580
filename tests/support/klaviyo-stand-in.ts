import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * A stand-in for Klaviyo's API on loopback, holding every request to Klaviyo's own published
 * OpenAPI documents (vendor/klaviyo-openapi): the operation must be one of theirs, the
 * `Authorization: Klaviyo-API-Key …` and `revision` headers must be there, every query parameter
 * must be documented and valid, and a body must be `application/vnd.api+json` and valid against
 * the operation's request schema (ajv). A request that breaks the contract is answered 400 and
 * recorded in `violations`, which tests require to stay empty.
 *
 * Beyond the schema it behaves like an account: keys with scopes (401 for an unknown key, 403 for
 * a missing scope), lists, segments and metrics read a page at a time, templates and flows that
 * are created (and templates deleted), and faults scripted per operation (a 429 with Retry-After,
 * a 400 naming a field, a 5xx, or no answer at all).
 */

const VENDOR_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../vendor/klaviyo-openapi");
const DOCUMENTS = [
  "create_flow.json",
  "create_template.json",
  "delete_template.json",
  "get_lists.json",
  "get_segments.json",
  "get_metrics.json",
  "get_flows.json",
  "query_flow_values.json",
];

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "query" | "header" | "path";
  required?: boolean;
  schema: Json;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  scopes: string[];
  parameters: Parameter[];
  validateBody: ValidateFunction | null;
  validateParam: Map<string, ValidateFunction>;
  revision: string;
}

export interface RecordedRequest {
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/**
 * A scripted answer: an error (`retryAfter` as a number or the header's raw text; `detailBytes`
 * makes the error's detail that many bytes long), no answer at all, or `pass` (answer this one as
 * an account would, then go on with the script).
 */
export type Fault = { status: number; retryAfter?: number | string; code?: string; detail?: string; pointer?: string; detailBytes?: number } | { hang: true } | { pass: true };

export interface Resource {
  id: string;
  name: string;
}

/** One message of a flow and its email statistics over any timeframe (rates as fractions). */
export interface StandInMessage {
  id: string;
  recipients: number;
  statistics: Record<string, number>;
}

export interface StandInFlow {
  id: string;
  name: string;
  status: "live" | "draft" | "manual";
  trigger_type: "Added to List" | "Date Based" | "Low Inventory" | "Metric" | "Price Drop" | "Unconfigured";
  archived?: boolean;
  messages: StandInMessage[];
}

export interface StandInAccount {
  lists: Resource[];
  segments: Resource[];
  metrics: Resource[];
  flows?: StandInFlow[];
}

export interface KlaviyoStandIn {
  /** The base URL to give the app (KLAVIYO_API_URL). */
  url: string;
  requests: RecordedRequest[];
  /** Contract violations: every one is a failure of the app. */
  violations: string[];
  templates: Map<string, Json>;
  deletedTemplates: string[];
  flows: Map<string, Json>;
  account: StandInAccount;
  /** Adds a private key with these scopes (all of them by default). */
  addKey(key: string, scopes?: string[]): void;
  /** The next answers of an operation, in order, before it behaves normally again. */
  fail(operationId: string, ...faults: Fault[]): void;
  /** Whether a template delete is refused (to exercise "where deleting is impossible"). */
  refuseDeletes: boolean;
  /** Requests the stand-in received for this operation. */
  calls(operationId: string): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export const ALL_SCOPES = ["lists:read", "metrics:read", "segments:read", "templates:write", "flows:write", "flows:read"];

/**
 * OpenAPI 3.0's `nullable: true` (used by Klaviyo beside `$ref` too) as JSON Schema: the schema
 * or null. Everything else is kept as published.
 */
export function openApi30ToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openApi30ToJsonSchema);
  if (typeof node !== "object" || node === null) return node;
  const converted: Json = {};
  for (const [key, value] of Object.entries(node)) converted[key] = key === "example" || key === "default" ? value : openApi30ToJsonSchema(value);
  if (converted.nullable === true) {
    const { nullable: _nullable, ...rest } = converted;
    return { anyOf: [rest, { type: "null" }] };
  }
  return converted;
}

function loadOperations(): Operation[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const operations: Operation[] = [];
  for (const file of DOCUMENTS) {
    const document = openApi30ToJsonSchema(JSON.parse(fs.readFileSync(path.join(VENDOR_DIR, file), "utf8"))) as Json & { paths: Record<string, Record<string, Json>> };
    const id = `klaviyo/${file}`;
    ajv.addSchema({ ...document, $id: id });
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, raw] of Object.entries(methods)) {
        const operation = raw as Json & { operationId: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Json }> } };
        const parameters = operation.parameters ?? [];
        const validateParam = new Map<string, ValidateFunction>();
        for (const parameter of parameters) validateParam.set(`${parameter.in}:${parameter.name}`, ajv.compile(parameter.schema));
        const schema = operation.requestBody?.content["application/vnd.api+json"]?.schema as { $ref?: string } | undefined;
        const validateBody = schema?.$ref ? (ajv.getSchema(`${id}${schema.$ref}`) ?? null) : null;
        const revision = String(parameters.find((p) => p.in === "header" && p.name === "revision")?.schema.default ?? "");
        operations.push({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path: route,
          scopes: (operation["x-klaviyo-scopes"] as string[] | undefined) ?? [],
          parameters,
          validateBody,
          validateParam,
          revision,
        });
      }
    }
  }
  return operations;
}

let cachedOperations: Operation[] | undefined;

/** A request body checked against an operation's published schema: null when valid, else ajv's errors. */
export function contractErrors(operationId: string, body: unknown): unknown[] | null {
  cachedOperations ??= loadOperations();
  const operation = cachedOperations.find((op) => op.operationId === operationId);
  if (!operation?.validateBody) throw new Error(`${operationId} has no request body in the vendored documents`);
  return operation.validateBody(body) ? null : (operation.validateBody.errors ?? []);
}

function jsonApiError(status: number, code: string, title: string, detail: string, pointer?: string) {
  return { errors: [{ id: crypto.randomUUID(), status, code, title, detail, ...(pointer ? { source: { pointer } } : {}) }] };
}

const now = () => new Date().toISOString();

export function defaultAccount(): StandInAccount {
  return {
    lists: [
      { id: "LstNews1", name: "Newsletter" },
      { id: "LstVip02", name: "VIP customers" },
    ],
    segments: [
      { id: "SegUneng1", name: "Unengaged 90 days" },
      { id: "SegEng002", name: "Engaged 30 days" },
    ],
    metrics: [
      { id: "MetChk001", name: "Started Checkout" },
      { id: "MetOrd002", name: "Placed Order" },
      { id: "MetOpn003", name: "Opened Email" },
    ],
  };
}

export async function startKlaviyoStandIn({ port = 0, account = defaultAccount() }: { port?: number; account?: StandInAccount } = {}): Promise<KlaviyoStandIn> {
  cachedOperations ??= loadOperations();
  const operations = cachedOperations;
  const keys = new Map<string, Set<string>>();
  const faults = new Map<string, Fault[]>();
  const sockets = new Set<Socket>();
  let base = "";

  const state: KlaviyoStandIn = {
    url: "",
    requests: [],
    violations: [],
    templates: new Map(),
    deletedTemplates: [],
    flows: new Map(),
    account,
    refuseDeletes: false,
    addKey(key, scopes = ALL_SCOPES) {
      keys.set(key, new Set(scopes));
    },
    fail(operationId, ...list) {
      faults.set(operationId, [...(faults.get(operationId) ?? []), ...list]);
    },
    calls(operationId) {
      return state.requests.filter((request) => request.operationId === operationId);
    },
    reset() {
      if (account.flows) account.flows = account.flows.filter((flow) => !state.flows.has(flow.id));
      state.requests.length = 0;
      state.violations.length = 0;
      state.templates.clear();
      state.deletedTemplates.length = 0;
      state.flows.clear();
      state.refuseDeletes = false;
      faults.clear();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const send = (res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    if (body === undefined) {
      res.writeHead(status, headers).end();
      return;
    }
    res.writeHead(status, { "Content-Type": "application/vnd.api+json", ...headers }).end(JSON.stringify(body));
  };

  /** An error whose detail is `bytes` long, written in pieces (never held whole); the writing stops when the client goes. */
  const sendHugeError = (res: http.ServerResponse, status: number, code: string, title: string, bytes: number, headers: Record<string, string>) => {
    const head = JSON.stringify({ errors: [{ id: crypto.randomUUID(), status, code, title, detail: "" }] });
    const [before, after] = [head.slice(0, head.lastIndexOf('""') + 1), head.slice(head.lastIndexOf('""') + 1)];
    res.writeHead(status, { "Content-Type": "application/vnd.api+json", ...headers });
    res.write(before);
    const piece = "x".repeat(64 * 1024);
    let left = bytes;
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const size = Math.min(piece.length, left);
        left -= size;
        if (!res.write(piece.slice(0, size))) return void res.once("drain", pump);
      }
      if (!res.destroyed) res.end(after);
    };
    res.on("close", () => {
      left = 0;
    });
    pump();
  };

  const violation = (res: http.ServerResponse, message: string) => {
    state.violations.push(message);
    send(res, 400, jsonApiError(400, "invalid", "Invalid input.", `Stand-in contract check: ${message}`));
  };

  /** The account's key from the Authorization header, checked against the security scheme. */
  const authenticate = (req: http.IncomingMessage, res: http.ServerResponse, operation: { operationId: string; scopes: string[]; revision: string }) => {
    const authorization = req.headers.authorization ?? "";
    const match = /^Klaviyo-API-Key (\S+)$/.exec(authorization);
    if (!match) {
      violation(res, `${operation.operationId}: the Authorization header must be "Klaviyo-API-Key <private key>"`);
      return null;
    }
    const revision = req.headers.revision;
    if (revision !== operation.revision) {
      violation(res, `${operation.operationId}: the revision header must be ${operation.revision} (got ${String(revision)})`);
      return null;
    }
    const scopes = keys.get(match[1]!);
    if (!scopes) {
      send(res, 401, jsonApiError(401, "not_authenticated", "Authentication credentials were not provided.", "Missing or invalid private key."));
      return null;
    }
    if (!operation.scopes.every((scope) => scopes.has(scope))) {
      send(res, 403, jsonApiError(403, "permission_denied", "You do not have permission to perform this action.", "You do not have permission to perform this action."));
      return null;
    }
    return match[1]!;
  };

  const page = (items: Resource[], type: string, route: string, query: URLSearchParams, size: number) => {
    const start = Number(query.get("page[cursor]") ?? "0") || 0;
    const slice = items.slice(start, start + size);
    const next =
      start + size < items.length
        ? `${base}${route}?${new URLSearchParams({ "page[cursor]": String(start + size), ...(type === "metric" ? {} : { "page[size]": String(size) }) })}`
        : undefined;
    return {
      data: slice.map((item) => ({ type, id: item.id, attributes: { name: item.name, created: now(), updated: now() }, links: { self: `${base}${route}${item.id}/` } })),
      links: { self: `${base}${route}`, ...(next ? { next } : {}) },
    };
  };

  const flowsPage = (query: URLSearchParams) => {
    const size = Number(query.get("page[size]") ?? 50);
    const start = Number(query.get("page[cursor]") ?? "0") || 0;
    const archived = query.get("filter") === "equals(archived,false)" ? false : null;
    const all = (account.flows ?? []).filter((flow) => archived === null || Boolean(flow.archived) === archived);
    const slice = all.slice(start, start + size);
    const next = start + size < all.length ? `${base}/api/flows/?${new URLSearchParams({ "page[cursor]": String(start + size), "page[size]": String(size) })}` : undefined;
    return {
      data: slice.map((flow) => ({
        type: "flow",
        id: flow.id,
        attributes: { name: flow.name, status: flow.status, archived: Boolean(flow.archived), trigger_type: flow.trigger_type, created: now(), updated: now() },
        links: { self: `${base}/api/flows/${flow.id}/` },
      })),
      links: { self: `${base}/api/flows/`, ...(next ? { next } : {}) },
    };
  };

  const createFlowChecks = (body: Json): { detail: string; pointer: string } | null => {
    const attributes = (body.data as Json).attributes as Json;
    const definition = attributes.definition as { triggers: Array<{ type: string; id?: string }>; actions: Array<Json>; entry_action_id: string };
    if (definition.triggers.length !== 1) return { detail: "Only one trigger is supported.", pointer: "/data/attributes/definition/triggers" };
    const trigger = definition.triggers[0]!;
    const pool = trigger.type === "list" ? account.lists : trigger.type === "segment" ? account.segments : trigger.type === "metric" ? account.metrics : [];
    // A date trigger names a profile property, which any profile may carry: nothing to look up.
    if (trigger.type !== "date" && !pool.some((item) => item.id === trigger.id))
      return { detail: `The ${trigger.type} ${String(trigger.id)} does not exist in this account.`, pointer: "/data/attributes/definition/triggers/0/id" };
    const ids = new Set(definition.actions.map((action) => action.temporary_id));
    if (!ids.has(definition.entry_action_id)) return { detail: "entry_action_id names no action.", pointer: "/data/attributes/definition/entry_action_id" };
    for (const [index, action] of definition.actions.entries()) {
      const next = (action.links as { next?: string } | undefined)?.next;
      if (next !== undefined && !ids.has(next)) return { detail: `links.next names no action (${next}).`, pointer: `/data/attributes/definition/actions/${index}/links/next` };
      const message = ((action.data as Json | undefined)?.message ?? null) as Json | null;
      if (action.type === "send-email" && !state.templates.has(String(message?.template_id))) {
        return { detail: `Template ${String(message?.template_id)} does not exist.`, pointer: `/data/attributes/definition/actions/${index}/data/message/template_id` };
      }
    }
    return null;
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", base);
    const method = (req.method ?? "GET").toUpperCase();
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : value]));
    const query = Object.fromEntries(url.searchParams);

    // Delete Template (delete_template.json) has the one path template among the documents: its
    // id is checked against the document's path parameter, and it takes no query and no body.
    const deleteMatch = /^\/api\/templates\/([^/]+)\/?$/.exec(url.pathname);
    if (method === "DELETE" && deleteMatch) {
      const templateOperation = operations.find((op) => op.operationId === "delete_template")!;
      const record: RecordedRequest = { operationId: "delete_template", method, path: url.pathname, query, headers, body: raw || null };
      state.requests.push(record);
      if (raw) return violation(res, "delete_template: a delete carries no body");
      const undocumented = Object.keys(query).find((name) => !templateOperation.validateParam.has(`query:${name}`));
      if (undocumented) return violation(res, `delete_template: query parameter ${undocumented} is not documented`);
      if (!templateOperation.validateParam.get("path:id")!(decodeURIComponent(deleteMatch[1]!))) return violation(res, "delete_template: the path's id is not valid");
      const key = authenticate(req, res, { operationId: "delete_template", scopes: templateOperation.scopes, revision: templateOperation.revision });
      if (!key) return;
      const scripted = faults.get("delete_template")?.shift();
      const fault = scripted && "pass" in scripted ? undefined : scripted;
      if (fault && "hang" in fault) return;
      if (fault || state.refuseDeletes)
        return send(res, fault?.status ?? 500, jsonApiError(fault?.status ?? 500, "error", "A server error occurred.", fault?.detail ?? "Try again later."));
      const id = decodeURIComponent(deleteMatch[1]!);
      if (!state.templates.delete(id)) return send(res, 404, jsonApiError(404, "not_found", "Not found.", `Template ${id} not found.`));
      state.deletedTemplates.push(id);
      return send(res, 204);
    }

    const operation = operations.find((op) => op.method === method && op.path === url.pathname.replace(/\/$/, ""));
    if (!operation) {
      const record: RecordedRequest = { operationId: "unknown", method, path: url.pathname, query, headers, body: raw };
      state.requests.push(record);
      return violation(res, `${method} ${url.pathname} is not an operation of the vendored documents`);
    }
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return violation(res, `${operation.operationId}: the body is not JSON`);
      }
    }
    state.requests.push({ operationId: operation.operationId, method, path: url.pathname, query, headers, body });

    // Query parameters: each one documented, each value valid for its schema (arrays are comma-separated).
    for (const [name, value] of url.searchParams) {
      const parameter = operation.parameters.find((p) => p.in === "query" && p.name === name);
      if (!parameter) return violation(res, `${operation.operationId}: the query parameter ${name} is not documented`);
      const schema = parameter.schema as { type?: string };
      const typed = schema.type === "array" ? value.split(",") : schema.type === "integer" ? Number(value) : value;
      const validate = operation.validateParam.get(`query:${name}`)!;
      if (!validate(typed)) return violation(res, `${operation.operationId}: ${name}=${value} ${JSON.stringify(validate.errors)}`);
    }
    for (const parameter of operation.parameters) {
      if (parameter.in === "header" && parameter.required && headers[parameter.name.toLowerCase()] === undefined) {
        return violation(res, `${operation.operationId}: the ${parameter.name} header is required`);
      }
    }
    const accept = headers.accept;
    if (accept !== undefined && !/application\/vnd\.api\+json|\*\/\*/.test(accept))
      return violation(res, `${operation.operationId}: Accept must allow application/vnd.api+json (got ${accept})`);
    if (operation.validateBody) {
      const type = (headers["content-type"] ?? "").split(";")[0]!.trim();
      if (type !== "application/vnd.api+json") return violation(res, `${operation.operationId}: the body must be sent as application/vnd.api+json (got ${type || "nothing"})`);
      if (!operation.validateBody(body))
        return violation(res, `${operation.operationId}: the body breaks the published schema: ${JSON.stringify(operation.validateBody.errors?.slice(0, 5))}`);
    } else if (raw) {
      return violation(res, `${operation.operationId}: a GET carries no body`);
    }

    const key = authenticate(req, res, operation);
    if (!key) return;

    const scripted = faults.get(operation.operationId)?.shift();
    const fault = scripted && "pass" in scripted ? undefined : scripted;
    if (fault && "hang" in fault) return; // never answers: the client's timeout must end it
    if (fault) {
      const extra: Record<string, string> = fault.retryAfter !== undefined ? { "Retry-After": String(fault.retryAfter) } : {};
      const code = fault.code ?? (fault.status === 429 ? "throttled" : fault.status >= 500 ? "error" : "invalid");
      const title = fault.status === 429 ? "Request was throttled." : fault.status >= 500 ? "A server error occurred." : "Invalid input.";
      if (fault.detailBytes) return sendHugeError(res, fault.status, code, title, fault.detailBytes, extra);
      return send(res, fault.status, jsonApiError(fault.status, code, title, fault.detail ?? title, fault.pointer), extra);
    }

    switch (operation.operationId) {
      case "get_lists":
        return send(res, 200, page(account.lists, "list", "/api/lists/", url.searchParams, Number(url.searchParams.get("page[size]") ?? 10)));
      case "get_segments":
        return send(res, 200, page(account.segments, "segment", "/api/segments/", url.searchParams, Number(url.searchParams.get("page[size]") ?? 10)));
      case "get_metrics":
        return send(res, 200, page(account.metrics, "metric", "/api/metrics/", url.searchParams, 200));
      case "get_flows":
        return send(res, 200, flowsPage(url.searchParams));
      case "query_flow_values": {
        const attributes = ((body as Json).data as Json).attributes as { statistics: string[]; group_by?: string[] | null; conversion_metric_id: string };
        const groups = attributes.group_by ?? ["flow_id", "flow_message_id", "send_channel"];
        if (!groups.includes("flow_id") || !groups.includes("flow_message_id"))
          return send(res, 400, jsonApiError(400, "invalid", "Invalid input.", "group_by must include flow_id and flow_message_id.", "/data/attributes/group_by"));
        if (!account.metrics.some((metric) => metric.id === attributes.conversion_metric_id))
          return send(res, 400, jsonApiError(400, "invalid", "Invalid input.", "The conversion metric does not exist.", "/data/attributes/conversion_metric_id"));
        const results = (account.flows ?? []).flatMap((flow) =>
          flow.messages.map((message) => ({
            groupings: { flow_id: flow.id, flow_message_id: message.id, send_channel: "email" },
            statistics: Object.fromEntries(attributes.statistics.map((name) => [name, name === "recipients" ? message.recipients : (message.statistics[name] ?? 0)])),
          })),
        );
        return send(res, 200, { data: { type: "flow-values-report", attributes: { results } }, links: { self: `${base}/api/flow-values-reports/` } });
      }
      case "create_template": {
        const attributes = ((body as Json).data as Json).attributes as Json;
        const id = `Tpl${crypto.randomBytes(4).toString("hex")}`;
        state.templates.set(id, attributes);
        return send(res, 201, {
          data: {
            type: "template",
            id,
            attributes: { name: attributes.name, editor_type: attributes.editor_type, html: attributes.html, text: attributes.text ?? null, created: now(), updated: now() },
            links: { self: `${base}/api/templates/${id}/` },
          },
          links: { self: `${base}/api/templates/` },
        });
      }
      case "create_flow": {
        const problem = createFlowChecks(body as Json);
        if (problem) return send(res, 400, jsonApiError(400, "invalid", "Invalid input.", problem.detail, problem.pointer));
        const attributes = ((body as Json).data as Json).attributes as Json;
        const id = `Flw${crypto.randomBytes(4).toString("hex")}`;
        state.flows.set(id, attributes);
        const trigger = ((attributes.definition as Json).triggers as Array<{ type: string }>)[0]!;
        // The account lists it from now on, as a draft without figures.
        (account.flows ??= []).push({
          id,
          name: String(attributes.name),
          status: "draft",
          trigger_type: trigger.type === "metric" ? "Metric" : trigger.type === "date" ? "Date Based" : "Added to List",
          messages: [],
        });
        return send(res, 201, {
          data: {
            type: "flow",
            id,
            attributes: {
              name: attributes.name,
              status: "draft",
              archived: false,
              created: now(),
              updated: now(),
              trigger_type: trigger.type === "metric" ? "Metric" : trigger.type === "list" ? "Added to List" : "Unconfigured",
            },
            links: { self: `${base}/api/flows/${id}/` },
          },
          links: { self: `${base}/api/flows/` },
        });
      }
    }
    return violation(res, `${operation.operationId} is not answered by the stand-in`);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = base;
  return state;
}
