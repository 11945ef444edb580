import path from "node:path";

import { describe, expect, it } from "vitest";

import { appServerEnv, workerDataDir, workerPorts } from "../e2e/support/server";
import { withEnv } from "../support/env";

const NO_PORTS = { E2E_PORT: undefined, E2E_KLAVIYO_PORT: undefined, E2E_OAUTH_PORT: undefined, E2E_RESEARCH_PORT: undefined, E2E_DATA_DIR: undefined };

describe("the browser tests' ports and data, one set per worker", () => {
  it("counts every kind of port from its base by the worker's parallel index, and no two workers share one", () =>
    withEnv(NO_PORTS, () => {
      expect(workerPorts(0)).toEqual({ app: 3210, research: 4210, model: 5210, klaviyo: 6210, oauth: 7210 });
      expect(workerPorts(1)).toEqual({ app: 3211, research: 4211, model: 5211, klaviyo: 6211, oauth: 7211 });
      const all = [0, 1, 2, 3].flatMap((index) => Object.values(workerPorts(index)));
      expect(new Set(all).size).toBe(all.length);
    }));

  it("takes each base from its variable", () =>
    withEnv({ ...NO_PORTS, E2E_PORT: "3400", E2E_KLAVIYO_PORT: "3410", E2E_OAUTH_PORT: "3420", E2E_RESEARCH_PORT: "3430" }, () => {
      expect(workerPorts(1)).toEqual({ app: 3401, research: 3431, model: 5401, klaviyo: 3411, oauth: 3421 });
    }));

  it("refuses bases that put one worker's port on another's, naming both", () =>
    withEnv({ ...NO_PORTS, E2E_PORT: "3500", E2E_KLAVIYO_PORT: "3501", E2E_OAUTH_PORT: "3502" }, () => {
      expect(workerPorts(0).klaviyo).toBe(3501);
      expect(() => workerPorts(1)).toThrow("Worker 1's app port 3501 is worker 0's klaviyo port");
    }));

  it("refuses a base that is not a port", () =>
    withEnv({ ...NO_PORTS, E2E_KLAVIYO_PORT: "klaviyo" }, () => {
      expect(() => workerPorts(0)).toThrow("E2E_KLAVIYO_PORT must be a port number (1–65535), not 'klaviyo'");
    }));

  it("gives each worker its own data directory, under E2E_DATA_DIR when it is set", () =>
    withEnv({ ...NO_PORTS, E2E_DATA_DIR: "/tmp/run" }, () => {
      expect(workerDataDir(0)).toBe(path.join("/tmp/run", "worker-0"));
      expect(workerDataDir(1)).toBe(path.join("/tmp/run", "worker-1"));
    }));

  it("points the worker's server at the worker's own stand-ins", () =>
    withEnv(NO_PORTS, () => {
      const env = appServerEnv(1);
      expect(env.KLAVIYO_API_URL).toBe("http://127.0.0.1:6211");
      expect(env.OAUTH_TOKEN_URL).toBe("http://127.0.0.1:7211/token");
      expect(env.RESEARCH_ALLOWED_HOSTS).toBe("127.0.0.1:4211");
    }));
});
