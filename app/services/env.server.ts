import proxyaddr from "proxy-addr";
import { z } from "zod";

/**
 * Every setting the server reads, validated once at start. An unset optional value falls back
 * to the embedded default; a malformed one stops the start with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (label: string) =>
  optionalString.refine((v) => v === undefined || isHttpUrl(v), {
    message: `${label} must be an absolute http(s) URL`,
  });

/** A model's sampling temperature, 0 to 2; unset: the caller's default (services/ai/prompt.server.ts). */
const temperature = (label: string) =>
  optionalString
    .refine((v) => v === undefined || (/^\d+(\.\d+)?$/.test(v) && Number(v) <= 2), {
      message: `${label} must be a number from 0 to 2`,
    })
    .transform((v) => (v === undefined ? undefined : Number(v)));

/** An origin alone: http(s), a host and maybe a port, with no path, query, fragment or credentials. */
function isOriginOnly(value: string) {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password && !/[?#]/.test(value);
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const emailList = optionalString.transform((v, ctx) => {
  if (!v) return [] as string[];
  const emails = v
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of emails) {
    if (!z.email().safeParse(email).success) {
      ctx.addIssue({ code: "custom", message: `'${email}' is not an email address` });
      return z.NEVER;
    }
  }
  return emails;
});

/** 32 bytes as 64 hex characters or base64 (the AES-256 key size). */
export function encryptionKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

function isEncryptionKey(value: string) {
  return encryptionKeyBytes(value) !== null;
}

/** Whether the address at `hop` (0 is the TCP peer, 1 the address it forwarded for, ...) is a proxy to believe. */
export type ProxyTrust = (address: string, hop?: number) => boolean;

/**
 * TRUST_PROXY, read as Express's `trust proxy` setting (proxy-addr does the matching). Empty,
 * `false`, `off` or `0` (the default) trusts no proxy. A whole number N trusts the N nearest hops.
 * Otherwise a comma-separated list of addresses, subnets (10.0.0.0/8 or 10.0.0.0/255.0.0.0) and
 * the names `loopback`, `linklocal` and `uniquelocal` (or `private`).
 */
export function parseTrustProxy(value: string | undefined): ProxyTrust {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "off") return () => false;
  if (/^\d+$/.test(text)) return (_address, hop = 0) => hop < Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => (entry === "private" ? "uniquelocal" : entry));
  // proxy-addr would read a bare number in a list as an IPv4 address (2 as 0.0.0.2).
  const number = entries.find((entry) => /^\d+$/.test(entry));
  if (number) throw new Error(`TRUST_PROXY: a number of proxies (${number}) stands alone, not in a list`);
  try {
    const trusts = proxyaddr.compile(entries);
    return (address, hop = 0) => trusts(address, hop);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** COOKIE_SECURE: `true` always marks cookies Secure, `false` never; unset decides per request. */
export function cookieSecureSetting(value = process.env.COOKIE_SECURE): boolean | null {
  const text = (value ?? "").trim().toLowerCase();
  if (["true", "1", "yes"].includes(text)) return true;
  if (["false", "0", "no"].includes(text)) return false;
  return null;
}

function isValidTrustProxy(value: string | undefined) {
  try {
    parseTrustProxy(value);
    return true;
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536), {
      message: "PORT must be a whole number from 1 to 65535",
    })
    .transform((v) => (v === undefined ? 3000 : Number(v))),
  MONGODB_URI: optionalString.refine((v) => v === undefined || /^mongodb(\+srv)?:\/\/.+/.test(v), {
    message: "MONGODB_URI must start with mongodb:// or mongodb+srv://",
  }),
  APP_URL: optionalString.refine((v) => v === undefined || isOriginOnly(v), {
    message: "APP_URL must be the address people open Flowmap at, scheme, host and port only (https://flowmap.example)",
  }),
  DATA_DIR: optionalString.transform((v) => v ?? "./data"),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "SESSION_SECRET must be at least 16 characters",
  }),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl("OPENAI_BASE_URL"),
  OPENAI_MODEL: optionalString.transform((v) => v ?? "gpt-4o-mini"),
  OPENAI_TIMEOUT_MS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1000), {
      message: "OPENAI_TIMEOUT_MS must be a whole number of milliseconds, at least 1000",
    })
    .transform((v) => (v === undefined ? 90_000 : Number(v))),
  OPENAI_PLAN_TEMPERATURE: temperature("OPENAI_PLAN_TEMPERATURE"),
  OPENAI_CONTENT_TEMPERATURE: temperature("OPENAI_CONTENT_TEMPERATURE"),
  /** The bearer token /metrics asks for; without it /metrics answers this machine only. */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || (v.length >= 16 && /^\S+$/.test(v)), {
    message: "METRICS_TOKEN must be at least 16 characters with no spaces",
  }),
  OAUTH_AUTHORIZE_URL: optionalUrl("OAUTH_AUTHORIZE_URL"),
  OAUTH_TOKEN_URL: optionalUrl("OAUTH_TOKEN_URL"),
  OAUTH_USERINFO_URL: optionalUrl("OAUTH_USERINFO_URL"),
  OAUTH_CLIENT_ID: optionalString,
  OAUTH_CLIENT_SECRET: optionalString,
  OAUTH_REDIRECT_URI: optionalUrl("OAUTH_REDIRECT_URI"),
  OAUTH_SCOPES: optionalString.transform((v) => v ?? "openid email profile"),
  OAUTH_PROVIDER_NAME: optionalString,
  OAUTH_BUTTON_LABEL: optionalString,
  ADMIN_EMAILS: emailList,
  TRUST_PROXY: optionalString.refine((v) => isValidTrustProxy(v), {
    message:
      "TRUST_PROXY must be false, a number of proxies (1), or a comma-separated list of loopback, uniquelocal (private), linklocal, proxy addresses and subnets (10.0.0.0/8)",
  }),
  COOKIE_SECURE: optionalString.refine((v) => v === undefined || cookieSecureSetting(v) !== null, {
    message: "COOKIE_SECURE must be true or false (or unset to follow each request's scheme)",
  }),
  REGISTRATION_RATE_LIMIT: optionalString.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) > 0), {
    message: "REGISTRATION_RATE_LIMIT must be a whole number of sign-ups per address per hour",
  }),
  VISITOR_DRAFT_LIMIT: optionalString.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) > 0), {
    message: "VISITOR_DRAFT_LIMIT must be a whole number of questionnaire drafts kept for visitors",
  }),
  /** Klaviyo's API; set only to point the app at a stand-in (tests). */
  KLAVIYO_API_URL: optionalUrl("KLAVIYO_API_URL"),
  /** 32 bytes (64 hex characters or base64) that encrypt users' Klaviyo keys; else a key file in DATA_DIR. */
  KLAVIYO_ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || isEncryptionKey(v), {
    message: "KLAVIYO_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or as base64",
  }),
  /**
   * A previous KLAVIYO_ENCRYPTION_KEY, kept while moving to a new one: keys sealed with it still
   * open, and `npm run klaviyo:rotate-key` seals them again with the current key.
   */
  KLAVIYO_ENCRYPTION_KEY_PREVIOUS: optionalString.refine((v) => v === undefined || isEncryptionKey(v), {
    message: "KLAVIYO_ENCRYPTION_KEY_PREVIOUS must be 32 bytes written as 64 hex characters or as base64",
  }),
  /**
   * Where email is sent from (password reset links): smtp://user:password@host:port, or smtps://
   * for TLS from the start. Unset: no email is sent and each link is written to the server log.
   */
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/.test(v), {
    message: "SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465",
  }),
  /** The From address of the email Flowmap sends. */
  MAIL_FROM: optionalString
    .refine((v) => v === undefined || z.email().safeParse(v.replace(/^.*<([^>]+)>\s*$/, "$1")).success, {
      message: 'MAIL_FROM must be an email address, or a name and an address: "Flowmap <no-reply@flowmap.example>"',
    })
    .transform((v) => v ?? "Flowmap <no-reply@flowmap.invalid>"),
  SUPPORT_EMAIL: optionalString
    .refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: "SUPPORT_EMAIL must be an email address",
    })
    .transform((v) => v ?? "support@flowmap.app"),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Rules between settings, checked once each setting is well formed. */
function combinationProblems(env: Env): string[] {
  const problems: string[] = [];
  const signInConfigured = Boolean(env.OAUTH_AUTHORIZE_URL && env.OAUTH_TOKEN_URL && env.OAUTH_USERINFO_URL && env.OAUTH_CLIENT_ID);
  if (env.NODE_ENV === "production" && signInConfigured && !env.APP_URL && !env.OAUTH_REDIRECT_URI) {
    problems.push("APP_URL: third-party sign-in needs the address people open Flowmap at (APP_URL=https://flowmap.example) to tell the provider where to send them back");
  }
  return problems;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const problems = combinationProblems(result.data);
    if (problems.length > 0) throw new ConfigError(problems);
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

const SETTINGS = Object.keys(envSchema.shape) as Array<keyof Env>;
let cached: { source: string; env: Env } | undefined;

/**
 * The validated configuration of this process, read from process.env when called. The parsed
 * result is reused for as long as the variables it comes from keep their values (always, in a
 * running server), so a call costs a comparison, not a validation.
 */
export function getEnv(): Env {
  const source = JSON.stringify(SETTINGS.map((name) => process.env[name]));
  if (cached?.source !== source) cached = { source, env: parseEnv(process.env) };
  return cached.env;
}

/**
 * The site's public origin, from which every absolute URL the app hands out is built (the
 * provider's return address): APP_URL, or http://localhost:<PORT> when it is unset. Never the
 * request's Host header or an absolute request target: a client chooses those.
 */
export function publicOrigin(env: Env = getEnv()): string {
  return env.APP_URL ? new URL(env.APP_URL).origin : `http://localhost:${env.PORT}`;
}

/** The only values the browser may see; anything else stays on the server. */
export function getPublicEnv(env: Env = getEnv()) {
  return { SUPPORT_EMAIL: env.SUPPORT_EMAIL, MODE: env.NODE_ENV };
}
export type PublicEnv = ReturnType<typeof getPublicEnv>;
