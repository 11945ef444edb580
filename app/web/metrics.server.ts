import { timingSafeEqual } from "node:crypto";

import { isLoopback, PEER_ADDRESS_HEADER } from "~/web/client.server";

/**
 * Who may read /metrics. With METRICS_TOKEN set: a request carrying `Authorization: Bearer
 * <METRICS_TOKEN>`, from anywhere. Without it: only a request made on this machine (the TCP peer
 * is loopback) that no proxy relayed (no X-Forwarded-For, Forwarded or X-Real-IP), since a proxy
 * on the same host would make every visitor look local. Behind a proxy, set the token.
 */
export type MetricsAccess = "allowed" | "token_required" | "local_only";

const RELAY_HEADERS = ["X-Forwarded-For", "Forwarded", "X-Real-IP"];

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export function metricsAccess(request: Request, token: string | undefined): MetricsAccess {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
    return match && sameSecret(match[1]!, token) ? "allowed" : "token_required";
  }
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  if (!peer || !isLoopback(peer)) return "local_only";
  return RELAY_HEADERS.some((name) => request.headers.has(name)) ? "local_only" : "allowed";
}

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/** The answer for a refused request: 401 asking for the token, or 403 saying the address is local only. */
export function metricsRefusal(access: Exclude<MetricsAccess, "allowed">): Response {
  if (access === "token_required") {
    return new Response("Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.\n", { status: 401, headers: { ...TEXT, "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  return new Response("Metrics are served only to this machine. Set METRICS_TOKEN to read them from elsewhere.\n", { status: 403, headers: TEXT });
}

export function metricsResponse(body: string): Response {
  return new Response(body, { headers: { ...TEXT, "Content-Type": "text/plain; version=0.0.4; charset=utf-8" } });
}
