/**
 * The whole app in this process: a server build assembled from the route files (the project's own
 * routes function of remix.options.js, so a route added tomorrow is in it tomorrow) and called through
 * the same request boundary the server runs (app/web/boundary.server.ts). Tests send it real
 * Requests and read real documents, as a browser without JavaScript receives them.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { createRequestHandler } from "@remix-run/node";
import { vi } from "vitest";

import * as boundary from "~/web/boundary.server";

import { discoveredRoutes, futureFlags } from "./route-files";

const root = fileURLToPath(new URL("../..", import.meta.url));
const appDir = path.join(root, "app");

export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
}
export type RouteModule = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// The server build, made from the route files.

const discovered = discoveredRoutes;
export const routeModules = new Map<string, RouteModule>();
routeModules.set("root", (await import("~/root")) as RouteModule);
for (const route of Object.values(discovered)) routeModules.set(route.id, (await import(/* @vite-ignore */ path.join(appDir, route.file))) as RouteModule);
export const entries: RouteEntry[] = [
  { id: "root", path: "", file: "root.tsx" },
  ...Object.values(discovered).map((r) => ({
    ...r,
    parentId: r.parentId ?? "root",
  })),
];

/** Where a route sits in the tree: the same in the server build and in the browser manifest. */
const placeOf = (r: (typeof entries)[number]) => ({
  id: r.id,
  parentId: r.id === "root" ? undefined : r.parentId,
  path: r.path,
  index: r.index,
  caseSensitive: r.caseSensitive,
});
const buildRoutes = Object.fromEntries(entries.map((r) => [r.id, { ...placeOf(r), module: routeModules.get(r.id)! }]));
const manifestRoutes = Object.fromEntries(
  entries.map((r) => {
    const module = routeModules.get(r.id)!;
    return [
      r.id,
      {
        ...placeOf(r),
        module: `/build/${r.id}.js`,
        imports: [],
        hasAction: typeof module.action === "function",
        hasLoader: typeof module.loader === "function",
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: typeof module.ErrorBoundary === "function",
      },
    ];
  }),
);
// The build's entry starts the server when it loads (startup.server: the app's own database and
// seed data); here the test database is used, so the entry is loaded with a start-up that does
// nothing. The stand-in is in place for this one import only.
vi.doMock("~/services/startup.server", () => ({ startServer: async () => undefined }));
const entryServer = (await import("~/entry.server")) as RouteModule;
vi.doUnmock("~/services/startup.server");
export const build = {
  mode: "production",
  entry: { module: entryServer },
  routes: buildRoutes,
  assets: {
    version: "harness",
    url: "/build/manifest-harness.js",
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: manifestRoutes,
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: futureFlags,
  isSpaMode: false,
};
export const handle = createRequestHandler(build as unknown as Parameters<typeof createRequestHandler>[0], "production");

/** One request through the boundary and the app, as the server does it, from a client at `address`. */
export async function sendToApp(request: Request, address = "127.0.0.1") {
  const prepared = boundary.beforeApp(build, request, {
    address,
    tls: false,
  });
  if ("response" in prepared) return prepared.response;
  return boundary.afterApp(prepared.request, await handle(prepared.request));
}
