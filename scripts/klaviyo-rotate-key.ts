// npm run klaviyo:rotate-key: seals every stored Klaviyo key again with KLAVIYO_ENCRYPTION_KEY.
import { connectDb, disconnectDb } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { rotateKlaviyoKeys } from "~/services/klaviyo/key-rotation.server";
import { encryptionKeySource } from "~/services/klaviyo/key-vault.server";

async function main() {
  if (encryptionKeySource(getEnv()) !== "setting") {
    console.error("Set KLAVIYO_ENCRYPTION_KEY to the new key first (and KLAVIYO_ENCRYPTION_KEY_PREVIOUS to the old one, unless the old one is the key file in DATA_DIR).");
    process.exitCode = 2;
    return;
  }
  await connectDb({ shareRunningEngine: true });
  try {
    const counts = await rotateKlaviyoKeys();
    console.log(
      `Klaviyo keys sealed with the new key: ${counts.resealed}; already under it: ${counts.alreadyCurrent}; unreadable with any known key (those users connect Klaviyo again): ${counts.unreadable}; reconnected while this ran: ${counts.changedMeanwhile}.`,
    );
    if (counts.unreadable === 0) console.log("The old key is no longer needed: remove KLAVIYO_ENCRYPTION_KEY_PREVIOUS and the klaviyo-encryption-key file in DATA_DIR.");
  } finally {
    await disconnectDb();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
