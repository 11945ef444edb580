import type { ExportFile } from "~/services/flows/export.server";

/**
 * The download for an export: an attachment named with safe characters only, never cached, and
 * for HTML a policy that lets its inline styles apply and nothing else run or load.
 */
export function exportResponse(file: ExportFile) {
  const headers = new Headers({
    "Content-Type": file.mediaType,
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "Cache-Control": "no-store",
  });
  headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  return new Response(file.body, { status: 200, headers });
}
