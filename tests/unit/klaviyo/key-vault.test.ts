import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ConfigError, parseEnv } from "~/services/env.server";
import { keyAccountTag, keyHint, openKey, sealKey } from "~/services/klaviyo/key-vault.server";

import { withEnv } from "../../support/env";

/** Users' Klaviyo keys at rest: AES-256-GCM, bound to their owner, with a key from the environment or a key file. */

const API_KEY = "pk_secret_0123456789abcdef";

describe("the Klaviyo key vault", () => {
  it("seals a key that only its owner's id opens, and that a changed byte refuses", async () => {
    await withEnv({ KLAVIYO_ENCRYPTION_KEY: "ab".repeat(32) }, () => {
      const sealed = sealKey(API_KEY, "user-1");
      expect(sealed).not.toContain(API_KEY);
      expect(sealed).not.toBe(sealKey(API_KEY, "user-1"));
      expect(openKey(sealed, "user-1")).toBe(API_KEY);
      expect(openKey(sealed, "user-2")).toBeNull();
      const parts = sealed.split(".");
      const tampered = [...parts.slice(0, 4), `${parts[4]!.slice(0, -2)}${parts[4]!.endsWith("A") ? "B" : "A"}${parts[4]!.slice(-1)}`].join(".");
      expect(openKey(tampered, "user-1")).toBeNull();
    });
  });

  it("without KLAVIYO_ENCRYPTION_KEY makes a key file (0600) in DATA_DIR on first use and keeps using it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-vault-"));
    try {
      const sealed = await withEnv({ KLAVIYO_ENCRYPTION_KEY: undefined, DATA_DIR: dir }, () => sealKey(API_KEY, "user-1"));
      const file = path.join(dir, "klaviyo-encryption-key");
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
      expect(fs.readFileSync(file, "utf8")).toMatch(/^[0-9a-f]{64}$/);
      expect(await withEnv({ KLAVIYO_ENCRYPTION_KEY: undefined, DATA_DIR: dir }, () => openKey(sealed, "user-1"))).toBe(API_KEY);
      // Another encryption key cannot open it (the user is asked to connect again)...
      const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-vault-"));
      expect(await withEnv({ KLAVIYO_ENCRYPTION_KEY: "cd".repeat(32), DATA_DIR: elsewhere }, () => openKey(sealed, "user-1"))).toBeNull();
      fs.rmSync(elsewhere, { recursive: true, force: true });
      // ...but while the key file is still there, a new KLAVIYO_ENCRYPTION_KEY reads what the file sealed, until the keys are rotated.
      expect(await withEnv({ KLAVIYO_ENCRYPTION_KEY: "cd".repeat(32), DATA_DIR: dir }, () => openKey(sealed, "user-1"))).toBe(API_KEY);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows only the last four characters and names the account by a hash, never the key", () => {
    expect(keyHint(API_KEY)).toBe("…cdef");
    expect(keyAccountTag(API_KEY)).not.toContain("secret");
    expect(keyAccountTag(API_KEY)).toBe(keyAccountTag(API_KEY));
  });
});

describe("KLAVIYO_ENCRYPTION_KEY and KLAVIYO_API_URL", () => {
  it("accept 32 bytes in hex or base64 and an http(s) URL; anything else stops the start with the variable's name", () => {
    expect(parseEnv({ KLAVIYO_ENCRYPTION_KEY: "ab".repeat(32) }).KLAVIYO_ENCRYPTION_KEY).toBe("ab".repeat(32));
    expect(parseEnv({ KLAVIYO_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).KLAVIYO_ENCRYPTION_KEY).toBeTruthy();
    expect(() => parseEnv({ KLAVIYO_ENCRYPTION_KEY: "too-short" })).toThrow(ConfigError);
    expect(() => parseEnv({ KLAVIYO_ENCRYPTION_KEY: "too-short" })).toThrow(/KLAVIYO_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => parseEnv({ KLAVIYO_API_URL: "ftp://klaviyo" })).toThrow(/KLAVIYO_API_URL must be an absolute http\(s\) URL/);
  });
});
