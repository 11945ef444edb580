import { listSealedKlaviyoKeys, replaceSealedKlaviyoKey } from "~/models/klaviyo-connection.server";
import { resealKey } from "~/services/klaviyo/key-vault.server";

/**
 * Seals every stored Klaviyo key again with the current encryption key (KLAVIYO_ENCRYPTION_KEY),
 * opening each with the key that sealed it (the current one, KLAVIYO_ENCRYPTION_KEY_PREVIOUS, or
 * the DATA_DIR key file). Afterwards the older key is no longer needed. Safe to run again: values
 * already under the current key are left alone.
 */
export async function rotateKlaviyoKeys() {
  const counts = { resealed: 0, alreadyCurrent: 0, unreadable: 0, changedMeanwhile: 0 };
  for (const { userId, sealedKey } of await listSealedKlaviyoKeys()) {
    const result = resealKey(sealedKey, userId);
    if (result === "current") counts.alreadyCurrent++;
    else if (result === "unreadable") counts.unreadable++;
    else if (await replaceSealedKlaviyoKey({ userId, from: sealedKey, to: result.resealed })) counts.resealed++;
    else counts.changedMeanwhile++;
  }
  return counts;
}
