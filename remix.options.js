import { flatRoutes } from "remix-flat-routes";

/**
 * The Remix Vite plugin's options (vite.config.ts), in a module of their own so that the tests
 * that assemble the app from its route files (tests/support/in-process-app.ts and the contract
 * tests) find the routes exactly as the build does.
 *
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  // Routes are found by remix-flat-routes (feature folders with `+`, see
  // docs/decisions/008-service-layer-and-route-layout.md); Remix's own scan is switched off.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.spec.*", "**/*.module.*"],
    }),
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
