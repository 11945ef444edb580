/**
 * The Klaviyo encryption key kept apart from the data: a warning at a production start while it
 * comes from DATA_DIR, and rotation to a new key (the stored keys sealed again, the old key then
 * no longer needed), from the DATA_DIR file or from KLAVIYO_ENCRYPTION_KEY_PREVIOUS.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { withEnv } from "../../support/env";

const { useTestDatabase } = await import("../../support/db");
const { KlaviyoConnectionModel, getSealedKlaviyoKey, saveKlaviyoConnection } = await import("~/models/klaviyo-connection.server");
const { keyPlacementWarning, openKey, sealKey } = await import("~/services/klaviyo/key-vault.server");
const { rotateKlaviyoKeys } = await import("~/services/klaviyo/key-rotation.server");
const { getEnv } = await import("~/services/env.server");

await useTestDatabase({ clearBeforeEach: true });

const ACCOUNT = { listCount: 1, segmentCount: 0, metricCount: 1, listNames: ["Newsletter"], moreLists: false };
const OLD = "11".repeat(32);
const NEW = "22".repeat(32);

async function connect(userId: string, apiKey: string) {
  await saveKlaviyoConnection({ userId, sealedKey: sealKey(apiKey, userId), keyHint: "…abcd", accountTag: `tag-${userId}`, account: ACCOUNT, now: new Date() });
}

const stored = async (userId: string) => (await getSealedKlaviyoKey({ userId }))!.sealedKey;

describe("the key's place", () => {
  it("a production start warns while the key comes from DATA_DIR, and not once KLAVIYO_ENCRYPTION_KEY is set", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-keyplace-"));
    try {
      const warning = await withEnv({ NODE_ENV: "production", KLAVIYO_ENCRYPTION_KEY: undefined, DATA_DIR: dir }, () => keyPlacementWarning(getEnv()));
      expect(warning).toContain(path.join(dir, "klaviyo-encryption-key"));
      expect(warning).toContain("KLAVIYO_ENCRYPTION_KEY");
      expect(await withEnv({ NODE_ENV: "production", KLAVIYO_ENCRYPTION_KEY: NEW, DATA_DIR: dir }, () => keyPlacementWarning(getEnv()))).toBeNull();
      expect(await withEnv({ NODE_ENV: "development", KLAVIYO_ENCRYPTION_KEY: undefined, DATA_DIR: dir }, () => keyPlacementWarning(getEnv()))).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("rotating the Klaviyo encryption key", () => {
  it("from the DATA_DIR key file to KLAVIYO_ENCRYPTION_KEY: every stored key is sealed again and opens without the file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-rotate-"));
    try {
      await withEnv({ KLAVIYO_ENCRYPTION_KEY: undefined, DATA_DIR: dir }, async () => {
        await connect("user-a", "pk_alpha_0001");
        await connect("user-b", "pk_bravo_0002");
      });
      const before = await stored("user-a");
      const counts = await withEnv({ KLAVIYO_ENCRYPTION_KEY: NEW, DATA_DIR: dir }, () => rotateKlaviyoKeys());
      expect(counts).toEqual({ resealed: 2, alreadyCurrent: 0, unreadable: 0, changedMeanwhile: 0 });
      expect(await stored("user-a")).not.toBe(before);
      // The file can go: the new key alone opens every stored key, for its owner only.
      fs.rmSync(path.join(dir, "klaviyo-encryption-key"));
      await withEnv({ KLAVIYO_ENCRYPTION_KEY: NEW, DATA_DIR: dir }, async () => {
        expect(openKey(await stored("user-a"), "user-a")).toBe("pk_alpha_0001");
        expect(openKey(await stored("user-b"), "user-b")).toBe("pk_bravo_0002");
        expect(openKey(await stored("user-b"), "user-a")).toBeNull();
        // Run again: nothing left to do.
        expect(await rotateKlaviyoKeys()).toEqual({ resealed: 0, alreadyCurrent: 2, unreadable: 0, changedMeanwhile: 0 });
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("from one KLAVIYO_ENCRYPTION_KEY to another with KLAVIYO_ENCRYPTION_KEY_PREVIOUS; a key no known key opens is counted, not lost", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flowmap-rotate-"));
    try {
      await withEnv({ KLAVIYO_ENCRYPTION_KEY: OLD, DATA_DIR: dir }, () => connect("user-a", "pk_alpha_0001"));
      await withEnv({ KLAVIYO_ENCRYPTION_KEY: "33".repeat(32), DATA_DIR: dir }, () => connect("user-c", "pk_charlie_03"));
      // Without the previous key, the new one cannot read the old values.
      expect(await withEnv({ KLAVIYO_ENCRYPTION_KEY: NEW, DATA_DIR: dir }, async () => openKey(await stored("user-a"), "user-a"))).toBeNull();
      const counts = await withEnv({ KLAVIYO_ENCRYPTION_KEY: NEW, KLAVIYO_ENCRYPTION_KEY_PREVIOUS: OLD, DATA_DIR: dir }, () => rotateKlaviyoKeys());
      expect(counts).toEqual({ resealed: 1, alreadyCurrent: 0, unreadable: 1, changedMeanwhile: 0 });
      expect(await withEnv({ KLAVIYO_ENCRYPTION_KEY: NEW, KLAVIYO_ENCRYPTION_KEY_PREVIOUS: undefined, DATA_DIR: dir }, async () => openKey(await stored("user-a"), "user-a"))).toBe(
        "pk_alpha_0001",
      );
      expect(await KlaviyoConnectionModel.countDocuments({})).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
