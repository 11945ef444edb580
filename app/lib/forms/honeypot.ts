/** A field no person fills in: hidden from people, tempting to bots. Anything in it refuses the post. */
export const HONEYPOT_FIELD = "website_address";
