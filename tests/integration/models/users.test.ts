import { describe, expect, it } from "vitest";

import {
  countUsers,
  createUser,
  deleteUser,
  getPasswordHashById,
  getUserByEmail,
  getUserById,
  getUserByOAuth,
  linkProviderIdentity,
  setPasswordHash,
  setUserRole,
  toClientUser,
  updateUserDetails,
  updateUserName,
  UserModel,
} from "~/models/user.server";
import { isDuplicateKeyError } from "~/models/utils.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("users", () => {
  it("creates a user with the spec's defaults and a uuid id", async () => {
    const user = await createUser({ email: "  Ada@Example.COM ", firstName: "Ada", lastName: "Lovelace", passwordHash: "hash" });
    expect(user.id).toMatch(UUID);
    expect(user).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      companyName: "",
      authProvider: "local",
      isPremium: 0,
      role: "User",
      completionMethod: null,
      researchWebsiteUrl: "",
      aiResearchCompleted: 0,
    });
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user).not.toHaveProperty("passwordHash");
    expect(user).not.toHaveProperty("_id");
  });

  it("never exposes the password hash, except to getUserByEmail", async () => {
    const created = await createUser({ email: "a@example.com", passwordHash: "secret-hash" });
    const byId = await getUserById(created.id);
    expect(byId).not.toBeNull();
    expect(JSON.stringify(byId)).not.toContain("secret-hash");
    const byEmail = await getUserByEmail(" A@EXAMPLE.com");
    expect(byEmail?.passwordHash).toBe("secret-hash");
    expect(byEmail?.id).toBe(created.id);
    expect(await getPasswordHashById(created.id)).toEqual({ passwordHash: "secret-hash", email: "a@example.com" });

    // A hydrated document serialised by accident still hides the hash and uses `id`.
    const doc = await UserModel.findById(created.id);
    const json = JSON.parse(JSON.stringify(doc));
    expect(json.passwordHash).toBeUndefined();
    expect(json.id).toBe(created.id);
    expect(json._id).toBeUndefined();
  });

  it("rejects a second account with the same email (any case) with E11000", async () => {
    await createUser({ email: "dup@example.com" });
    const error = await createUser({ email: "DUP@example.com " }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
    expect(error).toMatchObject({ code: 11000 });
    expect(await countUsers()).toBe(1);
  });

  it("rejects invalid input", async () => {
    await expect(createUser({ email: "" })).rejects.toThrow(/email/i);
    // @ts-expect-error: role outside the enum
    await expect(createUser({ email: "r@example.com", role: "Owner" })).rejects.toThrow(/role/);
  });

  it("returns null for unknown ids and emails", async () => {
    expect(await getUserById("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getUserByEmail("nobody@example.com")).toBeNull();
    expect(await getPasswordHashById("nope")).toBeNull();
    expect(await updateUserName({ id: "nope", firstName: "A", lastName: "B" })).toBeNull();
    expect(await setPasswordHash({ id: "nope", passwordHash: "x" })).toBe(false);
    expect(await setUserRole({ id: "nope", role: "Admin" })).toBe(false);
  });

  it("updates names, password hash, role and details", async () => {
    const user = await createUser({ email: "b@example.com" });
    const renamed = await updateUserName({ id: user.id, firstName: " Grace ", lastName: "Hopper" });
    expect(renamed).toMatchObject({ firstName: "Grace", lastName: "Hopper" });

    expect(await setPasswordHash({ id: user.id, passwordHash: "new-hash" })).toBe(true);
    expect((await getUserByEmail("b@example.com"))?.passwordHash).toBe("new-hash");

    expect(await setUserRole({ id: user.id, role: "Admin" })).toBe(true);
    expect((await getUserById(user.id))?.role).toBe("Admin");

    const details = await updateUserDetails({
      id: user.id,
      completionMethod: "ai",
      researchWebsiteUrl: "https://example.com",
      aiResearchCompleted: 1,
    });
    expect(details).toMatchObject({ completionMethod: "ai", researchWebsiteUrl: "https://example.com", aiResearchCompleted: 1, isPremium: 0 });
    await expect(updateUserDetails({ id: user.id, completionMethod: "guess" as "ai" })).rejects.toThrow();
  });

  it("finds and links third-party identities, one account per identity", async () => {
    const oauthUser = await createUser({ email: "o@example.com", authProvider: "oauth", oauthSubject: "sub-1" });
    expect((await getUserByOAuth({ authProvider: "oauth", oauthSubject: "sub-1" }))?.id).toBe(oauthUser.id);
    expect(await getUserByOAuth({ authProvider: "oauth", oauthSubject: "sub-2" })).toBeNull();

    const duplicate = await createUser({ email: "o2@example.com", authProvider: "oauth", oauthSubject: "sub-1" }).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: 11000 });

    // Local accounts have no subject and never collide on the identity index.
    await createUser({ email: "l1@example.com" });
    await createUser({ email: "l2@example.com" });

    const local = await createUser({ email: "l3@example.com", passwordHash: "h" });
    const linked = await linkProviderIdentity({ id: local.id, authProvider: "oauth", oauthSubject: "sub-3" });
    expect(linked?.id).toBe(local.id);
    expect((await getUserByOAuth({ authProvider: "oauth", oauthSubject: "sub-3" }))?.id).toBe(local.id);
    expect((await UserModel.findById(local.id).lean())?.oauthLinkedAt).toBeInstanceOf(Date);
    // An identity linked to another account is refused by the unique index.
    const fresh = await createUser({ email: "l4@example.com", passwordHash: "h" });
    const taken = await linkProviderIdentity({ id: fresh.id, authProvider: "oauth", oauthSubject: "sub-1" }).catch((e: unknown) => e);
    expect(taken).toMatchObject({ code: 11000 });
    // An account that has an identity keeps it: linking another one changes nothing.
    expect(await linkProviderIdentity({ id: local.id, authProvider: "oauth", oauthSubject: "sub-4" })).toBeNull();
    expect((await getUserByOAuth({ authProvider: "oauth", oauthSubject: "sub-3" }))?.id).toBe(local.id);
    // Linking the same identity again is harmless.
    expect((await linkProviderIdentity({ id: local.id, authProvider: "oauth", oauthSubject: "sub-3" }))?.id).toBe(local.id);
  });

  it("counts and deletes", async () => {
    const a = await createUser({ email: "c1@example.com" });
    await createUser({ email: "c2@example.com" });
    expect(await countUsers()).toBe(2);
    expect(await deleteUser(a.id)).toBe(true);
    expect(await deleteUser(a.id)).toBe(false);
    expect(await countUsers()).toBe(1);
  });

  it("maps documents to client users without secrets", () => {
    const now = new Date();
    const client = toClientUser({
      _id: "id-1",
      email: "x@example.com",
      firstName: "X",
      lastName: "",
      companyName: "",
      authProvider: "local",
      isPremium: 1,
      role: "Admin",
      researchWebsiteUrl: "",
      aiResearchCompleted: 0,
      createdAt: now,
      updatedAt: now,
    });
    expect(client).toEqual({
      id: "id-1",
      email: "x@example.com",
      firstName: "X",
      lastName: "",
      companyName: "",
      authProvider: "local",
      isPremium: 1,
      role: "Admin",
      completionMethod: null,
      researchWebsiteUrl: "",
      aiResearchCompleted: 0,
      createdAt: now,
      updatedAt: now,
    });
  });
});
