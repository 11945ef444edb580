/**
 * Database reads this process keeps in memory for a while (the admin stats, the dashboard's
 * benchmark medians) register here how to forget them. A server has one database for its whole
 * life and never calls forgetReadCaches. Tests do, whenever they give the app another database or
 * empty the one it has (tests/support/db.ts): test files share a process, and nothing read from
 * one file's database may be answered from memory in the next.
 */
const forgetters = new Set<() => void>();

export function registerReadCache(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetReadCaches(): void {
  for (const forget of forgetters) forget();
}
