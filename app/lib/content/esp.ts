/**
 * The email platforms (ESPs) an email's footer is written for: each unsubscribes a contact through
 * its own tag, which the platform replaces with the contact's own link when it sends. Client-safe:
 * the export menu offers the same list.
 *
 * Sources of the tags (decision 123): Klaviyo's "Understanding unsubscribes" help article
 * (help.klaviyo.com, article 115005078267: `{% unsubscribe_link %}` is the URL alone, for an
 * href); Mailchimp's merge tag `*|UNSUB|*`; HubSpot's HubL variable `{{ unsubscribe_link }}`
 * (developers.hubspot.com, HubL variables: the URL of the unsubscribe page, required in email
 * templates); `{{unsubscribe_url}}` for any other platform, to be replaced by its own tag.
 */
export const ESPS = ["klaviyo", "mailchimp", "hubspot", "generic"] as const;
export type Esp = (typeof ESPS)[number];

export const ESP_LABELS: Readonly<Record<Esp, string>> = {
  klaviyo: "Klaviyo",
  mailchimp: "Mailchimp",
  hubspot: "HubSpot",
  generic: "Another platform ({{unsubscribe_url}})",
};

/** The tag each platform replaces with the contact's unsubscribe URL. */
export const UNSUBSCRIBE_TAGS: Readonly<Record<Esp, string>> = {
  klaviyo: "{% unsubscribe_link %}",
  mailchimp: "*|UNSUB|*",
  hubspot: "{{ unsubscribe_link }}",
  generic: "{{unsubscribe_url}}",
};

export const ESP_MESSAGE = `Unknown email platform. Use one of: ${ESPS.join(", ")}.`;

/** A query or form value as an ESP, or null when it is not one. */
export function parseEsp(value: string | null | undefined): Esp | null {
  const esp = (value ?? "").trim().toLowerCase();
  return (ESPS as readonly string[]).includes(esp) ? (esp as Esp) : null;
}

/** The platform a user's emails are written for unless they choose: Klaviyo when they connected it, else the generic tag. */
export function defaultEsp(hasKlaviyo: boolean): Esp {
  return hasKlaviyo ? "klaviyo" : "generic";
}
