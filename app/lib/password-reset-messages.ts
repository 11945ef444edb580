/**
 * What the password reset pages and the API say. Kept out of the server module: the pages render
 * them in the browser too, where a `.server` module's exports do not exist.
 */
export const RESET_REQUESTED_MESSAGE = "If an account uses that email, a link to choose a new password is on its way. It works once, for 1 hour.";
export const RESET_LINK_INVALID_MESSAGE =
  "This password reset link is not valid any more: it was used, it expired (links work for 1 hour), or it was never issued. Ask for a new one.";
export const PASSWORD_RESET_DONE_MESSAGE = "Your password has been changed. Sign in with the new one: every other session and access token was signed out.";
