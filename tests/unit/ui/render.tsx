import { renderToString } from "react-dom/server";
import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

/**
 * Server-renders routes the way a visitor's first load gets them: their loaders run, then the
 * markup is rendered once, with no JavaScript. The components read their data with Remix's
 * hooks, which are the router's.
 */
export async function renderRoute(path: string, routes: RouteObject[]) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`the route answered a Response (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The visible text of markup: tags dropped, common entities decoded, spaces folded. */
export function visibleText(html: string) {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}
