import type { LoaderFunctionArgs } from "@remix-run/node";

import { metricsExposition } from "~/services/ai/model-calls.server";
import { getEnv } from "~/services/env.server";
import { metricsAccess, metricsRefusal, metricsResponse } from "~/web/metrics.server";

// GET /metrics: the model-call counters in Prometheus's text format, for an operator's scraper.
// Behind METRICS_TOKEN (a bearer token) when it is set, else to this machine only
// (app/web/metrics.server.ts). The counters start again when the process does.
export function loader({ request }: LoaderFunctionArgs) {
  const access = metricsAccess(request, getEnv().METRICS_TOKEN);
  return access === "allowed" ? metricsResponse(metricsExposition()) : metricsRefusal(access);
}
