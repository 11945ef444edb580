/**
 * The app's routes, found from the route files exactly as the build finds them: the routes
 * function of remix.options.js (the Remix Vite plugin's options) called with Remix's own
 * `defineRoutes`, so a route added tomorrow is here tomorrow.
 */
import { UNSAFE_defineRoutes as defineRoutes, type UNSAFE_RouteManifestEntry } from "@remix-run/dev";

import remixOptions from "../../remix.options.js";

if (!remixOptions.routes || !remixOptions.future) throw new Error("remix.options.js names no routes function or future flags");

/** Every route but the root, by id. */
export const discoveredRoutes: Record<string, UNSAFE_RouteManifestEntry> = await remixOptions.routes(defineRoutes);
/** The future flags the build runs with. */
export const futureFlags = remixOptions.future;
