import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";

import { NotFound } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found | Flowmap" }];

// Any path no other route claims: a real 404 status for browsers, crawlers and API clients.
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
