import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { NonceProvider } from "~/components/nonce";
import { noteRouteError } from "~/web/boundary.server";
import { providerFormTargets } from "~/services/auth/oauth.server";
import { FlushBatches } from "~/web/flush-batches.server";
import { scriptsAfterFirstPaint } from "~/web/scripts-after-first-paint.server";
import { startServer } from "~/services/startup.server";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "~/web/security.server";

// Validate configuration and open the database before the first request: a bad setting or an
// unreachable database stops the start with a clear message instead of failing requests later.
await startServer();

// The request boundary the project's server (server/app-server.js) runs around every request.
export { afterApp, beforeApp, bodyLimitFor, resolveTarget, staticFileHeaders, tooLargeResponse, unsupportedMethodResponse } from "~/web/boundary.server";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, _loadContext: AppLoadContext) {
  const nonce = createNonce();
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development", formTargets: providerFormTargets() }));
  applySecurityHeaders(responseHeaders);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render that outlives the stream timeout. Cleared as soon as the page is out, so a
    // finished request's render is not kept alive by its timer for seconds after.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // The page's scripts load once it is painted (docs/decisions/118).
          const body = new FlushBatches(scriptsAfterFirstPaint(nonce));
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          body.once("close", () => clearTimeout(timer));
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; those before it reach onShellError.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix's own answers to a wrong request (a post to a page without an action: 405) are not faults.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A write the database cannot save (disk full): answered 503 by the boundary, logged by the database.
  if (noteRouteError(request, error)) return;
  console.error(error);
}
