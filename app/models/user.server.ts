import { Schema } from "mongoose";

import { FIELD_LIMITS } from "~/lib/limits";
import { ADMIN_ROLE, DEFAULT_ROLE } from "~/lib/user";
import { withLock } from "~/models/lock.server";
import { defineModel, exposeIdOptions, findPage, normalizeEmail, uuidId, type PageRequest } from "~/models/utils.server";

export const USER_ROLES = [ADMIN_ROLE, DEFAULT_ROLE] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const COMPLETION_METHODS = ["manual", "ai"] as const;
export type CompletionMethod = (typeof COMPLETION_METHODS)[number];
export const LOCAL_AUTH_PROVIDER = "local";

export interface UserDoc {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  /** Absent for accounts that only sign in through the third-party provider. */
  passwordHash?: string | null;
  authProvider: string;
  /** The provider's stable subject id; unique per provider. */
  oauthSubject?: string | null;
  /**
   * When the account's signed-in owner connected the provider identity (User Settings). Unset on
   * accounts the provider created, and on identities linked before owners had to connect them.
   */
  oauthLinkedAt?: Date | null;
  /** 0 or 1, as stored and as the API answers it. */
  isPremium: number;
  role: UserRole;
  completionMethod?: CompletionMethod | null;
  researchWebsiteUrl: string;
  /** 0 until the AI research of the user's website has run. */
  aiResearchCompleted: number;
  /** Why the last AI research failed and what to do, until the next try (never sent to clients as part of the user). */
  researchFailure?: ResearchFailure | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A failed AI research: its reason and what to do next. */
export interface ResearchFailure {
  reason: string;
  advice: string;
  at: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    _id: uuidId,
    email: { type: String, required: true, unique: true, lowercase: true, trim: true, maxlength: FIELD_LIMITS.email },
    firstName: { type: String, trim: true, maxlength: FIELD_LIMITS.personName, default: "" },
    lastName: { type: String, trim: true, maxlength: FIELD_LIMITS.personName, default: "" },
    companyName: { type: String, trim: true, maxlength: FIELD_LIMITS.companyName, default: "" },
    passwordHash: { type: String },
    authProvider: { type: String, required: true, default: "local" },
    oauthSubject: { type: String },
    oauthLinkedAt: { type: Date },
    isPremium: { type: Number, enum: [0, 1], default: 0 },
    role: { type: String, enum: USER_ROLES, default: DEFAULT_ROLE },
    completionMethod: { type: String, enum: COMPLETION_METHODS },
    researchWebsiteUrl: { type: String, trim: true, maxlength: FIELD_LIMITS.websiteUrl, default: "" },
    aiResearchCompleted: { type: Number, enum: [0, 1], default: 0 },
    researchFailure: { type: { reason: { type: String, maxlength: 1000 }, advice: { type: String, maxlength: 1000 }, at: Date }, default: null, _id: false },
  },
  {
    timestamps: true,
    versionKey: false,
    toJSON: exposeIdOptions(["passwordHash", "oauthSubject", "oauthLinkedAt"]),
    toObject: exposeIdOptions(["passwordHash", "oauthSubject", "oauthLinkedAt"]),
  },
);
// One account per provider identity. Partial, not sparse: local accounts have no subject, and a
// sparse compound index would still index them because authProvider is always present.
userSchema.index({ authProvider: 1, oauthSubject: 1 }, { unique: true, partialFilterExpression: { oauthSubject: { $type: "string" } }, name: "oauth_identity" });

export const UserModel = defineModel<UserDoc>("User", userSchema, "users");

/** The user as the rest of the app and the browser see it: no password hash, no provider subject. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  authProvider: string;
  isPremium: number;
  role: UserRole;
  completionMethod: CompletionMethod | null;
  researchWebsiteUrl: string;
  aiResearchCompleted: number;
  createdAt: Date;
  updatedAt: Date;
}

/** For sign-in only: the record plus its password hash. */
export interface UserWithPassword extends UserRecord {
  passwordHash: string | null;
}

type ClientUserFields = Omit<UserDoc, "passwordHash" | "oauthSubject" | "oauthLinkedAt">;

const CLIENT_USER_PROJECTION = {
  email: 1,
  firstName: 1,
  lastName: 1,
  companyName: 1,
  authProvider: 1,
  isPremium: 1,
  role: 1,
  completionMethod: 1,
  researchWebsiteUrl: 1,
  aiResearchCompleted: 1,
  createdAt: 1,
  updatedAt: 1,
} as const;

export function toClientUser(doc: ClientUserFields): UserRecord {
  return {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName ?? "",
    lastName: doc.lastName ?? "",
    companyName: doc.companyName ?? "",
    authProvider: doc.authProvider ?? LOCAL_AUTH_PROVIDER,
    isPremium: doc.isPremium ? 1 : 0,
    role: doc.role === ADMIN_ROLE ? ADMIN_ROLE : DEFAULT_ROLE,
    completionMethod: doc.completionMethod ?? null,
    researchWebsiteUrl: doc.researchWebsiteUrl ?? "",
    aiResearchCompleted: doc.aiResearchCompleted ? 1 : 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export interface CreateUserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  passwordHash?: string;
  authProvider?: string;
  oauthSubject?: string;
  role?: UserRole;
  isPremium?: 0 | 1;
  completionMethod?: CompletionMethod;
  researchWebsiteUrl?: string;
}

/** Creates an account. A taken email (or provider identity) rejects with MongoDB's E11000 (code 11000). */
export async function createUser(input: CreateUserInput): Promise<UserRecord> {
  const doc = await UserModel.create({
    email: input.email,
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
    companyName: input.companyName ?? "",
    passwordHash: input.passwordHash,
    authProvider: input.authProvider ?? LOCAL_AUTH_PROVIDER,
    oauthSubject: input.oauthSubject,
    role: input.role ?? DEFAULT_ROLE,
    isPremium: input.isPremium ?? 0,
    completionMethod: input.completionMethod,
    researchWebsiteUrl: input.researchWebsiteUrl ?? "",
  });
  return toClientUser(doc.toObject({ transform: false }));
}

export async function getUserById(id: string): Promise<UserRecord | null> {
  const doc = await UserModel.findOne({ _id: id }, CLIENT_USER_PROJECTION).lean<ClientUserFields>();
  return doc ? toClientUser(doc) : null;
}

/** Internal, for sign-in: includes the password hash. Never hand the result to a client. */
export async function getUserByEmail(email: string): Promise<UserWithPassword | null> {
  const doc = await UserModel.findOne({ email: normalizeEmail(email) }, { ...CLIENT_USER_PROJECTION, passwordHash: 1 }).lean<ClientUserFields & Pick<UserDoc, "passwordHash">>();
  return doc ? { ...toClientUser(doc), passwordHash: doc.passwordHash ?? null } : null;
}

export async function getUserByOAuth({ authProvider, oauthSubject }: { authProvider: string; oauthSubject: string }): Promise<UserRecord | null> {
  return (await getProviderAccount({ authProvider, oauthSubject }))?.user ?? null;
}

/**
 * The account a provider identity signs in to, and whether the provider answers for that account:
 * it created the account (which then has no password), or the account's signed-in owner connected
 * it. An identity linked to a password account any other way (by an older version, on a matching
 * email) signs in, but does not vouch for who holds the password.
 */
export async function getProviderAccount({
  authProvider,
  oauthSubject,
}: {
  authProvider: string;
  oauthSubject: string;
}): Promise<{ user: UserRecord; providerVouches: boolean } | null> {
  const doc = await UserModel.findOne({ authProvider, oauthSubject }, { ...CLIENT_USER_PROJECTION, passwordHash: 1, oauthLinkedAt: 1 }).lean<
    ClientUserFields & Pick<UserDoc, "passwordHash" | "oauthLinkedAt">
  >();
  if (!doc) return null;
  return { user: toClientUser(doc), providerVouches: !doc.passwordHash || Boolean(doc.oauthLinkedAt) };
}

/** The provider identity linked to an account (null fields when none); null when there is no such user. */
export async function getProviderLinkById(id: string): Promise<{ authProvider: string; oauthSubject: string | null } | null> {
  const doc = await UserModel.findOne({ _id: id }, { authProvider: 1, oauthSubject: 1 }).lean<Pick<UserDoc, "_id" | "authProvider" | "oauthSubject">>();
  return doc ? { authProvider: doc.authProvider ?? LOCAL_AUTH_PROVIDER, oauthSubject: doc.oauthSubject ?? null } : null;
}

/** For the password change: the current hash (null when the account has none) and the email; null when there is no such user. */
export async function getPasswordHashById(id: string): Promise<{ passwordHash: string | null; email: string } | null> {
  const doc = await UserModel.findOne({ _id: id }, { passwordHash: 1, email: 1 }).lean<Pick<UserDoc, "_id" | "passwordHash" | "email">>();
  return doc ? { passwordHash: doc.passwordHash ?? null, email: doc.email } : null;
}

export async function updateUserName({ id, firstName, lastName }: { id: string; firstName: string; lastName: string }): Promise<UserRecord | null> {
  const doc = await UserModel.findOneAndUpdate(
    { _id: id },
    { $set: { firstName, lastName } },
    { returnDocument: "after", runValidators: true, projection: CLIENT_USER_PROJECTION },
  ).lean<ClientUserFields>();
  return doc ? toClientUser(doc) : null;
}

/** Replaces the password hash; false when there is no such user. */
export async function setPasswordHash({ id, passwordHash }: { id: string; passwordHash: string }): Promise<boolean> {
  const result = await UserModel.updateOne({ _id: id }, { $set: { passwordHash } });
  return result.matchedCount === 1;
}

/**
 * Connects a third-party identity to an account at its signed-in owner's request, recording when.
 * Only an account with no identity yet (or this same one) is changed. Null when there is no such
 * account or it has another identity; E11000 when the identity is linked to another account.
 */
export async function linkProviderIdentity({
  id,
  authProvider,
  oauthSubject,
  now = new Date(),
}: {
  id: string;
  authProvider: string;
  oauthSubject: string;
  now?: Date;
}): Promise<UserRecord | null> {
  const doc = await UserModel.findOneAndUpdate(
    { _id: id, $or: [{ oauthSubject: null }, { authProvider, oauthSubject }] },
    { $set: { authProvider, oauthSubject, oauthLinkedAt: now } },
    { returnDocument: "after", runValidators: true, projection: CLIENT_USER_PROJECTION },
  ).lean<ClientUserFields>();
  return doc ? toClientUser(doc) : null;
}

export async function setUserRole({ id, role }: { id: string; role: UserRole }): Promise<boolean> {
  const result = await UserModel.updateOne({ _id: id }, { $set: { role } }, { runValidators: true });
  return result.matchedCount === 1;
}

export interface UserDetailsUpdate {
  companyName?: string;
  completionMethod?: CompletionMethod | null;
  researchWebsiteUrl?: string;
  aiResearchCompleted?: 0 | 1;
  isPremium?: 0 | 1;
}

/** Profile fields set by the questionnaire, AI research and plan changes. Only given keys change. */
export async function updateUserDetails({ id, ...fields }: { id: string } & UserDetailsUpdate): Promise<UserRecord | null> {
  const $set: UserDetailsUpdate = {};
  if (fields.companyName !== undefined) $set.companyName = fields.companyName;
  if (fields.completionMethod !== undefined) $set.completionMethod = fields.completionMethod;
  if (fields.researchWebsiteUrl !== undefined) $set.researchWebsiteUrl = fields.researchWebsiteUrl;
  if (fields.aiResearchCompleted !== undefined) $set.aiResearchCompleted = fields.aiResearchCompleted;
  if (fields.isPremium !== undefined) $set.isPremium = fields.isPremium;
  const doc = await UserModel.findOneAndUpdate(
    { _id: id },
    { $set },
    { returnDocument: "after", runValidators: true, projection: CLIENT_USER_PROJECTION },
  ).lean<ClientUserFields>();
  return doc ? toClientUser(doc) : null;
}

/** Keeps why the last research failed (null clears it: a new try has started or succeeded). */
export async function setResearchFailure(id: string, failure: ResearchFailure | null): Promise<void> {
  await UserModel.updateOne({ _id: id }, { $set: { researchFailure: failure } });
}

export async function getResearchFailure(id: string): Promise<ResearchFailure | null> {
  const doc = await UserModel.findById(id, { researchFailure: 1 }).lean<{ researchFailure?: ResearchFailure | null }>();
  return doc?.researchFailure?.reason ? doc.researchFailure : null;
}

export async function countUsers(): Promise<number> {
  return UserModel.countDocuments({});
}

/** Removes the account document only; callers revoke sessions and remove owned data. */
export async function deleteUser(id: string): Promise<boolean> {
  const result = await UserModel.deleteOne({ _id: id });
  return result.deletedCount === 1;
}

// ---- Admin user management (the /admin/users table and /api/admin/users) ----

export const ADMIN_USER_SORTS = ["email", "firstName", "lastName", "role", "isPremium", "createdAt"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  isPremium: number;
  createdAt: Date;
}

const ADMIN_USER_PROJECTION = { email: 1, firstName: 1, lastName: 1, role: 1, isPremium: 1, createdAt: 1 } as const;
type AdminUserFields = Pick<UserDoc, "_id" | "email" | "firstName" | "lastName" | "role" | "isPremium" | "createdAt">;

function toAdminUserRow(doc: AdminUserFields): AdminUserRow {
  return {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName ?? "",
    lastName: doc.lastName ?? "",
    role: doc.role === ADMIN_ROLE ? ADMIN_ROLE : DEFAULT_ROLE,
    isPremium: doc.isPremium ? 1 : 0,
    createdAt: doc.createdAt,
  };
}

/**
 * One page of users for the admin table: `search` matches email, first or last name (a
 * case-insensitive pattern built by the caller, every special character escaped). Only the page's
 * rows are read; `_id` breaks ties so pages never overlap.
 */
export function listUsersForAdmin(request: PageRequest<AdminUserSort>): Promise<{ rows: AdminUserRow[]; total: number }> {
  return findPage(UserModel, request, {
    searchFields: ["email", "firstName", "lastName"],
    projection: ADMIN_USER_PROJECTION,
    toRow: (doc) => toAdminUserRow(doc as unknown as AdminUserFields),
  });
}

export async function getAdminUserRow(id: string): Promise<AdminUserRow | null> {
  const doc = await UserModel.findOne({ _id: id }, ADMIN_USER_PROJECTION).lean<AdminUserFields>();
  return doc ? toAdminUserRow(doc) : null;
}

/** The Admins other than `id`: while there is one, `id` may stop being an Admin (or be deleted). */
export async function countOtherAdmins(id: string): Promise<number> {
  return UserModel.countDocuments({ role: ADMIN_ROLE, _id: { $ne: id } });
}

export async function countAdmins(): Promise<number> {
  return UserModel.countDocuments({ role: ADMIN_ROLE });
}

/**
 * Sets a user's role and/or premium flag (only the given keys). Returns the row before and after
 * the change, or null when there is no such user. Premium is the stored 0/1 `isPremium` that
 * every request reads afresh, so it applies from the user's next request.
 */
export async function setUserAccess({ id, role, isPremium }: { id: string; role?: UserRole; isPremium?: 0 | 1 }): Promise<{ before: AdminUserRow; after: AdminUserRow } | null> {
  const $set: { role?: UserRole; isPremium?: 0 | 1 } = {};
  if (role !== undefined) $set.role = role;
  if (isPremium !== undefined) $set.isPremium = isPremium;
  const before = await UserModel.findOneAndUpdate(
    { _id: id },
    { $set },
    { returnDocument: "before", runValidators: true, projection: ADMIN_USER_PROJECTION },
  ).lean<AdminUserFields>();
  if (!before) return null;
  const beforeRow = toAdminUserRow(before);
  return { before: beforeRow, after: { ...beforeRow, ...$set } };
}

/** The lock every change that takes the Admin role away is made under. */
export const ADMIN_ROLE_LOCK = "admin-role";

/**
 * Takes the Admin role from a user (with a premium change, if given) only while another Admin
 * remains, exactly, however many such changes run at once: the count of the other Admins and the
 * write happen under one lock (taken with a conditional write, see lock.server.ts), so two Admins
 * demoting each other at once are decided one after the other. The first succeeds; the second is
 * refused only if it would now leave no Admin. Returns "last-admin" when refused, null when there
 * is no such user, else the row before and after.
 */
export async function removeAdminRoleKeepingAnAdmin({
  id,
  isPremium,
}: {
  id: string;
  isPremium?: 0 | 1;
}): Promise<{ before: AdminUserRow; after: AdminUserRow } | "last-admin" | null> {
  return withLock(ADMIN_ROLE_LOCK, async (lock) => {
    if ((await countOtherAdmins(id)) === 0) return "last-admin";
    await lock.confirm();
    return setUserAccess({ id, role: DEFAULT_ROLE, isPremium });
  });
}
