import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { getEnv } from "~/services/env.server";

let secret: string | undefined;

/**
 * The key that signs cookies. `SESSION_SECRET` when set; otherwise a random key made on first
 * start and kept in DATA_DIR, so a fresh machine needs no configuration and sessions survive
 * restarts without a key ever being written into the code.
 */
export function getSessionSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.SESSION_SECRET) return (secret = env.SESSION_SECRET);
  const file = path.resolve(env.DATA_DIR, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  } catch {
    // Not there yet: made below.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function isProduction() {
  return getEnv().NODE_ENV === "production";
}
