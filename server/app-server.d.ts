import type http from "node:http";

export interface StaticDir {
  urlPath: string;
  dir: string;
  immutable?: boolean;
  maxAge: string;
}

export interface Boundary {
  beforeApp: typeof import("../app/services/boundary.server").beforeApp;
  afterApp: typeof import("../app/services/boundary.server").afterApp;
  bodyLimitFor: typeof import("../app/services/boundary.server").bodyLimitFor;
  tooLargeResponse: typeof import("../app/services/boundary.server").tooLargeResponse;
  staticFileHeaders: typeof import("../app/services/boundary.server").staticFileHeaders;
}

export function createAppServer(options: {
  handleRequest: (request: Request) => Promise<Response>;
  boundary: Boundary;
  build: import("../app/services/boundary.server").BuildLike;
  staticDirs?: StaticDir[];
}): http.Server;
