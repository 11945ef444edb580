import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Renders the boundary the way the server does after a loader failed. */
async function renderFailure(loader: () => never) {
  const routes = [{ path: "/", loader, element: <p>never</p>, errorElement: <GeneralErrorBoundary /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return { html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />), status: context.statusCode };
}

describe("error boundary", () => {
  it("answers an unexpected error with a friendly 500 page and no stack trace", async () => {
    const { html, status } = await renderFailure(() => {
      throw new Error("database exploded at secret.ts:42");
    });
    expect(status).toBe(500);
    expect(html).toContain("Something went wrong on our side");
    expect(html).toContain("Go to the home page");
    expect(html).not.toContain("secret.ts");
    expect(html).not.toContain("database exploded");
  });

  it("shows the 404 page for a thrown 404", async () => {
    const { html, status } = await renderFailure(() => {
      throw new Response("Not Found", { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("shows 'Access Denied' with the server's message for a 403", async () => {
    const { html, status } = await renderFailure(() => {
      throw new Response(JSON.stringify({ message: "Admin access required" }), {
        status: 403,
        headers: { "Content-Type": "application/json" },
      });
    });
    expect(status).toBe(403);
    expect(html).toContain("Access Denied");
    expect(html).toContain("Admin access required");
  });
});
