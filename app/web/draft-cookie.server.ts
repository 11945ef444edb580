import { createCookie, type Cookie } from "@remix-run/node";

import { DRAFT_TTL_DAYS, type DraftOwner } from "~/models/questionnaire-draft.server";
import { getUserId } from "~/web/auth/auth.server";
import { getSessionSecret, isProduction } from "~/services/secret.server";

/**
 * The routes' side of questionnaire drafts: which draft a request means, and the cookie that
 * carries a visitor's draft id. The questionnaire services never see a Request or a cookie; they
 * take the `DraftOwner` found here and hand back the draft id the route puts in the cookie.
 */

const DRAFT_COOKIE = "fm_questionnaire";
const DRAFT_ID_LENGTH = 32; // 24 random bytes in base64url

let cookie: Cookie | undefined;

/** Holds only the draft's random id, signed; the answers stay in the database. */
export function draftCookie() {
  cookie ??= createCookie(DRAFT_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction(),
    secrets: [getSessionSecret()],
    maxAge: DRAFT_TTL_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

async function draftIdOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await draftCookie().parse(header);
  return typeof value === "string" && value.length === DRAFT_ID_LENGTH ? value : null;
}

/**
 * Whose draft this request reads and writes: a signed-in user's is keyed by the user id, a
 * visitor's by the id in the cookie (none yet: null).
 */
export async function draftOwnerOf(request: Request): Promise<DraftOwner | null> {
  const userId = await getUserId(request);
  if (userId) return { userId };
  const draftId = await draftIdOf(request);
  return draftId ? { draftId } : null;
}

/** The Set-Cookie that carries (and renews) a visitor's draft id; none for a signed-in user's draft. */
export async function draftCookieHeader(draftId: string | null): Promise<string | null> {
  return draftId ? draftCookie().serialize(draftId) : null;
}

/** The Set-Cookie that clears the draft cookie once the draft is done with, when the request carried one. */
export async function clearedDraftCookieHeader(request: Request): Promise<string | null> {
  return (await draftIdOf(request)) ? draftCookie().serialize("", { maxAge: 0, expires: new Date(0) }) : null;
}
