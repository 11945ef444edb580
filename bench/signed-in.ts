// The signed-in account the page benches look at: a completed business profile, all seven
// figures of all five flows entered (every metric's bars drawn), premium (the scorecard card
// shown) and one generated flow, so `/dashboard` and `/flow-mappings` are as full as a real
// account's get.
import fs from "node:fs";
import path from "node:path";

import { MongoClient } from "mongodb";

import { FLOW_TYPES } from "../app/lib/flow-types";
import { GENERAL_FIELDS, LEAD_NURTURE_FIELDS, ONBOARDING_FIELDS } from "../app/lib/questionnaire/fields";

import { registerBenchUser, type ServedApp } from "./http";
import { FULL_ACCOUNT_FIGURES } from "./targets";

async function post(app: ServedApp, cookie: string, pathName: string, body: unknown, expected: number) {
  const response = await fetch(`${app.url}${pathName}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${pathName} answered ${response.status}: ${await response.text()}`);
}

/** Premium is granted by the provider's staff: the bench sets it in the running app's database. */
export async function grantPremium(app: ServedApp, email: string) {
  const uri = fs.readFileSync(path.join(app.dataDir, "db", "engine.uri"), "utf8").trim();
  const client = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const result = await client
      .db("flowmap")
      .collection("users")
      .updateOne({ email }, { $set: { isPremium: 1 } });
    if (result.matchedCount !== 1) throw new Error(`no bench user ${email} to make premium`);
  } finally {
    await client.close();
  }
}

export interface BenchAccount {
  /** The session cookie (`name=value`). */
  cookie: string;
}

/**
 * Registers `email`, fills in the questionnaire and every metric; with `premium`, grants it and
 * generates a Lead Nurture flow (offline generator, no model is called).
 */
export async function fullAccount(app: ServedApp, email: string, { premium = true }: { premium?: boolean } = {}): Promise<BenchAccount> {
  const cookie = await registerBenchUser(app.url, { firstName: "Bench", lastName: "Mark", email });
  const texts = Object.fromEntries(
    [...GENERAL_FIELDS, ...ONBOARDING_FIELDS, ...LEAD_NURTURE_FIELDS, "businessOperationDescription"].map((field) => [field, `Answer for ${field}`]),
  );
  await post(
    app,
    cookie,
    "/api/onboarding",
    { ...texts, companyName: "Bench Coffee", businessType: "eCommerce", industry: "Food & Beverage", communicationChannels: "Email + SMS" },
    201,
  );
  for (const flowType of FLOW_TYPES) await post(app, cookie, "/api/user-metrics", { flowType, ...FULL_ACCOUNT_FIGURES }, 200);
  if (premium) {
    await grantPremium(app, email);
    await post(app, cookie, "/api/ai-flows/generate", { flowType: "lead_nurture" }, 201);
  }
  return { cookie };
}
