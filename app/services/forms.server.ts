import { HONEYPOT_FIELD } from "~/lib/schemas/auth";
import { isCrossSiteRequest } from "~/services/origin.server";

function refuse(status: number, message: string) {
  return new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * The first step of every page action: refuse cross-site posts and bot-filled honeypots, then
 * hand back the form. It reads a clone, so a remix-auth strategy can still read the body.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (isCrossSiteRequest(request)) throw refuse(403, "This request came from another site and was refused.");
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw refuse(400, "The form could not be read. Please reload the page and try again.");
  }
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") throw refuse(400, "The form could not be submitted. Please reload the page and try again.");
  return form;
}
