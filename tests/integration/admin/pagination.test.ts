import { describe, expect, it } from "vitest";

import { useEnv } from "../../support/env";

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10", ADMIN_EMAILS: undefined });

const { useTestDatabase } = await import("../../support/db");
const { createAdmin } = await import("../../support/factories");
const { apiBody, args, jsonRequest } = await import("../../support/requests");
const apiUsers = await import("~/routes/api+/admin.users");
const usersPage = await import("~/routes/_app+/admin.users");
const { UserModel } = await import("~/models/user.server");
const { ADMIN_PAGE_SIZE } = await import("~/lib/list-query");
const { getRequest, dataOf, DOCUMENT_HEADERS } = await import("../../support/requests");

await useTestDatabase();

const TOTAL = 10_000;
let adminCookie = "";

type UserRows = Array<{ id: string; email: string; firstName: string; createdAt: string }>;
interface UsersBody {
  users: UserRows;
  total: number;
  page: number;
}

async function get(query: string) {
  const response = await apiUsers.loader(args(jsonRequest(`/api/admin/users${query}`, { method: "GET", cookie: adminCookie })));
  expect(response.status).toBe(200);
  return apiBody<{ items: UserRows; total: number; page: number; pageSize: number }>(response);
}

/**
 * 10,000 accounts: the table and the API hand out 50 at a time, and the page never reads the
 * whole collection (each answer holds one page; totals come from a count). Response times are
 * measured by `npm run bench`, not asserted here. The tests run in order, even under
 * --sequence.shuffle: the first one seeds the accounts the others page through.
 */
describe(`user management with ${TOTAL.toLocaleString("en-US")} users`, { shuffle: false }, () => {
  it("seeds the accounts", async () => {
    const admin = await createAdmin({ email: "root@example.com" });
    adminCookie = admin.cookie;
    const base = Date.UTC(2026, 0, 1);
    const docs = Array.from({ length: TOTAL - 1 }, (_, i) => ({
      _id: `user-${String(i).padStart(5, "0")}`,
      email: `member${String(i).padStart(5, "0")}@example.com`,
      firstName: i % 100 === 0 ? "Zelda" : "Member",
      lastName: `Number ${i}`,
      authProvider: "local",
      createdAt: new Date(base + i * 60_000),
      updatedAt: new Date(base + i * 60_000),
    }));
    for (let i = 0; i < docs.length; i += 2_000) await UserModel.insertMany(docs.slice(i, i + 2_000), { ordered: false });
    expect(await UserModel.countDocuments({})).toBe(TOTAL);
  }, 240_000);

  it("answers 50 a page with the total, newest first by default", async () => {
    const first = await get("?query=&page=1");
    expect(first.total).toBe(TOTAL);
    expect(first.page).toBe(1);
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    // The admin was created just now, the seeded accounts in 2026-01.
    expect(first.items[0].email).toBe("root@example.com");
    expect(first.items[1].email).toBe("member09998@example.com");
  });

  it("pages never overlap and the last page holds the remainder", async () => {
    const [one, two] = await Promise.all([get("?page=1&sort=email&dir=asc"), get("?page=2&sort=email&dir=asc")]);
    const ids = new Set([...one.items, ...two.items].map((user) => user.id));
    expect(ids.size).toBe(ADMIN_PAGE_SIZE * 2);
    expect(one.items.map((u) => u.email)).toEqual([...one.items.map((u) => u.email)].sort());
    expect(one.items.at(-1)!.email < two.items[0].email).toBe(true);
    const last = await get("?page=200&sort=email&dir=asc");
    expect(last.items).toHaveLength(50);
    expect(last.items.at(-1)!.email).toBe("root@example.com");
    expect((await get("?page=201")).items).toEqual([]);
  });

  it("searches by name across all of them, still 50 at a time", async () => {
    const zeldas = await get("?query=zelda&page=2&sort=email&dir=asc");
    expect(zeldas.total).toBe(100);
    expect(zeldas.items).toHaveLength(50);
    expect(zeldas.items.every((user) => user.firstName === "Zelda")).toBe(true);
    expect((await get("?query=member00042%40")).items.map((u) => u.email)).toEqual(["member00042@example.com"]);
  });

  it("the /admin/users page loads one page of rows, not the collection", async () => {
    const result = dataOf(await usersPage.loader(args(getRequest("/admin/users?page=3&sort=email&dir=desc", { cookie: adminCookie, headers: DOCUMENT_HEADERS }))));
    const { page } = result as { page: UsersBody & { pageSize: number } };
    expect(page.users).toHaveLength(50);
    expect(page.total).toBe(TOTAL);
    expect(page.users[0].email).toBe("member09899@example.com");
  });
});
