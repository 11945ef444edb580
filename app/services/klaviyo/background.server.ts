import { getEnv } from "~/services/env.server";
import { refreshDueImports } from "~/services/klaviyo/import.server";
import { cleanUpAbandonedSends } from "~/services/klaviyo/send.server";

/**
 * The Klaviyo work no request asks for: once an hour, every import last read a day ago is read
 * again (one account at a time, inside Klaviyo's limits and the per-account lock, so several
 * instances doing this at once still read each account once), and sends left half-done by a
 * process that died are cleaned up. The first run comes a minute after the start.
 */

export const BACKGROUND_FIRST_RUN_MS = 60_000;
export const BACKGROUND_EVERY_MS = 60 * 60_000;

let timer: NodeJS.Timeout | undefined;
let running = false;

async function runOnce() {
  if (running) return;
  running = true;
  try {
    await cleanUpAbandonedSends();
    const { refreshed, failed } = await refreshDueImports();
    if (refreshed || failed) console.info(`[klaviyo] daily refresh: ${refreshed} account(s) read, ${failed} not`);
  } catch (error) {
    console.error("[klaviyo] background work failed:", error);
  } finally {
    running = false;
  }
}

/** Starts the hourly work (not under test: tests call the functions themselves). */
export function startKlaviyoBackground() {
  if (timer || getEnv().NODE_ENV === "test") return;
  timer = setTimeout(function tick() {
    void runOnce();
    timer = setTimeout(tick, BACKGROUND_EVERY_MS).unref();
  }, BACKGROUND_FIRST_RUN_MS).unref();
}

export function stopKlaviyoBackground() {
  if (timer) clearTimeout(timer);
  timer = undefined;
}
