import type http from "node:http";

import type { afterApp, beforeApp, bodyLimitFor, BuildLike, resolveTarget, staticFileHeaders, tooLargeResponse, unsupportedMethodResponse } from "../app/web/boundary.server";

export interface StaticDir {
  urlPath: string;
  dir: string;
  immutable?: boolean;
  maxAge: string;
}

/** What the server needs from the app's request boundary (the build's entry module exports it). */
export interface Boundary {
  resolveTarget: typeof resolveTarget;
  beforeApp: typeof beforeApp;
  afterApp: typeof afterApp;
  bodyLimitFor: typeof bodyLimitFor;
  tooLargeResponse: typeof tooLargeResponse;
  staticFileHeaders: typeof staticFileHeaders;
  unsupportedMethodResponse: typeof unsupportedMethodResponse;
}

export function createAppServer(options: { handleRequest: (request: Request) => Promise<Response>; boundary: Boundary; build: BuildLike; staticDirs?: StaticDir[] }): http.Server;
