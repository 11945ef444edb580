/**
 * What every email's footer must carry besides the unsubscribe link (content/esp.ts): the sender's
 * postal address, which anti-spam law asks of commercial email (CAN-SPAM in the US). When the
 * answers hold none, the footer carries the marked placeholder, listed on the content page with
 * everything else left to fill.
 */

export const POSTAL_ADDRESS_PLACEHOLDER = "[add: your postal address]";

/** A street line: a house number and a street word ("14 Orford Rd", "221B Baker Street"). */
const STREET =
  /\b\d{1,5}[a-z]?,? [A-Za-z][A-Za-z'. -]{1,40}?\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|place|pl|court|ct|boulevard|blvd|terrace|close|row|square|sq|parade|crescent|hill|highway|hwy|suite)\b\.?/i;
/** A postcode: a UK postcode or a US ZIP code. */
const POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|\d{5}(?:-\d{4})?)\b/i;

/** The postal address written in any answer: a street line with a postcode after it on the same line, else null. */
export function postalAddressIn(answers: object): string | null {
  for (const value of Object.values(answers)) {
    if (typeof value !== "string") continue;
    for (const line of value.split("\n")) {
      const street = STREET.exec(line);
      if (!street) continue;
      const rest = line.slice(street.index);
      const code = POSTCODE.exec(rest.slice(street[0].length));
      if (code && code.index <= 60)
        return rest
          .slice(0, street[0].length + code.index + code[0].length)
          .replace(/\s+/g, " ")
          .trim();
    }
  }
  return null;
}
