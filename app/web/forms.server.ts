import { HONEYPOT_FIELD } from "~/lib/schemas/auth";
import { BodyTooLargeError, HIDDEN_CHARACTERS, HIDDEN_CHARACTERS_MESSAGE, MAX_REQUEST_BODY_BYTES, readBodyWithin } from "~/web/boundary.server";
import { isCrossSiteRequest } from "~/web/origin.server";

function refuse(status: number, message: string) {
  return new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * The first step of every page action: refuse cross-site posts and bot-filled honeypots, then
 * hand back the form. It reads a clone, counting bytes as they arrive (413 past the limit), so a
 * remix-auth strategy can still read the body.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (isCrossSiteRequest(request)) throw refuse(403, "This request came from another site and was refused.");
  let form: FormData;
  try {
    const bytes = await readBodyWithin(request.clone(), MAX_REQUEST_BODY_BYTES);
    const contentType = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch (error) {
    if (error instanceof BodyTooLargeError || request.signal.aborted) throw refuse(413, "The form sent more data than Flowmap accepts. Shorten your answers and try again.");
    throw refuse(400, "The form could not be read. Please reload the page and try again.");
  }
  for (const [name, value] of form) {
    if (typeof value === "string" && !/password/i.test(name) && HIDDEN_CHARACTERS.test(value)) throw refuse(422, HIDDEN_CHARACTERS_MESSAGE);
  }
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") throw refuse(400, "The form could not be submitted. Please reload the page and try again.");
  return form;
}
