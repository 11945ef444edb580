import { apiJson, apiRoute } from "~/web/api.server";
import { dbHealth } from "~/services/db.server";
import { appVersion } from "~/services/version.server";

// Liveness and readiness for load balancers and uptime checks: 503 while the database is not
// connected, or while the embedded engine cannot write to its files (disk full, I/O error), so
// traffic goes elsewhere. Never cached.
export const loader = apiRoute(async () => {
  const database = dbHealth();
  const healthy = database.state === "connected" && database.storage !== "failing";
  return apiJson(
    { status: healthy ? "ok" : "degraded", version: appVersion(), database, uptimeSeconds: Math.round(process.uptime()) },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
});
