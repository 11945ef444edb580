import { CROSS_SITE_HEADER } from "~/services/client.server";

/**
 * Cross-site request forgery guard for state-changing requests: a browser names the page that
 * sent a request in Origin (or Referer). If that page is on another site the request is refused.
 * Requests with neither header come from non-browser clients (curl, server-to-server API use),
 * which cannot carry a victim's cookies, so they pass.
 */
export function isCrossSiteRequest(request: Request) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  // The request boundary marks a page post it found cross-site before removing its body.
  if (request.headers.get(CROSS_SITE_HEADER) === "1") return true;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const self = new URL(request.url);
  const claimed = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!claimed) return false;
  if (claimed === "null") return true;
  try {
    const origin = new URL(claimed);
    return origin.host !== forwardedHost(request, self) || !sameProtocolFamily(origin, self);
  } catch {
    return true;
  }
}

function forwardedHost(request: Request, self: URL) {
  return request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? self.host;
}

function sameProtocolFamily(origin: URL, self: URL) {
  // Behind a TLS-terminating proxy the app sees http while the browser says https.
  return origin.protocol === self.protocol || (origin.protocol === "https:" && self.protocol === "http:");
}
