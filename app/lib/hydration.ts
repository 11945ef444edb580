/**
 * A route's say in whether its document loads the app's JavaScript (docs/decisions/087).
 * `hydrate: false`, or a function of the route's loader data that returns false, serves the page
 * as finished HTML and CSS with no script at all: links and forms work as plain HTML, as they do
 * for visitors with JavaScript switched off.
 */
export interface HydrationHandle {
  hydrate?: boolean | ((data: unknown) => boolean);
}

/** Whether the document rendered for these route matches (Remix's `useMatches()`) loads the app's scripts. */
export function documentHydrates(matches: readonly { handle?: unknown; data?: unknown }[]): boolean {
  // Code running in the browser belongs to a document that did load them.
  if (typeof document !== "undefined") return true;
  return matches.every((match) => {
    const hydrate = (match.handle as HydrationHandle | undefined)?.hydrate;
    return typeof hydrate === "function" ? hydrate(match.data) : hydrate !== false;
  });
}
