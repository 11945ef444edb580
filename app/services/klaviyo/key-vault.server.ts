import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { encryptionKeyBytes, getEnv, type Env } from "~/services/env.server";

/**
 * Users' Klaviyo private keys at rest: AES-256-GCM with a random 12-byte nonce per key and the
 * owner's user id as associated data, so a stored key only decrypts for the account it belongs to.
 * The encryption key comes from KLAVIYO_ENCRYPTION_KEY, or from a file made in DATA_DIR on first
 * use (mode 0600). Neither the encryption key nor a decrypted key is ever logged or returned by
 * anything but `openKey`, which only the Klaviyo client calls.
 *
 * Rotation: keys sealed with an older encryption key (KLAVIYO_ENCRYPTION_KEY_PREVIOUS, or the
 * DATA_DIR key file once KLAVIYO_ENCRYPTION_KEY is set) still open, and `resealKey` seals them
 * again with the current one (`npm run klaviyo:rotate-key` does it for every stored key).
 */

const KEY_FILE = "klaviyo-encryption-key";
const FORMAT = "v1";

let cached: { env: Env; key: Buffer; older: Buffer[] } | undefined;

function keys() {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, key: readOrMakeKey(env), older: olderKeys(env) };
  return cached;
}

function encryptionKey(): Buffer {
  return keys().key;
}

/** Where the encryption key comes from: a setting (a secret store), or the file next to the data. */
export function encryptionKeySource(env: Env = getEnv()): "setting" | "data-dir" {
  return env.KLAVIYO_ENCRYPTION_KEY && encryptionKeyBytes(env.KLAVIYO_ENCRYPTION_KEY) ? "setting" : "data-dir";
}

/** The warning `npm start` gives in production while the key sits in DATA_DIR, beside what it protects; null when it does not. */
export function keyPlacementWarning(env: Env = getEnv()): string | null {
  if (env.NODE_ENV !== "production" || encryptionKeySource(env) === "setting") return null;
  return `[klaviyo] The Klaviyo encryption key is read from ${path.resolve(env.DATA_DIR, KEY_FILE)}, in the same directory as the keys it encrypts: a copy of DATA_DIR is enough to read them. Set KLAVIYO_ENCRYPTION_KEY from a secret store (see docs/operations.md, "The Klaviyo encryption key").`;
}

/** Keys that may have sealed stored values before the current one: the previous setting, and the DATA_DIR file when a setting replaced it. */
function olderKeys(env: Env): Buffer[] {
  const older: Buffer[] = [];
  const previous = env.KLAVIYO_ENCRYPTION_KEY_PREVIOUS ? encryptionKeyBytes(env.KLAVIYO_ENCRYPTION_KEY_PREVIOUS) : null;
  if (previous) older.push(previous);
  if (encryptionKeySource(env) === "setting") {
    try {
      const stored = encryptionKeyBytes(fs.readFileSync(path.resolve(env.DATA_DIR, KEY_FILE), "utf8"));
      if (stored) older.push(stored);
    } catch {
      // No key file: nothing was sealed with one here.
    }
  }
  return older;
}

function readOrMakeKey(env: Env): Buffer {
  if (env.KLAVIYO_ENCRYPTION_KEY) {
    const configured = encryptionKeyBytes(env.KLAVIYO_ENCRYPTION_KEY);
    if (configured) return configured;
  }
  const file = path.resolve(env.DATA_DIR, KEY_FILE);
  try {
    const stored = encryptionKeyBytes(fs.readFileSync(file, "utf8"));
    if (stored) return stored;
  } catch {
    // Not made yet: made below.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = crypto.randomBytes(32);
  try {
    // "wx": two instances starting at once never overwrite each other's key.
    fs.writeFileSync(file, made.toString("hex"), { mode: 0o600, flag: "wx" });
    return made;
  } catch {
    const stored = encryptionKeyBytes(fs.readFileSync(file, "utf8"));
    if (stored) return stored;
    throw new Error(`${file} does not hold a 32-byte key. Remove it (users then connect Klaviyo again) or set KLAVIYO_ENCRYPTION_KEY.`);
  }
}

/** A short fingerprint of the encryption key (not of the user's key), to tell that it changed. */
function keyId(key: Buffer) {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 8);
}

export function sealKey(apiKey: string, ownerId: string): string {
  const key = encryptionKey();
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(ownerId, "utf8"));
  const sealed = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
  return [FORMAT, keyId(key), nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The user's key, or null when it cannot be read (an unknown encryption key, or a damaged value). */
export function openKey(stored: string, ownerId: string): string | null {
  const [format, id, nonce, tag, sealed] = stored.split(".");
  if (format !== FORMAT || !nonce || !tag || sealed === undefined) return null;
  const { key: current, older } = keys();
  const key = [current, ...older].find((candidate) => keyId(candidate) === id);
  if (!key) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(ownerId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/**
 * A stored value sealed again with the current encryption key: "current" when it already is,
 * "unreadable" when no known key opens it (the user connects Klaviyo again), else the new value.
 */
export function resealKey(stored: string, ownerId: string): { resealed: string } | "current" | "unreadable" {
  if (stored.split(".")[1] === keyId(encryptionKey())) return "current";
  const apiKey = openKey(stored, ownerId);
  return apiKey === null ? "unreadable" : { resealed: sealKey(apiKey, ownerId) };
}

/** What the page shows of a key: its last four characters. */
export function keyHint(apiKey: string) {
  return `…${apiKey.slice(-4)}`;
}

/** A stable name for the Klaviyo account a key reaches, for counting its Create Flow calls (never the key). */
export function keyAccountTag(apiKey: string) {
  return crypto.createHash("sha256").update(`klaviyo-account:${apiKey}`).digest("base64url").slice(0, 22);
}
