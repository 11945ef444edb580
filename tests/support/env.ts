import { afterAll, beforeAll } from "vitest";

type EnvValues = Record<string, string | undefined>;

/**
 * Environment variables for one test file (or one describe block), set in beforeAll and put back
 * as they were in afterAll. Test files share a process with other files (vitest.config.ts,
 * `isolate: false`), so a variable set at a file's top level, or never put back, would still be
 * set in whatever file runs next. `undefined` removes a variable for the duration.
 *
 * The app reads its settings when it is called (app/services/env.server.ts), so a value set here
 * is in force from the first test on, whatever the file imported before.
 *
 *   useEnv({ ADMIN_EMAILS: undefined, FLOWMAP_SCRYPT_LOG_N: "12" });
 *
 * A function is called in beforeAll, for values that depend on the environment at that point.
 */
export function useEnv(values: EnvValues | (() => EnvValues)): void {
  let previous: EnvValues = {};
  beforeAll(() => {
    previous = setEnv(typeof values === "function" ? values() : values);
  });
  afterAll(() => {
    setEnv(previous);
  });
}

/** Sets (or, for undefined, removes) the variables; returns their values from before. */
export function setEnv(values: EnvValues): EnvValues {
  const previous: EnvValues = {};
  for (const [name, value] of Object.entries(values)) {
    previous[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return previous;
}

/** Runs `body` with the variables set, and puts them back afterwards whatever happens. */
export async function withEnv<T>(values: EnvValues, body: () => Promise<T> | T): Promise<T> {
  const previous = setEnv(values);
  try {
    return await body();
  } finally {
    setEnv(previous);
  }
}
