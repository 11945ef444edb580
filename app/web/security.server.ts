import crypto from "node:crypto";

export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of a document. Scripts run only with this request's nonce; the
 * live-reload socket of `remix dev` is allowed in development only. Forms post to this site only;
 * `formTargets` are the other origins a form's answer may redirect to (the configured sign-in
 * provider, where "Connect <provider>" in User Settings leads).
 */
export function contentSecurityPolicy(nonce: string, { development = false, formTargets = [] as string[] } = {}) {
  const connect = ["'self'"];
  if (development) connect.push("ws://localhost:*", "ws://127.0.0.1:*");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    `form-action ${["'self'", ...formTargets].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries, documents, data and API alike. */
export function applySecurityHeaders(headers: Headers, { production = process.env.NODE_ENV === "production" } = {}) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  if (!headers.has("Content-Security-Policy")) {
    // Non-document responses never run script: lock them down completely.
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'");
  }
  return headers;
}
