import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";

import { NotFound } from "~/components/error-boundary";
import { isCrossSiteRequest } from "~/web/origin.server";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found | Flowmap" }];

// Any path no other route claims: a real 404 status for browsers, crawlers and API clients.
export function loader() {
  return data(null, { status: 404 });
}

export function action({ request }: ActionFunctionArgs) {
  // A foreign site's post gets the same 403 page wherever it is aimed.
  if (isCrossSiteRequest(request)) {
    throw data({ message: "This request came from another site and was refused." }, { status: 403, statusText: "Access Denied" });
  }
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
