import type { ActionFunctionArgs } from "@remix-run/node";

/**
 * An API path that moved to another address (docs/decisions/169). The old address answers exactly
 * as the new one does, for as long as the sunset allows, with three headers that say so on every
 * answer: `Deprecation` (RFC 9745: since when), `Sunset` (RFC 8594: when it may stop answering)
 * and `Link: <new address>; rel="successor-version"`. The OpenAPI document lists only the new
 * address; the contract test reads `successorPath` to hold the two to the same methods.
 */
export const MOVED_PATHS_DEPRECATED_AT = new Date("2026-11-29T00:00:00Z");
export const MOVED_PATHS_SUNSET_AT = new Date("2027-06-01T00:00:00Z");

type RouteHandler = (args: ActionFunctionArgs) => Promise<Response> | Response;
interface RouteModule {
  loader: RouteHandler;
  action: RouteHandler;
  queryParameters?: unknown;
}

/** The new address of a request to the old one: the template with the request's own parameters. */
export function successorOf(template: string, params: Record<string, string | undefined>) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** The headers a moved path's answers carry. */
export function movedPathHeaders(successor: string) {
  return {
    Deprecation: `@${Math.floor(MOVED_PATHS_DEPRECATED_AT.getTime() / 1000)}`,
    Sunset: MOVED_PATHS_SUNSET_AT.toUTCString(),
    Link: `<${successor}>; rel="successor-version"`,
  };
}

function answeredAsMoved<H extends RouteHandler>(handler: H, template: string): H {
  const moved = async (args: Parameters<RouteHandler>[0]) => {
    const response = await handler(args);
    for (const [name, value] of Object.entries(movedPathHeaders(successorOf(template, args.params)))) response.headers.set(name, value);
    return response;
  };
  // The handler's marks (the methods it answers, a loader that answers no GET) go with it.
  return Object.assign(moved, handler) as unknown as H;
}

/** The route module of an old address: the new one's loader and action, answering with the moved-path headers. */
export function movedPath<M extends RouteModule>(successor: M, template: string) {
  return {
    loader: answeredAsMoved(successor.loader, template),
    action: answeredAsMoved(successor.action, template),
    queryParameters: successor.queryParameters as M["queryParameters"],
    successorPath: template,
  };
}
