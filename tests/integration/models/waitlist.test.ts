import { describe, expect, it } from "vitest";

import { isDuplicateKeyError } from "~/models/utils.server";
import { addToWaitlist, countWaitlist, listWaitlist, WaitlistModel } from "~/models/waitlist.server";

import { useTestDatabase } from "../../support/db";

await useTestDatabase({ clearBeforeEach: true });

const entry = {
  email: "Buyer@Corp.example",
  firstName: "Bea",
  lastName: "Buyer",
  companyName: "Corp",
  businessType: "B2B (Business-to-Business)",
  industry: "B2B Services",
};

describe("waitlist", () => {
  it("adds an entry once per email and reports whether it was new", async () => {
    expect(await addToWaitlist(entry)).toEqual({ created: true });
    expect(await addToWaitlist({ ...entry, email: " buyer@corp.EXAMPLE ", firstName: "Changed" })).toEqual({ created: false });
    expect(await countWaitlist()).toBe(1);
    const [saved] = await listWaitlist();
    expect(saved).toMatchObject({ email: "buyer@corp.example", firstName: "Bea", companyName: "Corp" });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stays single under concurrent sign-ups with the same email", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => addToWaitlist(entry)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await countWaitlist()).toBe(1);
  });

  it("has a unique index on email (E11000 on a direct duplicate insert)", async () => {
    await addToWaitlist(entry);
    const error = await WaitlistModel.create({ ...entry }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it("rejects an entry without an email", async () => {
    await expect(addToWaitlist({ ...entry, email: "" })).rejects.toThrow();
    expect(await countWaitlist()).toBe(0);
  });
});
