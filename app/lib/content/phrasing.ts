import { clipPhrase, upperStart } from "~/lib/business/facts";

/**
 * One phrasing among several for a sentence role, chosen by a stable seed per business mixed with
 * the role's key: two businesses rarely read the same sentence, and one business always gets the
 * same one (same input, same copy). A slot (the flow's place among the flow types) moves the choice
 * along, so one business's flows that write the same role read differently. Pure and client-safe.
 */

/** The seed mixed with the role's key (FNV-1a over the key, started from the seed), then avalanched. */
export function mixSeed(seed: number, key: string): number {
  let hash = (seed ^ 2166136261) >>> 0;
  for (const char of key) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 2246822507) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** The options that say something (empty and false ones dropped). */
function present<T>(options: ReadonlyArray<T | false | null | undefined | "">): T[] {
  return options.filter((option): option is T => option !== false && option !== null && option !== undefined && option !== "");
}

/**
 * The phrasing for `key` at `seed`: the same for the same seed, key and slot; another slot gives
 * another option whenever there are more options than slots. "" when no option says anything.
 */
export function variant<T = string>(key: string, seed: number, options: ReadonlyArray<T | false | null | undefined | "">, slot = 0): T | "" {
  const kept = present(options);
  if (!kept.length) return "";
  return kept[(mixSeed(seed, key) + slot) % kept.length]!;
}

/** A line as a sentence: capitalised, ending with a full stop unless it already ends a sentence. */
export function sentence(text: string) {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const capital = upperStart(trimmed);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The most of an owner's answer a sentence of copy carries in its own voice; longer, it is cut at a clause or quoted as theirs. */
export const COPY_PHRASE_WORDS = 11;

/** An owner's phrase as copy uses it: whole when short, cut at a clause boundary when long, else quoted as the owner's words. */
export function ownPhrase(text: string): string {
  if (!text || text.split(/\s+/).length <= COPY_PHRASE_WORDS) return text;
  return clipPhrase(text, COPY_PHRASE_WORDS) || `"${text.replace(/^"|"$/g, "")}"`;
}
