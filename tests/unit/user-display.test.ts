import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { hasPremium, isAdmin, planLabel, serviceUser, userDisplayName, userInitial } from "~/lib/user";

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
    expect(planLabel({ isPremium: 1 })).toBe("Premium Plan");
    expect(isAdmin({ role: "Admin" })).toBe(true);
    expect(isAdmin({ role: "User" })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe("the premium flag", () => {
  it("is premium only when stored as 1; the services get it as a boolean", () => {
    expect(hasPremium({ isPremium: 1 })).toBe(true);
    expect(hasPremium({ isPremium: 0 })).toBe(false);
    // Only 0 and 1 are stored; anything else is not premium rather than truthy.
    expect(hasPremium({ isPremium: 2 })).toBe(false);
    expect(hasPremium(null)).toBe(false);
    expect(serviceUser({ id: "u1", isPremium: 1 })).toEqual({ id: "u1", isPremium: true });
    expect(serviceUser({ id: "u2", isPremium: 0 })).toEqual({ id: "u2", isPremium: false });
  });

  it("is read by hasPremium alone: no route, component or service converts it itself", () => {
    // Stored flag → yes/no. (The other way, an admin's input read into the stored 0 or 1, is `value.isPremium` in the input schema.)
    const own = /(?<!value)\.isPremium\s*===\s*1|Boolean\([^)]*isPremium\)|!!\s*[\w.?]*isPremium/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && file !== path.join("app", "lib", "user.ts") && own.test(fs.readFileSync(file, "utf8"))) offenders.push(file);
      }
    };
    walk("app");
    expect(offenders).toEqual([]);
  });
});
