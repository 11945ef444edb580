import { describe, expect, it } from "vitest";

const { useTestDatabase } = await import("../../support/db");
const { QuestionnaireDraftModel, countDrafts, deleteDraft, getDraft, saveDraft } = await import("~/models/questionnaire-draft.server");

await useTestDatabase({ clearBeforeEach: true });

const DAY_MS = 24 * 60 * 60 * 1000;

describe("questionnaire_drafts model", () => {
  it("has a TTL index on expire, and a unique index on userId for signed-in users only", async () => {
    const indexes = await QuestionnaireDraftModel.collection.indexes();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { expire: 1 }, expireAfterSeconds: 0 }),
        expect.objectContaining({ key: { userId: 1 }, unique: true, partialFilterExpression: { userId: { $type: "string" } } }),
      ]),
    );
  });

  it("gives a new visitor a fresh random id and keeps the draft 30 days from the last save", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const a = await saveDraft(null, { answers: { businessType: "eCommerce" }, step: 3 }, now);
    const b = await saveDraft(null, { answers: {}, step: 1 }, now);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.expire.getTime()).toBe(now.getTime() + 30 * DAY_MS);

    const later = new Date(now.getTime() + 10 * DAY_MS);
    const saved = await saveDraft({ draftId: a.id }, { answers: { businessType: "Other" }, step: 4 }, later);
    expect(saved.id).toBe(a.id);
    expect(saved.expire.getTime()).toBe(later.getTime() + 30 * DAY_MS);
    expect(await getDraft({ draftId: a.id }, later)).toMatchObject({ answers: { businessType: "Other" }, step: 4 });
  });

  it("refuses an expired draft before the TTL monitor removes it, and never revives its id", async () => {
    const then = new Date("2026-01-01T00:00:00Z");
    const old = await saveDraft(null, { answers: { industry: "Fitness" }, step: 2 }, then);
    const now = new Date(then.getTime() + 31 * DAY_MS);
    expect(await getDraft({ draftId: old.id }, now)).toBeNull();
    const fresh = await saveDraft({ draftId: old.id }, { answers: {}, step: 1 }, now);
    expect(fresh.id).not.toBe(old.id);

    const user = { userId: "user-1" };
    await saveDraft(user, { answers: { industry: "Fitness" }, step: 2 }, then);
    expect(await getDraft(user, now)).toBeNull();
    const replaced = await saveDraft(user, { answers: { industry: "Education" }, step: 3 }, now);
    expect(await getDraft(user, now)).toMatchObject({ id: replaced.id, answers: { industry: "Education" } });
    expect(await QuestionnaireDraftModel.countDocuments({ userId: "user-1" })).toBe(1);
  });

  it("keeps one draft per user, also when two first saves race", async () => {
    const user = { userId: "user-2" };
    await Promise.all([saveDraft(user, { answers: { industry: "Fitness" }, step: 2 }), saveDraft(user, { answers: { industry: "Education" }, step: 3 })]);
    expect(await QuestionnaireDraftModel.countDocuments({ userId: "user-2" })).toBe(1);
  });

  it("scopes every read and delete by owner: a visitor's id never reaches a user's draft", async () => {
    const owned = await saveDraft({ userId: "user-3" }, { answers: { industry: "Fitness" }, step: 2 });
    expect(await getDraft({ draftId: owned.id })).toBeNull();
    expect(await deleteDraft({ draftId: owned.id })).toBe(false);
    expect(await getDraft({ userId: "user-3" })).not.toBeNull();
    expect(await deleteDraft({ userId: "user-3" })).toBe(true);
    expect(await countDrafts()).toBe(0);
  });
});
