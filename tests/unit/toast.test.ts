import { describe, expect, it } from "vitest";

import { createToastHeaders, getToast, redirectWithToast } from "~/web/toast.server";

function cookieOf(setCookie: string | null) {
  return (setCookie ?? "").split(";")[0];
}

describe("flash toasts", () => {
  it("travels in a cookie and is read once", async () => {
    const headers = await createToastHeaders({ title: "Welcome Back!", variant: "success" });
    const request = new Request("http://localhost/", { headers: { Cookie: cookieOf(headers.get("Set-Cookie")) } });
    const { toast, setCookie } = await getToast(request);
    expect(toast).toMatchObject({ title: "Welcome Back!", variant: "success" });
    expect(toast?.id).toBeTruthy();
    // The answer clears the cookie so the toast shows only once.
    expect(setCookie).toMatch(/fm_toast=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("ignores a missing or tampered cookie", async () => {
    expect((await getToast(new Request("http://localhost/"))).toast).toBeNull();
    const forged = new Request("http://localhost/", { headers: { Cookie: "fm_toast=eyJ0b2FzdCI6eyJ0aXRsZSI6ImhpIn19.forged" } });
    expect((await getToast(forged)).toast).toBeNull();
  });

  it("redirects with the toast attached", async () => {
    const response = await redirectWithToast("/dashboard", { title: "Saved" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.get("Set-Cookie")).toContain("fm_toast=");
  });
});
