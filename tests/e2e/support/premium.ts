import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect } from "@playwright/test";
import { MongoClient } from "mongodb";

/** The data directory of the server playwright.config.ts starts. */
function defaultDataDir() {
  const port = Number(process.env.E2E_PORT ?? 3210);
  return process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `flowmap-e2e-${port}`);
}

/**
 * Premium is granted by the provider's staff (through the admin screen): tests set it directly
 * in the running server's database (the default one, or the one in `dataDir`), found through the
 * engine's connection file.
 */
export async function grantPremium(email: string, { dataDir = defaultDataDir() }: { dataDir?: string } = {}) {
  const uri = fs.readFileSync(path.join(dataDir, "db", "engine.uri"), "utf8").trim();
  const client = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const result = await client
      .db("flowmap")
      .collection("users")
      .updateOne({ email }, { $set: { isPremium: 1 } });
    expect(result.matchedCount).toBe(1);
  } finally {
    await client.close();
  }
}
