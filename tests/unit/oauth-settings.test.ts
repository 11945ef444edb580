import { describe, expect, it } from "vitest";

import { oauthSettingsFrom } from "~/services/auth/oauth.server";
import { parseEnv } from "~/services/env.server";

const PROVIDER = {
  OAUTH_AUTHORIZE_URL: "http://127.0.0.1:9/authorize",
  OAUTH_TOKEN_URL: "http://127.0.0.1:9/token",
  OAUTH_USERINFO_URL: "http://127.0.0.1:9/userinfo",
  OAUTH_CLIENT_ID: "flowmap",
};

describe("third-party sign-in settings", () => {
  it("are off without a provider", () => {
    expect(oauthSettingsFrom(parseEnv({}))).toBeNull();
  });

  it("label the button with the provider's name", () => {
    const settings = oauthSettingsFrom(parseEnv({ ...PROVIDER, OAUTH_PROVIDER_NAME: "Acme ID" }));
    expect(settings).toMatchObject({ providerName: "Acme ID", buttonLabel: "Continue with Acme ID" });
  });

  it("use an explicit label when one is set, and a neutral one when neither is", () => {
    expect(oauthSettingsFrom(parseEnv({ ...PROVIDER, OAUTH_PROVIDER_NAME: "acme", OAUTH_BUTTON_LABEL: "Sign in with Acme" }))?.buttonLabel).toBe("Sign in with Acme");
    expect(oauthSettingsFrom(parseEnv(PROVIDER))).toMatchObject({ providerName: "oauth", buttonLabel: "Continue with your work account" });
  });
});
