import { CROSS_SITE_HEADER } from "~/web/client.server";
import { publicOrigin } from "~/services/env.server";

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
  const claimed = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!claimed) return false;
  return !isOwnOrigin(request, claimed);
}

/**
 * Whether an Origin or Referer value names this site: the configured public origin (APP_URL), or
 * the host the browser sent the request to. A browser cannot choose the Host it sends, so a page
 * elsewhere cannot pass for this site; `null` and anything unreadable never do.
 */
export function isOwnOrigin(request: Request, claimed: string) {
  if (claimed === "null") return false;
  let origin: URL;
  try {
    origin = new URL(claimed);
  } catch {
    return false;
  }
  if (origin.origin === publicOrigin()) return true;
  const self = new URL(request.url);
  return origin.host === forwardedHost(request, self) && sameProtocolFamily(origin, self);
}

/**
 * Whether a GET navigation came from this site or from the user: a Referer of this site, or no
 * Referer and the browser's own word (Sec-Fetch-Site `same-origin`, or `none` for a typed address
 * or a bookmark). Another site's page (a link, an image, a redirect) or a sibling subdomain
 * (`same-site`) never counts, and neither does a request that gives no sign at all.
 */
export function isOwnNavigation(request: Request) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return false;
  const referer = request.headers.get("Referer");
  if (referer) return isOwnOrigin(request, referer);
  return site === "same-origin" || site === "none";
}

function forwardedHost(request: Request, self: URL) {
  return request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? self.host;
}

function sameProtocolFamily(origin: URL, self: URL) {
  // Behind a TLS-terminating proxy the app sees http while the browser says https.
  return origin.protocol === self.protocol || (origin.protocol === "https:" && self.protocol === "http:");
}
