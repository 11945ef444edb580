import fs from "node:fs";
import path from "node:path";

let version: string | undefined;

/** The product version from package.json, read once. */
export function appVersion() {
  if (version) return version;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
    version = pkg.version ?? "0.0.0";
  } catch {
    version = "0.0.0";
  }
  return version;
}
