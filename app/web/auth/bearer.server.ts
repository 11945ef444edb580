import type { UserRecord } from "~/models/user.server";
import { invalidToken, readOnlyToken, userForApiToken } from "~/services/auth/api-tokens.server";

/** How an /api request carries a personal access token: `Authorization: Bearer <token>`. */
const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * The bearer token of an /api request, or null when it carries none. Only the Bearer scheme is
 * read: another scheme (Basic from a proxy in front of the app) is left alone.
 */
export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header || !/^bearer\b/i.test(header.trim())) return null;
  const path = new URL(request.url).pathname;
  if (path !== "/api" && !path.startsWith("/api/")) return null;
  // A Bearer header with no usable token in it is a bad token, not no token.
  return BEARER.exec(header.trim())?.[1] ?? "";
}

/** A bearer request that carries no cookie: a script, which a foreign page cannot forge. */
export function isBearerOnlyRequest(request: Request) {
  return bearerTokenOf(request) !== null && !request.headers.has("Cookie");
}

const resolved = new WeakMap<Request, Promise<{ user: UserRecord; tokenId: string }>>();

/** What a read-only token may send: reads only. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * The owner of the request's bearer token (looked up once per request), or a thrown 401
 * `INVALID_TOKEN` DomainError for a bad, expired or revoked one, or a 403 `READ_ONLY_TOKEN` for a
 * read-only token on anything but a read. Only for requests that carry a token.
 */
export function requireBearerUser(request: Request, now = new Date()): Promise<{ user: UserRecord; tokenId: string }> {
  let found = resolved.get(request);
  if (!found) {
    found = userForApiToken(bearerTokenOf(request) ?? "", now).then((hit) => {
      if (!hit) throw invalidToken();
      if (hit.scope === "read" && !READ_METHODS.has(request.method.toUpperCase())) throw readOnlyToken();
      return hit;
    });
    resolved.set(request, found);
  }
  return found;
}
