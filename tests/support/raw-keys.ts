/** Every key of a stored JSON value, however deep. */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);
  return [];
}

/**
 * Data keys shown as such in text meant for people: a camelCase word followed by a colon
 * ("exitWhen:", "sendWindowLocalTime:"), or one of the given stored keys followed by a colon
 * where a label would stand (case-sensitive, so the label "From:" a sentence may use is not one).
 */
export function rawKeysIn(text: string, keys: readonly string[]): string[] {
  const found = [...text.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\s*:/g)].map((match) => match[0]);
  // A stored key shown as a label starts the text, a line or a clause, or follows another label's
  // colon ("smsPolicy: from: 08:00"); the last word of a worded label ("Aa to:") is not one.
  for (const key of new Set(keys)) if (new RegExp(`(^|[\\n.;,:{(\\[]\\s*)${key}\\s*:`).test(text)) found.push(`${key}:`);
  return found;
}
