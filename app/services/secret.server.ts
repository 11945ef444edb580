import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { getEnv, type Env } from "~/services/env.server";

/** The key, and the settings it came from (getEnv's result, the same for the life of a server process). */
let cached: { env: Env; secret: string } | undefined;

/**
 * The key that signs cookies. `SESSION_SECRET` when set; otherwise a random key made on first
 * start and kept in DATA_DIR, so a fresh machine needs no configuration and sessions survive
 * restarts without a key ever being written into the code.
 */
export function getSessionSecret(): string {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, secret: readOrMakeSecret(env.SESSION_SECRET, env.DATA_DIR) };
  return cached.secret;
}

function readOrMakeSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, "session-secret");
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: made below.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, made, { mode: 0o600 });
  return made;
}

export function isProduction() {
  return getEnv().NODE_ENV === "production";
}
