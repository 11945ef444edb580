import { useHydrated } from "~/lib/use-hydrated";

/**
 * Dates in the user's locale. The server knows the language (Accept-Language) but not the time
 * zone, so it writes UTC; once JavaScript runs the browser rewrites the text in its own zone.
 * The first browser render repeats the server's text, so hydration matches.
 */
export function LocalDate({ iso, locale, withTime = false, className }: { iso: string; locale: string; withTime?: boolean; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = withTime
    ? { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }
    : { year: "numeric", month: "short", day: "numeric" };
  let text: string;
  try {
    text = hydrated ? date.toLocaleString(locale, options) : `${date.toLocaleString(locale, { ...options, timeZone: "UTC" })}${withTime ? " UTC" : ""}`;
  } catch {
    text = date.toISOString();
  }
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
