import { apiError } from "~/web/api.server";
import { readBodyWithin, MAX_REQUEST_BODY_BYTES, TOO_LARGE_MESSAGE, BodyTooLargeError } from "~/web/boundary.server";

/**
 * For a write the document describes without a request body (a DELETE, writing a flow's content,
 * a rollback, research): a body sent anyway is a 422, as an unknown field is, never silently
 * ignored. An empty body (or only white space) is no body.
 */
export const NO_BODY_MESSAGE = "This request takes no body: send it without one.";

export async function refuseBody(request: Request) {
  let bytes: Uint8Array;
  try {
    bytes = await readBodyWithin(request, MAX_REQUEST_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw apiError(413, TOO_LARGE_MESSAGE);
    throw apiError(400, "The request body could not be read.");
  }
  if (new TextDecoder().decode(bytes).trim() !== "") throw apiError(422, NO_BODY_MESSAGE, { errors: { _body: NO_BODY_MESSAGE } });
}
