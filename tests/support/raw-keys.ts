/** Every key of a stored JSON value, however deep. */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);
  return [];
}

/**
 * Data keys shown as such in text meant for people: a camelCase word followed by a colon
 * ("exitWhen:", "sendWindowLocalTime:"), or one of the given stored keys followed by a colon
 * (case-sensitive, so the label "From:" a sentence may use is not one).
 */
export function rawKeysIn(text: string, keys: readonly string[]): string[] {
  const found = [...text.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\s*:/g)].map((match) => match[0]);
  for (const key of new Set(keys)) if (new RegExp(`(^|[^A-Za-z])${key}\\s*:`).test(text)) found.push(`${key}:`);
  return found;
}
