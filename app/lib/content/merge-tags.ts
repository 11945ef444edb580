/**
 * Personalisation in written content uses one email platform's syntax, Klaviyo's template tags,
 * so the copy pastes into Klaviyo as it is. The greeting uses the contact's first name with a
 * fallback for contacts without one: "Hi {{ first_name|default:"there" }}," reads "Hi Sam," or
 * "Hi there,". Other platforms name the same field differently (Mailchimp: *|FNAME|*); replace the
 * tag when pasting elsewhere.
 */
export const FIRST_NAME_TAG = '{{ first_name|default:"there" }}';

/**
 * Any first-name tag with a fallback, as Klaviyo reads it: the tag above, and the same with another
 * fallback or spacing ({{ first_name|default:"friend" }}, {{ person.first_name | default: 'there' }}).
 * A tag without a fallback, or with an empty one, greets a contact without a name as "Hi ,".
 */
export const FIRST_NAME_TAG_WITH_DEFAULT = /\{\{\s*(?:person\.)?first_name\s*\|\s*default\s*:\s*(?:"[^"{}\n]*\S[^"{}\n]*"|'[^'{}\n]*\S[^'{}\n]*')\s*\}\}/gi;

/** The tag as an HTML body shows it: escaped text restored, so the platform can still read it. */
export function restoreMergeTags(html: string): string {
  return html.split("{{ first_name|default:&quot;there&quot; }}").join(FIRST_NAME_TAG);
}

/** The name a preview shows where the first-name tag stands (the reader's own name in a real send). */
export const PREVIEW_FIRST_NAME = "Sam";

/** The first-name tag as written, or HTML-escaped in a body ("&quot;there&quot;"). */
const FIRST_NAME_TAG_PATTERN = /\{\{\s*first_name\s*(?:\|\s*default\s*:\s*(?:"|&quot;|&#34;|&#x22;)[^"&]*(?:"|&quot;|&#34;|&#x22;)\s*)?\}\}/g;

export function hasFirstNameTag(text: string): boolean {
  return new RegExp(FIRST_NAME_TAG_PATTERN.source).test(text);
}

/**
 * Copy as a reader sees it: the first-name tag filled in with `name` (wrapped by `wrap`, so an HTML
 * preview can mark where the name goes). The stored copy keeps the tag.
 */
export function asReaderSees(text: string, name = PREVIEW_FIRST_NAME, wrap: (name: string) => string = (n) => n): string {
  return text.replace(FIRST_NAME_TAG_PATTERN, () => wrap(name));
}
