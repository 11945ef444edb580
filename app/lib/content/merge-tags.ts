/**
 * Personalisation in written content uses one email platform's syntax, Klaviyo's template tags,
 * so the copy pastes into Klaviyo as it is. The greeting uses the contact's first name with a
 * fallback for contacts without one: "Hi {{ first_name|default:"there" }}," reads "Hi Sam," or
 * "Hi there,". Other platforms name the same field differently (Mailchimp: *|FNAME|*); replace the
 * tag when pasting elsewhere.
 */
export const FIRST_NAME_TAG = '{{ first_name|default:"there" }}';

/** The tag as an HTML body shows it: escaped text restored, so the platform can still read it. */
export function restoreMergeTags(html: string): string {
  return html.split("{{ first_name|default:&quot;there&quot; }}").join(FIRST_NAME_TAG);
}
