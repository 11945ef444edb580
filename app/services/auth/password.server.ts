import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * OWASP's scrypt parameters (N=2^17, r=8, p=1). They need 128 MiB per hash, above Node's
 * default 32 MiB limit, hence maxmem. Tests may lower N through FLOWMAP_SCRYPT_LOG_N; stored
 * hashes record their own parameters, so verification always uses the ones they were made with.
 */
const KEY_LENGTH = 32;
function defaultLogN() {
  const fromEnv = Number(process.env.FLOWMAP_SCRYPT_LOG_N);
  return Number.isInteger(fromEnv) && fromEnv >= 10 && fromEnv <= 20 ? fromEnv : 17;
}

function maxmemFor(N: number, r: number) {
  return 128 * N * r * 2;
}

export async function hashPassword(password: string, logN = defaultLogN()) {
  const N = 2 ** logN;
  const r = 8;
  const p = 1;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined) {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend the same effort as a real check, so an unknown account does not answer faster.
    await hashPassword(password);
    return false;
  }
  const [, logNText, rText, pText, saltText, keyText] = parts;
  const N = 2 ** Number(logNText);
  const r = Number(rText);
  const p = Number(pText);
  const expected = Buffer.from(keyText, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(saltText, "base64"), expected.length, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Burns one hash's worth of time for a sign-in whose account does not exist. */
export async function equalizeTiming(password: string) {
  await verifyPassword(password, null);
}
