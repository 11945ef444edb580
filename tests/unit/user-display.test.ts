import { describe, expect, it } from "vitest";

import { isAdmin, planLabel, userDisplayName, userInitial } from "~/lib/user";

describe("header identity", () => {
  it.each([
    [{ firstName: "ada", email: "x@y.z" }, "A", "ada"],
    [{ firstName: "  ", email: "zoe@example.com" }, "Z", "zoe@example.com"],
    [{ firstName: null, email: "" }, "U", "User"],
    [null, "U", "User"],
    // The first grapheme, not the first UTF-16 unit: emoji, flags and combining accents stay whole.
    [{ firstName: "😀Bob", email: "b@y.z" }, "😀", "😀Bob"],
    [{ firstName: "🇫🇷Marie", email: "m@y.z" }, "🇫🇷", "🇫🇷Marie"],
    [{ firstName: "e\u0301mile", email: "e@y.z" }, "E\u0301", "e\u0301mile"],
    [{ firstName: "", email: "élodie@example.com" }, "É", "élodie@example.com"],
  ])("%j → initial %s, name %s", (user, initial, name) => {
    expect(userInitial(user)).toBe(initial);
    expect(userDisplayName(user)).toBe(name);
  });

  it("labels the plan and recognises admins", () => {
    expect(planLabel({ isPremium: 0 })).toBe("Free Plan");
    expect(isAdmin({ role: "Admin" })).toBe(true);
    expect(isAdmin({ role: "User" })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
