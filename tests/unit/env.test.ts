import { describe, expect, it } from "vitest";

import { ConfigError, parseEnv } from "~/services/env.server";

describe("configuration", () => {
  it("starts on embedded defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.MONGODB_URI).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.SUPPORT_EMAIL).toMatch(/@/);
    expect(env.OPENAI_MODEL).toBeTruthy();
  });

  it("treats empty strings as unset", () => {
    const env = parseEnv({ PORT: "", MONGODB_URI: " ", SUPPORT_EMAIL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.MONGODB_URI).toBeUndefined();
  });

  it("reads well-formed values", () => {
    const env = parseEnv({
      PORT: "8080",
      MONGODB_URI: "mongodb+srv://user:pw@cluster.example/flowmap",
      ADMIN_EMAILS: " Boss@Example.com , ops@example.com ",
      SUPPORT_EMAIL: "hello@example.com",
      OPENAI_BASE_URL: "http://127.0.0.1:4000/v1",
    });
    expect(env.PORT).toBe(8080);
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
    expect(env.SUPPORT_EMAIL).toBe("hello@example.com");
  });

  it.each([
    ["PORT", "eighty", "PORT must be a whole number"],
    ["PORT", "70000", "PORT must be a whole number"],
    ["MONGODB_URI", "postgres://localhost/db", "MONGODB_URI must start with mongodb://"],
    ["SESSION_SECRET", "short", "SESSION_SECRET must be at least 16 characters"],
    ["OPENAI_BASE_URL", "not a url", "OPENAI_BASE_URL must be an absolute http(s) URL"],
    ["OAUTH_TOKEN_URL", "ftp://x", "OAUTH_TOKEN_URL must be an absolute http(s) URL"],
    ["ADMIN_EMAILS", "a@b.co,nope", "'nope' is not an email address"],
    ["SUPPORT_EMAIL", "support", "SUPPORT_EMAIL must be an email address"],
    ["NODE_ENV", "staging", "NODE_ENV"],
  ])("refuses a malformed %s with a message naming it", (name, value, expected) => {
    let thrown: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    expect(message).toContain(name);
    expect(message).toContain(expected);
  });

  it("lists every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "x", SUPPORT_EMAIL: "y" })).toThrowError(/PORT[\s\S]*SUPPORT_EMAIL|SUPPORT_EMAIL[\s\S]*PORT/);
  });
});
