import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work shared by the loaders of one page request. Remix runs a page's loaders (root, the
 * signed-in frame, the page) in parallel, each with its own copy of the Request, so identity
 * cannot tie them together; the server (server/index.js) runs each GET/HEAD request inside a
 * scope instead, and `sharedPerRequest` lets those loaders share one promise. Outside a scope
 * (tests calling loaders, actions) the work simply runs every time.
 *
 * The storage lives on globalThis under a registered symbol so that the server entry and the
 * app build, bundled separately, find the same one (docs/decisions/066).
 */
const KEY = Symbol.for("flowmap.request-scope");
type Scope = Map<string, Promise<unknown>>;
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Scope> };

export const requestScope: AsyncLocalStorage<Scope> = (holder[KEY] ??= new AsyncLocalStorage<Scope>());

export function sharedPerRequest<T>(key: string, work: () => Promise<T>): Promise<T> {
  const scope = requestScope.getStore();
  if (!scope) return work();
  const known = scope.get(key) as Promise<T> | undefined;
  if (known) return known;
  const started = work();
  scope.set(key, started);
  return started;
}
