/**
 * The README's "Five minutes with Flowmap" loads an example business with curl. This test reads
 * those commands from the README itself and runs them against the app (through the request
 * boundary, as the server runs it), reading curl's options as curl does: -c and -b a cookie jar,
 * -H a header, -d a body (@file from the repository), -X the method. Then it signs in as the README
 * says and finds the example's answers saved.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { useEnv } from "../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });

const { useTestDatabase } = await import("../support/db");
const { sendToApp } = await import("../support/in-process-app");
const { withServiceOnlyAnswersCleared } = await import("~/lib/questionnaire/fields");

await useTestDatabase();

const root = fileURLToPath(new URL("../..", import.meta.url));
const readme = await fs.readFile(path.join(root, "README.md"), "utf8");

/** The shell commands of the quick start's first code block, each a list of words (quotes and line continuations as sh reads them). */
function quickStartCommands(): string[][] {
  const section = readme.slice(readme.indexOf("## Five minutes with Flowmap"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const commands: string[][] = [];
  for (const line of block.replace(/\\\n/g, " ").split("\n")) {
    const words = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
    if (words.length) commands.push(words);
  }
  return commands;
}

const jars = new Map<string, Map<string, string>>();

/** One curl command, run against the app: its answer's status and body. */
async function curl(words: string[]) {
  expect(words[0]).toBe("curl");
  let method: string | undefined;
  let body: string | undefined;
  let url = "";
  let readJar: string | undefined;
  let writeJar: string | undefined;
  const headers = new Headers();
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const next = () => words[++i]!;
    if (word === "-X") method = next();
    else if (word === "-H") {
      const [name, ...value] = next().split(":");
      headers.set(name!.trim(), value.join(":").trim());
    } else if (word === "-d") {
      const data = next();
      body = data.startsWith("@") ? await fs.readFile(path.join(root, data.slice(1)), "utf8") : data;
    } else if (word === "-c") writeJar = next();
    else if (word === "-b") readJar = next();
    else if (word.startsWith("-")) throw new Error(`The quick start uses a curl option this test does not read: ${word}`);
    else url = word;
  }
  const jar = readJar ? jars.get(readJar) : undefined;
  if (jar?.size) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  const response = await sendToApp(new Request(url, { method: method ?? (body === undefined ? "GET" : "POST"), headers, body }));
  if (writeJar) {
    const kept = jars.get(writeJar) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      kept.set(name!, value.join("="));
    }
    jars.set(writeJar, kept);
  }
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the README's quick start", () => {
  it("makes the account and loads the example business with the README's own commands", async () => {
    const commands = quickStartCommands();
    expect(commands.length, "the quick start's curl commands").toBeGreaterThanOrEqual(2);
    const answers: { status: number; body: Record<string, unknown> }[] = [];
    for (const command of commands) answers.push(await curl(command));
    for (const [i, answer] of answers.entries()) expect(answer.status, `command ${i + 1}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);

    const example = JSON.parse(await fs.readFile(path.join(root, "docs/examples/bramble-and-bean.answers.json"), "utf8")) as Record<string, unknown>;
    expect(readme).toContain("docs/examples/bramble-and-bean.answers.json");
    // Signed in as the README says, the business profile is there.
    const credentials = /sign in at http:\/\/localhost:3000\/login as `([^`]+)` \/ `([^`]+)`/.exec(readme);
    expect(credentials).not.toBeNull();
    const login = await curl([
      "curl",
      "-c",
      "signed-in",
      "-H",
      "Content-Type: application/json",
      "-d",
      JSON.stringify({ email: credentials![1], password: credentials![2] }),
      "http://localhost:3000/api/auth/login",
    ]);
    expect(login.status).toBe(200);
    const saved = await curl(["curl", "-b", "signed-in", "http://localhost:3000/api/onboarding"]);
    expect(saved.status).toBe(200);
    // Every answer as the example gives it (the service details only a service business keeps are not kept).
    expect(saved.body).toMatchObject(withServiceOnlyAnswersCleared(example));
  });
});
