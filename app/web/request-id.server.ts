import { randomUUID } from "node:crypto";

/**
 * Every answer carries an `X-Request-Id`: the one the request sent when it is well-formed (so a
 * caller's or a proxy's id follows the request through), else one made here. An API error body
 * carries it as `requestId`, and the server's log lines about the request name it, so a report
 * quoting it finds them. docs/decisions/145.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** 1 to 128 visible characters of the kinds ids are written in (a UUID, a proxy's trace id). */
const WELL_FORMED = /^[A-Za-z0-9._\-:/+=]{1,128}$/;

export function isWellFormedRequestId(value: string | null): value is string {
  return value !== null && WELL_FORMED.test(value);
}

/** The request's id: its own when well-formed, else a new one. */
export function requestIdOf(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  return isWellFormedRequestId(sent) ? sent : randomUUID();
}

const isJson = (response: Response) => /^application\/(?:[a-z0-9.+-]+\+)?json\b/i.test(response.headers.get("Content-Type") ?? "");

/** An API error body (`{ message, code }`) with the request's id added as `requestId`. */
function withIdInBody(body: ReadableStream<Uint8Array>, id: string): ReadableStream<Uint8Array> {
  const text = new Response(body).text();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const raw = await text;
      let out = raw;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && "message" in parsed) out = JSON.stringify({ ...parsed, requestId: id });
      } catch {
        // Not JSON after all: passed on as it is.
      }
      controller.enqueue(new TextEncoder().encode(out));
      controller.close();
    },
  });
}

/** The answer with the request's id in its headers and, for an API error, in its body. */
export function answerWithRequestId(response: Response, id: string, apiAnswer: boolean): Response {
  const headers = new Headers(response.headers);
  headers.set(REQUEST_ID_HEADER, id);
  if (!(apiAnswer && response.status >= 400 && response.body && isJson(response))) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  headers.delete("Content-Length");
  return new Response(withIdInBody(response.body, id), { status: response.status, statusText: response.statusText, headers });
}
